/**
 * The pacer on virtual time (dev/pacing/simulation.ts) against limiters drawn from the family of
 * dev/simulator/limiterFamily.ts, with fixed seeds: on every one of them it keeps its promises (the
 * credential's ceiling, Retry-After, a backoff of at least 0.5 s after a refusal without it, no
 * request given up that a perfect client would have got through within Max Rate Limit Wait), and
 * processes sharing a limit come to similar shares. How much of each limit it uses is measured by
 * bench/pacerModel.ts on 200 drawn limiters; the tests here hold what must never break.
 */
import { AccountPacer, DEFAULT_TUNING } from '../nodes/shared/transport';
import { DEFAULT_MAX_RATE_LIMIT_WAIT_MS, DOCUMENTED, SHAPES, perfectClient, refusedShare, simulate } from '../dev/pacing/simulation';
import { VirtualClock } from '../dev/pacing/virtualClock';
import { drawLimiter, tenWindowsOfRequests } from '../dev/simulator/limiterFamily';
import { describeRateLimit, NGINX_LIMIT_REQ } from '../dev/simulator/ratelimit';

/** Drawn limiters; short loads (40 requests) and long ones (ten of the limiter's windows, at most 600 requests here). */
const DRAWN = Array.from({ length: 16 }, (_, i) => drawLimiter(101 + i));

describe.each([1, 2, 4])('%i process(es) on drawn limiters', (processes) => {
	test.each(DRAWN.map((drawn) => [describeRateLimit(drawn.service), drawn] as const))('%s: the ceiling, Retry-After and the backoff kept; nothing given up that could get through', async (_, drawn) => {
		for (const long of [false, true]) {
			const window = Math.ceil(tenWindowsOfRequests(drawn, processes) / processes) * processes;
			const requests = long ? Math.min(600, Math.max(100, window)) : 40;
			const run = await simulate({ processes, requests, service: drawn.service, latencyMs: drawn.latencyMs, seed: drawn.seed });
			expect(run.mostInCeilingWindow).toBeLessThanOrEqual(DOCUMENTED.requests);
			expect(run.retryAfterUndercut).toBe(0);
			expect(run.sentSoonAfterRefusal).toBe(0);
			if (run.perfectLongestWaitMs <= DEFAULT_MAX_RATE_LIMIT_WAIT_MS) {
				expect(run.failed).toEqual(new Array(processes).fill(0));
				expect(run.ok).toBe(requests);
			}
		}
	});
});

describe('the perfect client the pacer is judged against', () => {
	test('serves first come, first served: four executions sharing a token bucket of 2.5 a second each wait about four tokens, not for the others to finish', () => {
		const { longestWaitMs } = perfectClient(SHAPES.tokenBucket, [[75], [75], [75], [75]], [], 1_700_000_040_000, 10);
		// A token every 400 ms, four executions taking turns: 1.6 s and the answer's time. Served in array order,
		// the last execution would wait for most of the others' work (87 s), and a give-up beside it go unjudged.
		expect(longestWaitMs).toBeLessThanOrEqual(2_000);
	});
});

describe('processes that rate-limit headers hold back, beside one the limit refused', () => {
	// Two limits at once, the headers and Retry-After on: the processes the headers hold back come back at each
	// reset, the refused one on a Retry-After in whole seconds, later. Cut by the headers' word that nothing
	// remains, the former spread their requests, and the latter finds room within Max Rate Limit Wait.
	test.each([
		[68, 4],
		[551, 4],
		[712, 2],
	])('drawn limiter %i, %i processes, ten windows of work: nothing given up', async (seed, processes) => {
		const drawn = drawLimiter(seed);
		const requests = tenWindowsOfRequests(drawn, processes);
		const run = await simulate({ processes, requests, service: drawn.service, latencyMs: drawn.latencyMs, seed });
		expect(run.perfectLongestWaitMs).toBeLessThanOrEqual(DEFAULT_MAX_RATE_LIMIT_WAIT_MS);
		expect(run.failed).toEqual(new Array(processes).fill(0));
		expect(run.ok).toBe(requests);
	});
});

