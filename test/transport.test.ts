import { DateTime } from 'luxon';
import nock from 'nock';

import { AUTHENTICATION_METHODS, type AuthenticationMethod } from '../credentials/authentication';
import { flattenQuery, joinUrl, rateLimitHeaders, realClock, type ApiContext, type ApiRequest, type Transport } from '../nodes/shared/transport';
import { stopSignal } from '../nodes/shared/transport/connection';
import { executeContext, nodeOf } from './helpers/engine';
import { testTransport } from './helpers/transport';

const KEY = 'sk_live_SECRET/key+42';
const BASE = 'https://api.survey.test';
const LEGACY = 'https://legacy.survey.test';

const TYPE_OF = AUTHENTICATION_METHODS;

/** n8n-core's execute context of a Survey Feedback node using the given credential. */
function harness(authentication: AuthenticationMethod = 'apiKeyHeader', extra: Record<string, unknown> = {}) {
	return executeContext({
		node: nodeOf('surveyFeedback', { authentication, resource: 'account', operation: 'getStatus' }),
		credentials: { [TYPE_OF[authentication]]: { apiKey: KEY, baseUrl: BASE, legacyBaseUrl: LEGACY, maxRetryWait: 0.007, ...extra } },
	});
}

function send(context: ReturnType<typeof harness>, request: Partial<ApiRequest> = {}, transport: Transport = testTransport()) {
	return transport.request(context, { method: 'GET', path: '/api/v2/ping', label: 'Account: Get Status', ...request });
}

/** Everything an error could show a user or a log, as one string. */
function everythingIn(error: any): string {
	return JSON.stringify(error, Object.getOwnPropertyNames(error)) + String(error.message) + String(error.description) + JSON.stringify(error.errorResponse ?? {}) + String(error.stack);
}

/** nock 14 needs an Error instance to fail the socket the way a real network failure does. */
function networkError(code: string, message: string) {
	return Object.assign(new Error(message), { code });
}

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

describe('credentials put the key in exactly one place', () => {
	test('X-Api-Key credential sends only the X-Api-Key header', async () => {
		const scope = nock(BASE, { badheaders: ['authorization'] })
			.get('/api/v2/ping')
			.matchHeader('x-api-key', KEY)
			.query((query) => !('api_key' in query))
			.reply(200, { message: 'Success.', code: 200, data: { plan: 'pro' } });
		await expect(send(harness('apiKeyHeader'))).resolves.toEqual({ message: 'Success.', code: 200, data: { plan: 'pro' } });
		scope.done();
	});

	test('legacy header credential sends only Authorization: api_key=', async () => {
		const scope = nock(BASE, { badheaders: ['x-api-key'] })
			.get('/api/v2/ping')
			.matchHeader('authorization', `api_key=${KEY}`)
			.query((query) => !('api_key' in query))
			.reply(200, {});
		await send(harness('legacyHeader'));
		scope.done();
	});

	test('query credential sends only ?api_key=', async () => {
		const scope = nock(BASE, { badheaders: ['x-api-key', 'authorization'] })
			.get('/api/v2/ping')
			.query({ api_key: KEY })
			.reply(200, {});
		await send(harness('queryParameter'));
		scope.done();
	});

	test.each(Object.keys(TYPE_OF) as Array<keyof typeof TYPE_OF>)(
		'legacy v1 calls with the %s credential go to the legacy base URL with Authorization: api_key=',
		async (authentication) => {
			const scope = nock(LEGACY, { badheaders: ['x-api-key'] })
				.get('/api/service/nps/score')
				.matchHeader('authorization', `api_key=${KEY}`)
				.query((query) => !('api_key' in query))
				.reply(200, { message: 'success', code: 200, data: { nps: 10 } });
			await send(harness(authentication), { path: '/api/service/nps/score' });
			scope.done();
		},
	);

	test('legacy calls fall back to the base URL when no legacy base URL is set', async () => {
		const scope = nock(BASE).get('/api/service/nps/score').matchHeader('authorization', `api_key=${KEY}`).reply(200, {});
		await send(harness('apiKeyHeader', { legacyBaseUrl: '' }), { path: '/api/service/nps/score' });
		scope.done();
	});

	test('the credential test request pings v2 with the credential applied', async () => {
		const { credentialTest } = await import('../credentials/common');
		expect(credentialTest.request.url).toBe('/api/v2/ping');
		expect(credentialTest.request.baseURL).toContain('$credentials.baseUrl');
	});
});

