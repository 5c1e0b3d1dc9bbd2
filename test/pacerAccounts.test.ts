/**
 * The pacer's accounts, on virtual time: which it keeps and when it drops them, the service's word
 * that holds a turn past its deadline, and n8n's stop signal ending a turn's wait. How each
 * account paces is test/pacer.test.ts's.
 */
import { AccountPacer, DEFAULT_TUNING } from '../nodes/shared/transport';
import { DOCUMENTED } from '../dev/pacing/simulation';
import { VirtualClock } from '../dev/pacing/virtualClock';

describe('the accounts it keeps', () => {
	test('an account idle for its ceiling\'s window after its last answer is dropped, and one waiting or in flight is not; a new Rate Limit is a new entry', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		for (const account of ['a', 'b', 'c']) (await pacer.turn(account))!.done({ rateLimited: false });
		// The same account under another Rate Limit (the credential's was changed) is another entry.
		(await pacer.turn('a', { ceiling: { requests: 10, windowMs: 10_000 } }))!.done({ rateLimited: false });
		expect(pacer.size).toBe(4);
		// 'b' sends again 50 s on, and 'c' has a request out when the first window has passed.
		await clock.runUntil(clock.sleep(50_000));
		(await pacer.turn('b'))!.done({ rateLimited: false });
		const out = (await pacer.turn('c'))!;
		// A window (and its release jitter) after their last answer, 'a' under both limits is dropped.
		await clock.runUntil(clock.sleep(DOCUMENTED.windowMs * (1 + 1 / 60) - 50_000));
		(await pacer.turn('d'))!.done({ rateLimited: false });
		expect(pacer.size).toBe(3);
		out.done({ rateLimited: false });
		// 'b', 'c' and 'd' go too once idle as long.
		await clock.runUntil(clock.sleep(DOCUMENTED.windowMs * 2));
		await pacer.turn('e');
		expect(pacer.size).toBe(1);
	});

	test('an account the service asked to wait is kept until then, however long', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		(await pacer.turn('a'))!.done({ rateLimited: true, retryAfterMs: 3_600_000 });
		await clock.runUntil(clock.sleep(3_599_000));
		expect(pacer.known('a').hold).toEqual({ until: clock.now() + 1_000, askedMs: 3_600_000 });
		await expect(pacer.turn('a', { deadline: clock.now() })).resolves.toBeUndefined();
		await clock.runUntil(clock.sleep(1_000 + DOCUMENTED.windowMs * 2));
		await pacer.turn('b');
		expect(pacer.size).toBe(1);
	});
});

describe('the service\'s word past a deadline', () => {
	test('a turn whose deadline falls before a Retry-After ends fails at once; one whose deadline reaches it waits for it', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		(await pacer.turn('a'))!.done({ rateLimited: true, retryAfterMs: 30_000 });
		const start = clock.now();
		await expect(clock.runUntil(pacer.turn('a', { deadline: start + 29_000 }))).resolves.toBeUndefined();
		expect(clock.now()).toBe(start);
		expect(pacer.known('a').hold).toEqual({ until: start + 30_000, askedMs: 30_000 });
		await expect(clock.runUntil(pacer.turn('a', { deadline: start + 120_000 }))).resolves.toBeDefined();
		expect(clock.now() - start).toBeGreaterThanOrEqual(30_000);
	});

	test('so does one when the headers say nothing remains until a reset past it', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		(await pacer.turn('a'))!.done({ rateLimited: false, headers: { remaining: 0, resetMs: 50_000 } });
		const start = clock.now();
		await expect(clock.runUntil(pacer.turn('a', { deadline: start + 5_000 }))).resolves.toBeUndefined();
		expect(clock.now()).toBe(start);
		expect(pacer.known('a').hold).toEqual({ until: start + 50_000, askedMs: 50_000 });
	});
});

describe('a stopped execution', () => {
	test.each([
		['a Retry-After', { rateLimited: true, retryAfterMs: 60_000 }],
		['its backoff after a refusal', { rateLimited: true }],
		['the headers\' reset', { rateLimited: false, headers: { remaining: 0, resetMs: 60_000 } }],
	])('ends a turn waiting on %s, and takes none after', async (_, outcome) => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock, { backoff: { ...DEFAULT_TUNING.backoff, firstMs: 40_000, maxMs: 40_000 } });
		(await pacer.turn('a'))!.done(outcome);
		const stop = new AbortController();
		const start = clock.now();
		const waiting = pacer.turn('a', { deadline: start + 120_000, signal: stop.signal });
		await clock.runUntil(clock.sleep(1_000));
		stop.abort();
		await expect(clock.runUntil(waiting)).resolves.toBeUndefined();
		expect(clock.now() - start).toBe(1_000);
		await expect(pacer.turn('a', { signal: stop.signal })).resolves.toBeUndefined();
	});

	test('ends a turn waiting on the ceiling', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer({ requests: 1, windowMs: 60_000 }, clock);
		(await pacer.turn('a'))!.done({ rateLimited: false });
		const stop = new AbortController();
		const waiting = pacer.turn('a', { signal: stop.signal });
		await clock.runUntil(clock.sleep(5_000));
		stop.abort();
		await expect(clock.runUntil(waiting)).resolves.toBeUndefined();
	});
});