describe('processes sharing a limit', () => {
	test.each([
		['a token bucket of 2.5 a second', 0.8, SHAPES.tokenBucket],
		// Within the first window each cuts once per run of refusals: the one that got more keeps more a while.
		['a sliding 15 per 6 s', 0.7, SHAPES.sliding15per6s],
		["a window of 150 fixed to the clock's minute", 0.8, SHAPES.fixedMinute],
	])('under %s, two with the same work come to similar shares (the first done at least %p of the last one\'s time)', async (_, ratio, service) => {
		for (const seed of [1, 2, 3]) {
			const run = await simulate({ processes: 2, requests: 1_200, service, seed });
			expect(run.ok).toBe(1_200);
			expect(Math.min(...run.finishedMs) / Math.max(...run.finishedMs)).toBeGreaterThanOrEqual(ratio);
			// A process waiting out a blocked window tries at least every 12 s (see DEFAULT_TUNING).
			expect(refusedShare(run)).toBeLessThanOrEqual(0.12);
		}
	});
});

describe("workers whose window fills before the clock's minute turns, every minute", () => {
	test('four with ten minutes of work: each tries a few times a blocked minute, not ten (at most 12 % refused)', async () => {
		for (const seed of [1, 2, 3]) {
			const run = await simulate({ processes: 4, requests: 1_500, service: SHAPES.fixedMinute, seed });
			expect(run.ok).toBe(1_500);
			expect(run.share).toBeGreaterThanOrEqual(0.85);
			expect(refusedShare(run)).toBeLessThanOrEqual(0.12);
		}
	});
});

describe('processes that a limiter counting refused requests keeps refusing', () => {
	// Every refused try uses the limit too: unless the tries thin out, the processes keep each other out for good.
	test.each([
		['told the same Retry-After (GCRA, 1.17 a second, bursts of 1)', 2, 40, { shape: 'gcra', ratePerSecond: 1.17, burst: 1, retryAfter: true, headers: 'none', countRefused: true }, [10, 20]],
		['told the same Retry-After (GCRA, 1.8 a second, bursts of 4)', 4, 200, { shape: 'gcra', ratePerSecond: 1.8, burst: 4, retryAfter: true, headers: 'none', countRefused: true }, [10, 20]],
		['answered in about a second (GCRA, 0.9 a second, bursts of 13)', 2, 200, { shape: 'gcra', ratePerSecond: 0.9, burst: 13, retryAfter: false, headers: 'none', countRefused: true }, [800, 1_600]],
	] as const)('%s: %i processes all get through', async (_, processes, requests, service, latencyMs) => {
		for (const seed of [1, 2, 3]) {
			const run = await simulate({ processes, requests, service, latencyMs: [...latencyMs], seed });
			expect(run.failed).toEqual(new Array(processes).fill(0));
			expect(run.ok).toBe(requests);
		}
	});
});

describe('a process that a limiter counting refused requests refuses', () => {
	// A minute after it sent about two a second, a slot of its own window frees every half second: tries timed by
	// them alone would keep a sliding 19 per 10 s that counts them full (33 refused of 153 on seed 2).
	test('under a sliding 19 per 10 s, 120 requests: its own tries do not keep it out (at most 25 refused)', async () => {
		for (const seed of [1, 2, 3, 4, 5]) {
			const run = await simulate({ processes: 1, requests: 120, service: { shape: 'sliding', limit: 19, windowMs: 10_000, retryAfter: false, headers: 'none', countRefused: true }, latencyMs: [10, 20], seed });
			expect(run.ok).toBe(120);
			expect(run.refused).toBeLessThanOrEqual(25);
			expect(run.sentSoonAfterRefusal).toBe(0);
		}
	});
});

