/**
 * n8n processes sharing one account, on virtual time, against the simulator's own rate limiters
 * (dev/simulator/ratelimit.ts: sliding, fixed or token bucket, with or without Retry-After and
 * rate-limit headers). Each process runs the node's pacer; each of its executions sends its
 * requests one after the other, as Customer › Get over many items or a Return All does. The
 * service counts a request when it arrives, halfway through its random 10–60 ms (single records)
 * or 60–160 ms (pages) there and back, so processes drift as real ones do. The answers carry the
 * limiter's headers, read by the transport's own parser. Used by test/pacer.test.ts and
 * bench/pacerModel.ts.
 */
import { CREDENTIAL_DEFAULTS, DOCUMENTED_RATE_LIMIT } from '../../credentials/defaults';
import { AccountPacer, rateLimitHeaders, retryAfterMs, type Clock, type RateLimit, type Turn, type TurnOptions } from '../../nodes/shared/transport';
import { createLimiter, DEFAULT_RATE_LIMIT, limitHeaders, type RateLimitConfig } from '../simulator/ratelimit';
import { VirtualClock } from './virtualClock';

export const DOCUMENTED: RateLimit = { ...DOCUMENTED_RATE_LIMIT };
/** How long a request may wait from its first 429 before it fails, by the credential's default. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = CREDENTIAL_DEFAULTS.maxRateLimitWaitSeconds * 1000;

/** The limiter shapes the benchmark and the tests run against; all admit 150 a minute in the long run. */
export const SHAPES: Record<string, RateLimitConfig> = {
	documented: DEFAULT_RATE_LIMIT,
	sliding15per6s: { shape: 'sliding', limit: 15, windowMs: 6_000, retryAfter: false, headers: 'none' },
	fixedMinute: { shape: 'fixed', limit: 150, windowMs: 60_000, retryAfter: false, headers: 'none' },
	fixed15per6s: { shape: 'fixed', limit: 15, windowMs: 6_000, retryAfter: false, headers: 'none' },
	tokenBucket: { shape: 'tokenBucket', ratePerSecond: 2.5, burst: 10, retryAfter: false, headers: 'none' },
	documentedWithHeaders: { ...DEFAULT_RATE_LIMIT, headers: 'ietf' },
};

/** The documented limit's 150 slots on a window ten times shorter (bench scenario 5's other limit). */
export const SLIDING_150_PER_6S: RateLimitConfig = { shape: 'sliding', limit: 150, windowMs: 6_000, retryAfter: false, headers: 'none' };

/** The two loads of the benchmark: a Return All (pages, one after the other) and single records. */
export const LOADS = {
	returnAll: { requests: 60, latencyMs: [60, 160] as [number, number] },
	singles: { requests: 300, latencyMs: [10, 60] as [number, number] },
};

export interface Run {
	ok: number;
	refused: number;
	/** From the first request sent to the last answer. */
	spanMs: number;
	/** The same, for a perfect client that sends whenever the limiter admits (same executions, mean latency). */
	leastMs: number;
	/** When its first request was sent, epoch ms: where a window fixed to the clock falls. */
	firstSentAt: number;
	/** leastMs / spanMs. */
	share: number;
	/** The least time for a perfect client that also keeps to the credential's ceiling in each process. */
	leastWithinCeilingMs: number;
	/** The most requests one process sent within any window of the credential's ceiling. */
	mostInCeilingWindow: number;
	/** Requests a process sent before a Retry-After it had been given had passed. */
	retryAfterUndercut: number;
	/** When each process's last request was answered, from the start. */
	finishedMs: number[];
	/** Per process, from its start: when its first request was accepted. */
	firstAcceptedMs: number[];
	/** Per process: the longest a request waited from its first 429 to being accepted. */
	longestRefusedWaitMs: number[];
	/** Per process: requests that gave up at Max Rate Limit Wait; each fails its execution, which then sends nothing more. */
	failed: number[];
	/** The longest any request waited, from when its execution was ready to send it to the send that was accepted. */
	longestWaitMs: number;
	/** The same for the perfect client within the ceiling. */
	perfectLongestWaitMs: number;
	/** Requests a process sent less than 0.5 s after it was refused without a Retry-After. */
	sentSoonAfterRefusal: number;
}

