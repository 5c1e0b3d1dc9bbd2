import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient();

const sync = (body: unknown) => client.post('/api/v2/sync-attributes', body);

describe('POST /api/v2/sync-attributes', () => {
	test('refreshes the customer snapshot on feedback and outbox: 202 with one job per scope', async () => {
		const f = (await client.get('/api/v2/feedback?limit=1')).body.data.responses[0];
		await client.post('/api/v2/customers', { subscribers: [{ email: f.email, first_name: 'Synced', tags: ['fresh'] }] });
		// The snapshot is stale until the sync.
		expect((await client.get(`/api/v2/feedback/${f.id}`)).body.data.firstName).toBe(f.firstName);
		const r = await sync({ customers: [f.customerId] });
		expect(r.status).toBe(202);
		expect(r.body).toMatchObject({ message: 'Accepted.', code: 202 });
		expect(r.body.data).toEqual({
			customers: 1,
			jobs: [
				{ id: expect.stringMatching(/^[0-9a-f]{24}$/), scope: 'feedback', status: 'queued', customers: 1, records: expect.any(Number) },
				{ id: expect.stringMatching(/^[0-9a-f]{24}$/), scope: 'outbox', status: 'queued', customers: 1, records: expect.any(Number) },
			],
		});
		// A feedback's customerTags is the simulator's own field: only its fuller answers send it.
		const after = (await client.inFull(() => client.get(`/api/v2/feedback/${f.id}`))).body.data;
		expect(after.firstName).toBe('Synced');
		expect(after.customerTags).toContain('fresh');
	});

	test('scope feedback or outbox gives one job; an unknown scope is a 400', async () => {
		const f = (await client.get('/api/v2/feedback?limit=1')).body.data.responses[0];
		for (const scope of ['feedback', 'outbox']) {
			const r = await sync({ emails: [f.email], scope });
			expect(r.status).toBe(202);
			expect(r.body.data.jobs.map((j: any) => j.scope)).toEqual([scope]);
		}
		expect((await sync({ emails: [f.email], scope: 'everything' })).status).toBe(400);
	});

	test('exactly one of customers, emails, filters', async () => {
		expect((await sync({})).status).toBe(400);
		const two = await sync({ emails: ['a@b.com'], filters: { tags: ['vip'] } });
		expect(two.status).toBe(400);
		expect(two.body.message).toMatch(/exactly one/);
	});

	test('filters: unknown keys and filters that do not narrow are 400', async () => {
		const unknown = await sync({ filters: { tags: ['vip'], colour: 'red' } });
		expect(unknown.status).toBe(400);
		expect(unknown.body.message).toMatch(/Unknown filter key: colour/);
		for (const filters of [{}, { tags: [] }, { q: '  ' }, { attributes_matching: 'any' }, { attributes: [] }]) {
			const r = await sync({ filters });
			expect([JSON.stringify(filters), r.status]).toEqual([JSON.stringify(filters), 400]);
		}
		expect((await sync({ filters: { attributes: [{ op: 'equal', value: 'x' }] } })).status).toBe(400);
	});

	test('filters that narrow: tags, q, company, channel, customerStatus, attributes', async () => {
		const company = (await client.get('/api/v2/companies?limit=1')).body.data.companies[0].companyName;
		for (const filters of [
			{ tags: 'vip' },
			{ q: 'mar' },
			{ company },
			{ companies: [company] },
			{ channel: 'inapp' },
			{ customerStatus: 'opted-out' },
			{ attributes: [{ name: 'plan', op: 'equal', value: 'enterprise' }], attributes_matching: 'all' },
		]) {
			const r = await sync({ filters, scope: 'feedback' });
			expect([JSON.stringify(filters), r.status]).toEqual([JSON.stringify(filters), 202]);
			expect(r.body.data.customers).toBeGreaterThan(0);
			expect(r.body.data.customers).toBeLessThan(500);
		}
	});

	test('more than 1000 matched customers is a 413', async () => {
		await client.post('/api/v2/customers', { subscribers: Array.from({ length: 1000 }, (_, i) => ({ email: `many${i}@sync.example.com`, tags: ['bulk'] })) });
		const fine = await sync({ filters: { tags: ['bulk'] } });
		expect(fine.status).toBe(202);
		await client.post('/api/v2/customers', { subscribers: [{ email: 'one-more@sync.example.com', tags: ['bulk'] }] });
		const r = await sync({ filters: { tags: ['bulk'] } });
		expect(r.status).toBe(413);
		expect(r.body).toMatchObject({ code: 413, data: null });
	});

	test('lists: 1 to 1000 items (400 outside)', async () => {
		const ids = Array.from({ length: 1001 }, () => '6ac100000000000000000001');
		expect((await sync({ customers: ids })).status).toBe(400);
		expect((await sync({ customers: [] })).status).toBe(400);
		expect((await sync({ emails: ['not-an-email'] })).status).toBe(400);
	});

	test('unknown customer IDs are a 404 (all or nothing); emails that match nobody too', async () => {
		const known = (await client.get('/api/v2/customers?limit=1')).body.data.subscribers[0].id;
		for (const body of [{ customers: [known, '6ac1ffffffffffffffffffff'] }, { customers: ['garbage'] }, { emails: ['nobody@nowhere.example.com'] }]) {
			const r = await sync(body);
			expect(r.status).toBe(404);
			expect(r.body).toEqual({ message: 'Not found.', code: 404, data: null });
		}
		const other = (await client.get('/api/v2/customers?limit=1', { key: client.B.readKey })).body.data.subscribers[0].id;
		expect((await sync({ customers: [other] })).status).toBe(404);
	});
});

test('a synced company change moves the feedback into the new company’s scores', async () => {
	const f = (await client.get('/api/v2/feedback?limit=1')).body.data.responses[0];
	await client.post('/api/v2/customers', { subscribers: [{ email: f.email, company: 'Moved Here Inc' }] });
	await sync({ customers: [f.customerId], scope: 'feedback' });
	const moved = (await client.get(`/api/v2/feedback/${f.id}`)).body.data;
	expect(moved.companyName).toBe('Moved Here Inc');
	const company = (await client.get(`/api/v2/companies?limit=100`)).body.data.companies.find((c: any) => c.companyName === 'Moved Here Inc');
	expect(company.contactsCount).toBe(1);
	expect(Object.values(company.cxMetrics).some((v) => v !== null)).toBe(true);
});
