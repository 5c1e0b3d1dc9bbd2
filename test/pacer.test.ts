/**
 * The pacer on virtual time (dev/pacing/simulation.ts), against the simulator's own limiters: for
 * each shape, with and without Retry-After, one process and three keep their promises (every
 * request succeeds, few are refused, the credential's ceiling is never exceeded, Retry-After is
 * never undercut), and one process alone under the documented limit meets no 429. How much of the
 * limit each case uses is measured by bench/pacerModel.ts; the tests hold the floors it shows.
 */
import { AccountPacer, DEFAULT_TUNING } from '../nodes/shared/transport';
import { DOCUMENTED, SHAPES, SLIDING_150_PER_6S, refusedShare, simulate } from '../dev/pacing/simulation';
import { VirtualClock } from '../dev/pacing/virtualClock';
import { drawLimiter, longestWindowMs } from '../dev/simulator/limiterFamily';
import { describeRateLimit } from '../dev/simulator/ratelimit';

const SEEDS = [1, 2, 3];
/** A credential that states the 15 per 6 s the service keeps. */
const STATED_15_PER_6S = { requests: 15, windowMs: 6_000 };

describe.each(Object.keys(SHAPES))('against the limiter %s', (name) => {
	describe.each([false, true])('Retry-After %s', (retryAfter) => {
		const service = { ...SHAPES[name], retryAfter };

		test.each([
			[1, 5],
			[3, 10],
		])('%i process(es): every request succeeds, at most %i %% refused, the ceiling kept, Retry-After never undercut', async (processes, percent) => {
			for (const seed of SEEDS) {
				const run = await simulate({ processes, executionsPerProcess: 2, requests: 600, service, seed });
				expect(run.failed).toEqual(new Array(processes).fill(0));
				expect(run.ok).toBe(600);
				expect(refusedShare(run)).toBeLessThanOrEqual(percent / 100);
				expect(run.mostInCeilingWindow).toBeLessThanOrEqual(DOCUMENTED.requests);
				expect(run.retryAfterUndercut).toBe(0);
			}
		});
	});
});

/** Limiters drawn from the family (dev/simulator/limiterFamily.ts); bench/pacerModel.ts --family runs 200. */
const DRAWN = Array.from({ length: 16 }, (_, i) => drawLimiter(101 + i));

describe.each([1, 2, 4])('%i process(es) on drawn limiters', (processes) => {
	test.each(DRAWN.map((drawn) => [describeRateLimit(drawn.service), drawn] as const))('%s: the ceiling kept, nothing before Retry-After, nothing within 0.5 s of a refusal without it', async (_, drawn) => {
		for (const long of [false, true]) {
			const window = Math.ceil((10 * longestWindowMs(drawn.service) * Math.min(150 * processes, drawn.perMinute)) / 60_000 / processes) * processes;
			const requests = long ? Math.min(600, Math.max(100, window)) : 40;
			const run = await simulate({ processes, requests, service: drawn.service, latencyMs: drawn.latencyMs, seed: drawn.seed });
			expect(run.mostInCeilingWindow).toBeLessThanOrEqual(DOCUMENTED.requests);
			expect(run.retryAfterUndercut).toBe(0);
			expect(run.sentSoonAfterRefusal).toBe(0);
		}
	});
});

describe('one process alone', () => {
	test('under the documented limit: no 429, 150 at once, then each as a slot of the window frees', async () => {
		const run = await simulate({ processes: 1, requests: 400, service: SHAPES.documented });
		expect(run.refused).toBe(0);
		expect(run.ok).toBe(400);
		// 150 in the first window, 150 once it has passed, the last 100 a window later.
		expect(run.spanMs).toBeGreaterThanOrEqual(120_000);
		expect(run.spanMs).toBeLessThan(125_000);
	});

	test('sends a short job at once', async () => {
		const run = await simulate({ processes: 1, requests: 20, service: SHAPES.documented });
		expect(run.refused).toBe(0);
		expect(run.spanMs).toBeLessThan(1_500);
	});

	test.each([
		['sliding15per6s', 0.85],
		['tokenBucket', 0.88],
	])('with the credential at its defaults, under %s, uses most of what the limiter allows', async (name, share) => {
		for (const seed of SEEDS) {
			const run = await simulate({ processes: 1, requests: 300, service: SHAPES[name], seed });
			expect(run.share).toBeGreaterThanOrEqual(share);
			expect(refusedShare(run)).toBeLessThanOrEqual(0.05);
		}
	});

	test('keeps below a ceiling lower than the service\'s limit, and meets no 429', async () => {
		const ceiling = { requests: 10, windowMs: 6_000 };
		const run = await simulate({ processes: 1, requests: 100, service: SHAPES.sliding15per6s, ceiling });
		expect(run.refused).toBe(0);
		expect(run.mostInCeilingWindow).toBeLessThanOrEqual(10);
	});
});