describe("behind nginx's limit_req (503 with an HTML page, no Retry-After, no headers)", () => {
	test.each([1, 2, 4])('%i process(es), 120 single reads: all through, none within 0.5 s of a refusal', async (processes) => {
		for (const seed of [1, 2, 3]) {
			const run = await simulate({ processes, requests: 120, service: NGINX_LIMIT_REQ, latencyMs: [10, 20], seed });
			expect(run.ok).toBe(120);
			expect(run.failed).toEqual(new Array(processes).fill(0));
			expect(run.refused).toBeGreaterThan(0);
			expect(run.sentSoonAfterRefusal).toBe(0);
		}
	});
});

describe('workers sharing the documented limit (four executions, 300 requests)', () => {
	test.each([2, 4])('%i processes: done in the second window, at most 10 %% refused (17 %% with four)', async (processes) => {
		for (const seed of [1, 2, 3]) {
			const run = await simulate({ processes, executionsPerProcess: 4 / processes, requests: 300, service: SHAPES.documented, seed });
			expect(run.ok).toBe(300);
			expect(run.share).toBeGreaterThanOrEqual(0.95);
			// Each waits out the blocked minute trying at least every 12 s (docs/rate-limit.md, what it cannot do).
			expect(refusedShare(run)).toBeLessThanOrEqual(processes === 2 ? 0.1 : 0.17);
		}
	});

	test.each([2, 4])('%i processes with the rate-limit headers: at most 2 %% refused', async (processes) => {
		for (const seed of [1, 2, 3]) {
			const run = await simulate({ processes, executionsPerProcess: 4 / processes, requests: 300, service: SHAPES.documentedWithHeaders, seed });
			expect(run.ok).toBe(300);
			expect(run.share).toBeGreaterThanOrEqual(0.95);
			expect(refusedShare(run)).toBeLessThanOrEqual(0.02);
		}
	});
});

describe('one process alone', () => {
	test('under the documented limit: no 429, 150 at once, then each as a slot of the window frees', async () => {
		const run = await simulate({ processes: 1, requests: 400, service: SHAPES.documented });
		expect(run.refused).toBe(0);
		expect(run.ok).toBe(400);
		// 150 in the first window, 150 once it has passed, the last 100 a window later (each slot
		// frees up to a second after its window, at random).
		expect(run.spanMs).toBeGreaterThanOrEqual(120_000);
		expect(run.spanMs).toBeLessThan(127_000);
	});

	test('under the documented limit, 200 requests take at most 2 % longer than a perfect client', async () => {
		const run = await simulate({ processes: 1, requests: 200, service: SHAPES.documented });
		expect(run.refused).toBe(0);
		expect(run.spanMs).toBeLessThanOrEqual(run.leastMs * 1.02);
	});

	test('sends a short job at once', async () => {
		const run = await simulate({ processes: 1, requests: 20, service: SHAPES.documented });
		expect(run.refused).toBe(0);
		expect(run.spanMs).toBeLessThan(1_500);
	});

	test("keeps below a ceiling lower than the service's limit, and meets no 429", async () => {
		const ceiling = { requests: 10, windowMs: 6_000 };
		const run = await simulate({ processes: 1, requests: 100, service: SHAPES.sliding15per6s, ceiling });
		expect(run.refused).toBe(0);
		expect(run.mostInCeilingWindow).toBeLessThanOrEqual(10);
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
			expect(run.failed).toEqual(new Array(holders + 1).fill(0));
			expect(run.ok).toBe(holders * 1_500 + 20);
		}
	});
});

/**
 * One request after another through a pacer whose ceiling (600 a minute) is above the account's `limit` per
 * `windowMs`, windows fixed to the clock, which the headers count down: only they hold it back. Returns when each
 * request left, in ms from the start, once `more` says to stop.
 */
