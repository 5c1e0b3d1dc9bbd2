import { useSimulatorClient } from '../helpers/simulatorClient';

const UNAUTHORIZED = { message: "Please check your API Key to make sure it's valid.", code: 401, data: null };
const NOT_FOUND = { message: 'Not found.', code: 404, data: null };

const client = useSimulatorClient();

describe('v2 authentication', () => {
	test.each(['x-api-key', 'authorization', 'query'] as const)('a key sent as %s is accepted', async (form) => {
		const r = await client.get('/api/v2/ping', { form, key: client.A.readKey });
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({ message: 'Success.', code: 200, data: { account: { id: client.A.id }, apiKey: { permission: 'read' } } });
		expect(client.sim.requests({ path: '/api/v2/ping' }).at(-1)).toMatchObject({ auth: form, accountId: client.A.id, status: 200 });
	});

	test('no key and an unknown key give the same 401 envelope', async () => {
		for (const r of [
			await client.get('/api/v2/ping', { key: undefined }),
			await client.get('/api/v2/ping', { key: 'nope' }),
			await client.get('/api/v2/ping', { key: 'nope', form: 'authorization' }),
			await client.get('/api/v2/ping', { key: undefined, headers: { Authorization: `Bearer ${client.A.writeKey}` } }),
		]) {
			expect(r.status).toBe(401);
			expect(r.body).toEqual(UNAUTHORIZED);
		}
	});

	test('the log records the auth form but never the key value', async () => {
		client.sim.clearRequests();
		await client.get('/api/v2/feedback?limit=1', { form: 'query', key: client.A.readKey });
		const [entry] = client.sim.requests();
		expect(entry).toMatchObject({ auth: 'query', rawQuery: 'limit=1', query: { limit: '1' } });
		const log = await client.control('GET', '/requests');
		expect(log.text).not.toContain(client.A.readKey);
		expect(JSON.stringify(client.sim.requests())).not.toContain(client.A.readKey);
	});
});

describe('legacy v1 authentication', () => {
	test('accepts only Authorization: api_key=K', async () => {
		expect((await client.legacy('GET', '/api/service/nps/score')).status).toBe(200);
		for (const form of ['x-api-key', 'query'] as const) {
			const r = await client.legacy('GET', '/api/service/nps/score', { form });
			expect(r.status).toBe(401);
			expect(r.body).toEqual({ message: UNAUTHORIZED.message, code: 401 });
		}
	});

	test('v2 paths are unknown on the legacy port and legacy paths unknown on v2', async () => {
		expect((await client.legacy('GET', '/api/v2/ping')).status).toBe(404);
		expect((await client.get('/api/service/nps/score')).status).toBe(404);
	});
});

describe('permissions', () => {
	const writes: Array<[string, string, unknown]> = [
		['POST', '/api/v2/customers', { subscribers: [{ email: 'x@example.com' }] }],
		['DELETE', '/api/v2/customers', { subscribers: ['x@example.com'] }],
		['POST', '/api/v2/customers/unsubscribe', { subscribers: ['x@example.com'] }],
		['POST', '/api/v2/customers/resubscribe', { subscribers: ['x@example.com'] }],
		['POST', '/api/v2/survey', { campaign: 'x', subscribers: [{ email: 'x@example.com' }] }],
		['POST', '/api/v2/import', { campaign_id: 'x', feedback: [{ email: 'x@example.com', score: 1 }] }],
		['POST', '/api/v2/sync-attributes', { emails: ['x@example.com'] }],
		['POST', '/api/v2/response/tags', { id: 'x', tags: [] }],
		['POST', '/api/v2/response/topics', { id: 'x', topics: [] }],
		['POST', '/api/v2/nps/customers/response/tags', { id: 'x', tags: [] }],
		['DELETE', '/api/v2/outbox', { surveys: [{ email: 'x@example.com' }] }],
		['DELETE', '/api/v2/feedback', { responses: [{ email: 'x@example.com' }] }],
		['POST', '/api/v2/suppressions/emails', { email: 'x@example.com' }],
		['POST', '/api/v2/suppressions/domains', { pattern: 'example.com' }],
		['DELETE', '/api/v2/suppressions/emails/6a5e00000000000000000001', undefined],
		['DELETE', '/api/v2/suppressions/domains/6a5d00000000000000000001', undefined],
	];

	test.each(writes)('a read key gets 403 on %s %s', async (method, path, body) => {
		const res = await (method === 'POST' ? client.post(path, body, { key: client.A.readKey }) : client.del(path, body, { key: client.A.readKey }));
		expect(res.status).toBe(403);
		expect(res.body).toMatchObject({ code: 403, data: null });
	});

	test('a read key cannot write through the legacy API either', async () => {
		const r = await client.legacy('POST', '/api/service/nps/customers', {
			key: client.A.readKey,
			body: { subscribers: [{ email: 'l@example.com', first_name: 'L', last_name: 'M', company: 'C' }] },
		});
		expect(r.status).toBe(403);
	});

	test('the removed survey endpoint always errors and points to POST /api/v2/survey', async () => {
		for (const key of [client.A.writeKey, client.A.readKey]) {
			const r = await client.post('/api/v2/nps/customers/survey', { campaign: 'x', subscribers: [] }, { key });
			expect(r.status).toBe(410);
			expect(r.body.message).toContain('POST /api/v2/survey');
		}
	});
});

