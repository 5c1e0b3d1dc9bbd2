import { start } from '../../dev/simulator/index';
import { call, FIXED_NOW, type Kit, startKit } from '../helpers/testkit';

let kit: Kit;
beforeAll(async () => {
	kit = await startKit({ rateLimit: { limit: 15, windowMs: 6000 } });
});
afterAll(() => kit.sim.close());
beforeEach(() => kit.sim.configure({ rateLimit: { limit: 15, windowMs: 6000, retryAfter: false } }));

const burst = async (n: number, key = kit.A.readKey) => {
	const statuses: number[] = [];
	for (let i = 0; i < n; i++) statuses.push((await kit.get('/api/v2/ping', { key })).status);
	return statuses;
};

test('the default is 150 per minute, with no Retry-After', async () => {
	const sim = await start({ now: () => FIXED_NOW });
	try {
		expect(sim.state().config.rateLimit).toEqual({ limit: 150, windowMs: 60000, retryAfter: false });
		const statuses = await Promise.all(
			Array.from({ length: 150 }, () => call(sim, 'GET', '/api/v2/ping', { key: sim.accounts[0].readKey }).then((r) => r.status)),
		);
		expect(statuses.every((s) => s === 200)).toBe(true);
		const over = await call(sim, 'GET', '/api/v2/ping', { key: sim.accounts[0].readKey });
		expect(over.status).toBe(429);
		expect(over.headers.get('retry-after')).toBeNull();
	} finally {
		await sim.close();
	}
});

test('429 with an envelope body and no Retry-After by default', async () => {
	const statuses = await burst(16);
	expect(statuses.slice(0, 15).every((s) => s === 200)).toBe(true);
	const r = await kit.get('/api/v2/ping', { key: kit.A.readKey });
	expect(r.status).toBe(429);
	expect(r.body).toEqual({ message: 'Too many requests: the limit is 15 requests per 6 seconds.', code: 429, data: null });
	expect(r.headers.get('retry-after')).toBeNull();
	expect(kit.sim.requests({ path: '/api/v2/ping' }).at(-1)).toMatchObject({ status: 429 });
});

test('Retry-After in whole seconds when switched on', async () => {
	kit.sim.configure({ rateLimit: { retryAfter: true } });
	await burst(15);
	const r = await kit.get('/api/v2/ping', { key: kit.A.readKey });
	expect(r.status).toBe(429);
	const seconds = Number(r.headers.get('retry-after'));
	expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 6).toBe(true);
});

test('per account: B is unaffected while A is limited; the legacy API is not limited', async () => {
	await burst(15);
	expect((await kit.get('/api/v2/ping', { key: kit.A.writeKey })).status).toBe(429); // both keys share the account budget
	expect((await kit.get('/api/v2/ping', { key: kit.B.readKey })).status).toBe(200);
	expect((await kit.legacy('GET', '/api/service/nps/score')).status).toBe(200);
});

test('control endpoints are never limited and do not count', async () => {
	await burst(15);
	for (let i = 0; i < 30; i++) expect((await kit.control('GET', '/state')).status).toBe(200);
	kit.sim.configure({ rateLimit: { limit: 2, windowMs: 6000 } });
	for (let i = 0; i < 10; i++) await kit.control('GET', '/state');
	expect(await burst(3)).toEqual([200, 200, 429]);
});

test('the window slides', async () => {
	kit.sim.configure({ rateLimit: { limit: 3, windowMs: 300 } });
	expect(await burst(4)).toEqual([200, 200, 200, 429]);
	await new Promise((r) => setTimeout(r, 350));
	expect(await burst(1)).toEqual([200]);
});

test('rateLimit false disables it', async () => {
	kit.sim.configure({ rateLimit: false });
	expect((await burst(40)).every((s) => s === 200)).toBe(true);
	const bad = await kit.control('POST', '/config', { rateLimit: { limit: 0 } });
	expect(bad.status).toBe(400);
});