/** What the simulation needs of a pacer: the node's, or another to compare it with. */
export interface PacerLike {
	turn(account: string, options?: TurnOptions): Promise<Turn | undefined>;
}

export interface SimulationOptions {
	processes: number;
	/** Executions per process, running at once; each sends its requests one after the other. */
	executionsPerProcess?: number;
	/** All requests, split evenly over the executions, unless requestsPerProcess is given. */
	requests: number;
	requestsPerProcess?: number[];
	service: RateLimitConfig;
	/** The credential's Rate Limit; the default's. */
	ceiling?: RateLimit;
	latencyMs?: [number, number];
	/** When each process starts, ms. */
	startsMs?: number[];
	/** Seeds the latencies, the pacer's jitter and where in a clock-aligned window the run starts. */
	seed?: number;
	/** Each process's pacer; the node's by default. */
	pacer?: (ceiling: RateLimit, clock: Clock) => PacerLike;
	/** The credential's Max Rate Limit Wait; its default when absent. */
	maxRateLimitWaitMs?: number;
	/** When the run starts, epoch ms; by default somewhere in a minute, by the seed. */
	startAt?: number;
	/**
	 * The same load ran before in the same processes and ended this long before this one starts, as a
	 * workflow run again in one n8n: their pacers keep what they learnt. The figures are this run's;
	 * the promises (the ceiling, Retry-After, the half second after a refusal, nothing given up) are
	 * counted over both.
	 */
	againAfterMs?: number;
}

