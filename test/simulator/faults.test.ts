import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient();
afterEach(() => client.sim.configure({ faults: [] }));

describe('fault kinds', () => {
	test.each([500, 502, 503] as const)('%s answers that status with a JSON envelope and skips the handler', async (kind) => {
		client.sim.configure({ faults: [{ kind, match: { method: 'POST', pathPrefix: '/api/v2/customers' } }] });
		const r = await client.post('/api/v2/customers', { subscribers: [{ email: `fault${kind}@example.com` }] });
		expect(r.status).toBe(kind);
		expect(r.body).toMatchObject({ code: kind, data: null, message: expect.any(String) });
		client.sim.configure({ faults: [] });
		expect((await client.get(`/api/v2/customers?email=fault${kind}@example.com`)).body.data.total).toBe(0);
	});

	test('drop destroys the socket without an answer, and is logged', async () => {
		client.sim.configure({ faults: [{ kind: 'drop' }] });
		client.sim.clearRequests();
		await expect(client.get('/api/v2/ping')).rejects.toThrow();
		expect(client.sim.requests()).toEqual([expect.objectContaining({ path: '/api/v2/ping', fault: 'drop', status: null })]);
	});

	test('slow answers normally after delayMs', async () => {
		client.sim.configure({ faults: [{ kind: 'slow', delayMs: 300 }] });
		const t = Date.now();
		const r = await client.get('/api/v2/ping');
		expect(Date.now() - t).toBeGreaterThanOrEqual(250);
		expect(r.status).toBe(200);
		expect(r.body.data.account.id).toBe(client.A.id);
		expect(client.sim.requests().at(-1)).toMatchObject({ fault: 'slow', status: 200 });
	});

	test('html answers an HTML page with 502 by default, or 200', async () => {
		client.sim.configure({ faults: [{ kind: 'html' }] });
		const r = await client.get('/api/v2/ping');
		expect(r.status).toBe(502);
		expect(r.headers.get('content-type')).toMatch(/text\/html/);
		expect(r.text).toMatch(/^<html>/);
		client.sim.configure({ faults: [{ kind: 'html', status: 200 }] });
		const ok = await client.get('/api/v2/ping');
		expect(ok.status).toBe(200);
		expect(ok.text).toMatch(/<!DOCTYPE html>/);
	});

	test('html with 503 answers nginx’s limit_req refusal: its page and no Retry-After or rate-limit header', async () => {
		client.sim.configure({ faults: [{ kind: 'html', status: 503 }] });
		const r = await client.get('/api/v2/ping');
		expect(r.status).toBe(503);
		expect(r.text).toContain('<title>503 Service Temporarily Unavailable</title>');
		expect(r.text).toContain('nginx');
		expect([...r.headers.keys()].filter((name) => /retry-after|ratelimit/i.test(name))).toEqual([]);
	});

	test('badjson answers 200 with truncated JSON', async () => {
		client.sim.configure({ faults: [{ kind: 'badjson' }] });
		const r = await client.get('/api/v2/feedback');
		expect(r.status).toBe(200);
		expect(r.headers.get('content-type')).toMatch(/application\/json/);
		expect(() => JSON.parse(r.text)).toThrow();
		expect(client.sim.requests().at(-1)).toMatchObject({ fault: 'badjson', status: 200 });
	});
});

describe('errorIn200: the service states its errors in the envelope alone', () => {
	test('a refused request is handled and answered with HTTP 200, its envelope and code unchanged', async () => {
		const campaigns = (await client.get('/api/v2/campaigns')).body.campaigns as Array<{ id: string; isActive: boolean; channel: string }>;
		const deactivated = campaigns.find((campaign) => !campaign.isActive && campaign.channel === 'email');
		expect(deactivated).toBeDefined();
		const body = { campaign: deactivated?.id, subscribers: [{ email: 'deactivated@example.com' }] };
		const plain = await client.post('/api/v2/survey', body);
		client.sim.configure({ faults: [{ kind: 'errorIn200', match: { method: 'POST', pathPrefix: '/api/v2/survey' } }] });
		const in200 = await client.post('/api/v2/survey', body);
		expect([plain.status, in200.status]).toEqual([400, 200]);
		expect(in200.body).toEqual(plain.body);
		expect(in200.body).toMatchObject({ code: 400, message: expect.stringMatching(/deactivated/) });
		expect(client.sim.requests().at(-1)).toMatchObject({ path: '/api/v2/survey', fault: 'errorIn200', status: 200 });
	});

	test('a successful answer is unchanged, and the service acts as usual', async () => {
		client.sim.configure({ faults: [{ kind: 'errorIn200' }] });
		const r = await client.post('/api/v2/customers', { subscribers: [{ email: 'in200@example.com' }] });
		expect(r.status).toBe(200);
		expect(r.body.data['in200@example.com']).toMatchObject({ status: 'created' });
		expect((await client.get('/api/v2/customers?email=in200@example.com')).body.data.total).toBe(1);
	});

	test('the legacy API too: its { message, code } error with HTTP 200', async () => {
		client.sim.configure({ faults: [{ kind: 'errorIn200' }] });
		const r = await client.legacy('GET', '/api/service/nps/customers/response?sort=SIDEWAYS');
		expect(r.status).toBe(200);
		expect(r.body).toEqual({ message: expect.any(String), code: 400 });
	});
});

describe('rule selection', () => {
	test('count limits a rule to the next N matching requests', async () => {
		client.sim.configure({ faults: [{ kind: 503, count: 2 }] });
		const statuses = [];
		for (let i = 0; i < 4; i++) statuses.push((await client.get('/api/v2/ping')).status);
		expect(statuses).toEqual([503, 503, 200, 200]);
		expect(client.sim.state().config.faults[0].count).toBe(0);
	});

	test('match by method and path prefix', async () => {
		client.sim.configure({ faults: [{ kind: 500, match: { method: 'GET', pathPrefix: '/api/v2/outbox' } }] });
		expect((await client.get('/api/v2/outbox')).status).toBe(500);
		expect((await client.get('/api/v2/feedback')).status).toBe(200);
		expect((await client.del('/api/v2/outbox', { surveys: [{ email: 'nobody@example.com' }] })).status).toBe(200);
	});

	test('share samples with a seeded PRNG: the same config fails the same requests', async () => {
		const pattern = async () => {
			client.sim.configure({ faults: [{ kind: 502, share: 0.3 }], faultSeed: 7 });
			const out: number[] = [];
			for (let i = 0; i < 30; i++) out.push((await client.get('/api/v2/ping')).status);
			return out;
		};
		const a = await pattern();
		const b = await pattern();
		expect(a).toEqual(b);
		const failed = a.filter((s) => s === 502).length;
		expect(failed).toBeGreaterThan(2);
		expect(failed).toBeLessThan(20);
	});

	test('faults also apply to the legacy API; control is never faulted', async () => {
		client.sim.configure({ faults: [{ kind: 500 }] });
		expect((await client.legacy('GET', '/api/service/nps/score')).status).toBe(500);
		expect((await client.control('GET', '/state')).status).toBe(200);
	});

	test('invalid rules are rejected by POST /__sim/config', async () => {
		for (const faults of [[{ kind: 418 }], [{ kind: 500, share: 2 }], [{ kind: 500, count: -1 }], 'nope']) {
			expect((await client.control('POST', '/config', { faults })).status).toBe(400);
		}
		const ok = await client.control('POST', '/config', { faults: [{ kind: 'slow', delayMs: 10 }] });
		expect(ok.body.config.faults).toEqual([{ kind: 'slow', delayMs: 10 }]);
	});
});
