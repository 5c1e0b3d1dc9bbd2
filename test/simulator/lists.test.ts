import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient();

describe('paging', () => {
	test('GET /customers: account A has pages inside data, account B at the top level, the rest of the paging fields in data', async () => {
		const a = await client.get('/api/v2/customers?limit=7&page=2');
		expect(a.body.data).toMatchObject({ page: 2, pages: 72, limit: 7, sort: '-createdDate', total: 500 });
		expect(a.body.pages).toBeUndefined();
		expect(a.body.data.subscribers).toHaveLength(7);
		const b = await client.get('/api/v2/customers?limit=7&page=2', { key: client.B.readKey });
		expect(b.body).toMatchObject({ message: 'Success.', code: 200, pages: 9 });
		expect(b.body.data).toMatchObject({ page: 2, limit: 7, sort: '-createdDate', total: 60 });
		expect(b.body.data.pages).toBeUndefined();
	});

	test.each([
		['/api/v2/feedback', 'responses', 3000],
		['/api/v2/outbox', 'surveys', 4000],
		['/api/v2/companies', 'companies', 40],
		['/api/v2/nps/customers/response', 'responses', 3000],
	])('%s pages inside data, to the end, without repeats', async (path, key, total) => {
		const first = await client.get(`${path}?limit=700`);
		expect(first.body.data).toMatchObject({ page: 1, pages: Math.ceil(total / 700), limit: 700, total });
		const rows = await client.all(`${path}?limit=700`, client.A.readKey, key);
		expect(rows).toHaveLength(total);
		const id = (x: any) => x.id ?? x.surveyId ?? `${x.email}/${x.surveyCreatedDate}`;
		expect(new Set(rows.map(id)).size).toBe(total);
		const past = await client.get(`${path}?limit=700&page=${Math.ceil(total / 700) + 1}`);
		expect(past.status).toBe(200);
		expect(past.body.data[key]).toEqual([]);
	});

	test('defaults: page 1, limit 20', async () => {
		const r = await client.get('/api/v2/feedback');
		expect(r.body.data).toMatchObject({ page: 1, limit: 20, pages: 150 });
		expect(r.body.data.responses).toHaveLength(20);
	});

	test('a limit above 1000 is clamped to 1000 and echoed as 1000', async () => {
		const r = await client.get('/api/v2/feedback?limit=5000');
		expect(r.status).toBe(200);
		expect(r.body.data).toMatchObject({ limit: 1000, pages: 3 });
		expect(r.body.data.responses).toHaveLength(1000);
	});

	test.each(['page=0', 'page=abc', 'limit=0', 'limit=-5', 'limit=1.5'])('%s is a 400', async (q) => {
		const r = await client.get(`/api/v2/feedback?${q}`);
		expect(r.status).toBe(400);
		expect(r.body).toMatchObject({ code: 400, data: null });
	});
});

describe('sorting', () => {
	const times = (rows: any[], f: string) => rows.map((r) => Date.parse(r[f]));
	const isSorted = (xs: Array<number | string>, desc: boolean) =>
		xs.every((x, i) => i === 0 || (desc ? xs[i - 1] >= x : xs[i - 1] <= x));

	test('default sorts: -createdDate and -surveyCreatedDate', async () => {
		const f = (await client.get('/api/v2/feedback?limit=200')).body.data;
		expect(f.sort).toBe('-createdDate');
		expect(isSorted(times(f.responses, 'createdDate'), true)).toBe(true);
		const o = (await client.get('/api/v2/outbox?limit=200')).body.data;
		expect(o.sort).toBe('-surveyCreatedDate');
		expect(isSorted(times(o.surveys, 'surveyCreatedDate'), true)).toBe(true);
		const c = (await client.get('/api/v2/customers?limit=200')).body.data;
		expect(isSorted(times(c.subscribers, 'createdDate'), true)).toBe(true);
	});

	test('ascending without a prefix, and sorting by another field', async () => {
		const asc = (await client.get('/api/v2/feedback?limit=200&sort=createdDate')).body.data;
		expect(asc.sort).toBe('createdDate');
		expect(isSorted(times(asc.responses, 'createdDate'), false)).toBe(true);
		const byScore = (await client.get('/api/v2/feedback?limit=1000&sort=-score')).body.data.responses;
		expect(isSorted(byScore.map((r: any) => r.score), true)).toBe(true);
		const names = (await client.get('/api/v2/companies?limit=100&sort=companyName')).body.data.companies;
		expect(isSorted(names.map((c: any) => c.companyName.toLowerCase()), false)).toBe(true);
		const emails = (await client.get('/api/v2/customers?limit=100&sort=-email')).body.data.subscribers;
		expect(isSorted(emails.map((c: any) => c.email.toLowerCase()), true)).toBe(true);
	});

	test('an unknown sort field is a 400 naming the sortable fields', async () => {
		const r = await client.get('/api/v2/feedback?sort=-banana');
		expect(r.status).toBe(400);
		expect(r.body.message).toContain('createdDate');
	});
});

