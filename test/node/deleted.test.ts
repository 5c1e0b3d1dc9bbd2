/**
 * What the deletes return from version 2, run in n8n's own engine against the simulator: one item
 * per input item, paired with it, naming what was deleted (the email, the ID, or the email and its
 * filters) with `deleted: true`, also when nothing was left to delete; a failed item is the same
 * error item as in version 1. Version 1's output is asserted by each resource's own tests.
 */
import type { IDataObject } from 'n8n-workflow';

import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { byId, field } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';
import { campaignsOf, serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);
let accountA: string;
let campaignId: string;

beforeAll(async () => {
	accountA = sim.accounts[0].id;
	campaignId = String((await campaignsOf(sim)).find((campaign) => campaign.name === 'NPS Relationship (email)')?.id);
});

beforeEach(() => sim.clearRequests());

const run = (parameters: Record<string, unknown>, items: IDataObject[] = [{}], options: Partial<RunOptions> = {}) =>
	runNode({ service, parameters, items, typeVersion: 2, ...options });

const pairing = (count: number) => Array.from({ length: count }, (_, item) => ({ item }));

async function count(resource: string, filters: IDataObject): Promise<number> {
	const { json, error } = await runNode({ service, parameters: { resource, operation: 'getMany', returnAll: true, filters } });
	expect(error).toBeUndefined();
	return json.length;
}

describe('Customer: Delete', () => {
	it('returns the email and deleted: true per item, for an email without a customer too; the request is version 1’s', async () => {
		sim.insert(accountA, 'customers', [{ email: 'gone.1@deleted-test.com' }, { email: 'gone.2@deleted-test.com' }]);
		const items = [{ email: 'gone.1@deleted-test.com' }, { email: 'never@deleted-test.com' }, { email: 'gone.2@deleted-test.com' }];
		const { output, sent, error } = await run({ resource: 'customer', operation: 'delete', email: field('email') }, items);
		expect(error).toBeUndefined();
		expect(sent.map(({ method, body }) => [method, body])).toEqual([['DELETE', { subscribers: items.map(({ email }) => email) }]]);
		expect(output.map(({ json }) => json)).toEqual(items.map(({ email }) => ({ email, deleted: true })));
		expect(output.map(({ pairedItem }) => pairedItem)).toEqual(pairing(3));
		expect(await count('customer', { email: 'gone.1@deleted-test.com' })).toBe(0);
		expect(await count('customer', { email: 'gone.2@deleted-test.com' })).toBe(0);
	});

	it('Map Automatically returns the same', async () => {
		const { json } = await run({ resource: 'customer', operation: 'delete', inputMode: 'itemJson' }, [{ email: 'auto@deleted-test.com', firstName: 'Left alone' }]);
		expect(json).toEqual([{ email: 'auto@deleted-test.com', deleted: true }]);
	});
});