export async function simulate(options: SimulationOptions): Promise<Run> {
	const { processes, executionsPerProcess = 1, requests, service, startsMs = [], latencyMs = LOADS.singles.latencyMs } = options;
	const ceiling = options.ceiling ?? DOCUMENTED;
	const seed = options.seed ?? 7;
	// Somewhere in a minute, by the seed: a clock-aligned window starts at a different moment of the run.
	const startAt = options.startAt ?? 1_700_000_040_000 + ((seed * 23) % 60) * 1000;
	const clock = new VirtualClock({ start: startAt, seed });
	const service$ = createLimiter(service);
	let ok = 0;
	let refused = 0;
	let first = Infinity;
	let last = -Infinity;
	const sentAt: number[][] = Array.from({ length: processes }, () => []);
	const retryAfterUntil: number[] = new Array(processes).fill(0);
	let retryAfterUndercut = 0;
	const finishedMs: number[] = [];
	const firstAcceptedMs: number[] = [];
	const longestRefusedWaitMs: number[] = new Array(processes).fill(0);
	const failed: number[] = new Array(processes).fill(0);
	const refusedPlainlyAt: number[] = new Array(processes).fill(-Infinity);
	let sentSoonAfterRefusal = 0;
	let longestWaitMs = 0;
	/** When the limiter admitted each request, and those of them before this run (see againAfterMs). */
	const admitted: number[] = [];
	let admittedBefore: number[] = [];
	const counts = perExecution(options);
	const maxWaitMs = options.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS;

	const execution = async (p: number, pacer: PacerLike, count: number) => {
		let refusedSince: number | undefined;
		let readyAt = clock.now();
		for (let left = count; left > 0; ) {
			// The transport's one clock: every wait of a request ends by its deadline, Max Rate Limit Wait after it
			// was asked for, and no try starts after it.
			const deadline = readyAt + maxWaitMs;
			const turn = refusedSince !== undefined && clock.now() > deadline ? undefined : await pacer.turn('account', { ceiling, deadline });
			if (!turn) {
				failed[p]++;
				return;
			}
			const sent = clock.now();
			sentAt[p].push(sent);
			if (sent < retryAfterUntil[p]) retryAfterUndercut++;
			if (sent - refusedPlainlyAt[p] < 500) sentSoonAfterRefusal++;
			first = Math.min(first, sent);
			const roundTrip = latencyMs[0] + clock.random() * (latencyMs[1] - latencyMs[0]);
			await clock.sleep(roundTrip / 2);
			const arrival = clock.now();
			const verdict = service$.take(arrival);
			if (verdict.ok) admitted.push(arrival);
			const headers = limitHeaders(service, verdict, arrival);
			// PACER_TRACE=1: one line per request (process, seconds from the start when sent, the answer), to follow a run.
			if (process.env.PACER_TRACE) console.log(p, ((sent - startAt) / 1000).toFixed(3), verdict.ok ? 'ok' : '429');
			await clock.sleep(roundTrip / 2);
			const answered = clock.now();
			last = Math.max(last, answered);
			const retryAfter = retryAfterMs(headers, answered);
			turn.done({ rateLimited: !verdict.ok, retryAfterMs: verdict.ok ? undefined : retryAfter, headers: rateLimitHeaders(headers, answered) });
			if (verdict.ok) {
				ok++;
				left--;
				longestWaitMs = Math.max(longestWaitMs, sent - readyAt);
				readyAt = answered;
				firstAcceptedMs[p] ??= answered - from - (startsMs[p] ?? 0);
				if (refusedSince !== undefined) longestRefusedWaitMs[p] = Math.max(longestRefusedWaitMs[p], answered - refusedSince);
				refusedSince = undefined;
			} else {
				refused++;
				refusedSince ??= answered;
				if (retryAfter !== undefined) retryAfterUntil[p] = Math.max(retryAfterUntil[p], answered + retryAfter);
				else refusedPlainlyAt[p] = Math.max(refusedPlainlyAt[p], answered);
			}
		}
	};
	const pacers = Array.from({ length: processes }, () => (options.pacer ? options.pacer(DOCUMENTED, clock) : new AccountPacer(DOCUMENTED, clock)));
	let from = startAt;
	if (options.againAfterMs !== undefined) {
		await clock.runUntil(Promise.all(pacers.map((pacer, p) => Promise.all(counts[p].map((count) => execution(p, pacer, count))))));
		await clock.runUntil(clock.sleep(options.againAfterMs));
		[from, ok, refused, first, last, longestWaitMs, admittedBefore] = [clock.now(), 0, 0, Infinity, -Infinity, 0, [...admitted]];
		firstAcceptedMs.length = 0;
		longestRefusedWaitMs.fill(0);
	}
	const runs = pacers.map(async (pacer, p) => {
		await clock.sleep(startsMs[p] ?? 0);
		await Promise.all(counts[p].map((count) => execution(p, pacer, count)));
		finishedMs[p] = clock.now() - from;
	});
	await clock.runUntil(Promise.all(runs));
	const spanMs = last - first;
	const meanLatencyMs = (latencyMs[0] + latencyMs[1]) / 2;
	// A run that follows another meets the limiter as that one left it.
	const leastMs = perfectClient(service, counts, startsMs, from, meanLatencyMs, undefined, admittedBefore).spanMs;
	const perfect = perfectClient(service, counts, startsMs, from, meanLatencyMs, ceiling, admittedBefore);
	const leastWithinCeilingMs = perfect.spanMs;
	const mostInCeilingWindow = Math.max(...sentAt.map((times) => mostWithin(times, ceiling.windowMs)));
	const run: Run = {
		ok,
		refused,
		spanMs,
		leastMs,
		firstSentAt: first,
		share: leastMs / spanMs,
		leastWithinCeilingMs,
		mostInCeilingWindow,
		retryAfterUndercut,
		finishedMs,
		firstAcceptedMs,
		longestRefusedWaitMs,
		failed,
		longestWaitMs,
		perfectLongestWaitMs: perfect.longestWaitMs,
		sentSoonAfterRefusal,
	};
	if (process.env.PACER_TRACE) console.log(JSON.stringify({ processes, service, ...run }));
	return run;
}