describe('catalog endpoints', () => {
	test('campaigns sit at the top level, with every metric and channel, some deactivated', async () => {
		const r = await client.get('/api/v2/campaigns', { key: client.A.readKey });
		expect(r.body).toMatchObject({ message: 'Success.', code: 200 });
		expect(r.body.data).toBeUndefined();
		const campaigns = r.body.campaigns;
		expect(new Set(campaigns.map((c: any) => c.metric))).toEqual(new Set(['NPS', 'CSAT', 'CES', 'STAR']));
		expect(new Set(campaigns.map((c: any) => c.channel))).toEqual(new Set(['email', 'link', 'inapp', 'intercom', 'embed']));
		expect(campaigns.some((c: any) => !c.isActive && c.status === 'deactivated')).toBe(true);
		expect(Object.keys(campaigns[0]).sort()).toEqual(
			['channel', 'createdDate', 'id', 'isActive', 'metric', 'name', 'status', 'templateId', 'type'].sort(),
		);
		expect((await client.get('/api/v2/nps/campaigns')).body.campaigns).toEqual(campaigns);
	});

	test('templates list omits questions; by ID includes surveyQuestions with stable uuids', async () => {
		const list = (await client.get('/api/v2/templates')).body.templates;
		expect(list[0].surveyQuestions).toBeUndefined();
		expect((await client.get('/api/v2/nps/templates')).body.templates).toEqual(list);
		const t = (await client.get(`/api/v2/templates/${list[0].id}`)).body.data;
		expect(t.metric).toBe('NPS');
		const main = t.surveyQuestions.filter((q: any) => q.isMain);
		expect(main).toEqual([expect.objectContaining({ type: 'RATING', metric: 'NPS' })]);
		const types = t.surveyQuestions.map((q: any) => q.type);
		expect(types).toEqual(expect.arrayContaining(['RATING', 'OPEN_ENDED', 'MULTIPLE_OPTIONS']));
		const mc = t.surveyQuestions.find((q: any) => q.type === 'MULTIPLE_OPTIONS');
		expect(mc.options[0].uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		// Stable across a reset.
		client.sim.reset();
		expect((await client.get(`/api/v2/templates/${list[0].id}`)).body.data.surveyQuestions).toEqual(t.surveyQuestions);
	});

	test('companies by ID or by domain (www. ignored, case-insensitive)', async () => {
		const c = (await client.get('/api/v2/companies?limit=1')).body.data.companies[0];
		expect(c).toMatchObject({ cxMetrics: expect.any(Object), contactsCount: expect.any(Number) });
		for (const key of [c.id, c.domain, `www.${c.domain}`, c.domain.toUpperCase()]) {
			const r = await client.get(`/api/v2/companies/${key}`);
			expect([key, r.status, r.body.data?.id]).toEqual([key, 200, c.id]);
		}
		expect((await client.get('/api/v2/companies/unknown-domain.example')).status).toBe(404);
	});

	test('trend groups: exactly one isDefault', async () => {
		const groups = (await client.get('/api/v2/trends')).body.data;
		expect(groups.filter((g: any) => g.isDefault)).toHaveLength(1);
		expect(groups[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), metricType: 'NPS', createdDate: expect.any(String) });
	});
});

describe('seed content', () => {
	test('outbox rows of every channel and sentBy; some rows carry no surveyId', async () => {
		const rows = await client.all('/api/v2/outbox?limit=1000', client.A.readKey, 'surveys');
		expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['email', 'link', 'inapp', 'intercom', 'embed']));
		expect(new Set(rows.map((r) => r.sentBy))).toEqual(new Set(['campaign', 'reminder', 'manual', 'test', 'imported']));
		expect(rows.some((r) => r.surveyId === undefined)).toBe(true);
	});

	test('feedback scores are valid per metric and customers have properties', async () => {
		const rows = await client.all('/api/v2/feedback?limit=1000', client.A.readKey, 'responses');
		const range: Record<string, [number, number]> = { NPS: [0, 10], CSAT: [1, 5], CES: [1, 7], STAR: [1, 5] };
		for (const r of rows) {
			const [min, max] = range[r.metricsType];
			expect(r.score >= min && r.score <= max && Number.isInteger(r.score)).toBe(true);
		}
		const c = (await client.get('/api/v2/customers?limit=1')).body.data.subscribers[0];
		expect(c.properties.map((p: any) => p.name)).toEqual(expect.arrayContaining(['country', 'plan', 'group']));
		expect(c.properties[0]).toEqual({ label: 'Country', name: 'country', type: 'text', value: expect.any(String) });
	});

	test('customers unsubscribed by owner, self and bounce exist', async () => {
		// Who unsubscribed a customer is the simulator's own field: only its fuller answers send it.
		const rows = await client.inFull(() => client.all('/api/v2/customers?limit=1000', client.A.readKey, 'subscribers'));
		const by = (k: string) => rows.filter((c) => c.unsubscribedBy === k).length;
		expect([by('owner'), by('self'), by('bounce')]).toEqual([10, 10, 10]);
	});
});