describe('processes sharing one account under the documented limit', () => {
	test.each([2, 4])('%i processes, 300 requests in four executions: done in the second window, at most 2 %% refused (3 with four)', async (processes) => {
		for (const seed of SEEDS) {
			const run = await simulate({ processes, executionsPerProcess: 4 / processes, requests: 300, service: SHAPES.documented, seed });
			expect(run.ok).toBe(300);
			expect(run.share).toBeGreaterThanOrEqual(0.95);
			expect(refusedShare(run)).toBeLessThanOrEqual(processes === 2 ? 0.02 : 0.03);
		}
	});

	test.each([2, 4])('%i processes with the rate-limit headers: at most 2 %% refused', async (processes) => {
		for (const seed of SEEDS) {
			const run = await simulate({ processes, executionsPerProcess: 4 / processes, requests: 300, service: SHAPES.documentedWithHeaders, seed });
			expect(run.ok).toBe(300);
			expect(run.share).toBeGreaterThanOrEqual(0.95);
			expect(refusedShare(run)).toBeLessThanOrEqual(0.02);
		}
	});
});

describe('processes pacing at a rate under a token bucket', () => {
	test('two processes come to equal rates: neither is left far behind, so the load ends near the least time', async () => {
		// Quick answers (8–12 ms) let one process take the refilled tokens first; a rise by a share
		// of the rate would keep the other behind, and its half of the load would end alone, slowly.
		for (let seed = 1; seed <= 12; seed++) {
			const run = await simulate({ processes: 2, executionsPerProcess: 2, requests: 300, latencyMs: [8, 12], service: SHAPES.tokenBucket, seed });
			expect(run.ok).toBe(300);
			expect(run.share).toBeGreaterThanOrEqual(0.75);
			expect(refusedShare(run)).toBeLessThanOrEqual(0.1);
		}
	});

	test('once one process finishes, the other soon takes what it leaves: above the rate last refused, the rate grows by a share of itself', async () => {
		// Three quarters of the load on one process: it goes on alone for half the run, from half the limit.
		for (const seed of SEEDS) {
			const run = await simulate({ processes: 2, requests: 300, requestsPerProcess: [225, 75], latencyMs: [10, 20], service: SHAPES.tokenBucket, seed });
			expect(run.ok).toBe(300);
			expect(run.finishedMs[1]).toBeLessThan(run.finishedMs[0] / 2);
			expect(run.share).toBeGreaterThanOrEqual(0.78);
		}
	});

	test('four processes, each with a small part of the limit, find the rest soon: the rate grows at least 1 % a second', async () => {
		// Each learns about one request in two seconds from its early try; 2 % a request alone would take minutes to find the rest.
		for (const seed of SEEDS) {
			const run = await simulate({ processes: 4, requests: 300, latencyMs: [10, 20], service: SHAPES.tokenBucket, seed });
			expect(run.ok).toBe(300);
			expect(run.share).toBeGreaterThanOrEqual(0.8);
			expect(refusedShare(run)).toBeLessThanOrEqual(0.1);
		}
	});

	test('with Retry-After, an early try a second after the burst does not take the burst for a rate: four processes, at most 8 % refused', async () => {
		for (const seed of SEEDS) {
			const run = await simulate({ processes: 4, requests: 300, service: { ...SHAPES.tokenBucket, retryAfter: true }, seed });
			expect(run.ok).toBe(300);
			expect(refusedShare(run)).toBeLessThanOrEqual(0.08);
		}
	});
});

