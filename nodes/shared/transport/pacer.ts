import { backoffMs, type Backoff } from './backoff';
import { pause, type Clock } from './clock';

/** A limit of `requests` per sliding `windowMs`: the credential's ceiling. */
export interface RateLimit {
	requests: number;
	windowMs: number;
}

/** What the service's rate-limit headers said with an answer (each part only when sent). */
export interface LimitHeaders {
	/** Requests the account may still send now. */
	remaining?: number;
	/** Until the budget grows again. */
	resetMs?: number;
	/** The limit, and the window it counts in, as the service states them. */
	limit?: number;
	windowMs?: number;
}

/** How a request that had its turn ended, as far as pacing cares. */
export interface TurnOutcome {
	/** Told to slow down: a 429, a 503, or another 5xx that says when to come back. */
	rateLimited: boolean;
	/** The answer's Retry-After: nothing of the account leaves before it. */
	retryAfterMs?: number;
	headers?: LimitHeaders;
}

export interface Turn {
	/** Call once the answer (or the failure) is in. */
	done(outcome: TurnOutcome): void;
}

export interface TurnOptions {
	/** Give up (undefined) instead of waiting past this moment, and at once when the service's word reaches past it. */
	deadline?: number;
	/** Give up (undefined) when this aborts: the execution was stopped. */
	signal?: AbortSignal;
	/** The credential's Rate Limit: a ceiling never exceeded. The pacer's own when absent. */
	ceiling?: RateLimit;
}

/** What the node knows of an account's limit, for messages. */
export interface KnownLimit {
	/** From the service's headers. */
	stated?: { requests: number; windowMs?: number };
	/** Requests per minute the service admitted to this process when it last refused one. */
	admittedPerMinute?: number;
	ceiling: RateLimit;
	/** How long its next request would wait now (0: it may leave at once). */
	waitMs: number;
	/** The service's word that nothing of the account leaves before `until`: a Retry-After, or a reset while nothing remains. */
	hold?: { until: number; askedMs: number };
}

/** The waits after a refusal without Retry-After; tests shorten them. */
export interface PacerTuning {
	backoff: Backoff;
}

/** Never less than this after a refusal without Retry-After, the one-last-try at a deadline included. */
const SHORTEST_BACKOFF_MS = 500;
/**
 * 0.5 s to 1 s after the first refusal (or more after a long run of them, see RUN_MEMORY), growing
 * 1.6-fold with each further one in a row (gRPC's connection backoff), at most 12 s for a process
 * that holds no accepted request: refused while others hold the whole limit, it still tries several
 * times a window, and so gets in within the credential's Max Rate Limit Wait. Four processes refused
 * together then try about 27 times a minute, so where the service counts refused requests their tries
 * alone leave room in the smallest limits drawn, 50 a minute (an 8 s cap would make it 40:
 * bench/RESULTS.md).
 */
export const DEFAULT_TUNING: PacerTuning = { backoff: { firstMs: 2 * SHORTEST_BACKOFF_MS, multiplier: 1.6, maxMs: 12_000 } };
/**
 * The lent slot. A process whose own ceiling, or the headers' word that nothing remains, holds it
 * back hears nothing of a process that gets only refusals: this often it leaves one slot free for
 * the longest backoff, so that the other gets in. The first time a window and this much after it
 * was first held back, so that a load of two windows ends undelayed; not on ceiling windows this
 * short or shorter, whose slots turn over often enough. Pays for: a short execution starting 100 s
 * after a worker with a long load on the documented limit gets its first request through after 29 s
 * instead of 81 s, and is done after 111 s instead of 166 s (bench/RESULTS.md, the ablation).
 */
const LEND_EVERY_MS = 30_000;
/**
 * The release jitter: how late, at most, a slot of the ceiling frees, as a part of its window (1 s
 * at 60 s). Pays for: workers sharing a token bucket of 2.5 a second take 96–98 % of the least time
 * instead of 90–92 %, and four starting 0.03 s apart under 15 per 6 s 81 % instead of 72 % (bench/RESULTS.md, the ablation).
 */