describe('URLs and query strings', () => {
	test('joinUrl leaves exactly one slash, keeps a path prefix', () => {
		expect(joinUrl('https://x.test/', '/api/v2/ping')).toBe('https://x.test/api/v2/ping');
		expect(joinUrl('https://x.test///', 'api/v2/ping')).toBe('https://x.test/api/v2/ping');
		expect(joinUrl('https://x.test/proxy/', '/api/v2/ping')).toBe('https://x.test/proxy/api/v2/ping');
	});

	test('attribute filters and email lists use the bracket form, empty values are dropped', () => {
		expect(
			flattenQuery({
				attributes: [
					{ name: 'country', op: 'equal', value: 'FR' },
					{ name: 'plan', op: 'in', value: 'pro,team' },
				],
				match: 'any',
				email: ['a@x.test', 'b@x.test'],
				startDate: '',
				page: 2,
			}),
		).toEqual({
			'attributes[0][name]': 'country',
			'attributes[0][op]': 'equal',
			'attributes[0][value]': 'FR',
			'attributes[1][name]': 'plan',
			'attributes[1][op]': 'in',
			'attributes[1][value]': 'pro,team',
			match: 'any',
			'email[0]': 'a@x.test',
			'email[1]': 'b@x.test',
			page: 2,
		});
	});

	test('a trailing slash in the base URL does not double the slash on the wire', async () => {
		const scope = nock(BASE)
			.get('/api/v2/customers')
			.query({ 'attributes[0][name]': 'plan', 'attributes[0][op]': 'exists', 'attributes[0][value]': 'true', limit: '1000' })
			.reply(200, {});
		await send(harness('apiKeyHeader', { baseUrl: `${BASE}/` }), {
			path: '/api/v2/customers',
			qs: { attributes: [{ name: 'plan', op: 'exists', value: 'true' }], limit: 1000 },
		});
		scope.done();
	});

	test('bodies go out as JSON', async () => {
		const scope = nock(BASE)
			.post('/api/v2/customers', { subscribers: [{ email: 'a@x.test' }] })
			.matchHeader('content-type', /application\/json/)
			.reply(200, { data: {} });
		await send(harness(), { method: 'POST', path: '/api/v2/customers', body: { subscribers: [{ email: 'a@x.test' }] } });
		scope.done();
	});
});