describe('processes keeping to shares of the window the credential states', () => {
	test('four that start 30 ms apart take uneven shares; once the larger ones finish, the others find what they left within eight windows', async () => {
		// 15 per 6 s, stated as such: the first to start holds most of the window and ends early; one
		// that holds two slots would wait 1 / (3 % × 2) = 17 windows for its next try beyond them
		// (50 % to 58 % of the limit used). Within eight windows: 74 % to 83 %, by where the tries fall.
		for (const seed of SEEDS) {
			const run = await simulate({ processes: 4, requests: 120, latencyMs: [10, 20], ceiling: STATED_15_PER_6S, service: SHAPES.sliding15per6s, startsMs: [0, 30, 60, 90], seed });
			expect(run.ok).toBe(120);
			expect(run.share).toBeGreaterThanOrEqual(0.7);
			expect(run.mostInCeilingWindow).toBeLessThanOrEqual(15);
		}
	});

	test('a try beyond the share that falls due late in a wait for its own slots goes at the start of the next: four 0.1 s apart at a stated 150 per 6 s use at least 95 %', async () => {
		// The last to start holds 27 slots: a try every 1.2 windows. Going only in the first half of a
		// wait, a try due in the second half waited a whole cycle, and the last worker found what the
		// others left 6 s after they finished (77 % of the limit used).
		for (const seed of SEEDS) {
			const run = await simulate({ processes: 4, requests: 600, latencyMs: [10, 20], ceiling: { requests: 150, windowMs: 6_000 }, service: SLIDING_150_PER_6S, startsMs: [0, 100, 200, 300], seed });
			expect(run.ok).toBe(600);
			expect(run.share).toBeGreaterThanOrEqual(0.95);
			expect(run.mostInCeilingWindow).toBeLessThanOrEqual(150);
		}
	});
});

describe('a process that holds nothing of a small limit', () => {
	test('waits up to a window between tries, not a quarter of it: two processes 0.1 s apart at a stated 15 per 6 s refuse at most 15 %', async () => {
		// The second finds the window full; trying every 1.5 s would cost four 429s a window, a quarter of the limit.
		for (const seed of SEEDS) {
			const run = await simulate({ processes: 2, executionsPerProcess: 2, requests: 120, latencyMs: [10, 20], ceiling: STATED_15_PER_6S, service: SHAPES.sliding15per6s, startsMs: [0, 100], seed });
			expect(run.ok).toBe(120);
			expect(run.share).toBeGreaterThanOrEqual(0.85);
			expect(refusedShare(run)).toBeLessThanOrEqual(0.15);
		}
	});
});

describe('a worker that starts while others keep the whole documented limit busy', () => {
	test.each([
		[1, 10_000],
		[3, 10_000],
		[2, 100_000],
	])('beside %i process(es) with long loads, one starting %i ms later gets in before Max Rate Limit Wait runs out', async (holders, startMs) => {
		for (const seed of [1, 2, 3, 4, 5]) {
			const run = await simulate({
				processes: holders + 1,
				requests: holders * 1_500 + 20,
				requestsPerProcess: [...Array<number>(holders).fill(1_500), 20],
				service: SHAPES.documented,
				startsMs: [...Array<number>(holders).fill(0), startMs],
				seed,
			});
			// The busy ones leave a slot free now and then; its tries find one.
			expect(run.failed).toEqual(new Array(holders + 1).fill(0));
			expect(run.ok).toBe(holders * 1_500 + 20);
		}
	});
});

