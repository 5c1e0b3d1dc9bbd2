import { start } from '../../dev/simulator/index';
import { createLimiter, limitHeaders, parseRateLimit, parseRateLimitText, DEFAULT_RATE_LIMIT, NGINX_LIMIT_REQ, type RateLimitConfig } from '../../dev/simulator/ratelimit';
import { drawLimiter } from '../../dev/simulator/limiterFamily';
import { call, useSimulatorClient } from '../helpers/simulatorClient';
import { FIXED_NOW } from '../helpers/simulator';

const client = useSimulatorClient({ rateLimit: { limit: 15, windowMs: 6000 } });
beforeEach(() => client.sim.configure({ rateLimit: { shape: 'sliding', limit: 15, windowMs: 6000, retryAfter: false, headers: 'none' }, accountRateLimits: { [client.A.id]: null } }));

const burst = async (n: number, key = client.A.readKey) => {
	const statuses: number[] = [];
	for (let i = 0; i < n; i++) statuses.push((await client.get('/api/v2/ping', { key })).status);
	return statuses;
};

test('the default is 150 per minute, with no Retry-After', async () => {
	const sim = await start({ now: () => FIXED_NOW });
	try {
		expect(sim.state().config.rateLimit).toEqual({ shape: 'sliding', limit: 150, windowMs: 60000, retryAfter: false, headers: 'none' });
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
	const r = await client.get('/api/v2/ping', { key: client.A.readKey });
	expect(r.status).toBe(429);
	expect(r.body).toEqual({ message: 'Too many requests: the limit is 15 requests per 6 seconds.', code: 429, data: null });
	expect(r.headers.get('retry-after')).toBeNull();
	expect(client.sim.requests({ path: '/api/v2/ping' }).at(-1)).toMatchObject({ status: 429 });
});

test('Retry-After in whole seconds when switched on', async () => {
	client.sim.configure({ rateLimit: { retryAfter: true } });
	await burst(15);
	const r = await client.get('/api/v2/ping', { key: client.A.readKey });
	expect(r.status).toBe(429);
	const seconds = Number(r.headers.get('retry-after'));
	expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 6).toBe(true);
});

test('per account: B is unaffected while A is limited; the legacy API is not limited', async () => {
	await burst(15);
	expect((await client.get('/api/v2/ping', { key: client.A.writeKey })).status).toBe(429); // both keys share the account budget
	expect((await client.get('/api/v2/ping', { key: client.B.readKey })).status).toBe(200);
	expect((await client.legacy('GET', '/api/service/nps/score')).status).toBe(200);
});

test('a gateway that refuses with 503 and Retry-After', async () => {
	client.sim.configure({ rateLimit: { status: 503, retryAfter: true } });
	try {
		await burst(15);
		const r = await client.get('/api/v2/ping', { key: client.A.readKey });
		expect(r.status).toBe(503);
		expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
	} finally {
		client.sim.configure({ rateLimit: { status: 429 } });
	}
});

test("a proxy in front (nginx's limit_req): a 503 with its HTML page, and no Retry-After or rate-limit headers on any answer", async () => {
	client.sim.configure({ rateLimit: { proxy: true, retryAfter: true, headers: 'ietf' } });
	try {
		const admitted = await client.get('/api/v2/ping', { key: client.A.readKey });
		expect(admitted.status).toBe(200);
		expect(admitted.headers.get('ratelimit-remaining')).toBeNull();
		await burst(14);
		const r = await client.get('/api/v2/ping', { key: client.A.readKey });
		expect(r.status).toBe(503);
		expect(r.headers.get('content-type')).toMatch(/^text\/html/);
		expect(r.text).toContain('<h1>503 Service Temporarily Unavailable</h1>');
		expect(r.text).toContain('nginx');
		expect(r.headers.get('retry-after')).toBeNull();
		expect(r.headers.get('ratelimit-remaining')).toBeNull();
		expect(client.sim.requests({ path: '/api/v2/ping' }).at(-1)).toMatchObject({ status: 503 });
	} finally {
		client.sim.configure({ rateLimit: { proxy: false, status: 429 } });
	}
});

test('control endpoints are never limited and do not count', async () => {
	await burst(15);
	for (let i = 0; i < 30; i++) expect((await client.control('GET', '/state')).status).toBe(200);
	client.sim.configure({ rateLimit: { limit: 2, windowMs: 6000 } });
	for (let i = 0; i < 10; i++) await client.control('GET', '/state');
	expect(await burst(3)).toEqual([200, 200, 429]);
});

test('the window slides', async () => {
	client.sim.configure({ rateLimit: { limit: 3, windowMs: 300 } });
	expect(await burst(4)).toEqual([200, 200, 200, 429]);
	await new Promise((r) => setTimeout(r, 350));
	expect(await burst(1)).toEqual([200]);
});