/** Requests of each execution of each process. */
function perExecution(options: SimulationOptions): number[][] {
	const { processes, executionsPerProcess = 1, requests } = options;
	return Array.from({ length: processes }, (_, p) => {
		const own = options.requestsPerProcess?.[p] ?? requests / processes;
		return Array.from({ length: executionsPerProcess }, (_, e) => Math.floor(own / executionsPerProcess) + (e < own % executionsPerProcess ? 1 : 0));
	});
}

/**
 * The least time the limiter allows: the same executions, each sending its next request as soon as
 * its last was answered and the limiter admits it (known without asking), the one that has waited
 * longest first, each request taking `latencyMs` there and back; within the ceiling of each process
 * when one is given. `startAt` places the load on the limiter's clock (where a clock-aligned window
 * starts matters); `admitted`, the moments the limiter admitted requests before it, what it still counts.
 */
export function perfectClient(
	service: RateLimitConfig,
	counts: number[][],
	startsMs: number[],
	startAt: number,
	latencyMs: number,
	ceiling?: RateLimit,
	admitted: number[] = [],
): { spanMs: number; longestWaitMs: number } {
	const limiter = createLimiter({ ...service, countRefused: false });
	for (const at of admitted) limiter.take(at);
	const sent: number[][] = counts.map(() => []);
	const executions = counts.flatMap((perProcess, p) => perProcess.map((left) => ({ p, left, readyAt: startAt + (startsMs[p] ?? 0), since: startAt + (startsMs[p] ?? 0) })));
	let first = Infinity;
	let last = -Infinity;
	let longestWaitMs = 0;
	for (;;) {
		const waiting = executions.filter((e) => e.left > 0);
		if (!waiting.length) break;
		// Of those ready at the soonest moment (to the millisecond), the one that has waited longest goes, the
		// others after it: first come, first served, so none waits while others take turn after turn (in array
		// order, process 0 would win every tie, and the last process would wait for all the others' work).
		const soonest = Math.min(...waiting.map((e) => e.readyAt));
		const ready = waiting.filter((e) => e.readyAt < soonest + 1).sort((a, b) => a.since - b.since);
		const next = ready[0];
		for (const e of ready) e.readyAt = Math.max(e.readyAt, next.readyAt);
		const own = sent[next.p];
		if (ceiling && own.length >= ceiling.requests && own[own.length - ceiling.requests] + ceiling.windowMs > next.readyAt) {
			next.readyAt = own[own.length - ceiling.requests] + ceiling.windowMs;
			continue;
		}
		const arrival = next.readyAt + latencyMs / 2;
		const verdict = limiter.take(arrival);
		if (!verdict.ok) {
			next.readyAt += Math.max(1, verdict.retryAfterMs ?? 1);
			continue;
		}
		first = Math.min(first, next.readyAt);
		own.push(next.readyAt);
		longestWaitMs = Math.max(longestWaitMs, next.readyAt - next.since);
		next.left--;
		next.readyAt += latencyMs;
		next.since = next.readyAt;
		last = Math.max(last, next.readyAt);
	}
	return { spanMs: last - first, longestWaitMs };
}

/** The most of `times` (ascending) within any span of `windowMs`. */
function mostWithin(times: number[], windowMs: number): number {
	let most = 0;
	for (let i = 0, j = 0; i < times.length; i++) {
		while (times[i] - times[j] >= windowMs) j++;
		most = Math.max(most, i - j + 1);
	}
	return most;
}

export const refusedShare = (run: Run) => run.refused / (run.ok + run.refused);
