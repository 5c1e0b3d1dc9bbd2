/**
 * Outbox: Get Many and Delete, run in n8n's own engine against the simulator: day
 * dates on the list (rule 3), never-UNIX delete filters (rule 5), paging to the end, folded deletes.
 */
import type { IDataObject } from 'n8n-workflow';

import { pathOf, queryOf } from '../helpers/engine';
import { byId, expression, field } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';
import { campaignsOf, serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);
let accountA: string;
let emailCampaign: string;
let inappCampaign: string;

beforeAll(async () => {
	accountA = sim.accounts[0].id;
	const campaigns = await campaignsOf(sim);
	const named = (name: string) => String(campaigns.find((campaign) => campaign.name === name)?.id);
	emailCampaign = named('NPS Relationship (email)');
	inappCampaign = named('NPS In-App');
});

beforeEach(() => {
	sim.clearRequests();
	sim.configure({ faults: [] });
});


const list = (parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) =>
	runNode({ service, parameters: { resource: 'outbox', operation: 'getMany', ...parameters }, ...options });
const remove = (parameters: Record<string, unknown>, items: IDataObject[], options: Partial<RunOptions> = {}) =>
	runNode({ service, parameters: { resource: 'outbox', operation: 'delete', ...parameters }, items, ...options });

/** Inserts sent surveys for one email at the given instants. */
function insertSurveys(email: string, instants: string[], extra: IDataObject = {}) {
	return sim.insert(
		accountA,
		'outbox',
		instants.map((surveyCreatedDate) => ({ email, surveyCreatedDate, campaignId: emailCampaign, ...extra })),
	);
}