async function sendUnderHeaders(limit: number, windowMs: number, more: (sent: number[], elapsedMs: number) => boolean): Promise<number[]> {
	const clock = new VirtualClock();
	const pacer = new AccountPacer({ requests: 600, windowMs: 60_000 }, clock);
	const start = clock.now();
	const sent: number[] = [];
	while (more(sent, clock.now() - start)) {
		const turn = (await clock.runUntil(pacer.turn('a')))!;
		const elapsed = clock.now() - start;
		sent.push(elapsed);
		const window = Math.floor(elapsed / windowMs);
		const inWindow = sent.filter((at) => Math.floor(at / windowMs) === window).length;
		turn.done({ rateLimited: false, headers: { remaining: limit - inWindow, resetMs: (window + 1) * windowMs - elapsed } });
	}
	return sent;
}

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

	test("the headers' word that nothing remains cuts the rate once a window: the allowance of each reset is then spread", async () => {
		const sent = await sendUnderHeaders(4, 1_000, (_, elapsed) => elapsed < 62_000);
		const of = (second: number) => sent.filter((at) => Math.floor(at / 1_000) === second);
		// Its first cut is from a burst, not a rate: until a window has passed, each reset's four leave at once.
		expect(of(59)).toEqual([59_000, 59_001, 59_002, 59_003]);
		// Cut at 60 s to 0.7 of the 4 a second it sent: the next second's four are spread over it.
		expect(of(61)).toHaveLength(4);
		expect(Math.min(...of(61).slice(1).map((at, i) => at - of(61)[i]))).toBeGreaterThanOrEqual(200);
	});

	/** How long a lent slot stays free: the longest backoff, so that a process trying that often finds it. */
	const LEND_S = DEFAULT_TUNING.backoff.maxMs / 1_000;

	test(`a process the headers hold back leaves one of their slots free for ${LEND_S} s every 30 s, from a window and 30 s on`, async () => {
		const perSecond: number[] = [];
		for (const at of await sendUnderHeaders(4, 1_000, (_, elapsed) => elapsed < 130_000)) {
			const second = Math.floor(at / 1_000);
			perSecond[second] = (perSecond[second] ?? 0) + 1;
		}
		const lent = (second: number) => (second >= 90 && second < 90 + LEND_S) || (second >= 120 && second < 120 + LEND_S);
		expect(perSecond.slice(0, 130)).toEqual(perSecond.slice(0, 130).map((_, second) => (lent(second) ? 3 : 4)));
	});

	test(`the slot it leaves free is free for ${LEND_S} s, not until the headers reset`, async () => {
		// The account: 10 a minute, the headers counting down to the minute's end.
		const sent = await sendUnderHeaders(10, 60_000, (sent) => sent.length < 30);
		// Held back since the first minute, it lends from 90 s on: in the third minute, its tenth request waits out the lend
		// (the others leave as the minute turns, a millisecond apart at the rate the headers' cut grew back to).
		expect(sent.slice(20, 29).every((at) => at >= 120_000 && at < 120_010)).toBe(true);
		expect(sent[29]).toBe(sent[28] + LEND_S * 1_000);
	});

	test('once answers come without rate-limit headers, their last word no longer counts', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		(await pacer.turn('a'))!.done({ rateLimited: false, headers: { remaining: 1, resetMs: 60_000 } });
		(await pacer.turn('a'))!.done({ rateLimited: false });
		const start = clock.now();
		(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: false });
		expect(clock.now()).toBe(start);
	});

	test('a 429 without Retry-After: nothing for 0.5 to 1 s, longer with each refusal in a row, one try at a time; then the rate CUBIC cut from what was sent', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		for (let i = 0; i < 15; i++) {
			const turn = (await clock.runUntil(pacer.turn('a')))!;
			await clock.runUntil(clock.sleep(100));
			turn.done({ rateLimited: false });
		}
		(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: true });
		// 16 sent over 1.5 s: the service admitted about 640 a minute.
		expect(pacer.known('a').admittedPerMinute).toBeCloseTo((16 / 1.5) * 60, -1);
		const waits: number[] = [];
		for (let refusals = 1; refusals <= 3; refusals++) {
			const refusedAt = clock.now();
			const [first, second] = [clock.runUntil(pacer.turn('a')), pacer.turn('a')];
			const turn = (await first)!;
			waits.push(clock.now() - refusedAt);
			// The second waits while the first try is out.
			turn.done({ rateLimited: true });
			(await clock.runUntil(second))!.done({ rateLimited: true });
		}
		expect(waits[0]).toBeGreaterThanOrEqual(500);
		expect(waits[0]).toBeLessThanOrEqual(1_000);
		// 1.6-fold ceilings with jitter between half and all of them (the second and third refusal in a row).
		expect(waits[1]).toBeGreaterThanOrEqual(0.5 * 1_000 * 1.6 ** 2);
		expect(waits[2]).toBeGreaterThanOrEqual(0.5 * 1_000 * 1.6 ** 4);
		// Within its first window the tries of one run of refusals cut the rate once: the rate sent so far is a burst.
		expect(pacer.known('a').admittedPerMinute).toBeCloseTo((16 / 1.5) * 60, -1);
	});

	test('Retry-After is the least wait after a 429: refused again and again, the tries thin out beyond it', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		const waits: number[] = [];
		for (let refusals = 0; refusals < 6; refusals++) {
			const before = clock.now();
			(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: true, retryAfterMs: 1_000 });
			waits.push(clock.now() - before);
		}
		expect(Math.min(...waits.slice(1))).toBeGreaterThanOrEqual(1_000);
		// After the fifth refusal in a row, the backoff's ceiling is 1 s × 1.6⁴, the wait at least half of it.
		expect(waits[5]).toBeGreaterThanOrEqual(0.5 * 1_000 * 1.6 ** 4);
	});

	test('after a refusal, the backoff ends by the moment its oldest accepted request leaves the window', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock, { backoff: { ...DEFAULT_TUNING.backoff, firstMs: 40_000, maxMs: 40_000 } });
		const start = clock.now();
		for (let i = 0; i < 30; i++) (await pacer.turn('a'))!.done({ rateLimited: false });
		await clock.runUntil(clock.sleep(50_000));
		(await pacer.turn('a'))!.done({ rateLimited: true });
		// A backoff of 20 to 40 s, but the requests answered at the start leave the window 60 s after it (and up to 1 s
		// more). The rate the refusal cut, 0.7 of 31 in 50 s, would allow a try 2.3 s after it: no later bound.
		(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: false });
		expect(clock.now() - start).toBeGreaterThanOrEqual(60_000);
		expect(clock.now() - start).toBeLessThanOrEqual(61_000);
	});

	test('refused again and again, a process that held a steady rate tries no more often than the rate the refusals cut, though a slot of its window frees every second', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		// One request a second for a minute, all accepted: from then on one of them leaves the window every second.
		for (let i = 0; i < 60; i++) {
			(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: false });
			await clock.runUntil(clock.sleep(1_000));
		}
		// Then refused for 30 s, as by a limiter that counts refused requests and is kept full by them.
		const refusedFrom = clock.now();
		let tries = 0;
		while (clock.now() - refusedFrom < 30_000) {
			(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: true });
			tries++;
		}
		// Each refusal cuts the rate to 0.7 of what was sent, so the tries thin out: about 11 in 30 s. Timed by the
		// slots leaving the window alone, there would be one a second or more.
		expect(tries).toBeLessThanOrEqual(15);
	});

	/** A run of refusals on account a, from its first refusal until runMs later: returns the wait after that first refusal. */
	async function runOfRefusals(pacer: AccountPacer, clock: VirtualClock, runMs: number): Promise<number> {
		(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: true });
		const runStart = clock.now();
		let firstWait: number | undefined;
		for (;;) {
			const turn = (await clock.runUntil(pacer.turn('a')))!;
			firstWait ??= clock.now() - runStart;
			const refused = clock.now() - runStart < runMs;
			turn.done({ rateLimited: refused });
			if (!refused) return firstWait;
		}
	}

	/** A pacer that remembers a run of refusals of 20 s, from 59 s to past its first window (which began at 0). */
	async function pacerAfterARunOf20s(clock: VirtualClock): Promise<AccountPacer> {
		const pacer = new AccountPacer(DOCUMENTED, clock);
		(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: false });
		// A request answered 59 s later: the load goes on meanwhile, it is not idle.
		const slow = (await clock.runUntil(pacer.turn('a')))!;
		await clock.runUntil(clock.sleep(59_000));
		slow.done({ rateLimited: false });
		// Nothing remembered yet: the tries start 0.5 to 1 s apart, as a first run's do.
		expect(await runOfRefusals(pacer, clock, 20_000)).toBeLessThanOrEqual(1_000);
		return pacer;
	}

	test('past its first window, a run of refusals starts its backoff from how long the last run lasted', async () => {
		const clock = new VirtualClock();
		const pacer = await pacerAfterARunOf20s(clock);
		// The next run's first wait: half to all of 1.5 times the last run (20 s or more), which the
		// request accepted at 59 s, leaving the window at 119 s to 120 s, does not cut short here.
		expect(await runOfRefusals(pacer, clock, 1)).toBeGreaterThanOrEqual(15_000);
	});

	test.each([
		['a whole window without a request', DOCUMENTED.windowMs + 1_000],
		// Longer than the backoff's first step, and than its bucket, at the rate the run cut, would hold a request back.
		['a pause of the workflow of 20 s, with nothing out or held back', 20_000],
	])('after %s, a run of refusals starts its backoff afresh', async (_, pauseMs) => {
		const clock = new VirtualClock();
		const pacer = await pacerAfterARunOf20s(clock);
		await clock.runUntil(clock.sleep(pauseMs));
		expect(await runOfRefusals(pacer, clock, 1)).toBeLessThanOrEqual(1_000);
	});

	test('gives up instead of waiting past a deadline', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		(await pacer.turn('a'))!.done({ rateLimited: true, retryAfterMs: 10_000 });
		await expect(pacer.turn('a', { deadline: clock.now() + 5_000 })).resolves.toBeUndefined();
	});

	// A clock that is not whole milliseconds (as the model's) must not lose that try to rounding.
	test.each([5_000, 5_000.5])("a request held back by the pacer's own backoff gets one last try at its deadline (%p ms on), not before, and none after", async (inMs) => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock, { backoff: { ...DEFAULT_TUNING.backoff, firstMs: 20_000 } });
		// Refused: the next try waits 10 to 20 s.
		(await pacer.turn('a'))!.done({ rateLimited: true });
		const deadline = clock.now() + inMs;
		const turn = await clock.runUntil(pacer.turn('a', { deadline }));
		expect(turn).toBeDefined();
		// At the deadline, to the clock's millisecond.
		expect(clock.now() - deadline).toBeGreaterThanOrEqual(0);
		expect(clock.now() - deadline).toBeLessThan(1);
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
		expect(pacer.known('a')).toEqual({ ceiling: DOCUMENTED, stated: undefined, admittedPerMinute: undefined, waitMs: 0 });
		for (let i = 0; i < 30; i++) (await pacer.turn('a'))!.done({ rateLimited: false });
		await clock.runUntil(clock.sleep(1_000));
		(await pacer.turn('a'))!.done({ rateLimited: true });
		// 31 sent within the last second.
		expect(pacer.known('a').admittedPerMinute).toBeCloseTo(31 * 60, 0);
		(await clock.runUntil(pacer.turn('b')))!.done({ rateLimited: false, headers: { limit: 100, windowMs: 60_000, remaining: 99, resetMs: 1_000 } });
		expect(pacer.known('b').stated).toEqual({ requests: 100, windowMs: 60_000 });
	});
});
