/**
 * Reads against a service shaped only as the spec and shared/reference/response-shapes.md say, run
 * in n8n's own engine: simplified report and trend rows made from the fields they name (and what
 * the node sent), lists found under an unexpected key, and a successful answer without a list
 * that fails instead of reading as none. Fixtures are served with nock; the simulator's default
 * answers are covered where they have the shape.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { pathOf, queryOf } from '../helpers/engine';
import { byId } from '../helpers/parameters';
import { runNode, runNodeOn, type RunOptions } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const BASE = 'https://named-fields.survey.test';
const service = { baseUrl: BASE, apiKey: 'k' };
const ok = (rest: IDataObject) => ({ message: 'Success.', code: 200, ...rest });

/** Runs the node against the fixtures nock serves at BASE, every one of them used. */
async function runOnFixtures(parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) {
	const result = await runNode({ service, parameters, typeVersion: 3, ...options });
	expect(nock.pendingMocks()).toEqual([]);
	return result;
}

afterEach(() => nock.cleanAll());

const CAMPAIGNS = ok({
	campaigns: [
		{ id: 'c-nps', name: 'Relationship NPS', isActive: true, templateId: 't1', metric: 'NPS', type: 'email', channel: 'email' },
		{ id: 'c-csat', name: 'Support CSAT', isActive: true, templateId: 't2', metric: 'CSAT', type: 'email', channel: 'email' },
		{ id: 'c-ces', name: 'Onboarding CES', isActive: true, templateId: 't3', metric: 'CES', type: 'link', channel: 'link' },
	],
});

const day = (date: string, promoters: number, passives: number, detractors: number, score: number) => ({
	day: date,
	promoters,
	passives,
	detractors,
	total: promoters + passives + detractors,
	score,
});

/** A report with only the fields the reference names for one. */
const report = (campaignId: string, trend: IDataObject[], rest: IDataObject = {}) => ({
	campaignId,
	questionsStats: [],
	trend,
	last: null,
	deliveryStats: { sent: 40, responded: 13, responseRate: 33 },
	...rest,
});