const RELEASE_JITTER = 1 / 60;
/**
 * The run memory: a run of refusals starts its backoff at up to this many times the last run's
 * length (jittered down to half of that): where every window fills before it turns, a worker's
 * first try then comes near the turn. Pays for refusals: four processes on the family have 6.2 %
 * refused instead of 7.2 % (median, few windows), four workers under a stated 150 per 6 s 4.5 %
 * instead of 7.4 % (bench/RESULTS.md, the ablation).
 */
const RUN_MEMORY = 1.5;

/** Adds a moment to moments kept in order. */
const insertSorted = (times: number[], at: number): void => void times.splice(times.filter((t) => t <= at).length, 0, at);

/** CUBIC's multiplicative decrease: a refusal cuts the rate to this part (RFC 9438; the AWS SDKs' adaptive mode). */
const BETA = 0.7;
/** CUBIC's C: a process cut from the credential's whole rate is back at it 30 of its intervals later (12 s at 150 a minute). */
const CUBIC_C = (1 - BETA) / 30 ** 3;

/**
 * One account's pacing, kept by each n8n process on its own (docs/rate-limit.md): a client-side
 * token bucket whose rate CUBIC sets from the service's refusals, as the AWS SDKs' adaptive retry
 * mode does. Until the first refusal of a load nothing but the credential's ceiling holds it back;
 * a load starts after an idle time (see take). After a refusal one request at a time tries again
 * after a jittered backoff that starts from the last run of refusals' length, and never before a
 * Retry-After, until one is accepted; then the bucket paces, CUBIC's curve starting there.
 * Retry-After, and the headers' reset while they say nothing remains, hold back every request.
 * Within its first window a run of refusals cuts the rate once; no backoff outlasts its oldest
 * accepted request's window; a process its own ceiling or the headers hold back leaves a slot free
 * now and then for one it cannot hear. The headers' word that nothing remains cuts the rate as a
 * refusal does, once a window.
 */
class AccountState {
	/** When its answered requests of the last ceiling window were answered, oldest first. */
	answered: number[] = [];
	/** The same for the requests the service accepted (the slot of each frees up to RELEASE_JITTER late). */
	acceptedAt: number[] = [];
	inFlight = 0;
	/** The first request of its load (see take), and when its last answer came. */
	firstSentAt = 0;
	answeredAt = -Infinity;
	/** Nothing leaves before the service's Retry-After has passed... */
	retryAfterUntil = 0;
	/** ...nor before this process's own backoff after a refusal without it. */
	backoffUntil = 0;
	refusalsInRow = 0;
	/** When this run of refusals began, and how long the last one lasted (past its load's first window). */
	runStartedAt = 0;
	lastRunMs = 0;
	/** Requests per ms; undefined until the first refusal. */
	rate: number | undefined;
	tokens = 1;
	refilledAt = 0;
	/** CUBIC's W_max: the rate of the last cut, and when that was. */
	maxRate = 0;
	cutAt = -Infinity;
	/** CUBIC's epoch: when its curve starts, the last cut or the first request accepted after it. */
	epochAt = -Infinity;
	/** The headers' word: what remains for the whole account (less what this process sent since), until resetAt. */
	remaining: number | undefined;
	resetAt = 0;
	stated: KnownLimit['stated'];
	admittedPerMinute: number | undefined;
	/** When it next leaves a slot of its ceiling free (see LEND_EVERY_MS), and until when one is. */
	nextLendAt = Infinity;
	lendUntil = 0;

	constructor(readonly ceiling: RateLimit, private readonly tuning: PacerTuning) {}