describe('Outbox: Get Many', () => {
	it('sends every filter as the spec names it, dates as days', async () => {
		const { sent, error } = await list({
			returnAll: false,
			limit: 10,
			campaign: byId(emailCampaign),
			filters: {
				email: 'someone@example.com',
				channel: 'email',
				sentBy: 'manual',
				sort: 'surveyCreatedDate',
				startDate: '2026-03-01T15:00:00Z',
				endDate: '2026-03-10',
			},
			attributeFilters: { filter: [{ name: 'plan', op: 'equal', value: 'pro' }, { name: 'country', op: 'exists', value: '' }] },
			match: 'any',
		});
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(pathOf(sent[0])).toBe('/api/v2/outbox');
		expect(queryOf(sent[0])).toEqual({
			campaignId: emailCampaign,
			email: 'someone@example.com',
			channel: 'email',
			sentBy: 'manual',
			sort: 'surveyCreatedDate',
			startDate: '2026-03-01',
			endDate: '2026-03-10',
			'attributes[0][name]': 'plan',
			'attributes[0][op]': 'equal',
			'attributes[0][value]': 'pro',
			'attributes[1][name]': 'country',
			'attributes[1][op]': 'exists',
			'attributes[1][value]': 'true',
			match: 'any',
			page: '1',
			limit: '10',
		});
	});

	it.each([
		['an instant, read as its day in the workflow zone', '2026-03-02T02:00:00Z', 'America/New_York', '2026-03-01'],
		['a bare day, unchanged', '2026-03-02', 'America/New_York', '2026-03-02'],
		['UNIX seconds', expression(1772409600), 'UTC', '2026-03-02'],
		['UNIX milliseconds', expression(1772409600000), 'UTC', '2026-03-02'],
	])('sends %s as a day', async (_, input, timezone, day) => {
		const { sent, error } = await list({ limit: 1, filters: { startDate: input, endDate: input } }, { timezone });
		expect(error).toBeUndefined();
		expect(queryOf(sent[0])).toEqual(expect.objectContaining({ startDate: day, endDate: day }));
	});

	it('returns whole days in the account’s time zone (the service snaps to days)', async () => {
		// Account A is in New York: 2026-02-10 there runs from 05:00Z to 05:00Z the next day.
		insertSurveys('days@outbox-test.com', ['2026-02-10T04:59:00Z', '2026-02-10T05:00:00Z', '2026-02-11T04:59:59Z', '2026-02-11T05:00:00Z']);
		const { json } = await list({ returnAll: true, filters: { email: 'days@outbox-test.com', startDate: '2026-02-10', endDate: '2026-02-10' } });
		expect(json.map((row) => row.surveyCreatedDate)).toEqual(['2026-02-11T04:59:59.000Z', '2026-02-10T05:00:00.000Z']);
	});

	it('Return All walks every page to the end, one item per record without the envelope', async () => {
		const start = Date.UTC(2025, 0, 1);
		insertSurveys(
			'pager@outbox-test.com',
			Array.from({ length: 2100 }, (_, i) => new Date(start + i * 60_000).toISOString()),
		);
		const { json, sent, output, error } = await list({ returnAll: true, filters: { email: 'pager@outbox-test.com' } });
		expect(error).toBeUndefined();
		expect(sent.map((request) => [queryOf(request).page, queryOf(request).limit])).toEqual([
			['1', '1000'],
			['2', '1000'],
			['3', '1000'],
		]);
		expect(json).toHaveLength(2100);
		expect(new Set(json.map((row) => row.surveyId)).size).toBe(2100);
		expect(json[0]).toEqual(expect.objectContaining({ email: 'pager@outbox-test.com', surveyId: expect.any(String) }));
		expect(json[0]).not.toHaveProperty('code');
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('Limit asks for only what it needs', async () => {
		const { json, sent } = await list({ returnAll: false, limit: 3, filters: { email: 'pager@outbox-test.com' } });
		expect(json).toHaveLength(3);
		expect(sent).toHaveLength(1);
		expect(queryOf(sent[0]).limit).toBe('3');
	});

	it('filters by channel and sender', async () => {
		insertSurveys('channels@outbox-test.com', ['2026-01-05T10:00:00Z'], { channel: 'inapp', sentBy: 'reminder', campaignId: inappCampaign });
		insertSurveys('channels@outbox-test.com', ['2026-01-06T10:00:00Z'], { channel: 'email', sentBy: 'campaign' });
		const { json } = await list({ returnAll: true, filters: { email: 'channels@outbox-test.com', channel: 'inapp', sentBy: 'reminder' } });
		expect(json).toEqual([expect.objectContaining({ channel: 'inapp', sentBy: 'reminder', campaignId: inappCampaign })]);
	});

	it('fails naming the item and field for a date that is not one, before any request', async () => {
		const { error, sent } = await list({ filters: { startDate: 'next tuesday' } });
		expect(error?.message).toMatch(/Filters › Start Date: "next tuesday" is not a date.*\[item 0\]/);
		expect(sent).toHaveLength(0);
	});

	it('retries a read after a 5xx', async () => {
		sim.configure({ faults: [{ kind: 500, match: { method: 'GET', pathPrefix: '/api/v2/outbox' }, count: 2 }] });
		const { error, sent, json } = await list({ limit: 2 });
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(3);
		expect(json).toHaveLength(2);
	});
});

describe('Outbox: Delete', () => {
	it('deletes by survey ID: DELETE /api/v2/outbox with surveys [{ surveyId }]', async () => {
		const [record] = insertSurveys('byid@outbox-test.com', ['2026-01-10T10:00:00Z']);
		const { json, sent, output, error } = await remove({ deleteBy: 'id', surveyId: field('id') }, [{ id: String(record.surveyId) }]);
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('DELETE');
		expect(pathOf(sent[0])).toBe('/api/v2/outbox');
		expect(sent[0].body).toEqual({ surveys: [{ surveyId: record.surveyId }] });
		expect(json).toEqual([{ surveyId: record.surveyId, status: 'deleted', deleted: true }]);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		const after = await list({ returnAll: true, filters: { email: 'byid@outbox-test.com' } });
		expect(after.json).toEqual([]);
	});

	it('deletes by email narrowed by campaign and days; delete filters are days or ISO, never UNIX', async () => {
		insertSurveys('byemail@outbox-test.com', ['2026-01-09T12:00:00Z', '2026-01-10T12:00:00Z', '2026-01-12T12:00:00Z']);
		insertSurveys('byemail@outbox-test.com', ['2026-01-10T13:00:00Z'], { campaignId: inappCampaign, channel: 'inapp' });
		const { json, sent, error } = await remove(
			{ deleteBy: 'email', email: field('email'), campaign: byId(emailCampaign), startDate: field('from'), endDate: field('to') },
			[{ email: 'byemail@outbox-test.com', from: 1768046400, to: '2026-01-11T03:00:00+01:00' }],
		);
		expect(error).toBeUndefined();
		// UNIX seconds became an ISO instant; the offset date-time went to UTC. The service widens both
		// to whole days in the account's zone (New York): all of 2026-01-10 there.
		expect(sent[0].body).toEqual({
			surveys: [{ email: 'byemail@outbox-test.com', campaignId: emailCampaign, startDate: '2026-01-10T12:00:00Z', endDate: '2026-01-11T02:00:00Z' }],
		});
		expect(json).toEqual([expect.objectContaining({ email: 'byemail@outbox-test.com', status: 'deleted' })]);
		const left = await list({ returnAll: true, filters: { email: 'byemail@outbox-test.com', sort: 'surveyCreatedDate' } });
		expect(left.json.map((row) => [row.surveyCreatedDate, row.campaignId])).toEqual([
			['2026-01-09T12:00:00.000Z', emailCampaign],
			['2026-01-10T13:00:00.000Z', inappCampaign],
			['2026-01-12T12:00:00.000Z', emailCampaign],
		]);
	});

	it('sends a bare day as the day', async () => {
		const { sent } = await remove({ deleteBy: 'email', email: 'nobody@outbox-test.com', startDate: '2026-01-01', endDate: '2026-01-31' }, [{}]);
		expect(sent[0].body).toEqual({ surveys: [{ email: 'nobody@outbox-test.com', startDate: '2026-01-01', endDate: '2026-01-31' }] });
	});

	it('folds 250 items into 3 requests and pairs each row with its item; an unknown ID is not an error', async () => {
		const records = insertSurveys(
			'bulk@outbox-test.com',
			Array.from({ length: 249 }, (_, i) => new Date(Date.UTC(2025, 5, 1) + i * 60_000).toISOString()),
		);
		const items = [...records.map((record) => ({ id: String(record.surveyId) })), { id: '6ae1ffffffffffffffffffff' }];
		const { json, sent, output, error } = await remove({ deleteBy: 'id', surveyId: field('id') }, items);
		expect(error).toBeUndefined();
		expect(sent.map((request) => ((request.body as IDataObject).surveys as unknown[]).length)).toEqual([100, 100, 50]);
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, i) => ({ item: i })));
		expect(json.map((row) => row.surveyId)).toEqual(items.map((item) => item.id));
		expect(json.slice(0, 249).every((row) => row.status === 'deleted')).toBe(true);
		expect(json[249]).toEqual(expect.objectContaining({ status: 'not_found', reason: 'nothing matched' }));
	});

	describe('a row the service reports as failed', () => {
		// Passes the node's email check; the service refuses a one-letter top-level domain.
		const items = [{ email: 'f0@outbox-test.com' }, { email: 'f1@outbox-test.c' }];
		const parameters = { deleteBy: 'email', email: field('email') };

		it('fails the node naming the item, without Continue On Fail', async () => {
			const { error } = await remove(parameters, items);
			expect(error?.message).toContain('failed for 1 of 2 items');
			expect(error?.description).toContain('item 1: refused by the service: invalid email');
		});

		it('becomes an error item paired to its input, with Continue On Fail', async () => {
			const { output } = await remove(parameters, items, { continueOnFail: true });
			expect(output[1]).toEqual(
				expect.objectContaining({ pairedItem: { item: 1 }, json: expect.objectContaining({ details: expect.objectContaining({ email: 'f1@outbox-test.c', status: 'failed', reason: 'invalid email' }) }) }),
			);
			expect(output[0].json.status).toBe('not_found');
		});
	});

	describe('bad input fails naming the item, before any request', () => {
		it.each([
			['an email in the ID field', { deleteBy: 'id', surveyId: field('id') }, [{ id: '6ae100000000000000000001' }, { id: 'a@b.com' }], /Survey ID: "a@b\.com" is an email, not an ID.*\[item 1\]$/],
			['an empty ID', { deleteBy: 'id', surveyId: field('id') }, [{ id: '' }], /Survey ID: is required \[item 0\]$/],
			['an invalid email', { deleteBy: 'email', email: 'nope' }, [{}], /Email: "nope" is not an email address \[item 0\]$/],
			// Delete By takes no expression in the editor; a workflow file can still carry any value.
			['an unknown way to delete', { deleteBy: 'both' }, [{}], /^Outbox: Delete failed: Delete By: "both" is not one of email, id \[item 0\]$/],
			['a start after the end', { deleteBy: 'email', email: 'a@outbox-test.com', startDate: '2026-02-01', endDate: '2026-01-01' }, [{}], /Start Date/],
		])('%s', async (_, parameters, items, message) => {
			const { error, sent } = await remove(parameters, items);
			expect(error?.message).toMatch(message);
			expect(sent).toHaveLength(0);
		});
	});
});
