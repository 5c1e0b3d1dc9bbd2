/**
 * Processes sharing one account, on virtual time, against a model of the service's limit (a sliding
 * window counting the requests it accepted, at the moment they arrive). Requests take a random
 * 10–60 ms there and back, so that processes drift as real ones do. Used by test/pacer.test.ts and
 * by bench/pacerModel.ts.
 */
import { credentialProperties } from '../../credentials/common';
import { AccountPacer, type PacerTuning, type RateLimit } from '../../nodes/shared/transport';
import { VirtualClock } from './virtualClock';

export const DOCUMENTED = { requests: 150, windowMs: 60_000 };

/** How long a request may wait from its first 429 before it fails, by the credential's default. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = Number(credentialProperties().find((p) => p.name === 'maxRateLimitWait')!.default) * 1000;

/** The service's limit: `requests` accepted per sliding `windowMs`; refused requests do not count. */
function slidingWindow(limit: RateLimit) {
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

export interface Run {
	ok: number;
	refused: number;
	spanMs: number;
	/** Accepted requests over what the limit allows in the span (a burst of one window, then its rate). */
	share: number;
	/** When each process's last request was answered, from the first request. */
	finishedMs: number[];
	/** Per process, from its start: when its first request was accepted. */
	firstAcceptedMs: number[];
	/**
	 * Per process: the longest a request waited from its first 429 to being accepted, which is
	 * what the credential's Max Rate Limit Wait counts (0: never refused).
	 */
	longestRefusedWaitMs: number[];
	/**
	 * Per process: requests that gave up at Max Rate Limit Wait (the credential's default), as the
	 * transport's do; each fails its execution, which then sends nothing more.
	 */
	failed: number[];
}

export async function simulate(options: {
	processes: number;
	loopsPerProcess?: number;
	/** All requests, split evenly over the processes' loops, unless requestsPerProcess is given. */
	requests: number;
	/** Requests of each process (split over its loops). */
	requestsPerProcess?: number[];
	/** The service's limit. */
	limit: RateLimit;
	/** The limit the credential states; by default the service's. */
	stated?: RateLimit | 'none';
	/** When each process starts, ms. */
	startsMs?: number[];
	retryAfter?: boolean;
	/** Seeds the latencies and the pacer's jitter. */
	seed?: number;
	/** The pacer's tuning; its defaults when absent. */
	tuning?: PacerTuning;
}): Promise<Run> {
	const { processes, loopsPerProcess = 2, requests, limit, startsMs = [], retryAfter = false } = options;
	const stated = options.stated === 'none' ? undefined : (options.stated ?? limit);
	const clock = new VirtualClock(options.seed === undefined ? {} : { seed: options.seed });
	const service = slidingWindow(limit);
	const start = clock.now();
	let ok = 0;
	let refused = 0;
	let first = Infinity;
	let last = -Infinity;
	const finishedMs: number[] = [];
	const firstAcceptedMs: number[] = [];
	const longestRefusedWaitMs: number[] = new Array(processes).fill(0);
	const failed: number[] = new Array(processes).fill(0);
	const loop = async (p: number, pacer: AccountPacer, count: number) => {
		let refusedSince: number | undefined;
		for (let left = count; left > 0; ) {
			const deadline = refusedSince === undefined ? undefined : refusedSince + DEFAULT_MAX_RATE_LIMIT_WAIT_MS;
			const turn = await pacer.turn('account', { limit: stated, deadline });
			if (!turn) {
				failed[p]++;
				return;
			}
			const latencyMs = 10 + clock.random() * 50;
			await clock.sleep(latencyMs / 2);
			const answer = service(clock.now());
			first = Math.min(first, clock.now());
			last = Math.max(last, clock.now());
			await clock.sleep(latencyMs / 2);
			turn.done(answer.ok ? { rateLimited: false } : { rateLimited: true, retryAfterMs: retryAfter ? answer.retryAfterMs : undefined });
			if (answer.ok) {
				ok++;
				left--;
				firstAcceptedMs[p] ??= clock.now() - start - (startsMs[p] ?? 0);
				if (refusedSince !== undefined) longestRefusedWaitMs[p] = Math.max(longestRefusedWaitMs[p], clock.now() - refusedSince);
				refusedSince = undefined;
			} else {
				refused++;
				refusedSince ??= clock.now();
			}
		}
	};
	const runs: Array<Promise<void>> = [];
	for (let p = 0; p < processes; p++) {
		const pacer = new AccountPacer(DOCUMENTED, clock, options.tuning);
		const process = async () => {
			await clock.sleep(startsMs[p] ?? 0);
			const perLoop = Math.ceil((options.requestsPerProcess?.[p] ?? requests / processes) / loopsPerProcess);
			await Promise.all(Array.from({ length: loopsPerProcess }, () => loop(p, pacer, perLoop)));
			finishedMs[p] = clock.now() - start;
		};
		runs.push(process());
	}
	await clock.runUntil(Promise.all(runs));
	const spanMs = last - first;
	const run = { ok, refused, spanMs, share: ok / (limit.requests * (spanMs / limit.windowMs + 1)), finishedMs, firstAcceptedMs, longestRefusedWaitMs, failed };
	if (process.env.PACER_TRACE) console.log(JSON.stringify({ processes, limit, retryAfter, ...run }));
	return run;
}

export const refusedShare = (run: Run) => run.refused / (run.ok + run.refused);

/** A newcomer's load and the long loads it starts beside (single requests, at the documented limit). */
export const NEWCOMER = { requests: 20, longLoad: 1_500 };

/**
 * `holders` processes start long loads at once; `startMs` later a newcomer (the last process)
 * starts a short one. At the documented limit unless another is given.
 */
export function simulateNewcomer(options: { holders: number; startMs: number; seed: number; limit?: RateLimit }): Promise<Run> {
	const { holders, startMs, seed, limit = DOCUMENTED } = options;
	return simulate({
		processes: holders + 1,
		loopsPerProcess: 1,
		requests: holders * NEWCOMER.longLoad + NEWCOMER.requests,
		requestsPerProcess: [...Array<number>(holders).fill(NEWCOMER.longLoad), NEWCOMER.requests],
		limit,
		startsMs: [...Array<number>(holders).fill(0), startMs],
		seed,
	});
}