	/**
	 * Milliseconds until this process may send (0: now), for a request that gives up past `deadline`.
	 * The last try at a deadline: a backoff of this process's own that would outlast the deadline ends
	 * there, for one last try (never sooner than the shortest backoff after the last answer). Pays for:
	 * without it, a short execution starting 10 s after three workers with long loads on the documented
	 * limit gives a request up in 1 of 20 seeds (bench/RESULTS.md, the ablation).
	 */
	waitBefore(now: number, deadline = Infinity): number {
		const { requests, windowMs } = this.ceiling;
		while (this.answered.length && this.answered[0] <= now - windowMs) this.answered.shift();
		while (this.acceptedAt.length && this.acceptedAt[0] <= now - windowMs) this.acceptedAt.shift();
		const pausedUntil = Math.max(this.retryAfterUntil, this.backoffUntil > deadline && deadline >= this.answeredAt + SHORTEST_BACKOFF_MS ? deadline : this.backoffUntil);
		if (now < pausedUntil) return pausedUntil - now;
		// The ceiling counts a request from its send to a window after its answer: the service counted it in between.
		const held = this.answered.length + this.inFlight;
		// While the headers say how many remain, they hold it back as its ceiling does, lending included.
		const left = this.remaining !== undefined && now < this.resetAt ? this.remaining : Infinity;
		const lent = this.lends(now, Math.max(held, requests - left)) ? 1 : 0;
		// Nothing remains until the reset; the last slot, lent, is free again when the lend ends.
		if (left <= lent) return Math.min(this.resetAt, left > 0 ? this.lendUntil : Infinity) - now;
		if (held >= requests - lent) return this.answered.length ? Math.max(1, Math.min(lent ? this.lendUntil - now : Infinity, this.answered[0] + windowMs - now)) : windowMs / requests;
		// After a refusal the backoff paces the tries, one at a time, until one is accepted; then the rate does.
		if (this.refusalsInRow > 0) return this.inFlight > 0 ? windowMs / requests : 0;
		if (this.rate === undefined) return 0;
		[this.tokens, this.refilledAt] = [Math.min(1, this.tokens + (now - this.refilledAt) * this.rate), now];
		return this.tokens >= 1 ? 0 : (1 - this.tokens) / this.rate;
	}

	/** Whether it leaves one slot free now (see LEND_EVERY_MS), `held` of its ceiling's being taken. */
	private lends(now: number, held: number): boolean {
		const { requests, windowMs } = this.ceiling;
		if (windowMs <= LEND_EVERY_MS) return false;
		if (held === 0) this.nextLendAt = Infinity;
		else if (held >= requests - 1 && this.nextLendAt === Infinity) this.nextLendAt = now + windowMs + LEND_EVERY_MS;
		// Due, it starts when sending would take the last slot: the slot that freed stays free.
		if (held === requests - 1 && now >= this.nextLendAt) [this.lendUntil, this.nextLendAt] = [now + this.tuning.backoff.maxMs, now + LEND_EVERY_MS];
		return now < this.lendUntil;
	}

	/** `unheld`: nothing held it back, it leaves the moment it was asked for. */
	take(now: number, unheld: boolean): void {
		// The idle restart. A request that leaves with none out, after a whole window without a request, or
		// asked for when nothing held it back longer after the last answer than the backoff's first step (the
		// pacer's retransmission timeout, 1 s, where RFC 6298 starts TCP's), starts a new load, as TCP restarts
		// from slow start after an idle time (RFC 5681, 4.1): the rate and the last run's length were the last
		// load's, and the limiter has counted on meanwhile. Its first window is a burst again. Pays for: a Return
		// All of 40 pages under a window of 15 fixed to the clock every 6 s, run again 20 or 45 s after itself in
		// one process, takes 82 % and 83 % of the least time instead of 52 % and 35 % (bench/RESULTS.md).
		if (this.inFlight === 0 && (!this.answered.length || (unheld && now - this.answeredAt > this.tuning.backoff.firstMs))) [this.firstSentAt, this.lastRunMs, this.rate] = [now, 0, undefined];
		this.inFlight++;
		// Tries after a refusal are the backoff's to pace, not the bucket's.
		if (this.rate !== undefined && this.refusalsInRow === 0) this.tokens -= 1;
		if (this.remaining !== undefined) this.remaining--;
	}

