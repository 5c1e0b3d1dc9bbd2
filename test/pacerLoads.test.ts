/**
 * The pacer across loads, on virtual time (dev/pacing/simulation.ts): a workflow run again in the
 * same n8n process meets the pacer as the last run left it. After an idle time a new load starts
 * (docs/rate-limit.md, step 5): a clock-aligned window's Return All run again uses no more of the
 * limiter's windows than a perfect client, and the rate a refusal cut no longer holds a new load
 * back. Counts on virtual time (requests, refusals, windows), not timings.
 */
import { AccountPacer } from '../nodes/shared/transport';
import { DOCUMENTED, SHAPES, simulate } from '../dev/pacing/simulation';
import { VirtualClock } from '../dev/pacing/virtualClock';

describe('a Return All of 40 pages under a window of 15 fixed to the clock every 6 s, run again in the same process', () => {
	// As a user runs a workflow again in one n8n: the pacer keeps what it learnt of the run before. Started at every
	// half second of the window; the windows of the limiter its requests span, beside a perfect client's.
	const WINDOW_MS = 6_000;
	const windows = (from: number, spanMs: number) => Math.floor((from + spanMs) / WINDOW_MS) - Math.floor(from / WINDOW_MS) + 1;
	test.each([
		['the first in its process', undefined],
		['5 s after the first ended', 5_000],
		['20 s after the first ended', 20_000],
		['45 s after the first ended', 45_000],
	])('%s: every page read, in no more windows than a perfect client uses, at most 11 refused', async (_, againAfterMs) => {
		for (let i = 0; i < 12; i++) {
			const startAt = 1_700_000_040_000 + i * 500;
			const run = await simulate({ processes: 1, requests: 40, service: SHAPES.fixed15per6s, latencyMs: [15, 25], seed: i + 1, startAt, againAfterMs });
			expect(run.ok).toBe(40);
			expect(run.failed).toEqual([0]);
			expect(run.sentSoonAfterRefusal).toBe(0);
			expect(windows(run.firstSentAt, run.spanMs)).toBeLessThanOrEqual(windows(run.firstSentAt, run.leastMs));
			expect(run.refused).toBeLessThanOrEqual(11);
		}
	});
});

describe('a new load after a pause', () => {
	test('the rate a refusal cut no longer holds the workflow back: the next load goes at once, as a first one does', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer(DOCUMENTED, clock);
		// 15 accepted 0.1 s apart, then a refusal: the rate is cut to 0.7 of 16 in 1.5 s, about one request in 134 ms.
		for (let i = 0; i < 15; i++) {
			(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: false });
			await clock.runUntil(clock.sleep(100));
		}
		(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: true });
		(await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: false });
		const tenInARow = async () => {
			const start = clock.now();
			for (let i = 0; i < 10; i++) (await clock.runUntil(pacer.turn('a')))!.done({ rateLimited: false });
			return clock.now() - start;
		};
		expect(await tenInARow()).toBeGreaterThanOrEqual(900);
		// Two seconds later, with nothing out: a new load.
		await clock.runUntil(clock.sleep(2_000));
		expect(await tenInARow()).toBe(0);
	});
});