describe('each failure becomes a message a workflow builder understands', () => {
	const cases: Array<[string, number, string, RegExp, RegExp]> = [
		['GET', 400, 'Invalid date format. Use YYYY-MM-DD.', /Invalid date format\. Use YYYY-MM-DD\..*400/, /invalid/],
		['GET', 401, 'Please check your API Key', /API key was refused.*401/, /credential/],
		['POST', 403, 'Forbidden', /needs an API key with write permission.*403/, /read-only/],
		['GET', 403, 'Forbidden', /may not read this.*403/, /not allowed/],
		['GET', 404, 'Not found', /no such record in this account.*404/, /deleted.*another account/],
		['POST', 413, 'Filter matches more than 1000 customers', /too much: Filter matches more than 1000.*413/, /1000/],
	];
	test.each(cases)('%s answered %i', async (method, status, said, message, description) => {
		nock(BASE).intercept('/api/v2/x', method).reply(status, { message: said, code: status, data: null });
		const error = await send(harness(), { method: method as 'GET', path: '/api/v2/x', repeatable: false }).catch((e) => e);
		expect(error.message).toMatch(/^Account: Get Status failed: /);
		expect(error.message).toMatch(message);
		expect(error.description).toMatch(description);
		expect(error.httpCode).toBe(String(status));
	});

	test('5xx after the retries names the status and the tries', async () => {
		nock(BASE).get('/api/v2/ping').times(4).reply(503, 'busy');
		const error = await send(harness()).catch((e) => e);
		expect(error.message).toBe('Account: Get Status failed: the service answered HTTP 503 (4 tries over 0 s)');
		expect(error.description).toMatch(/Max Retry Wait/);
	});

	test('an HTML error page is reported as such', async () => {
		nock(BASE).get('/api/v2/ping').times(4).reply(502, '<html><body>Bad gateway</body></html>', { 'Content-Type': 'text/html' });
		const error = await send(harness()).catch((e) => e);
		expect(error.message).toMatch(/HTTP 502 \(an HTML page, often from a proxy\)/);
	});

	test('a 200 whose body is cut off fails clearly once the retries are spent', async () => {
		nock(BASE).get('/api/v2/ping').times(4).reply(200, '{"message":"Succ', { 'Content-Type': 'application/json' });
		const error = await send(harness()).catch((e) => e);
		expect(error.message).toMatch(/answered HTTP 200 with a body that is cut off or not JSON \(4 tries/);
	});

	test('a refused connection names the problem and the Base URL to check', async () => {
		nock(BASE).get('/api/v2/ping').times(4).replyWithError(networkError('ECONNREFUSED', 'connect ECONNREFUSED'));
		const error = await send(harness()).catch((e) => e);
		expect(error.message).toMatch(/^Account: Get Status failed: /);
		expect(error.message).toMatch(/connection was refused/);
		expect(error.description).toMatch(/Base URL/);
	});

	test('a timeout is reported as no answer', async () => {
		nock(BASE).get('/api/v2/ping').times(4).delay(200).reply(200, {});
		const error = await send(harness(), {}, testTransport({ requestTimeoutMs: 50 })).catch((e) => e);
		expect(error.message).toMatch(/no answer came in time/);
	});
});

describe('rate limit', () => {
	test('429 with Retry-After waits that long, then succeeds', async () => {
		const scope = nock(BASE)
			.get('/api/v2/ping').reply(429, { message: 'Too many requests' }, { 'Retry-After': '0' })
			.get('/api/v2/ping').reply(200, { ok: true });
		await expect(send(harness())).resolves.toEqual({ ok: true });
		scope.done();
	});

	test('429 without Retry-After backs off and retries, also for writes that must not repeat', async () => {
		const scope = nock(BASE)
			.post('/api/v2/survey').times(3).reply(429, { message: 'Too many requests' })
			.post('/api/v2/survey').reply(200, { ok: true });
		await expect(send(harness(), { method: 'POST', path: '/api/v2/survey', repeatable: false })).resolves.toEqual({ ok: true });
		scope.done();
	});

	test('a Retry-After past Max Rate Limit Wait fails at once, saying how long and until when in the workflow\'s zone; the account\'s next request fails the same way unsent', async () => {
		const scope = nock(BASE).get('/api/v2/ping').reply(429, {}, { 'Retry-After': '3600' });
		const transport = testTransport();
		const context = () => executeContext({ node: nodeOf('surveyFeedback', { authentication: 'apiKeyHeader', resource: 'account', operation: 'getStatus' }), credentials: { [TYPE_OF.apiKeyHeader]: { apiKey: 'held-account', baseUrl: BASE } }, timezone: 'Asia/Tokyo' });
		const refused = await send(context(), {}, transport).catch((e) => e);
		const asked = /^Account: Get Status failed: the service asked this account to wait 3600 s, until (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \(Asia\/Tokyo\) \[HTTP 429\]$/.exec(refused.message);
		expect(asked).not.toBeNull();
		// The moment, read back in Tokyo's zone, is an hour from now.
		const until = DateTime.fromFormat(asked![1], 'yyyy-MM-dd HH:mm:ss', { zone: 'Asia/Tokyo' }).toMillis();
		expect(Math.abs(until - (Date.now() + 3_600_000))).toBeLessThan(5_000);
		expect(refused.description).toMatch(/the credential's Max Rate Limit Wait is 120 s, so the node does not wait, and every request of this account from this n8n fails the same way until then/);
		expect(refused.httpCode).toBe('429');
		scope.done();

		// Another request of the account, another operation: the same error, and nothing sent (nock would refuse the connection).
		const next = await send(context(), { path: '/api/v2/feedback', label: 'Feedback: Get Many' }, transport).catch((e) => e);
		expect(next.message).toBe(refused.message.replace('Account: Get Status', 'Feedback: Get Many'));
	});

	test('without Retry-After, a backoff that would pass the credential bound is cut short for one last try', async () => {
		// Backoffs of 400 and then 640 ms (no jitter) against a bound of 1 s: tries at 0 and 0.4 s,
		// then, instead of 1.04 s, a last one at 1 s.
		const scope = nock(BASE).get('/api/v2/ping').times(3).reply(429, {});
		const transport = testTransport({ tuning: { backoff: { firstMs: 400, maxMs: 12_000 } } });
		const error = await send(harness('apiKeyHeader', { maxRateLimitWait: 1 }), {}, transport).catch((e) => e);
		expect(error.description).toMatch(/Max Rate Limit Wait/);
		scope.done();
	});

	test('the error states what the node knows of the limit: the service\'s headers when sent', async () => {
		nock(BASE).get('/api/v2/ping').reply(429, {}, { 'RateLimit-Policy': '"default";q=40;w=60', RateLimit: '"default";r=3;t=5' });
		const error = await send(harness('apiKeyHeader', { apiKey: 'headers-account', maxRateLimitWait: 0 })).catch((e) => e);
		expect(error.description).toMatch(/the service states 40 requests per minute; the credential allows at most 150 requests per minute/);
		expect(error.description).not.toMatch(/150 requests a minute/);
	});

	test('the error states what the node knows of the limit: without headers, what the service refused', async () => {
		nock(BASE).get('/api/v2/ping').reply(429, {});
		const h = harness('apiKeyHeader', { apiKey: 'no-headers-account', maxRateLimitWait: 0, rateLimitRequests: 40, rateLimitWindow: 10 });
		const error = await send(h).catch((e) => e);
		expect(error.description).toMatch(/the service refused every request this n8n process tried; the credential allows at most 40 requests per 10 s/);
	});

	test('0 as the bound fails at the first 429', async () => {
		const scope = nock(BASE).get('/api/v2/ping').reply(429, {});
		const error = await send(harness('apiKeyHeader', { maxRateLimitWait: 0 })).catch((e) => e);
		expect(error.httpCode).toBe('429');
		scope.done();
	});

	test('the transport takes a turn per request within the limit the credential states, so a full window makes it wait', async () => {
		nock(BASE).get('/api/v2/ping').times(3).reply(200, {});
		const h = harness('apiKeyHeader', { apiKey: 'stated-limit-account', rateLimitRequests: 2, rateLimitWindow: 0.15 });
		const transport = testTransport(); // its own limit, for credentials that state none: a million a minute
		const started = Date.now();
		for (let i = 0; i < 3; i++) await send(h, {}, transport);
		expect(Date.now() - started).toBeGreaterThanOrEqual(100); // the third request waited for the window
	});
});

describe('n8n\'s stop signal', () => {
	test('a context without one (n8n before 1.19, a poll, the editor) gives none, and no error', () => {
		expect(stopSignal({ getNode: () => ({}) } as unknown as ApiContext)).toBeUndefined();
	});

	test('a context whose signal is absent sends and retries as before', async () => {
		const context = harness();
		Object.defineProperty(context, 'getExecutionCancelSignal', { value: () => undefined });
		const scope = nock(BASE).get('/api/v2/ping').reply(500, {}).get('/api/v2/ping').reply(200, { ok: true });
		await expect(send(context)).resolves.toEqual({ ok: true });
		scope.done();
	});

	test('a stopped execution sends nothing: its next request fails at once, saying so', async () => {
		const context = harness();
		const stop = new AbortController();
		Object.defineProperty(context, 'getExecutionCancelSignal', { value: () => stop.signal });
		stop.abort();
		const error = await send(context, { method: 'POST', path: '/api/v2/survey', body: {}, repeatable: false }).catch((e) => e);
		expect(error.message).toBe('Account: Get Status failed: the execution was stopped');
		expect(error.description).toMatch(/sent nothing more/);
	});
});

describe('retries happen only where a repeat does no harm', () => {
	test('a read is retried after 5xx and network drops', async () => {
		const scope = nock(BASE)
			.get('/api/v2/feedback').reply(500, {})
			.get('/api/v2/feedback').replyWithError(networkError('ECONNRESET', 'socket hang up'))
			.get('/api/v2/feedback').reply(200, { data: { responses: [] } });
		await expect(send(harness(), { path: '/api/v2/feedback' })).resolves.toEqual({ data: { responses: [] } });
		scope.done();
	});

	test('an idempotent write marked repeatable is retried', async () => {
		const scope = nock(BASE).post('/api/v2/customers').reply(502, {}).post('/api/v2/customers').reply(200, { data: {} });
		await send(harness(), { method: 'POST', path: '/api/v2/customers', body: {}, repeatable: true });
		scope.done();
	});

	test('sending surveys is never repeated after a 5xx or a dropped connection', async () => {
		nock(BASE).post('/api/v2/survey').reply(503, {});
		const first = await send(harness(), { method: 'POST', path: '/api/v2/survey', body: {}, repeatable: false }).catch((e) => e);
		expect(first.httpCode).toBe('503');
		expect(nock.isDone()).toBe(true);

		nock(BASE).post('/api/v2/survey').replyWithError(networkError('ECONNRESET', 'socket hang up'));
		const second = await send(harness(), { method: 'POST', path: '/api/v2/survey', body: {}, repeatable: false }).catch((e) => e);
		expect(second.message).toMatch(/the connection was dropped, so /);
		expect(second.description).toMatch(/not repeated/);
		expect(nock.isDone()).toBe(true);
	});

	test('a 503 with Retry-After holds back every request of the account until then; a write is still not repeated', async () => {
		const transport = testTransport();
		const h = harness('apiKeyHeader', { apiKey: 'gateway-account' });
		nock(BASE).post('/api/v2/survey').reply(503, {}, { 'Retry-After': '1' });
		const refused = await send(h, { method: 'POST', path: '/api/v2/survey', body: {}, repeatable: false }, transport).catch((e) => e);
		expect(refused.httpCode).toBe('503');
		const answeredAt = Date.now();
		let readAt = 0;
		nock(BASE).get('/api/v2/ping').reply(200, () => ((readAt = Date.now()), {}));
		await send(h, {}, transport);
		expect(readAt - answeredAt).toBeGreaterThanOrEqual(950);
		expect(nock.isDone()).toBe(true);
	});

	test.each([
		['JSON', (scope: nock.Interceptor) => scope.reply(503, { message: 'Service temporarily unavailable.' })],
		['a proxy’s HTML page', (scope: nock.Interceptor) => scope.reply(503, '<html><head><title>503 Service Temporarily Unavailable</title></head><body>nginx</body></html>', { 'Content-Type': 'text/html' })],
		['no body', (scope: nock.Interceptor) => scope.reply(503)],
	])('a 503 with %s and no header holds back every request of the account for the pacer’s backoff', async (_, refuse) => {
		// The pacer's shortest first backoff: 0.5 s (without jitter here, its whole 0.5 s).
		const transport = testTransport({ tuning: { backoff: { firstMs: 500, maxMs: 12_000 } } });
		const h = harness('apiKeyHeader', { apiKey: 'proxied-account' });
		refuse(nock(BASE).post('/api/v2/survey'));
		const refused = await send(h, { method: 'POST', path: '/api/v2/survey', body: {}, repeatable: false }, transport).catch((e) => e);
		expect(refused.httpCode).toBe('503');
		expect(refused.description).toMatch(/sent once and not repeated.*how a proxy in front of the service refuses requests over its rate limit/);
		const answeredAt = Date.now();
		let readAt = 0;
		nock(BASE).get('/api/v2/ping').reply(200, () => ((readAt = Date.now()), {}));
		await send(h, {}, transport);
		expect(readAt - answeredAt).toBeGreaterThanOrEqual(495);
		expect(nock.isDone()).toBe(true);
	});

	test('a 502 or 500 without Retry-After is no refusal: nothing waits before the next request', async () => {
		const sleeps: number[] = [];
		const transport = testTransport({ clock: { ...realClock, random: () => 1, sleep: async (ms) => (sleeps.push(ms), await realClock.sleep(ms)) } });
		const h = harness('apiKeyHeader', { apiKey: 'broken-account' });
		for (const status of [502, 500]) {
			nock(BASE).post('/api/v2/survey').reply(status, {});
			await expect(send(h, { method: 'POST', path: '/api/v2/survey', body: {}, repeatable: false }, transport)).rejects.toThrow(new RegExp(`HTTP ${status}`));
			nock(BASE).get('/api/v2/ping').reply(200, {});
			await expect(send(h, {}, transport)).resolves.toEqual({});
		}
		expect(sleeps).toEqual([]);
	});

	test('POST defaults to not repeatable', async () => {
		nock(BASE).post('/api/v2/import').reply(500, {});
		await expect(send(harness(), { method: 'POST', path: '/api/v2/import', body: {} })).rejects.toThrow(/500/);
		expect(nock.isDone()).toBe(true);
	});
});

describe('the API key never appears in an error', () => {
	const failures: Array<[string, (scope: nock.Interceptor) => void]> = [
		['401 echoing the key', (s) => s.reply(401, { message: `Invalid key ${KEY}`, code: 401 })],
		['400 echoing the encoded key', (s) => s.reply(400, { message: `bad api_key=${encodeURIComponent(KEY)}` })],
		['404', (s) => s.reply(404, { message: 'Not found' })],
		['html 500', (s) => s.reply(500, `<html>${KEY}</html>`)],
		['network error naming the URL', (s) => s.replyWithError(networkError('ECONNREFUSED', `connect ECONNREFUSED ${BASE}/api/v2/survey?api_key=${KEY}`))],
		['not JSON', (s) => s.reply(200, `oops ${KEY}`)],
	];
	test.each(failures)('query credential, %s', async (_name, reply) => {
		reply(nock(BASE).post('/api/v2/survey').query(true));
		const error = await send(harness('queryParameter'), { method: 'POST', path: '/api/v2/survey', body: {}, repeatable: false }).catch((e) => e);
		expect(error).toBeInstanceOf(Error);
		const text = everythingIn(error);
		expect(text).not.toContain(KEY);
		expect(text).not.toContain(encodeURIComponent(KEY));
	});
});

describe('rate-limit headers, in every form the node reads', () => {
	const now = 1_700_000_000_000;
	test.each([
		['X-RateLimit with epoch seconds', { 'x-ratelimit-limit': '150', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': String(now / 1000 + 12) }, { limit: 150, remaining: 7, resetMs: 12_000 }],
		['X-RateLimit with seconds from now', { 'X-RateLimit-Limit': '150', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '3' }, { limit: 150, remaining: 0, resetMs: 3_000 }],
		['IETF RateLimit-*', { 'ratelimit-limit': '15', 'ratelimit-remaining': '2', 'ratelimit-reset': '4' }, { limit: 15, remaining: 2, resetMs: 4_000 }],
		['IETF RateLimit-Limit with its policy', { 'ratelimit-limit': '150, 150;w=60', 'ratelimit-remaining': '2', 'ratelimit-reset': '4' }, { limit: 150, remaining: 2, resetMs: 4_000, windowMs: 60_000 }],
		['IETF RateLimit and RateLimit-Policy', { ratelimit: '"default";r=9;t=30', 'ratelimit-policy': '"default";q=150;w=60' }, { limit: 150, remaining: 9, resetMs: 30_000, windowMs: 60_000 }],
		['an older RateLimit list', { ratelimit: 'limit=10, remaining=1, reset=2' }, { limit: 10, remaining: 1, resetMs: 2_000 }],
		['none', { 'content-type': 'application/json' }, undefined],
	])('%s', (_name, headers, expected) => {
		expect(rateLimitHeaders(headers, now)).toEqual(expected);
	});
});
