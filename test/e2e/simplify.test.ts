/**
 * Proves, in a real n8n (the package installed as a community package) against the simulator,
 * what each version of the Survey Feedback node returns: a node saved as version 1 returns the
 * service's records whole, as before version 2 existed; version 2 returns the simplified records
 * by default, and the whole ones with Simplify off. Version 2's order is in a Sort collection of
 * its own and sends what version 1's Filters › Sort sends; its deletes return `deleted: true`.
 */
import { outputItems, type ExecuteResult } from '../../dev/n8n/harness';
import { describeRun, n8nInstance } from './support';
import { SIMPLIFY_ID } from './workflows';

const n8n = n8nInstance();

const FEEDBACK_FIELDS = ['id', 'email', 'firstName', 'lastName', 'score', 'comment', 'campaignId', 'campaignName', 'tags', 'createdDate'];

describe('Simplify in version 2, whole records in version 1', () => {
	let res: ExecuteResult;
	let v1: any[];

	beforeAll(async () => {
		res = await n8n.execute(SIMPLIFY_ID);
		v1 = outputItems(res, 'Feedback (version 1)');
	});

	it('runs every node green', () => {
		expect(res.status).toBe('success');
		expect(describeRun(res)).not.toMatch(/error in/);
	});

	it('version 1 returns every field the service sends', () => {
		expect(v1).toHaveLength(5);
		for (const record of v1) {
			expect(Object.keys(record).length).toBeGreaterThan(20);
			expect(record).toHaveProperty('feedbackId');
			expect(record).toHaveProperty('additionalQuestions');
		}
	});

	it('version 2 returns the ten fields of a simplified feedback response, their values unchanged', () => {
		const v2 = outputItems(res, 'Feedback (version 2)');
		expect(v2.map((record) => record.id)).toEqual(v1.map((record) => record.id));
		v2.forEach((record, index) => {
			expect(Object.keys(record)).toEqual(FEEDBACK_FIELDS);
			for (const field of FEEDBACK_FIELDS) expect(record[field]).toEqual(v1[index][field]);
		});
	});

	it('version 2 with Simplify off returns what version 1 returns', () => {
		expect(outputItems(res, 'Feedback (version 2, Simplify off)')).toEqual(v1);
	});

	it('nested fields come up to the top level: a sent survey’s delivery status', () => {
		const whole = outputItems(res, 'Sent surveys (version 1)');
		const simplified = outputItems(res, 'Sent surveys (version 2)');
		expect(simplified).toHaveLength(whole.length);
		simplified.forEach((record, index) => {
			expect(Object.keys(record).length).toBeLessThanOrEqual(10);
			expect(record).not.toHaveProperty('detailedStatus');
			expect(record.isOpened).toBe(whole[index].detailedStatus.isOpened);
			expect(record.isResponded).toBe(whole[index].detailedStatus.isResponded);
			expect(record.email).toBe(whole[index].email);
		});
	});

	it('version 2 orders by its Sort collection as version 1 by Filters › Sort: oldest first', () => {
		const v1Oldest = outputItems(res, 'Oldest first (version 1)');
		const v2Oldest = outputItems(res, 'Oldest first (version 2)');
		expect(v2Oldest).toEqual(v1Oldest);
		const dates = v2Oldest.map((record) => Date.parse(record.createdDate));
		expect(dates).toEqual([...dates].sort((a, b) => a - b));
		expect(v2Oldest.map((record) => record.id)).not.toEqual(v1.map((record) => record.id));
	});

	it('version 2 Delete returns what it deleted with deleted: true', () => {
		expect(outputItems(res, 'Delete (version 2)')).toEqual([{ feedbackId: '6f00000000000000000009ff', deleted: true }]);
	});
});