describe('404 and isolation', () => {
	test('unknown paths are 404', async () => {
		const r = await client.get('/api/v2/nothing-here');
		expect(r.status).toBe(404);
		expect(r.body.code).toBe(404);
	});

	test('missing, deleted and other-account records give one identical 404 body', async () => {
		const a = (await client.get('/api/v2/feedback?limit=2')).body.data.responses;
		const b = (await client.get('/api/v2/feedback?limit=1', { key: client.B.readKey })).body.data.responses;
		await client.del('/api/v2/feedback', { responses: [{ feedbackId: a[1].id }] });
		const bodies = [];
		for (const [path, key] of [
			['/api/v2/feedback/6af1ffffffffffffffffffff', client.A.readKey],
			[`/api/v2/feedback/${a[1].id}`, client.A.readKey],
			[`/api/v2/feedback/${b[0].id}`, client.A.readKey],
			[`/api/v2/feedback/${a[0].id}`, client.B.readKey],
		]) {
			const r = await client.get(path, { key });
			expect(r.status).toBe(404);
			bodies.push(r.text);
		}
		expect(new Set(bodies).size).toBe(1);
		expect(JSON.parse(bodies[0])).toEqual(NOT_FOUND);
		expect((await client.get(`/api/v2/feedback/${a[0].id}`)).status).toBe(200);
	});

	test('every by-ID lookup answers 404 for another account’s records', async () => {
		const B = client.B.readKey;
		const customer = (await client.get('/api/v2/customers?limit=1')).body.data.subscribers[0];
		const company = (await client.get('/api/v2/companies?limit=1')).body.data.companies[0];
		const template = (await client.get('/api/v2/templates')).body.templates[0];
		const campaign = (await client.get('/api/v2/campaigns')).body.campaigns[0];
		const group = (await client.get('/api/v2/trends')).body.data[0];
		const emails = (await client.get('/api/v2/suppressions/emails')).body.data.emails;
		const manual = emails.find((e: any) => e.manual);
		for (const path of [
			`/api/v2/customers/${customer.id}`,
			`/api/v2/companies/${company.id}`,
			`/api/v2/companies/${company.domain}`,
			`/api/v2/templates/${template.id}`,
			`/api/v2/reports/${campaign.id}`,
			`/api/v2/trends/${group.id}`,
		]) {
			expect((await client.get(path)).status).toBe(200);
			const other = await client.get(path, { key: B });
			expect([path, other.status, other.body]).toEqual([path, 404, NOT_FOUND]);
		}
		const del = await client.del(`/api/v2/suppressions/emails/${manual.id}`, undefined, { key: client.B.writeKey });
		expect(del.status).toBe(404);
		expect(del.body).toEqual(NOT_FOUND);
	});

	test('malformed IDs are 400 where the spec lists 400', async () => {
		expect((await client.get('/api/v2/customers/not-an-id')).status).toBe(400);
		expect((await client.get('/api/v2/feedback/not-an-id')).status).toBe(400);
		expect((await client.get('/api/v2/templates/not-an-id')).status).toBe(404);
	});

	test('lists never show the other account’s data', async () => {
		const a = await client.all('/api/v2/customers?limit=1000', client.A.readKey, 'subscribers');
		const b = await client.all('/api/v2/customers?limit=1000', client.B.readKey, 'subscribers');
		expect(a).toHaveLength(500);
		expect(b).toHaveLength(60);
		const ids = new Set(a.map((c) => c.id));
		expect(b.some((c) => ids.has(c.id))).toBe(false);
	});
});