describe('turns', () => {
	test('after a 429, nothing leaves before Retry-After has passed', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		const start = clock.now();
		(await pacer.turn('a'))!.done({ rateLimited: true, retryAfterMs: 3_000 });
		const sentAt: number[] = [];
		const send = async () => {
			const turn = (await pacer.turn('a'))!;
			sentAt.push(clock.now() - start);
			await clock.sleep(100);
			turn.done({ rateLimited: false });
		};
		await clock.runUntil(Promise.all([send(), send(), send()]));
		expect(Math.min(...sentAt)).toBe(3_000);
	});

	test('when the headers say nothing remains, nothing leaves before their Reset; while some remains, at once', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		const start = clock.now();
		(await pacer.turn('a'))!.done({ rateLimited: false, headers: { remaining: 1, resetMs: 5_000 } });
		(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: false, headers: { remaining: 0, resetMs: 5_000 } });
		expect(clock.now()).toBe(start);
		const turn = await clock.runUntil(pacer.turn('a'));
		expect(clock.now() - start).toBe(5_000);
		turn!.done({ rateLimited: false });
	});

	test('once answers come without rate-limit headers, their last word no longer counts: a 429 slows the node again', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		const start = clock.now();
		for (let i = 0; i < 10; i++) (await pacer.turn('a'))!.done({ rateLimited: false, headers: { remaining: 140 - i, resetMs: 60_000 } });
		for (let i = 0; i < 5; i++) (await pacer.turn('a'))!.done({ rateLimited: false });
		(await pacer.turn('a'))!.done({ rateLimited: true });
		// As without headers ever: the share is the 15 it holds, one request tries an eighth of the window early.
		const next = await clock.runUntil(pacer.turn('a'));
		expect(clock.now() - start).toBe(DOCUMENTED.windowMs / 8);
		next!.done({ rateLimited: false });
	});

	test('a 429 while holding part of the window: the share is what it held; one request tries an eighth of the window early, and accepted, the node paces at the rate the service admitted', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		const start = clock.now();
		for (let i = 0; i < 15; i++) (await pacer.turn('a'))!.done({ rateLimited: false });
		(await pacer.turn('a'))!.done({ rateLimited: true });
		const early = await clock.runUntil(pacer.turn('a'));
		expect(clock.now() - start).toBe(DOCUMENTED.windowMs / 8);
		early!.done({ rateLimited: false });
		// 16 accepted over 7.5 s: about one every 470 ms from now on.
		const next = await clock.runUntil(pacer.turn('a'));
		expect(clock.now() - start - DOCUMENTED.windowMs / 8).toBeGreaterThan(400);
		expect(clock.now() - start - DOCUMENTED.windowMs / 8).toBeLessThan(500);
		next!.done({ rateLimited: false });
		expect(pacer.known('a').admittedPerMinute).toBeCloseTo((16 / 7.5) * 60, 0);
	});

	test('gives up instead of waiting past a deadline', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		(await pacer.turn('a'))!.done({ rateLimited: true, retryAfterMs: 10_000 });
		await expect(pacer.turn('a', { deadline: clock.now() + 5_000 })).resolves.toBeUndefined();
	});

	test("a request held back by the pacer's own backoff gets one last try at its deadline, not before, and none after", async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock, { ...DEFAULT_TUNING, firstBackoffMs: 20_000 });
		// Refused while holding nothing: the next try waits 10 to 15 s.
		(await pacer.turn('a'))!.done({ rateLimited: true });
		const deadline = clock.now() + 5_000;
		const turn = await clock.runUntil(pacer.turn('a', { deadline }));
		expect(turn).toBeDefined();
		expect(clock.now()).toBe(deadline);
		turn!.done({ rateLimited: true });
		await expect(pacer.turn('a', { deadline })).resolves.toBeUndefined();
	});

	test('each account has its own ceiling', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer({ requests: 1, windowMs: 60_000 }, clock);
		(await pacer.turn('a'))!.done({ rateLimited: false });
		await expect(pacer.turn('a', { deadline: clock.now() })).resolves.toBeUndefined();
		await expect(pacer.turn('b', { deadline: clock.now() })).resolves.toBeDefined();
	});

	test('what it knows of the limit: the headers, else what the service admitted', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		expect(pacer.known('a')).toEqual({ ceiling: DOCUMENTED, stated: undefined, admittedPerMinute: undefined });
		for (let i = 0; i < 30; i++) (await pacer.turn('a'))!.done({ rateLimited: false });
		(await pacer.turn('a'))!.done({ rateLimited: true });
		expect(pacer.known('a').admittedPerMinute).toBe(30);
		(await clock.runUntil(pacer.turn('b')))!.done({ rateLimited: false, headers: { limit: 100, windowMs: 60_000, remaining: 99, resetMs: 1_000 } });
		expect(pacer.known('b').stated).toEqual({ requests: 100, windowMs: 60_000 });
	});
});
