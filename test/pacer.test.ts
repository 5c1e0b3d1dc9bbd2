/**
 * The pacer on virtual time (test/helpers/pacerSimulation.ts): one process alone keeps to the limit
 * without a single 429, and processes that share an account settle on shares of it through the few
 * 429s they meet.
 */
import { AccountPacer, DEFAULT_TUNING } from '../nodes/shared/transport';
import { DOCUMENTED, NEWCOMER, refusedShare, simulate, simulateNewcomer } from './helpers/pacerSimulation';
import { VirtualClock } from './../dev/pacing/virtualClock';

describe('one process alone', () => {
	test('sends a short job at once', async () => {
		const run = await simulate({ processes: 1, requests: 20, limit: DOCUMENTED });
		expect(run.refused).toBe(0);
		expect(run.spanMs).toBeLessThan(1_000);
	});

	test('keeps to the documented limit without a single 429: 150 at once, then 150 a window', async () => {
		const run = await simulate({ processes: 1, requests: 400, limit: DOCUMENTED });
		expect(run.refused).toBe(0);
		expect(run.ok).toBe(400);
		// 150 in the first window, 150 once it has passed, the last 100 a window later.
		expect(run.spanMs).toBeGreaterThanOrEqual(120_000);
		expect(run.spanMs).toBeLessThan(123_000);
	});

	test('keeps to the limit the credential states, also a much shorter window', async () => {
		const run = await simulate({ processes: 1, requests: 600, limit: { requests: 15, windowMs: 6_000 } });
		expect(run.ok).toBe(600);
		expect(run.refused).toBe(0);
		expect(run.share).toBeGreaterThan(0.95);
	});

	test('without a stated limit, meets a smaller one once and keeps to it from then on', async () => {
		const run = await simulate({ processes: 1, requests: 500, limit: { requests: 100, windowMs: 60_000 }, stated: 'none' });
		expect(run.ok).toBe(500);
		// The two requests in flight when the window filled, then a growth probe now and then.
		expect(run.refused).toBeLessThanOrEqual(6);
		// Refused now and then, it takes the account for shared and lends a slot now and then: its
		// last window, which needs every slot, ends a lend (17 s) later.
		expect(run.share).toBeGreaterThan(0.94);
	});
});

describe('processes sharing one account', () => {
	test.each([2, 4])('%i processes settle on shares of the limit, use it, and every request succeeds in the end', async (processes) => {
		const run = await simulate({ processes, requests: 1_600, limit: DOCUMENTED });
		expect(run.ok).toBe(1_600);
		expect(refusedShare(run)).toBeLessThan(0.04);
		expect(run.share).toBeGreaterThan(0.9);
	});

	test.each([2, 4])('%i processes on a limit of 15 per 6 s: few refusals though each holds a handful of requests', async (processes) => {
		const run = await simulate({ processes, requests: 600, limit: { requests: 15, windowMs: 6_000 } });
		expect(run.ok).toBe(600);
		expect(refusedShare(run)).toBeLessThan(0.05);
		expect(run.share).toBeGreaterThan(0.8);
	});

	test.each([
		[2, 2],
		[4, 1],
	])('%i processes with work for exactly two windows finish in two: the spare slots one leaves, the others find', async (processes, loopsPerProcess) => {
		for (const seed of [1, 2, 3, 4, 5]) {
			const run = await simulate({ processes, loopsPerProcess, requests: 300, limit: DOCUMENTED, seed });
			expect(run.ok).toBe(300);
			// Shares taken at the first 429 never match the work to the request: whoever needs more
			// finds, in the second window, the slots the others no longer use (else a third window).
			expect(run.spanMs).toBeLessThan(DOCUMENTED.windowMs + 5_000);
			expect(refusedShare(run)).toBeLessThan(0.05);
		}
	});

	test('a process that starts while another holds the whole limit gets in, grows, and the limit stays used', async () => {
		const runs = [];
		for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
			const run = await simulate({ processes: 2, loopsPerProcess: 1, requests: 600, limit: DOCUMENTED, startsMs: [0, 30_000], seed });
			expect(run.ok).toBe(600);
			expect(refusedShare(run)).toBeLessThan(0.05);
			// The newcomer, left a slot or two, would need a window for each of its requests.
			expect(run.finishedMs[1]).toBeLessThan(5 * DOCUMENTED.windowMs);
			runs.push(run);
		}
		const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
		// The limit admits the 600 requests in three windows and a bit; now and then the newcomer's
		// last requests miss it by a few seconds and go a window later.
		expect(median(runs.map((r) => r.finishedMs[1]))).toBeLessThan(4 * DOCUMENTED.windowMs);
		expect(median(runs.map((r) => r.share))).toBeGreaterThan(0.9);
	});

	test.each([
		[1, 10_000],
		[2, 10_000],
		[3, 10_000],
		[2, 100_000],
		[3, 100_000],
	])('beside %i process(es) that keep the whole limit busy with long loads, one starting %i ms later gets in before Max Rate Limit Wait runs out', async (holders, startMs) => {
		for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
			const run = await simulateNewcomer({ holders, startMs, seed });
			// Refused while the others held every slot, it got in when one of them left a slot free
			// (10 s after two or three, in some runs only with its last try, at Max Rate Limit Wait),
			// and kept a slot of its own from then on.
			expect(run.failed[holders]).toBe(0);
			expect(run.ok).toBe(holders * NEWCOMER.longLoad + NEWCOMER.requests);
		}
	});

	test('with Retry-After sent, every request still succeeds and few are refused', async () => {
		const run = await simulate({ processes: 2, requests: 1_600, limit: DOCUMENTED, retryAfter: true });
		expect(run.ok).toBe(1_600);
		expect(refusedShare(run)).toBeLessThan(0.02);
	});
});

describe('turns', () => {
	test('after a 429, nothing leaves before Retry-After has passed, and one request probes first', async () => {
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
		expect(sentAt[0]).toBe(3_000);
		// The others waited for the probe's answer.
		expect(Math.min(sentAt[1], sentAt[2])).toBeGreaterThanOrEqual(3_100);
	});

	test('gives up instead of waiting past a deadline', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		(await pacer.turn('a'))!.done({ rateLimited: true, retryAfterMs: 10_000 });
		await expect(pacer.turn('a', { deadline: clock.now() + 5_000 })).resolves.toBeUndefined();
	});

	test('a request held back by the pacer\'s own backoff gets one last try at its deadline, not before, and none after', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock, { ...DEFAULT_TUNING, firstBackoffMs: 20_000 });
		// Refused while holding nothing: the next try waits 10 to 20 s.
		(await pacer.turn('a'))!.done({ rateLimited: true });
		const deadline = clock.now() + 5_000;
		const turn = await clock.runUntil(pacer.turn('a', { deadline }));
		expect(turn).toBeDefined();
		expect(clock.now()).toBe(deadline);
		turn!.done({ rateLimited: true });
		await expect(pacer.turn('a', { deadline })).resolves.toBeUndefined();
	});

	test('each account has its own budget', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer({ requests: 1, windowMs: 60_000 }, clock);
		(await pacer.turn('a'))!.done({ rateLimited: false });
		await expect(pacer.turn('a', { deadline: clock.now() })).resolves.toBeUndefined();
		await expect(pacer.turn('b', { deadline: clock.now() })).resolves.toBeDefined();
	});
});