describe('Feedback: Delete', () => {
	it('by ID: the feedback ID and deleted: true, for an ID that matches nothing too', async () => {
		const [record] = sim.insert(accountA, 'feedback', [{ email: 'byid@deleted-test.com', createdDate: '2026-01-15T10:00:00Z', campaignId, score: 9 }]);
		const items = [{ id: String(record.id) }, { id: '6af1ffffffffffffffffffff' }];
		const { output, error } = await run({ resource: 'feedback', operation: 'delete', deleteBy: 'id', feedbackId: field('id') }, items);
		expect(error).toBeUndefined();
		expect(output.map(({ json }) => json)).toEqual(items.map(({ id }) => ({ feedbackId: id, deleted: true })));
		expect(output.map(({ pairedItem }) => pairedItem)).toEqual(pairing(2));
		expect(await count('feedback', { email: 'byid@deleted-test.com' })).toBe(0);
	});

	it('by email: the email and the filters it was narrowed by, as sent, and deleted: true', async () => {
		sim.insert(accountA, 'feedback', [
			{ email: 'byemail@deleted-test.com', createdDate: '2026-01-10T12:00:00Z', campaignId, score: 7 },
			{ email: 'byemail@deleted-test.com', createdDate: '2026-02-10T12:00:00Z', campaignId, score: 7 },
		]);
		const parameters = { resource: 'feedback', operation: 'delete', deleteBy: 'email', email: field('email'), campaign: byId(campaignId), startDate: '2026-01-01', endDate: '2026-01-31' };
		const { json, sent, error } = await run(parameters, [{ email: 'byemail@deleted-test.com' }]);
		expect(error).toBeUndefined();
		const [sentItem] = (sent[0].body as { responses: IDataObject[] }).responses;
		expect(sentItem).toEqual({ email: 'byemail@deleted-test.com', campaignId, startDate: '2026-01-01', endDate: '2026-01-31' });
		expect(json).toEqual([{ ...sentItem, deleted: true }]);
		expect(await count('feedback', { email: 'byemail@deleted-test.com' })).toBe(1);
	});

	it('a row the service refuses is the same error item as in version 1, in either output', async () => {
		const items = [{ email: 'nothing@deleted-test.com' }, { email: 'bad@deleted-test.c' }];
		const parameters = { resource: 'feedback', operation: 'delete', deleteBy: 'email', email: field('email') };
		for (const continueOnFail of [true, 'errorOutput'] as const) {
			const v2 = await run(parameters, items, { continueOnFail });
			const v1 = await run(parameters, items, { continueOnFail, typeVersion: 1 });
			expect(v2.output[0].json).toEqual({ email: 'nothing@deleted-test.com', deleted: true });
			const failed = continueOnFail === true ? [v2.output[1], v1.output[1]] : [v2.errorOutput[0], v1.errorOutput[0]];
			expect(failed[0]).toEqual(failed[1]);
			expect(failed[0].json).toMatchObject({ error: expect.stringMatching(/invalid email/), details: { email: 'bad@deleted-test.c', status: 'failed' } });
			expect(failed[0].json.deleted).toBeUndefined();
		}
		const stopped = await run(parameters, items);
		expect(stopped.error?.message).toContain('failed for 1 of 2 items');
	});
});

describe('Outbox: Delete', () => {
	it('by ID: the survey ID and deleted: true', async () => {
		const [record] = sim.insert(accountA, 'outbox', [{ email: 'sent@deleted-test.com', surveyCreatedDate: '2026-01-10T10:00:00Z', campaignId }]);
		const { json, error } = await run({ resource: 'outbox', operation: 'delete', deleteBy: 'id', surveyId: field('id') }, [{ id: String(record.surveyId) }]);
		expect(error).toBeUndefined();
		expect(json).toEqual([{ surveyId: record.surveyId, deleted: true }]);
		expect(await count('outbox', { email: 'sent@deleted-test.com' })).toBe(0);
	});
});

describe.each(['emailSuppression', 'domainSuppression'])('%s: Remove', (resource) => {
	it('returns the suppression ID and deleted: true; an unknown ID stays the error version 1 gives', async () => {
		const listed = await runNode({ service, parameters: { resource, operation: 'getMany' } });
		const manual = listed.json.find((row) => row.manual) as IDataObject;
		const items = [{ id: manual.id }, { id: '6a0000000000000000000fff' }];
		const parameters = { resource, operation: 'remove', suppressionId: field('id') };
		const v2 = await run(parameters, items, { continueOnFail: true });
		expect(v2.output[0].json).toEqual({ suppressionId: manual.id, deleted: true });
		expect(v2.output.map(({ pairedItem }) => pairedItem)).toEqual(pairing(2));
		const v1 = await run(parameters, [items[1]], { continueOnFail: true, typeVersion: 1 });
		expect(v2.output[1].json).toEqual(v1.output[0].json);
		expect(v2.output[1].json.error).toMatch(/no such record in this account/);
	});
});

describe('as an AI tool', () => {
	it('version 2 returns the same deleted: true items to the agent', async () => {
		const { json, error } = await run({ resource: 'customer', operation: 'delete', email: field('email') }, [{ email: 'tool@deleted-test.com' }], { tool: true });
		expect(error).toBeUndefined();
		expect(json).toEqual([{ email: 'tool@deleted-test.com', deleted: true }]);
	});
});

describe('the editor says what a delete that finds nothing returns', () => {
	const properties = new SurveyFeedback().description.properties;
	it.each([
		['customer', 'email'],
		['feedback', 'deleteBy'],
		['outbox', 'deleteBy'],
	])('%s: Delete, on its %s field', (resource, name) => {
		const property = properties.find(
			(candidate) => candidate.name === name && candidate.displayOptions?.show?.resource?.includes(resource) && candidate.displayOptions?.show?.operation?.includes('delete'),
		);
		expect(property?.description).toMatch(/\(already deleted, or never there\) counts as deleted, not as a failed item/);
	});
});