	done(now: number, sentAt: number, outcome: TurnOutcome, random: () => number): void {
		[this.inFlight, this.answeredAt] = [Math.max(0, this.inFlight - 1), now];
		// Its slot of the ceiling frees up to RELEASE_JITTER of the window later, at random: a process
		// that holds the whole limit does not take each slot back the moment the service frees it,
		// so one that starts meanwhile finds a way in (and, once refused, the holder makes room).
		const releasedAt = now + random() * this.ceiling.windowMs * RELEASE_JITTER;
		insertSorted(this.answered, releasedAt);
		// The headers of any answer: the latest word on what remains for the whole account, and when it grows again.
		if (outcome.headers?.limit !== undefined) this.stated = { requests: outcome.headers.limit, windowMs: outcome.headers.windowMs };
		this.remaining = outcome.headers?.remaining === undefined ? undefined : outcome.headers.remaining - this.inFlight;
		this.resetAt = now + (outcome.headers?.resetMs ?? 0);
		if (outcome.retryAfterMs !== undefined) this.retryAfterUntil = Math.max(this.retryAfterUntil, now + outcome.retryAfterMs);
		if (!outcome.rateLimited) {
			insertSorted(this.acceptedAt, releasedAt);
			// A run of refusals ends: CUBIC's curve starts now (Linux's epoch_start), not at the cut,
			// so a rate cut when a window filled does not grow, unheard, through the rest of it. Past the
			// first window the run's length is remembered; within it, the run is a burst's, not a rate's.
			if (this.refusalsInRow > 0) this.epochAt = now;
			if (this.refusalsInRow > 0 && now - this.firstSentAt >= this.ceiling.windowMs) this.lastRunMs = now - this.runStartedAt;
			this.refusalsInRow = 0;
			// The headers' word that nothing remains marks congestion as ECN does for TCP (RFC 3168): the
			// rate is cut as for a refusal, at most once a window. A process the headers hold back then
			// spreads its requests instead of taking each reset's whole allowance at once, and one that
			// was refused, which comes back on its Retry-After, finds room. Pays for: without it, two
			// processes on drawn limiter 712 (two limits at once, headers and Retry-After) give a request
			// up that a perfect client got through (test/pacer.test.ts; bench/RESULTS.md, the ablation).
			if (this.remaining !== undefined && this.remaining <= 0 && now - this.cutAt >= this.ceiling.windowMs) this.cut(now);
			else if (this.rate !== undefined) this.grow(now);
			return;
		}
		if (this.refusalsInRow === 0) this.runStartedAt = now;
		// The cut first, so that the backoff's tries keep to the rate it leaves (see backoff).
		// One cut per congestion event, as TCP cuts once per window of data: none for requests sent
		// before the last cut. The first-window hold: until a whole window has passed, the rate sent is
		// a burst, not a rate, so the tries of one run of refusals cut once, as TCP holds ssthresh
		// through repeated timeouts (RFC 5681, 3.1). Pays for: two workers sharing the documented limit
		// take 98 % of the least time instead of 65 %, four 98 % instead of 69 % (bench/RESULTS.md).
		if (sentAt >= this.cutAt && (this.refusalsInRow === 0 || now - this.firstSentAt >= this.ceiling.windowMs)) this.cut(now);
		// Retry-After is the least wait, not the whole: clients told the same moment would meet again there.
		this.backoffUntil = Math.max(this.backoffUntil, now + this.backoff(now, random));
		this.refusalsInRow++;
	}

