/**
 * Company, Template, Campaign, Report, Score and Trend, run in n8n's own engine
 * against the simulator (nock only for a service that ignores the page number).
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { pathOf, queryOf } from '../helpers/engine';
import { byId, expression } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);
const serviceB = serviceFor(sim, 1);

beforeEach(() => sim.clearRequests());

const run = (parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) =>
	runNode({ service, parameters, ...options });

const ids = (records: IDataObject[]) => records.map((record) => String(record.id));

describe('Company', () => {
	beforeAll(() => {
		// Account B gets 2100 extra companies: three pages of 1000, the last one short.
		sim.insert(
			sim.accounts[1].id,
			'companies',
			Array.from({ length: 2100 }, (_, i) => ({
				companyName: `Paging Co ${String(i).padStart(4, '0')}`,
				createdDate: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
			})),
		);
	});

	it('Get Many with Return All walks every page to the short last one', async () => {
		const { json, sent, error } = await runNode({
			service: serviceB,
			parameters: { resource: 'company', operation: 'getMany', returnAll: true },
		});
		expect(error).toBeUndefined();
		const total = sim.state().accounts[1].counts.companies;
		expect(total).toBeGreaterThan(2000);
		expect(json).toHaveLength(total);
		expect(new Set(ids(json)).size).toBe(total);
		expect(sent.map((request) => [request.method, pathOf(request)])).toEqual([
			['GET', '/api/v2/companies'],
			['GET', '/api/v2/companies'],
			['GET', '/api/v2/companies'],
		]);
		expect(sent.map((request) => queryOf(request))).toEqual([
			{ page: '1', limit: '1000' },
			{ page: '2', limit: '1000' },
			{ page: '3', limit: '1000' },
		]);
		// Records without the envelope, one item each, paired with the input item.
		expect(json[0]).toEqual(expect.objectContaining({ id: expect.any(String), companyName: expect.any(String) }));
		expect(json[0]).not.toHaveProperty('code');
	});

	it('Get Many with a Limit stops once it has enough, and sends the sort', async () => {
		const { json, sent, output } = await runNode({
			service: serviceB,
			parameters: { resource: 'company', operation: 'getMany', returnAll: false, limit: 1200, options: { sort: '-companyName' } },
		});
		expect(json).toHaveLength(1200);
		expect(sent.map((request) => queryOf(request))).toEqual([
			{ sort: '-companyName', page: '1', limit: '1000' },
			{ sort: '-companyName', page: '2', limit: '1000' },
		]);
		const names = json.map((company) => String(company.companyName).toLowerCase());
		expect(names).toEqual([...names].sort().reverse());
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('Get Many with a small Limit asks for one page of that size', async () => {
		const { json, sent } = await run({ resource: 'company', operation: 'getMany', limit: 5 });
		expect(json).toHaveLength(5);
		expect(sent).toHaveLength(1);
		expect(queryOf(sent[0])).toEqual({ page: '1', limit: '5' });
	});

	it('Get Many stops when the service repeats a page instead of advancing', async () => {
		const base = 'https://repeating.survey.test';
		const page = Array.from({ length: 1000 }, (_, i) => ({ id: `c${i}` }));
		nock(base)
			.get('/api/v2/companies')
			.query(true)
			.times(5)
			.reply(200, { message: 'Success.', code: 200, data: { companies: page } });
		const { json, sent, error } = await runNode({
			service: { baseUrl: base, apiKey: 'k' },
			parameters: { resource: 'company', operation: 'getMany', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(2);
		expect(json).toHaveLength(1000);
		nock.cleanAll();
	});

	it('Get finds a company by ID and by domain, URL-encoding the path', async () => {
		const [first] = (await run({ resource: 'company', operation: 'getMany', limit: 1 })).json;
		const viaId = await run({ resource: 'company', operation: 'get', companyId: first.id });
		expect(viaId.json).toEqual([first]);
		expect(pathOf(viaId.sent[0])).toBe(`/api/v2/companies/${first.id}`);

		const viaDomain = await run({ resource: 'company', operation: 'get', companyId: 'globex.com' });
		expect(viaDomain.json).toEqual([expect.objectContaining({ domain: 'globex.com', companyName: 'Globex' })]);
		expect(viaDomain.sent[0].url).toBe(`${sim.baseUrl}/api/v2/companies/globex.com`);

		const odd = await run({ resource: 'company', operation: 'get', companyId: 'a/b c.com' });
		expect(odd.sent[0].url).toBe(`${sim.baseUrl}/api/v2/companies/a%2Fb%20c.com`);
	});

	it('Get of an unknown company says there is no such record in this account', async () => {
		const { error } = await run({ resource: 'company', operation: 'get', companyId: 'no-such-domain.example' });
		expect(error?.message).toMatch(/no such record in this account/);
		expect(error?.httpCode).toBe('404');
	});

	it('Get refuses an empty ID before sending anything', async () => {
		const { error, sent } = await run({ resource: 'company', operation: 'get', companyId: '  ' });
		expect(error?.message).toContain('Company ID or Domain: is required [item 0]');
		expect(sent).toHaveLength(0);
	});
});

describe('Template and Campaign', () => {
	it('Template Get Many returns every template, one item each, in one request', async () => {
		const { json, sent } = await run({ resource: 'template', operation: 'getMany' });
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(pathOf(sent[0])).toBe('/api/v2/templates');
		expect(new URL(sent[0].url).search).toBe('');
		expect(json).toHaveLength(sim.state().accounts[0].counts.templates);
		expect(json.map((template) => template.name)).toContain('NPS Relationship');
	});

	it('Template Get returns the template with its questions', async () => {
		const [listed] = (await run({ resource: 'template', operation: 'getMany' })).json;
		for (const mode of ['list', 'id']) {
			const { json, sent } = await run({ resource: 'template', operation: 'get', template: { __rl: true, mode, value: listed.id } });
			expect(pathOf(sent[0])).toBe(`/api/v2/templates/${listed.id}`);
			expect(json).toHaveLength(1);
			expect(json[0]).toEqual(expect.objectContaining({ id: listed.id, surveyQuestions: expect.any(Array) }));
		}
	});

	it('Template Get of an unknown template says there is no such record in this account', async () => {
		const { error } = await run({ resource: 'template', operation: 'get', template: byId('6a0000000000000000000fff') });
		expect(error?.message).toMatch(/no such record in this account/);
	});

	it('Template Get refuses an empty template before sending anything', async () => {
		const { error, sent } = await run({ resource: 'template', operation: 'get', template: byId(expression('')) });
		expect(error?.message).toContain('Template: is required [item 0]');
		expect(sent).toHaveLength(0);
	});

	it('Campaign Get Many returns every campaign, active and deactivated', async () => {
		const { json, sent } = await run({ resource: 'campaign', operation: 'getMany' });
		expect(sent).toHaveLength(1);
		expect(pathOf(sent[0])).toBe('/api/v2/campaigns');
		expect(json).toHaveLength(sim.state().accounts[0].counts.campaigns);
		expect(new Set(json.map((campaign) => campaign.isActive))).toEqual(new Set([true, false]));
	});

	it('runs once per input item, each output paired with its item', async () => {
		const { output } = await run({ resource: 'campaign', operation: 'getMany' }, { items: [{}, {}] });
		const count = sim.state().accounts[0].counts.campaigns;
		expect(output).toHaveLength(2 * count);
		expect(output.slice(0, count).every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(output.slice(count).every((item) => (item.pairedItem as { item: number }).item === 1)).toBe(true);
	});
});

describe('Report', () => {
	const report = (parameters: Record<string, unknown>, timezone?: string) =>
		run({ resource: 'report', operation: 'get', ...parameters }, { timezone });

	it('gets one report per campaign with days as YYYY-MM-DD', async () => {
		const { json, sent, error } = await report({ startDate: '2026-01-01', endDate: '2026-03-15' });
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(pathOf(sent[0])).toBe('/api/v2/reports/');
		expect(queryOf(sent[0])).toEqual({ startDate: '2026-01-01', endDate: '2026-03-15' });
		expect(json).toHaveLength(sim.state().accounts[0].counts.campaigns);
		expect(json[0]).toEqual(expect.objectContaining({ campaignId: expect.any(String), trend: expect.any(Array) }));
	});

	it('gets the report of one campaign, without dates when none are given', async () => {
		const campaigns = (await run({ resource: 'campaign', operation: 'getMany' })).json;
		const { json, sent } = await report({ campaign: { __rl: true, mode: 'list', value: campaigns[2].id } });
		expect(pathOf(sent[0])).toBe(`/api/v2/reports/${campaigns[2].id}`);
		expect(queryOf(sent[0])).toEqual({});
		expect(json).toEqual([expect.objectContaining({ campaignId: campaigns[2].id })]);
	});

	it('converts date-times and UNIX timestamps to the workflow-timezone day', async () => {
		// 23:30 UTC on 5 March is still 5 March in New York, already 6 March in Tokyo.
		const newYork = await report({ startDate: '2026-03-05T23:30:00Z', endDate: '2026-03-10T12:00:00' }, 'America/New_York');
		expect(queryOf(newYork.sent[0])).toEqual({ startDate: '2026-03-05', endDate: '2026-03-10' });
		const tokyo = await report({ startDate: '2026-03-05T23:30:00Z', endDate: '2026-03-10' }, 'Asia/Tokyo');
		expect(queryOf(tokyo.sent[0])).toEqual({ startDate: '2026-03-06', endDate: '2026-03-10' });
		// 1772755200 s = 2026-03-06T00:00:00Z; the same instant in milliseconds.
		const unix = await report({ startDate: expression(1772755200), endDate: expression(1772755200000) }, 'UTC');
		expect(queryOf(unix.sent[0])).toEqual({ startDate: '2026-03-06', endDate: '2026-03-06' });
		// And the service accepts every one of them (its 400 would fail the run).
		expect([newYork.error, tokyo.error, unix.error]).toEqual([undefined, undefined, undefined]);
	});

	it.each([
		[{ startDate: '2026-02-30' }, 'Start Date: 2026-02-30 is not a real calendar date'],
		[{ endDate: '2025-13-01' }, 'End Date: 2025-13-01 is not a real calendar date'],
		[{ startDate: '1970-01-01' }, 'Start Date: 1970-01-01 is not accepted by reports'],
		[{ startDate: 'next tuesday' }, 'Start Date: "next tuesday" is not a date'],
		[{ startDate: '2026-03-10', endDate: '2026-03-01' }, 'Start Date is after End Date'],
	])('refuses %j before sending anything', async (dates, message) => {
		const { error, sent, json } = await report(dates);
		expect(error?.message).toContain(message);
		expect((error as { context?: IDataObject })?.context?.itemIndex).toBe(0);
		expect(sent).toHaveLength(0);
		expect(json).toEqual([]);
	});

	it('with Continue On Fail, a bad date fails only its own item', async () => {
		const { output, sent } = await run(
			{ resource: 'report', operation: 'get', startDate: '={{ $itemIndex === 0 ? "2026-02-30" : "2026-03-01" }}' },
			{ items: [{}, {}], continueOnFail: true },
		);
		expect(sent).toHaveLength(1);
		expect(output[0].json.error).toMatch(/2026-02-30 is not a real calendar date/);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(output.slice(1).every((item) => !item.json.error && (item.pairedItem as { item: number }).item === 1)).toBe(true);
	});

	it('a report of an unknown campaign says there is no such record in this account', async () => {
		const { error } = await report({ campaign: byId('6a0000000000000000000fff') });
		expect(error?.message).toMatch(/no such record in this account/);
	});
});

describe('Score', () => {
	it.each(['nps', 'csat', 'ces', 'star'])('gets the %s score object from data', async (metric) => {
		const { json, sent, error } = await run({ resource: 'score', operation: 'get', metric });
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(pathOf(sent[0])).toBe(`/api/v2/${metric}/score`);
		expect(json).toEqual([
			expect.objectContaining({ [metric]: expect.any(Number), totalResponses: expect.any(Number), promotersCount: expect.any(Number) }),
		]);
		expect(json[0]).not.toHaveProperty('message');
	});

	it('refuses an unknown metric from an expression before sending anything', async () => {
		const { error, sent } = await run({ resource: 'score', operation: 'get', metric: expression('pmf') });
		expect(error?.message).toContain('Score: Get failed: Metric: "pmf" is not one of ces, csat, nps, star [item 0]');
		expect(sent).toHaveLength(0);
	});
});

describe('Trend', () => {
	const trend = (parameters: Record<string, unknown>, timezone?: string) =>
		run({ resource: 'trend', operation: 'get', trendGroup: { __rl: true, mode: 'list', value: 'default' }, ...parameters }, { timezone });

	it('Get Many lists every trend group, one item each', async () => {
		const { json, sent } = await run({ resource: 'trend', operation: 'getMany' });
		expect(sent).toHaveLength(1);
		expect(pathOf(sent[0])).toBe('/api/v2/trends');
		expect(json).toHaveLength(sim.state().accounts[0].counts.trendGroups);
		expect(json.filter((group) => group.isDefault)).toHaveLength(1);
	});

	it.each([
		'today',
		'yesterday',
		'past-week',
		'past-month',
		'past-3-months',
		'past-6-months',
		'past-year',
		'this-month-to-date',
		'this-quarter-to-date',
		'this-year-to-date',
	])('sends the preset %s alone', async (date) => {
		const { json, sent, error } = await trend({ date, startDate: '2026-01-01', endDate: '2026-01-31' });
		expect(error).toBeUndefined();
		expect(pathOf(sent[0])).toBe('/api/v2/trends/default');
		// Dates left over from a custom range are not sent with a preset.
		expect(queryOf(sent[0])).toEqual({ date });
		expect(json).toEqual([expect.objectContaining({ date, current: expect.any(Object), baseline: expect.any(Object) })]);
	});

	it('defaults to the past month', async () => {
		const { sent } = await trend({});
		expect(queryOf(sent[0])).toEqual({ date: 'past-month' });
	});

	it('sends a custom range as UTC instants, a bare end day included whole', async () => {
		const { json, sent } = await trend({ date: 'custom', startDate: '2026-01-01', endDate: '2026-01-31' }, 'Europe/Berlin');
		expect(queryOf(sent[0])).toEqual({
			date: 'custom',
			startDate: '2025-12-31T23:00:00Z',
			endDate: '2026-01-31T22:59:59.999Z',
		});
		expect(json[0]).toEqual(
			expect.objectContaining({
				date: 'custom',
				current: expect.objectContaining({ startDate: '2025-12-31T23:00:00.000Z', endDate: '2026-01-31T22:59:59.999Z' }),
			}),
		);
	});

	it('sends a custom range given as date-times unchanged (in UTC)', async () => {
		const { sent } = await trend({ date: 'custom', startDate: '2026-02-01T08:00:00Z', endDate: '2026-02-14T18:30:00+01:00' });
		expect(queryOf(sent[0])).toEqual({ date: 'custom', startDate: '2026-02-01T08:00:00Z', endDate: '2026-02-14T17:30:00Z' });
	});

	it.each([
		[{ startDate: '2026-01-01', endDate: expression('') }, 'Trend: Get failed: End Date: is required with a custom range [item 0]'],
		[{ startDate: expression(''), endDate: '2026-01-01' }, 'Trend: Get failed: Start Date: is required with a custom range [item 0]'],
		[{ startDate: '2026-01-01' }, 'The \'Survey Feedback\' node has issues:\n- Parameter "End Date" is required.'], // n8n's own check
		[{ startDate: '2026-02-01', endDate: '2026-01-01' }, 'Trend: Get failed: Start Date is after End Date [item 0]'],
	])('refuses an incomplete or reversed custom range %j before sending anything', async (dates, message) => {
		const { error, sent } = await trend({ date: 'custom', ...dates });
		expect(error?.message).toBe(message);
		expect(sent).toHaveLength(0);
	});

	it('gets a group by its ID', async () => {
		const groups = (await run({ resource: 'trend', operation: 'getMany' })).json;
		const support = groups.find((group) => group.name === 'Support CSAT') as IDataObject;
		const { json, sent } = await trend({ trendGroup: byId(String(support.id)), date: 'past-year' });
		expect(pathOf(sent[0])).toBe(`/api/v2/trends/${support.id}`);
		expect(json[0].group).toEqual(expect.objectContaining({ id: support.id, metricType: 'CSAT' }));
	});

	it('an unknown group says there is no such record in this account', async () => {
		const { error } = await trend({ trendGroup: byId('6a0000000000000000000fff') });
		expect(error?.message).toMatch(/no such record in this account/);
		expect(error?.httpCode).toBe('404');
	});
});
