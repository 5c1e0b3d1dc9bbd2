/**
 * Feedback: Delete, by ID or by email, run in n8n's own engine against the simulator: the request,
 * dates as ISO, batches, and a failed row as its item's error.
 */

import { pathOf } from '../helpers/engine';
import { byId, expression, field } from '../helpers/parameters';
import { type FeedbackAccount, bodyOf, useFeedbackAccount } from './feedbackAccount';

const { run, insertFeedback, account } = useFeedbackAccount();
let npsCampaign: FeedbackAccount['npsCampaign'];
let csatCampaign: FeedbackAccount['csatCampaign'];
beforeAll(() => ({ npsCampaign, csatCampaign } = account));

describe('Feedback: Delete', () => {
	it('deletes by feedback ID: DELETE /api/v2/feedback with responses [{ feedbackId }]; an unknown ID is no error', async () => {
		const [record] = insertFeedback('delete-id@feedback-test.com', ['2026-01-15T10:00:00Z']);
		const items = [{ id: String(record.id) }, { id: '6af1ffffffffffffffffffff' }];
		const { json, sent, output, error } = await run('delete', { deleteBy: 'id', feedbackId: field('id') }, items);
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('DELETE');
		expect(pathOf(sent[0])).toBe('/api/v2/feedback');
		expect(sent[0].body).toEqual({ responses: [{ feedbackId: record.id }, { feedbackId: '6af1ffffffffffffffffffff' }] });
		expect(json).toEqual([
			// The simulator's default (spec) answer for account A: rows keyed by the item's ID, with status and reason.
			{ feedbackId: record.id, status: 'deleted', deleted: true },
			{ feedbackId: '6af1ffffffffffffffffffff', status: 'not_found', reason: 'nothing matched', deleted: true },
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect((await run('get', { feedbackId: String(record.id) })).error?.message).toMatch(/HTTP 404/);
	});

	it('deletes by email narrowed by campaign and days, filters as days (never UNIX)', async () => {
		insertFeedback('delete-email@feedback-test.com', ['2026-01-09T12:00:00Z', '2026-01-10T12:00:00Z', '2026-01-11T12:00:00Z']);
		insertFeedback('delete-email@feedback-test.com', ['2026-01-10T13:00:00Z'], { campaignId: csatCampaign, score: 4 });
		const { json, sent, error } = await run('delete', {
			deleteBy: 'email',
			email: field('email'),
			campaign: byId(npsCampaign),
			startDate: '2026-01-10',
			endDate: '2026-01-10',
		}, [{ email: 'delete-email@feedback-test.com' }]);
		expect(error).toBeUndefined();
		expect(sent[0].body).toEqual({
			responses: [{ email: 'delete-email@feedback-test.com', campaignId: npsCampaign, startDate: '2026-01-10', endDate: '2026-01-10' }],
		});
		expect(json).toEqual([expect.objectContaining({ email: 'delete-email@feedback-test.com', status: 'deleted' })]);
		const left = await run('getMany', { returnAll: true, filters: { email: 'delete-email@feedback-test.com', sort: 'createdDate' } });
		expect(left.json.map((row) => row.createdDate)).toEqual(['2026-01-09T12:00:00.000Z', '2026-01-10T13:00:00.000Z', '2026-01-11T12:00:00.000Z']);
	});

	it('sends a UNIX timestamp as an ISO instant', async () => {
		const { sent } = await run('delete', { deleteBy: 'email', email: 'nobody@feedback-test.com', startDate: expression(1768003200), endDate: expression(1768089599000) });
		expect(sent[0].body).toEqual({ responses: [{ email: 'nobody@feedback-test.com', startDate: '2026-01-10T00:00:00Z', endDate: '2026-01-10T23:59:59Z' }] });
	});

	it('folds 150 items into 2 requests, each row paired with its item', async () => {
		const records = insertFeedback(
			'delete-bulk@feedback-test.com',
			Array.from({ length: 150 }, (_, i) => new Date(Date.UTC(2025, 6, 1) + i * 60_000).toISOString()),
		);
		const { json, sent, output } = await run('delete', { deleteBy: 'id', feedbackId: field('id') }, records.map((record) => ({ id: String(record.id) })));
		expect(sent.map((request) => (bodyOf(request).responses as unknown[]).length)).toEqual([100, 50]);
		expect(json.map((row) => row.feedbackId)).toEqual(records.map((record) => record.id));
		expect(output.map((item) => item.pairedItem)).toEqual(records.map((_, i) => ({ item: i })));
	});

	it('turns a failed row into that item’s error, with and without Continue On Fail', async () => {
		const items = [{ email: 'fine@feedback-test.com' }, { email: 'bad@feedback-test.c' }];
		const parameters = { deleteBy: 'email', email: field('email') };
		const failing = await run('delete', parameters, items);
		expect(failing.error?.message).toContain('failed for 1 of 2 items');
		expect(failing.error?.description).toContain('item 1: refused by the service: invalid email');
		const continuing = await run('delete', parameters, items, { continueOnFail: true });
		expect(continuing.output[1]).toEqual(expect.objectContaining({ pairedItem: { item: 1 }, json: expect.objectContaining({ details: expect.objectContaining({ status: 'failed', reason: 'invalid email' }) }) }));
	});

	it.each([
		['an email as the ID', { deleteBy: 'id', feedbackId: 'x@y.com' }, /Feedback ID: "x@y\.com" is an email, not an ID.*\[item 0\]$/],
		['no ID', { deleteBy: 'id', feedbackId: expression('') }, /Feedback ID: is required \[item 0\]$/],
		['no email', { deleteBy: 'email', email: expression('') }, /Email: is empty/],
		['a date that is not one', { deleteBy: 'email', email: 'a@b.com', endDate: 'later' }, /End Date: "later" is not a date.*\[item 0\]/],
	])('rejects %s before any request', async (_, parameters, message) => {
		const { error, sent } = await run('delete', parameters);
		expect(error?.message).toMatch(message);
		expect(sent).toHaveLength(0);
	});
});