	/**
	 * The jittered backoff of this run of refusals. It starts from the last run's length (RUN_MEMORY),
	 * as TCP sets its retransmission timer from the times it measured (RFC 6298) rather than from a
	 * constant, and grows. Its cap (the longest backoff) holds only for a process that holds no
	 * accepted request of its window, a latecomer, which so meets a slot another lends. One that holds
	 * some waits never past the moment the oldest leaves the credential's window: a limit of that
	 * window has room for it again by then (the documented limit shared by workers frees its slots at
	 * once, a minute after it filled). Refused tries do not count here: where the service counts
	 * them, they are what must thin out, and so the bound is never sooner than one interval of the cut rate
	 * (pays for: one process under a sliding 19 per 10 s that counts refusals, 120 requests, 23 refused
	 * instead of 33 on seed 2; bench/RESULTS.md). This holder's bound pays for: two workers sharing the
	 * documented limit take 98 % of the least time instead of 87 %; four processes on the family's
	 * few-window loads 88 % instead of 82 % (median), and one of their 200 long runs gives a request up
	 * without it (bench/RESULTS.md, the ablation).
	 */
	private backoff(now: number, random: () => number): number {
		const { backoff } = this.tuning;
		const firstMs = Math.max(backoff.firstMs, this.lastRunMs * RUN_MEMORY);
		const holding = this.acceptedAt.length > 0;
		const wait = backoffMs({ ...backoff, firstMs, maxMs: holding ? Math.max(firstMs, backoff.maxMs) : backoff.maxMs }, this.refusalsInRow, random);
		// Nor sooner than the rate the refusals cut allows: the AWS SDKs' adaptive mode sends every attempt through its
		// token bucket. The slots of a window sent at a steady rate free at that rate, the rate that was refused; tries
		// timed by them alone would keep full a limiter that counts refused requests.
		return holding ? Math.min(wait, Math.max(SHORTEST_BACKOFF_MS, 1 / (this.rate ?? Infinity), this.acceptedAt[0] + this.ceiling.windowMs - now)) : wait;
	}

	/** CUBIC's decrease: the rate it sent at becomes the maximum, the rate a part of it. */
	private cut(now: number): void {
		// The rate it sent at over the ceiling's window, or since the first request of this load when sooner.
		const sent = (this.answered.length + this.inFlight) / Math.max(1, Math.min(this.ceiling.windowMs, now - this.firstSentAt));
		const rate = this.rate === undefined ? sent : Math.min(sent, this.rate);
		if (this.acceptedAt.length) this.admittedPerMinute = rate * 60_000;
		// Never slower than one request per longest backoff: a limit that came back is found.
		this.rate = Math.max(rate * BETA, 1 / this.tuning.backoff.maxMs);
		[this.maxRate, this.cutAt, this.epochAt] = [rate, now, now];
		[this.tokens, this.refilledAt] = [Math.min(this.tokens, 0), now];
	}

	/**
	 * CUBIC's increase, W(t) = C (t - K)^3 + W_max: concave back to the rate last refused, then
	 * convex above it. Time counts in intervals of the credential's Rate Limit and rates in parts
	 * of it, the same for every process of the account, so a process with a small part regains it
	 * as soon as one with a large part (RFC 9438's fairness).
	 */
	private grow(now: number): void {
		const unit = this.ceiling.requests / this.ceiling.windowMs;
		const max = this.maxRate / unit;
		// t - K: the time since the epoch less the time the curve takes back to the maximum.
		const fromMax = (now - this.epochAt) * unit - Math.cbrt((max * (1 - BETA)) / CUBIC_C);
		this.rate = Math.max(this.rate ?? 0, (CUBIC_C * fromMax ** 3 + max) * unit);
	}
}

/** An account's pacing, and what this process keeps beside it: the service's word, and when the account is idle. */
interface Account {
	state: AccountState;
	/** Its turns waiting or out: an account in use is never dropped. */
	busy: number;
	/**
	 * When its state has nothing left to say: its last answer has left the ceiling's window (the
	 * release jitter included), as the state's own idle rule has it, and the service's last word
	 * (Retry-After, the headers' reset) has run out. Idle that long, it would pace a new load as a
	 * fresh state does (see AccountState's take). Then it is dropped: a long-running n8n keeps no
	 * state for every credential it ever served, nor for every Rate Limit a credential ever had.
	 */
	forgetAt: number;
	hold?: KnownLimit['hold'];
}

