import { start } from '../../dev/simulator/index';
import { call, useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient();

describe('POST /__sim/reset and GET /__sim/state', () => {
	test('reset to a seed; state shows counts per account and the config', async () => {
		const r = await client.control('POST', '/reset', { seed: 'empty' });
		expect(r.status).toBe(200);
		expect(r.body.state.seed).toBe('empty');
		const state = (await client.control('GET', '/state')).body;
		expect(state.accounts.map((a: any) => [a.id, a.timezone, a.counts.customers, a.counts.feedback])).toEqual([
			[client.A.id, 'America/New_York', 0, 0],
			[client.B.id, 'Europe/Berlin', 0, 0],
		]);
		expect(state.accounts[0].counts.campaigns).toBe(13);
		expect(state.config).toEqual({
			rateLimit: false,
			accountRateLimits: {},
			faults: [],
			faultSeed: 1,
			log: true,
			unregisteredProperties: 'refuse',
			registeredProperties: ['Country', 'Plan', 'Group', 'Seats', 'VIP'],
			responses: 'spec',
			shownFields: [],
		});
		expect(JSON.stringify(state)).not.toContain(client.A.writeKey);

		await client.control('POST', '/reset', { seed: { customers: 50, feedback: 100, outbox: 120 } });
		expect(client.sim.state().accounts[0].counts).toMatchObject({ customers: 50, feedback: 100, outbox: 120 });
		expect((await client.control('POST', '/reset', { seed: 'huge' })).status).toBe(400);
		await client.control('POST', '/reset', {}); // keeps the last seed
		expect(client.sim.state().accounts[0].counts.customers).toBe(50);
		client.sim.reset('demo');
		expect(client.sim.state().accounts[0].counts.customers).toBe(500);
	});

	test('the seed is identical run to run apart from the anchor', async () => {
		const snapshot = async (now: Date) => {
			const sim = await start({ now: () => now, rateLimit: false });
			const anchor = Date.parse(sim.state().anchor);
			const r = await call(sim, 'GET', '/api/v2/feedback?limit=1000', { key: sim.accounts[0].readKey });
			await sim.close();
			return r.body.data.responses.map((f: any) => ({ ...f, createdDate: anchor - Date.parse(f.createdDate) }));
		};
		const a = await snapshot(new Date('2026-03-15T12:00:00Z'));
		const b = await snapshot(new Date('2027-07-01T08:30:00Z'));
		expect(a).toEqual(b);
	});

	test('unknown control paths are 404', async () => {
		expect((await client.control('GET', '/nope')).status).toBe(404);
	});
});

describe('POST /__sim/records', () => {
	beforeAll(() => client.sim.reset('demo'));

	test('inserts at chosen instants (several sharing one), generates IDs, returns the stored records', async () => {
		const at = '2026-03-14T09:30:00.000Z';
		const r = await client.control('POST', '/records', {
			account: client.A.writeKey,
			kind: 'feedback',
			records: [
				{ email: 'same.instant@example.com', score: 10, createdDate: at, comment: 'first' },
				{ email: 'same.instant@example.com', score: 3, createdDate: at, comment: 'second' },
			],
		});
		expect(r.status).toBe(200);
		expect(r.body.account).toBe(client.A.id);
		const [one, two] = r.body.records;
		expect(one).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{24}$/), createdDate: at, score: 10, comment: 'first', email: 'same.instant@example.com' });
		expect(two.id).not.toBe(one.id);
		const list = (await client.get(`/api/v2/feedback?startDate=${at}&endDate=${at}`)).body.data.responses;
		expect(list.map((f: any) => f.id).sort()).toEqual([one.id, two.id].sort());
		// The customer was created for the email.
		expect((await client.get(`/api/v2/customers/${one.customerId}`)).body.data.email).toBe('same.instant@example.com');
	});

	test('account by id, write key or read key; caller IDs are kept; every kind', async () => {
		const kinds: Array<[string, object]> = [
			['customers', { email: 'ctl.customer@example.com', firstName: 'Ctl', createdDate: '2026-01-01T00:00:00Z', properties: [{ label: 'Plan', value: 'pro' }], unsubscribedBy: 'self' }],
			['outbox', { email: 'ctl.customer@example.com', surveyCreatedDate: 1767225600000, channel: 'embed', sentBy: 'imported', status: 'delivered' }],
			['companies', { id: '6ac0000000000000000000ff', companyName: 'Control Co', domain: 'control.example.com' }],
			['templates', { name: 'Ctl template', metric: 'CSAT' }],
			['trendGroups', { name: 'Ctl group', metricType: 'CSAT' }],
			['emailSuppressions', { email: 'ctl.sup@example.com', manual: false }],
			['domainSuppressions', { pattern: '*.ctl.example.com', category: 'corporate' }],
		];
		for (const [i, [kind, record]] of kinds.entries()) {
			const account = [client.A.id, client.A.writeKey, client.A.readKey][i % 3];
			const r = await client.control('POST', '/records', { account, kind, records: [record] });
			expect([kind, r.status]).toEqual([kind, 200]);
		}
		expect((await client.get('/api/v2/companies/control.example.com')).body.data.id).toBe('6ac0000000000000000000ff');
		expect((await client.get('/api/v2/outbox?email=ctl.customer@example.com')).body.data.surveys[0]).toMatchObject({
			surveyCreatedDate: '2026-01-01T00:00:00.000Z', channel: 'embed', sentBy: 'imported', status: 'delivered',
		});
		const customers = await client.inFull(() => client.get('/api/v2/customers?email=ctl.customer@example.com'));
		expect(customers.body.data.subscribers[0]).toMatchObject({ unsubscribedBy: 'self', properties: [{ label: 'Plan', name: 'plan', type: 'text', value: 'pro' }] });
		const template = client.sim.insert(client.A.id, 'templates', [{ metric: 'star' }])[0];
		const campaign = client.sim.insert(client.A.id, 'campaigns', [{ name: 'Ctl', metric: 'star', templateId: template.id, channel: 'link' }])[0];
		expect(campaign).toMatchObject({ metric: 'STAR', channel: 'link', isActive: true, templateId: template.id });
	});

	test('errors: unknown account or kind, bad record, duplicate id', async () => {
		const post = (body: object) => client.control('POST', '/records', body);
		expect((await post({ account: 'nope', kind: 'feedback', records: [] })).status).toBe(400);
		expect((await post({ account: client.A.id, kind: 'widgets', records: [] })).status).toBe(400);
		const bad = await post({ account: client.A.id, kind: 'feedback', records: [{ email: 'x@example.com', score: 11 }] });
		expect(bad.status).toBe(400);
		expect(bad.body.error).toMatch(/records\[0\]: score/);
		expect((await post({ account: client.A.id, kind: 'companies', records: [{ id: '6ac0000000000000000000ff', companyName: 'Dup' }] })).status).toBe(400);
	});
});

