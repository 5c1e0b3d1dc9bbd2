/**
 * Feedback: Get Many (filters, dates, paging to the end, pairing) and Get, run in n8n's own engine
 * against the simulator. Import, Delete, and Set Tags and Set Topics are in their own files.
 */

import { pathOf, queryOf } from '../helpers/engine';
import { byId, expression, field } from '../helpers/parameters';
import { type FeedbackAccount, useFeedbackAccount } from './feedbackAccount';

const { run, insertFeedback, account } = useFeedbackAccount();
let npsCampaign: FeedbackAccount['npsCampaign'];
beforeAll(() => ({ npsCampaign } = account));

describe('Feedback: Get Many', () => {
	it('sends every filter as the spec names it; an end date without a time covers that whole day', async () => {
		const { sent, error } = await run('getMany', {
			returnAll: false,
			limit: 5,
			campaign: byId(npsCampaign),
			filters: { email: 'a@example.com', customerId: '6ac100000000000000000001', sort: 'createdDate', startDate: '2026-03-01', endDate: '2026-03-10' },
			attributeFilters: { filter: [{ name: 'plan', op: 'in', value: 'pro,team' }] },
			match: 'all',
		});
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(pathOf(sent[0])).toBe('/api/v2/feedback');
		expect(queryOf(sent[0])).toEqual({
			campaignId: npsCampaign,
			email: 'a@example.com',
			customerId: '6ac100000000000000000001',
			sort: 'createdDate',
			startDate: '2026-03-01T00:00:00Z',
			endDate: '2026-03-10T23:59:59.999Z',
			'attributes[0][name]': 'plan',
			'attributes[0][op]': 'in',
			'attributes[0][value]': 'pro,team',
			match: 'all',
			page: '1',
			limit: '5',
		});
	});

	it.each([
		['a day in the workflow zone', '2026-03-10', 'America/New_York', '2026-03-10T04:00:00Z', '2026-03-11T03:59:59.999Z'],
		['an instant, unchanged', '2026-03-10T08:30:00Z', 'UTC', '2026-03-10T08:30:00Z', '2026-03-10T08:30:00Z'],
		['UNIX seconds', expression(1773100800), 'UTC', '2026-03-10T00:00:00Z', '2026-03-10T00:00:00Z'],
		['UNIX milliseconds, never sent as such', expression(1773100800000), 'UTC', '2026-03-10T00:00:00Z', '2026-03-10T00:00:00Z'],
		['a Luxon DateTime from an expression', '={{ DateTime.fromISO("2026-03-10T08:30:00", { zone: "America/New_York" }) }}', 'UTC', '2026-03-10T12:30:00Z', '2026-03-10T12:30:00Z'],
	])('sends %s as an exact UTC instant', async (_, input, timezone, startDate, endDate) => {
		const { sent, error } = await run('getMany', { limit: 1, filters: { startDate: input, endDate: input } }, [{}], { timezone });
		expect(error).toBeUndefined();
		expect(queryOf(sent[0])).toEqual(expect.objectContaining({ startDate, endDate }));
	});

	it('includes feedback given late on the end day', async () => {
		insertFeedback('lateday@feedback-test.com', ['2026-02-01T00:00:00Z', '2026-02-03T23:30:00Z', '2026-02-04T00:00:01Z']);
		const { json } = await run('getMany', { returnAll: true, filters: { email: 'lateday@feedback-test.com', startDate: '2026-02-01', endDate: '2026-02-03' } });
		expect(json.map((row) => row.createdDate)).toEqual(['2026-02-03T23:30:00.000Z', '2026-02-01T00:00:00.000Z']);
	});

	it('Return All walks every page to the end, one item per response without the envelope', async () => {
		insertFeedback(
			'pager@feedback-test.com',
			Array.from({ length: 2100 }, (_, i) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString()),
		);
		const { json, sent, output, error } = await run('getMany', { returnAll: true, filters: { email: 'pager@feedback-test.com' } });
		expect(error).toBeUndefined();
		expect(sent.map((request) => [queryOf(request).page, queryOf(request).limit])).toEqual([
			['1', '1000'],
			['2', '1000'],
			['3', '1000'],
		]);
		expect(json).toHaveLength(2100);
		expect(new Set(json.map((row) => row.id)).size).toBe(2100);
		expect(json[0]).toEqual(expect.objectContaining({ email: 'pager@feedback-test.com', score: 9 }));
		expect(json[0]).not.toHaveProperty('message');
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('runs once per input item, each item’s records paired to it', async () => {
		const { output } = await run('getMany', { limit: 2, filters: { email: field('email') } }, [
			{ email: 'pager@feedback-test.com' },
			{ email: 'lateday@feedback-test.com' },
		]);
		expect(output.map((item) => [item.json.email, item.pairedItem])).toEqual([
			['pager@feedback-test.com', { item: 0 }],
			['pager@feedback-test.com', { item: 0 }],
			['lateday@feedback-test.com', { item: 1 }],
			['lateday@feedback-test.com', { item: 1 }],
		]);
	});
});

describe('Feedback: Get', () => {
	it('GETs /api/v2/feedback/{id} and returns the record itself', async () => {
		const [record] = insertFeedback('get@feedback-test.com', ['2026-01-15T10:00:00Z']);
		const { json, sent, error } = await run('get', { feedbackId: String(record.id) });
		expect(error).toBeUndefined();
		expect(sent.map((request) => [request.method, pathOf(request)])).toEqual([['GET', `/api/v2/feedback/${record.id}`]]);
		expect(json).toEqual([expect.objectContaining({ id: record.id, email: 'get@feedback-test.com', score: 9 })]);
	});

	it('reports a missing record as a 404 naming the item', async () => {
		const { error } = await run('get', { feedbackId: '6af1ffffffffffffffffffff' });
		expect(error?.message).toMatch(/HTTP 404/);
	});
});