test('rateLimit false disables it', async () => {
	client.sim.configure({ rateLimit: false });
	expect((await burst(40)).every((s) => s === 200)).toBe(true);
	const bad = await client.control('POST', '/config', { rateLimit: { limit: 0 } });
	expect(bad.status).toBe(400);
});

describe('shapes, on the limiters themselves (time given in ms)', () => {
	const takes = (config: RateLimitConfig, times: number[]) => {
		const limiter = createLimiter(config);
		return times.map((t) => limiter.take(t));
	};

	test('fixed: the count starts again at each clock-aligned window, however recent the last request', () => {
		const config = parseRateLimit({ shape: 'fixed', limit: 3, windowMs: 60_000 }, false) as RateLimitConfig;
		// Four requests just before a minute starts, then three just after it.
		const verdicts = takes(config, [59_000, 59_100, 59_200, 59_300, 60_000, 60_100, 60_200, 60_300]);
		expect(verdicts.map((v) => v.ok)).toEqual([true, true, true, false, true, true, true, false]);
		expect(verdicts[3].retryAfterMs).toBe(700);
		expect(verdicts[7]).toMatchObject({ remaining: 0, resetMs: 59_700 });
	});

	test('sliding: a slot frees when the request that took it leaves the window', () => {
		const config = parseRateLimit({ shape: 'sliding', limit: 2, windowMs: 1000 }, false) as RateLimitConfig;
		const verdicts = takes(config, [0, 400, 900, 1000, 1100, 1400]);
		expect(verdicts.map((v) => v.ok)).toEqual([true, true, false, true, false, true]);
		expect(verdicts[2]).toMatchObject({ retryAfterMs: 100, remaining: 0, resetMs: 100 });
	});

	test('token bucket: the burst at once, then the rate', () => {
		const config = parseRateLimit({ shape: 'tokenBucket', ratePerSecond: 2.5, burst: 10 }, false) as RateLimitConfig;
		const burst = takes(config, Array.from({ length: 11 }, () => 0));
		expect(burst.map((v) => v.ok)).toEqual([...Array(10).fill(true), false]);
		expect(burst[10].retryAfterMs).toBe(400);
		const limiter = createLimiter(config);
		let ok = 0;
		// One request every 100 ms for 60 s: the burst, and 2.5 a second.
		for (let t = 0; t < 60_000; t += 100) if (limiter.take(t).ok) ok++;
		expect(ok).toBe(10 + 149);
	});

	test('headers in the three forms, and Retry-After in whole seconds on 429', () => {
		const sliding = { ...DEFAULT_RATE_LIMIT, limit: 2, windowMs: 10_000, retryAfter: true } as RateLimitConfig;
		const [, second, refused] = takes(sliding, [0, 1000, 2000]);
		expect(limitHeaders({ ...sliding, headers: 'x' }, second, 1_700_000_001_000)).toEqual({
			'X-RateLimit-Limit': '2',
			'X-RateLimit-Remaining': '0',
			'X-RateLimit-Reset': '1700000010',
		});
		expect(limitHeaders({ ...sliding, headers: 'ietf' }, refused, 2000)).toEqual({
			'Retry-After': '8',
			'RateLimit-Limit': '2',
			'RateLimit-Remaining': '0',
			'RateLimit-Reset': '8',
		});
		expect(limitHeaders({ ...sliding, headers: 'ietfStructured', retryAfter: false }, refused, 2000)).toEqual({
			RateLimit: '"default";r=0;t=8',
			'RateLimit-Policy': '"default";q=2;w=10',
		});
	});

	test('GCRA: the burst at once, then one per interval; refusals that count push the next admission on', () => {
		const gcra = parseRateLimit({ shape: 'gcra', ratePerSecond: 2, burst: 3 }, false) as RateLimitConfig;
		expect(takes(gcra, [0, 0, 0, 0, 500]).map((v) => v.ok)).toEqual([true, true, true, false, true]);
		const counted = { ...gcra, countRefused: true };
		// The refused request at 0 costs a slot: at 500 ms there is still none.
		expect(takes(counted, [0, 0, 0, 0, 500, 2500]).map((v) => v.ok)).toEqual([true, true, true, false, false, true]);
	});

	test("nginx's limit_req (2 a second, burst 10, nodelay): 11 at once, then one every 0.5 s; refusals do not count", () => {
		const nginx = parseRateLimit(parseRateLimitText('nginx'), DEFAULT_RATE_LIMIT) as RateLimitConfig;
		expect(nginx).toEqual(NGINX_LIMIT_REQ);
		const verdicts = takes(nginx, [...new Array<number>(12).fill(0), 250, 500, 510, 1000]);
		expect(verdicts.map((v) => v.ok)).toEqual([...new Array<boolean>(11).fill(true), false, false, true, false, true]);
		expect(limitHeaders(nginx, verdicts[11], 0)).toEqual({});
	});

	test('two limits at once: a cap per second under one per minute; the headers speak of the one that refused', () => {
		const both = parseRateLimit({ shape: 'sliding', limit: 5, windowMs: 60_000, also: { shape: 'fixed', limit: 2, windowMs: 1000 } }, false) as RateLimitConfig;
		const verdicts = takes(both, [0, 10, 20, 1000, 1010, 2000, 2010]);
		expect(verdicts.map((v) => v.ok)).toEqual([true, true, false, true, true, true, false]);
		expect(verdicts[2]).toMatchObject({ retryAfterMs: 980, part: { shape: 'fixed', limit: 2 } });
		expect(verdicts[6]).toMatchObject({ part: { shape: 'sliding', limit: 5 } });
	});

	test('a drawn limiter: the same for the same seed, from the control API and the CLI form alike', () => {
		const drawn = parseRateLimit({ draw: 7 }, false);
		expect(drawn).toEqual(parseRateLimit(parseRateLimitText('draw:7'), DEFAULT_RATE_LIMIT));
		expect(drawn).toEqual(drawLimiter(7).service);
		expect(parseRateLimitText('fixed:5/1000+150/60000')).toEqual({ shape: 'fixed', limit: 5, windowMs: 1000, also: { shape: 'sliding', limit: 150, windowMs: 60000 } });
		const shapes = new Set(Array.from({ length: 60 }, (_, i) => {
			const { service } = drawLimiter(i + 1);
			return service.also ? 'two' : service.shape;
		}));
		expect([...shapes].sort()).toEqual(['fixed', 'gcra', 'sliding', 'tokenBucket', 'two']);
	});

	test('one drawn limiter in about eight has a proxy in front, answering without headers', () => {
		const drawn = Array.from({ length: 200 }, (_, i) => drawLimiter(i + 1).service);
		const proxies = drawn.filter((service) => service.proxy);
		expect(proxies.length).toBeGreaterThanOrEqual(15);
		expect(proxies.length).toBeLessThanOrEqual(35);
		for (const service of proxies) expect(service).toMatchObject({ status: 503, retryAfter: false, headers: 'none' });
	});

	test('the CLI form and bad settings', () => {
		expect(parseRateLimitText('fixed:150/60000')).toEqual({ shape: 'fixed', limit: 150, windowMs: 60000 });
		expect(parseRateLimitText('bucket:2.5/10')).toEqual({ shape: 'tokenBucket', ratePerSecond: 2.5, burst: 10 });
		expect(parseRateLimitText('15/6000')).toEqual({ shape: 'sliding', limit: 15, windowMs: 6000 });
		expect(() => parseRateLimitText('fast')).toThrow(/not a rate limit/);
		expect(() => parseRateLimit({ shape: 'leaky' }, false)).toThrow(/shape/);
		expect(() => parseRateLimit({ headers: 'y' }, false)).toThrow(/headers/);
		expect(() => parseRateLimit({ shape: 'tokenBucket', burst: 0 }, false)).toThrow(/burst/);
	});
});