describe('GET/DELETE /__sim/requests', () => {
	test('logs method, path, parsed and raw query, body, auth form, account, status; filters by path and method', async () => {
		await client.control('DELETE', '/requests');
		await client.get('/api/v2/customers?limit=2&attributes%5B0%5D%5Bname%5D=plan&attributes%5B0%5D%5Bvalue%5D=free', { form: 'authorization' });
		await client.post('/api/v2/customers', { subscribers: [{ email: 'logged@example.com' }] }, { form: 'query' });
		await client.get('/api/v2/ping', { key: 'bad-key' });
		const all = (await client.control('GET', '/requests')).body.requests;
		expect(all).toHaveLength(3);
		expect(all[0]).toMatchObject({
			api: 'v2',
			method: 'GET',
			path: '/api/v2/customers',
			query: { limit: '2', attributes: [{ name: 'plan', value: 'free' }] },
			rawQuery: 'limit=2&attributes%5B0%5D%5Bname%5D=plan&attributes%5B0%5D%5Bvalue%5D=free',
			auth: 'authorization',
			accountId: client.A.id,
			status: 200,
			fault: null,
			time: '2026-03-15T12:00:00.000Z',
		});
		expect(all[1]).toMatchObject({ method: 'POST', auth: 'query', rawQuery: '', query: {}, body: { subscribers: [{ email: 'logged@example.com' }] } });
		expect(all[2]).toMatchObject({ auth: 'x-api-key', accountId: null, status: 401 });
		expect((await client.control('GET', '/requests?method=POST')).body.requests).toHaveLength(1);
		expect((await client.control('GET', '/requests?path=/api/v2/customers')).body.requests).toHaveLength(2);
		expect(client.sim.requests({ path: '/api/v2/ping' })).toHaveLength(1);
		expect((await client.control('DELETE', '/requests')).status).toBe(200);
		expect(client.sim.requests()).toEqual([]);
		// Control calls themselves are never logged.
		expect((await client.control('GET', '/requests')).body.requests).toEqual([]);
	});

	test('log: false turns the log off', async () => {
		client.sim.configure({ log: false });
		await client.get('/api/v2/ping');
		expect(client.sim.requests()).toEqual([]);
		client.sim.configure({ log: true });
	});
});
