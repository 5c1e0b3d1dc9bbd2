/**
 * The pacer on virtual time, against a model of the service's limit (a sliding window counting the
 * requests it accepted): one process alone keeps to the documented limit without a single 429,
 * and processes that share an account converge on it through the 429s they meet.
 */
import { AccountPacer } from '../nodes/shared/transport';
import { VirtualClock } from './helpers/virtualClock';

const DOCUMENTED = { requests: 150, windowMs: 60_000 };

/** The service's limit: `requests` accepted per sliding `windowMs`; refused requests do not count. */
function slidingWindow(limit: { requests: number; windowMs: number }) {
	const accepted: number[] = [];
	return (at: number): { ok: boolean; retryAfterMs?: number } => {
		while (accepted.length && accepted[0] <= at - limit.windowMs) accepted.shift();
		if (accepted.length < limit.requests) {
			accepted.push(at);
			return { ok: true };
		}
		return { ok: false, retryAfterMs: accepted[0] + limit.windowMs - at };
	};
}

interface Run {
	ok: number;
	refused: number;
	spanMs: number;
	/** Accepted requests over what the limit allows in the span (a burst of one window, then its rate). */
	share: number;
}

async function simulate(options: {
	processes: number;
	loopsPerProcess?: number;
	requests: number;
	limit: { requests: number; windowMs: number };
	latencyMs?: number;
	retryAfter?: boolean;
}): Promise<Run> {
	const { processes, loopsPerProcess = 2, requests, limit, latencyMs = 30, retryAfter = false } = options;
	const clock = new VirtualClock();
	const service = slidingWindow(limit);
	let ok = 0;
	let refused = 0;
	let first = Infinity;
	let last = -Infinity;
	const loop = async (pacer: AccountPacer, count: number) => {
		for (let left = count; left > 0; ) {
			const turn = (await pacer.turn('account'))!;
			first = Math.min(first, clock.now());
			last = Math.max(last, clock.now());
			await clock.sleep(latencyMs / 2);
			const answer = service(clock.now());
			await clock.sleep(latencyMs / 2);
			turn.done(answer.ok ? { rateLimited: false } : { rateLimited: true, retryAfterMs: retryAfter ? answer.retryAfterMs : undefined });
			if (answer.ok) {
				ok++;
				left--;
			} else {
				refused++;
			}
		}
	};
	const perLoop = Math.ceil(requests / (processes * loopsPerProcess));
	const loops: Array<Promise<void>> = [];
	for (let p = 0; p < processes; p++) {
		const pacer = new AccountPacer(DOCUMENTED, clock);
		for (let l = 0; l < loopsPerProcess; l++) loops.push(loop(pacer, perLoop));
	}
	await clock.runUntil(Promise.all(loops));
	const spanMs = last - first;
	const run = { ok, refused, spanMs, share: ok / (limit.requests * (spanMs / limit.windowMs + 1)) };
	if (process.env.PACER_TRACE) console.log(JSON.stringify({ processes, limit, retryAfter, ...run }));
	return run;
}

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
		expect(run.spanMs).toBeLessThan(122_000);
	});

	test('learns a window shorter than documented from its first lockout', async () => {
		const run = await simulate({ processes: 1, requests: 600, limit: { requests: 15, windowMs: 6_000 } });
		expect(run.ok).toBe(600);
		expect(run.refused / (run.ok + run.refused)).toBeLessThan(0.02);
		expect(run.share).toBeGreaterThan(0.85);
	});
});

describe('processes sharing one account', () => {
	test.each([2, 4])('%i processes converge on the account limit, and every request succeeds in the end', async (processes) => {
		const run = await simulate({ processes, requests: 1_600, limit: DOCUMENTED });
		expect(run.ok).toBe(1_600);
		expect(run.refused / (run.ok + run.refused)).toBeLessThan(0.06);
		expect(run.share).toBeGreaterThan(0.8);
	});

	test('with Retry-After sent, they refuse fewer', async () => {
		const run = await simulate({ processes: 2, requests: 1_600, limit: DOCUMENTED, retryAfter: true });
		expect(run.ok).toBe(1_600);
		expect(run.refused / (run.ok + run.refused)).toBeLessThan(0.03);
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
		await expect(pacer.turn('a', clock.now() + 5_000)).resolves.toBeUndefined();
	});

	test('each account has its own budget', async () => {
		const clock = new VirtualClock();
		const pacer = new AccountPacer({ requests: 1, windowMs: 60_000 }, clock);
		(await pacer.turn('a'))!.done({ rateLimited: false });
		await expect(pacer.turn('a', clock.now())).resolves.toBeUndefined();
		await expect(pacer.turn('b', clock.now())).resolves.toBeDefined();
	});
});