describe('Report › Get: rows from `trend`, the days sent and the campaigns list', () => {
	const parameters = { resource: 'report', operation: 'get', startDate: '2026-03-01', endDate: '2026-03-07' };

	function serveReports(reports: unknown, withCampaigns = true) {
		nock(BASE).get('/api/v2/reports/').query({ startDate: '2026-03-01', endDate: '2026-03-07' }).reply(200, ok({ data: reports as IDataObject[] }));
		if (withCampaigns) nock(BASE).get('/api/v2/campaigns').reply(200, CAMPAIGNS);
	}

	it('version 3: the breakdown and the score per metric, summed over the days; the campaigns read once', async () => {
		serveReports([
			// NPS: 8 promoters, 2 passives, 3 detractors over two days: 62% − 23% = 39.
			report('c-nps', [day('2026-03-02', 5, 1, 2, 38), day('2026-03-04', 3, 1, 1, 40)], { startDate: '2026-02-28T05:00:00.000Z' }),
			// CSAT: the share of promoters.
			report('c-csat', [day('2026-03-03', 2, 1, 1, 50)]),
			// CES: the average rating, the days' averages weighted by their totals: (6.5 × 2 + 3 × 2) / 4.
			report('c-ces', [day('2026-03-02', 2, 0, 0, 6.5), day('2026-03-05', 0, 1, 1, 3)]),
		]);
		const { json, sent, hints, error } = await runOnFixtures(parameters);
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		expect(sent.map(pathOf)).toEqual(['/api/v2/reports/', '/api/v2/campaigns']);
		const days = { startDate: '2026-03-01', endDate: '2026-03-07' };
		expect(json).toEqual([
			{ campaignId: 'c-nps', campaignName: 'Relationship NPS', ...days, score: 39, promoters: 62, detractors: 23, promotersCount: 8, passivesCount: 2, detractorsCount: 3 },
			{ campaignId: 'c-csat', campaignName: 'Support CSAT', ...days, score: 50, promoters: 50, detractors: 25, promotersCount: 2, passivesCount: 1, detractorsCount: 1 },
			{ campaignId: 'c-ces', campaignName: 'Onboarding CES', ...days, score: 4.75, promoters: 50, detractors: 25, promotersCount: 2, passivesCount: 1, detractorsCount: 1 },
		]);
		// Every key in the same order, ten of them (n8n's rule for Simplify): a sheet's columns.
		expect(new Set(json.map((row) => Object.keys(row).join()))).toEqual(new Set([Object.keys(json[0]).join()]));
		expect(Object.keys(json[0])).toHaveLength(10);
	});

	it('version 2: campaign, metric, the days sent, score and total as numbers, delivery numbers', async () => {
		serveReports([report('c-nps', [day('2026-03-02', 5, 1, 2, 38), day('2026-03-04', 3, 1, 1, 40)])]);
		const { json } = await runOnFixtures(parameters, { typeVersion: 2 });
		expect(json).toEqual([
			{
				campaignId: 'c-nps', campaignName: 'Relationship NPS', metric: 'NPS', startDate: '2026-03-01', endDate: '2026-03-07',
				score: 39, totalResponses: 13, sent: 40, responded: 13, responseRate: 33,
			},
		]);
	});

	it('a day that names its counts gives them, whatever its other figures', async () => {
		serveReports([report('c-nps', [{ day: '2026-03-02', promoters: 62, passives: 15, detractors: 23, promotersCount: 8, passivesCount: 2, detractorsCount: 3, score: 39 }])]);
		const { json, hints } = await runOnFixtures(parameters);
		expect(hints).toEqual([]);
		expect(json[0]).toMatchObject({ score: 39, promoters: 62, detractors: 23, promotersCount: 8, passivesCount: 2, detractorsCount: 3 });
	});

	it.each([
		['shares of a total it states', { promoters: 62, passives: 15, detractors: 23, total: 13 }],
		['figures and no total', { promoters: 8, passives: 2, detractors: 3 }],
	])('a day with %s gives no counts: never shares turned into counts, nor figures taken for counts; the report comes back whole', async (_, figures) => {
		const reports = [report('c-nps', [{ day: '2026-03-02', ...figures, score: 39 }])];
		serveReports(reports);
		const { json, hints } = await runOnFixtures(parameters);
		expect(json).toEqual(reports);
		expect(hints.map(({ message }) => message)).toEqual([expect.stringMatching(/could not build the row of 1 of 1 campaign reports \(item 0\), so they are returned whole: the service's answer has no breakdown/)]);
	});

	it("a report's own summary and name are used as they are, without reading the campaigns", async () => {
		const summary = { campaignName: 'Own name', metric: 'NPS', score: 41, promoters: 60, passives: 21, detractors: 19, promotersCount: 6, passivesCount: 2, detractorsCount: 2, totalResponses: 10 };
		serveReports([report('c-nps', [], summary)], false);
		const { json, sent } = await runOnFixtures(parameters);
		expect(sent).toHaveLength(1);
		expect(json).toEqual([
			{ campaignId: 'c-nps', campaignName: 'Own name', startDate: '2026-03-01', endDate: '2026-03-07', score: 41, promoters: 60, detractors: 19, promotersCount: 6, passivesCount: 2, detractorsCount: 2 },
		]);
	});

	it('a report whose row cannot be filled comes back whole, and a hint says which and why', async () => {
		const noTrend = report('c-nps', [], { trend: undefined, score: { nps: 40 } });
		const unknownCampaign = report('c-gone', [day('2026-03-02', 1, 0, 0, 100)]);
		const fine = report('c-csat', [day('2026-03-03', 2, 1, 1, 50)]);
		serveReports([noTrend, unknownCampaign, fine]);
		const { json, hints, error } = await runOnFixtures(parameters);
		expect(error).toBeUndefined();
		expect(json[0]).toEqual(JSON.parse(JSON.stringify(noTrend)));
		expect(json[1]).toEqual(unknownCampaign);
		expect(json[2]).toMatchObject({ campaignId: 'c-csat', score: 50 });
		expect(hints).toHaveLength(1);
		expect(hints[0].message).toMatch(/could not build the row of 2 of 3 campaign reports \(item 0\), so they are returned whole/);
		expect(hints[0].message).toMatch(/breakdown/);
		expect(hints[0].message).toMatch(/no known metric/);
	});

	it('one report answered as an object under data, and a list under another key, are read as reports', async () => {
		nock(BASE).get('/api/v2/reports/c-nps').query(true).reply(200, ok({ data: report('c-nps', [day('2026-03-02', 1, 0, 0, 100)]) }));
		nock(BASE).get('/api/v2/campaigns').reply(200, CAMPAIGNS);
		const single = await runOnFixtures({ ...parameters, campaign: byId('c-nps') });
		expect(single.json).toEqual([expect.objectContaining({ campaignId: 'c-nps', score: 100, promotersCount: 1 })]);

		nock(BASE).get('/api/v2/reports/').query(true).reply(200, ok({ data: { campaigns: [report('c-csat', [day('2026-03-03', 2, 1, 1, 50)])] } }));
		nock(BASE).get('/api/v2/campaigns').reply(200, CAMPAIGNS);
		const elsewhere = await runOnFixtures(parameters);
		expect(elsewhere.json).toEqual([expect.objectContaining({ campaignId: 'c-csat', campaignName: 'Support CSAT', score: 50 })]);
	});

	it('Simplify off returns the reports as sent and reads no campaigns', async () => {
		const reports = [report('c-nps', [day('2026-03-02', 5, 1, 2, 38)])];
		serveReports(reports, false);
		const { json, sent } = await runOnFixtures({ ...parameters, simple: false });
		expect(sent).toHaveLength(1);
		expect(json).toEqual(reports);
	});

	it('an answer with no report in it fails, naming the operation', async () => {
		nock(BASE).get('/api/v2/reports/').query(true).reply(200, ok({ data: { total: 0 } }));
		const { error, json } = await runOnFixtures(parameters);
		expect(json).toEqual([]);
		expect(error?.message).toMatch(/^Report: Get failed: the service answered GET \/api\/v2\/reports without a list of reports/);
	});
});

describe('Trend › Get: a row from the named parts and what the node sent', () => {
	const parameters = (date = 'custom') => ({ resource: 'trend', operation: 'get', trendGroup: byId('default'), date, startDate: '2026-03-01T00:00:00Z', endDate: '2026-03-31T23:59:59Z' });

	it('without group, period or deltas: the group and range sent, the change computed', async () => {
		nock(BASE).get('/api/v2/trends/default').query(true).reply(200, ok({ data: { current: { score: 30, totalResponses: 10 }, baseline: { score: 22.5 } } }));
		const { json, sent, hints } = await runOnFixtures(parameters());
		expect(queryOf(sent[0])).toMatchObject({ date: 'custom' });
		expect(hints).toEqual([]);
		expect(json).toEqual([
			{
				groupId: 'default', period: 'custom', startDate: queryOf(sent[0]).startDate, endDate: queryOf(sent[0]).endDate,
				score: 30, totalResponses: 10, baselineScore: 22.5, scoreChange: 7.5,
			},
		]);
	});

	it('scores at the top level are read there; objects where a number belongs are left out', async () => {
		nock(BASE).get('/api/v2/trends/default').query(true).reply(200, ok({ data: { score: 12, totalResponses: { value: 4 }, group: { id: 'g1', name: 'All' } } }));
		const { json } = await runOnFixtures(parameters('past-week'));
		expect(json).toEqual([{ groupId: 'g1', groupName: 'All', period: 'past-week', score: 12 }]);
	});

	it('a trend without a score comes back whole, with a hint', async () => {
		const trend = { group: { id: 'g1' }, current: { score: { nps: 12 } }, trendLine: [] };
		nock(BASE).get('/api/v2/trends/default').query(true).reply(200, ok({ data: trend }));
		const { json, hints } = await runOnFixtures(parameters('past-week'));
		expect(json).toEqual([trend]);
		expect(hints.map((hint) => hint.message)).toEqual([expect.stringMatching(/could not build the row of 1 of 1 trends \(item 0\).*current score/)]);
	});
});

describe('lists found wherever the single list is', () => {
	it.each([
		['emailSuppression', '/api/v2/suppressions/emails', { data: { suppressions: [{ id: 's1', email: 'a@b.c' }] } }],
		['domainSuppression', '/api/v2/suppressions/domains', { data: { items: [{ id: 'd1', pattern: '*.b.c' }] } }],
		['trend', '/api/v2/trends', { data: { trendGroups: [{ id: 'g1', metricType: 'NPS', isDefault: true }] } }],
		['campaign', '/api/v2/campaigns', { data: [{ id: 'c1', name: 'One' }] }],
		['template', '/api/v2/templates', { results: [{ id: 't1', name: 'One' }] }],
	])('%s: Get Many reads the one array of %s', async (resource, path, answer) => {
		nock(BASE).get(path).reply(200, ok(answer as IDataObject));
		const { json, error } = await runOnFixtures({ resource, operation: 'getMany' }, { typeVersion: 2 });
		expect(error).toBeUndefined();
		expect(json).toHaveLength(1);
		expect(json[0].id).toMatch(/^[sdgct]1$/);
	});

	it('paged lists too, and the walk still ends: customers under data.customers, the deprecated responses under data.items', async () => {
		nock(BASE)
			.get('/api/v2/customers')
			.query(true)
			.reply(200, ok({ data: { customers: [{ id: 'u1', email: 'u1@x.io' }, { id: 'u2', email: 'u2@x.io' }], page: 1, limit: 1000, total: 2 } }));
		const customers = await runOnFixtures({ resource: 'customer', operation: 'getMany', returnAll: true }, { typeVersion: 2 });
		expect(customers.json.map((record) => record.id)).toEqual(['u1', 'u2']);

		nock(BASE).get('/api/v2/nps/customers/response').query(true).reply(200, ok({ data: { items: [{ id: 'r1' }], pages: 1 } }));
		const responses = await runOnFixtures({ resource: 'legacy', operation: 'npsGetResponses', returnAll: true }, { typeVersion: 2 });
		expect(responses.json).toEqual([{ id: 'r1' }]);
	});

	it.each([
		['no array at all', { data: { total: 0, page: 1 } }],
		['two arrays, neither named subscribers', { data: { customers: [{ id: 'u1' }], deleted: [{ id: 'u0' }] } }],
		['no data', {}],
	])('a 200 answer with %s is an error naming the operation, not 0 items', async (_, answer) => {
		nock(BASE).get('/api/v2/customers').query(true).reply(200, ok(answer as IDataObject));
		const { json, error } = await runOnFixtures({ resource: 'customer', operation: 'getMany', returnAll: true });
		expect(json).toEqual([]);
		expect(error?.message).toMatch(/^Customer: Get Many failed: the service answered GET \/api\/v2\/customers without a list of subscribers/);
	});

	it('Customer › Get by email reads the list wherever it is too', async () => {
		nock(BASE).get('/api/v2/customers').query({ email: 'u1@x.io', limit: 1 }).reply(200, ok({ data: { results: [{ id: 'u1', email: 'U1@x.io' }] } }));
		const { json } = await runOnFixtures({ resource: 'customer', operation: 'get', customer: { __rl: true, mode: 'email', value: 'u1@x.io' }, simple: false });
		expect(json).toEqual([{ id: 'u1', email: 'U1@x.io' }]);
	});
});

describe("the simulator's default answers (the spec's reading)", () => {
	const sim = useSimulator();

	it('account B: templates under data, customers with pages at the top level, read to the end', async () => {
		const runB = runNodeOn(serviceFor(sim, 1));
		const templates = await runB({ resource: 'template', operation: 'getMany' });
		expect(templates.error).toBeUndefined();
		expect(templates.json.length).toBe(sim.state().accounts[1].counts.templates);
		const customers = await runB({ resource: 'customer', operation: 'getMany', limit: 25 });
		expect(customers.json).toHaveLength(25);
		const all = await runB({ resource: 'customer', operation: 'getMany', returnAll: true });
		expect(all.json).toHaveLength(sim.state().accounts[1].counts.customers);
	});

	it("customers come without a subscription flag, status or update date, and Simplify does not invent them", async () => {
		const run = runNodeOn(serviceFor(sim));
		for (const typeVersion of [1, 2, 3]) {
			const { json } = await run({ resource: 'customer', operation: 'getMany', limit: 20 }, { typeVersion });
			expect(json).toHaveLength(20);
			for (const customer of json) for (const field of ['unsubscribed', 'status', 'updatedDate']) expect(customer).not.toHaveProperty(field);
		}
	});

	it('Trend › Get on the default: a full row', async () => {
		const run = runNodeOn(serviceFor(sim));
		const { json, hints } = await run({ resource: 'trend', operation: 'get', trendGroup: byId('default'), date: 'past-year' }, { typeVersion: 3 });
		expect(hints).toEqual([]);
		expect(Object.keys(json[0])).toEqual(['groupId', 'groupName', 'metric', 'period', 'startDate', 'endDate', 'score', 'totalResponses', 'baselineScore', 'scoreChange']);
		for (const name of ['score', 'totalResponses', 'baselineScore', 'scoreChange']) expect(typeof json[0][name]).toBe('number');
	});
});