describe('shapes and headers through the simulator', () => {
	test('headers on every answer, 200 and 429, when switched on', async () => {
		client.sim.configure({ rateLimit: { limit: 2, windowMs: 60_000, headers: 'ietf' } });
		const first = await client.get('/api/v2/ping', { key: client.A.readKey });
		expect(first.status).toBe(200);
		expect(first.headers.get('ratelimit-limit')).toBe('2');
		expect(first.headers.get('ratelimit-remaining')).toBe('1');
		await client.get('/api/v2/ping', { key: client.A.readKey });
		const refused = await client.get('/api/v2/ping', { key: client.A.readKey });
		expect(refused.status).toBe(429);
		expect(refused.headers.get('ratelimit-remaining')).toBe('0');
		expect(Number(refused.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(59);
		expect(refused.headers.get('retry-after')).toBeNull();
	});

	test('a token bucket chosen for one account leaves the other on the common limit', async () => {
		client.sim.configure({ rateLimit: { limit: 3, windowMs: 60_000 }, accountRateLimits: { [client.A.readKey]: { shape: 'tokenBucket', ratePerSecond: 1, burst: 5 } } });
		expect(client.sim.state().config.accountRateLimits[client.A.id]).toMatchObject({ shape: 'tokenBucket', ratePerSecond: 1, burst: 5 });
		expect(await burst(6)).toEqual([200, 200, 200, 200, 200, 429]);
		expect(await burst(4, client.B.readKey)).toEqual([200, 200, 200, 429]);
		const r = await client.get('/api/v2/ping', { key: client.A.readKey });
		expect(r.body.message).toBe('Too many requests: the limit is 1 requests per second, in bursts of up to 5.');
		const bad = await client.control('POST', '/config', { accountRateLimits: { nobody: { limit: 2 } } });
		expect(bad.status).toBe(400);
	});
});