/**
 * Keeps this process's requests to each account within what the service admits, and never above
 * the credential's Rate Limit. Per account, keyed by a digest of the base URL and key.
 */
export class AccountPacer {
	private readonly accounts = new Map<string, Account>();

	constructor(
		private readonly ceiling: RateLimit,
		private readonly clock: Clock,
		private readonly tuning: PacerTuning = DEFAULT_TUNING,
	) {}

	/**
	 * Waits for the account's next turn. Gives up (undefined) when the signal aborts; at once when
	 * the service's word holds the account past the deadline; and instead of waiting past the
	 * deadline. A backoff of the pacer's own that would reach past the deadline ends there instead,
	 * for one last try.
	 */
	async turn(account: string, options: TurnOptions = {}): Promise<Turn | undefined> {
		const entry = this.account(account, options.ceiling ?? this.ceiling);
		const deadline = options.deadline ?? Infinity;
		entry.busy++;
		for (let first = true; ; first = false) {
			const now = this.clock.now();
			const waitMs = entry.state.waitBefore(now, deadline);
			if (waitMs <= 0 && !options.signal?.aborted) {
				entry.state.take(now, first);
				let done = false;
				return {
					done: (outcome) => {
						if (done) return;
						done = true;
						const at = this.clock.now();
						entry.busy--;
						// The service's word that the account must wait; and until when the state has something to say.
						const askedMs = Math.max(outcome.retryAfterMs ?? 0, (outcome.headers?.remaining ?? 1) <= 0 ? (outcome.headers?.resetMs ?? 0) : 0);
						if (askedMs > 0 && at + askedMs > (entry.hold?.until ?? 0)) entry.hold = { until: at + askedMs, askedMs };
						entry.forgetAt = Math.max(entry.forgetAt, at + entry.state.ceiling.windowMs * (1 + RELEASE_JITTER), at + (outcome.headers?.resetMs ?? 0), entry.hold?.until ?? 0);
						entry.state.done(at, now, outcome, () => this.clock.random());
					},
				};
			}
			// Stopped; or the service's word holds the account past the deadline; or the wait would pass it.
			const held = (entry.hold?.until ?? 0) > Math.max(now, deadline);
			if (options.signal?.aborted || held || now + waitMs > deadline) return void entry.busy--;
			// Whole milliseconds: a clock does not move by less (rounded after the deadline's test, not before it).
			await pause(this.clock, Math.ceil(waitMs), options.signal);
		}
	}

	/** What this process knows of the account's limit, and how long its next request would wait now, for messages. */
	known(account: string, ceiling?: RateLimit): KnownLimit {
		const { state, hold } = this.account(account, ceiling ?? this.ceiling);
		const now = this.clock.now();
		return { stated: state.stated, admittedPerMinute: state.admittedPerMinute, ceiling: state.ceiling, waitMs: Math.max(0, state.waitBefore(now)), hold: hold && hold.until > now ? hold : undefined };
	}

	/** How many accounts it keeps. */
	get size(): number {
		return this.accounts.size;
	}

	private account(key: string, ceiling: RateLimit): Account {
		for (const [id, idle] of this.accounts) if (idle.busy === 0 && idle.forgetAt <= this.clock.now()) this.accounts.delete(id);
		// A credential whose ceiling was changed starts afresh.
		const id = `${key}:${ceiling.requests}/${ceiling.windowMs}`;
		const entry = this.accounts.get(id) ?? { state: new AccountState(ceiling, this.tuning), busy: 0, forgetAt: 0 };
		this.accounts.set(id, entry);
		return entry;
	}
}
