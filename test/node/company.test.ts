/**
 * Company: Get Many and Get, run in n8n's own engine against the simulator (nock only for a
 * service that ignores the page number).
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { pathOf, queryOf } from '../helpers/engine';
import { runNode, runNodeOn } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const serviceB = serviceFor(sim, 1);

const run = runNodeOn(serviceFor(sim));

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
