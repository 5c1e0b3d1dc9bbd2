import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient();

describe('legacy v1 API', () => {
	test('list subscribers: legacy paged envelope with string currentPage and limit', async () => {
		const r = await client.legacy('GET', '/api/service/nps/customers?currentPage=2&limit=30');
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({ message: 'success', code: 200 });
		const { subscribers, ...paging } = r.body.data;
		expect(paging).toEqual({ currentPage: '2', totalNumberOfPages: 17, limit: '30', sortBy: '-createdDate', total: 500 });
		expect(subscribers).toHaveLength(30);
		expect(Object.keys(subscribers[0]).sort()).toEqual(['companyId', 'companyName', 'createdDate', 'email', 'firstName', 'id', 'lastName', 'properties', 'tags'].sort());
		const defaults = (await client.legacy('GET', '/api/service/nps/customers')).body.data;
		expect([defaults.currentPage, defaults.limit]).toEqual(['1', '20']);
		const asc = (await client.legacy('GET', '/api/service/nps/customers?sort=createdDate&limit=3')).body.data;
		expect(asc.sortBy).toBe('createdDate');
		expect(Date.parse(asc.subscribers[0].createdDate)).toBeLessThanOrEqual(Date.parse(asc.subscribers[1].createdDate));
	});

	test('create subscribers: 1 to 100, all fields required, companyName accepted for company', async () => {
		const subscribers = Array.from({ length: 100 }, (_, i) => ({ email: `legacy${i}@example.com`, first_name: 'L', last_name: `N${i}`, companyName: 'Legacy Co' }));
		const r = await client.legacy('POST', '/api/service/nps/customers', { body: { subscribers } });
		expect(r.status).toBe(200);
		expect(r.body).toEqual({ message: 'success', code: 200 });
		expect((await client.get('/api/v2/customers?email=legacy7@example.com')).body.data.subscribers[0]).toMatchObject({ lastName: 'N7', companyName: 'Legacy Co' });

		const over = await client.legacy('POST', '/api/service/nps/customers', { body: { subscribers: [...subscribers, subscribers[0]] } });
		expect(over.status).toBe(400);
		expect(over.body).toEqual({ message: expect.stringMatching(/at most 100/), code: 400 });
		const missing = await client.legacy('POST', '/api/service/nps/customers', {
			body: { subscribers: [{ email: 'fine@example.com', first_name: 'F', last_name: 'G', company: 'H' }, { email: 'x@example.com', first_name: 'X' }] },
		});
		expect(missing.status).toBe(400);
		expect(missing.body.message).toMatch(/subscribers\[1\]\.last_name/);
		expect((await client.get('/api/v2/customers?email=fine@example.com')).body.data.total).toBe(0);
	});

	test('score: the score object under data', async () => {
		const r = await client.legacy('GET', '/api/service/nps/score');
		expect(Object.keys(r.body.data).sort()).toEqual(['detractors', 'detractorsCount', 'nps', 'passives', 'passivesCount', 'promoters', 'promotersCount', 'totalResponses'].sort());
	});

	test('latest response per customer, filtered by email[0]=..., sorted DESC by default', async () => {
		const [a, b] = (await client.get('/api/v2/feedback?limit=200&campaignId=' + (await client.get('/api/v2/campaigns')).body.campaigns[0].id)).body.data.responses
			.filter((f: any, i: number, all: any[]) => all.findIndex((x) => x.email === f.email) === i);
		const q = `email%5B0%5D=${encodeURIComponent(a.email)}&email%5B1%5D=${encodeURIComponent(b.email)}`;
		const r = await client.legacy('GET', `/api/service/nps/customers/response?${q}`);
		expect(r.status).toBe(200);
		const d = r.body.data;
		expect(d).toMatchObject({ currentPage: '1', limit: '20', sortBy: 'DESC', total: 2, totalNumberOfPages: 1 });
		expect(d.subscribers.map((s: any) => s.email)).toEqual([a.email, b.email]);
		expect(d.subscribers[0]).toMatchObject({ id: a.id, score: a.score, createdDate: a.createdDate });
		const asc = (await client.legacy('GET', `/api/service/nps/customers/response?${q}&sort=ASC`)).body.data;
		expect(asc.subscribers.map((s: any) => s.email)).toEqual([b.email, a.email]);
		expect(asc.sortBy).toBe('ASC');
		const everyone = (await client.legacy('GET', '/api/service/nps/customers/response?limit=1000')).body.data;
		expect(new Set(everyone.subscribers.map((s: any) => s.email)).size).toBe(everyone.subscribers.length);
		expect((await client.legacy('GET', '/api/service/nps/customers/response?sort=sideways')).status).toBe(400);
	});

	test('errors use { message, code } without data', async () => {
		const r = await client.legacy('GET', '/api/service/nps/unknown');
		expect(r.status).toBe(404);
		expect(r.body).toEqual({ message: expect.any(String), code: 404 });
	});
});
