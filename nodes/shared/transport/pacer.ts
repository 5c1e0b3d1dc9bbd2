/** Time as the pacer sees it; tests drive it without real waiting. */
export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
	/** A number in [0, 1), for jitter. */
	random(): number;
}

/** The service's documented limit: `requests` per `windowMs` per account. */
export interface RateLimit {
	requests: number;
	windowMs: number;
}

/** How a request that had its turn ended, as far as pacing cares. */
export type TurnOutcome = { rateLimited: false } | { rateLimited: true; retryAfterMs?: number };

export interface Turn {
	/** Call once the answer (or the failure) is in. */
	done(outcome: TurnOutcome): void;
}

/** Tuning of the adaptive part; the defaults were chosen by simulating 1 to 4 processes on one account. */
export interface PacerTuning {
	/** Share of the rate kept when the service refuses a request while pacing. */
	cut: number;
	/** Share of the current rate added per learnt window, before acceleration. */
	growth: number;
	/** How fast growth speeds up with every window without a refusal. */
	acceleration: number;
	/** First wait after a refusal in burst mode; doubles on every further refusal. */
	firstBackoffMs: number;
	/** The longest wait between two probes of a lockout: a shorter one learns the window better, at the cost of a few more refusals. */
	maxBackoffMs: number;
}

export const DEFAULT_TUNING: PacerTuning = { cut: 0.85, growth: 0.05, acceleration: 2, firstBackoffMs: 500, maxBackoffMs: 16_000 };
/** The shortest window the pacer believes in: a lockout this short is noise. */
const MIN_WINDOW_MS = 1_000;
const PROBE_POLL_MS = 50;

/**
 * One account's pacing state, kept by each n8n process on its own, in one of two modes:
 * - burst: up to the documented limit per window, sent as fast as they come (one process alone
 *   never meets a 429 this way, and short jobs finish at once);
 * - paced: after the service refused a request, other processes (n8n workers, other tools) share
 *   the account. Requests are then spread evenly at a rate this process adapts on its own:
 *   multiplied by `cut` on a refusal, raised a little more with every window that passes
 *   without one. The first lockout teaches the rate: the successes this process had in the
 *   window that was full, over the time it took the window to free a slot.
 * The documented limit per window holds in both modes. An account idle for a whole window goes
 * back to burst mode.
 */
class AccountState {
	mode: 'burst' | 'paced' = 'burst';
	/** Requests per millisecond, in paced mode. */
	rate: number;
	/** The window as learnt from the first lockout; the documented one until then. */
	windowMs: number;
	/** Answer times (and whether they succeeded) of this process's requests in the documented window. */
	recent: Array<{ at: number; ok: boolean }> = [];
	inFlight = 0;
	lastSentAt = -Infinity;
	lastGrowthAt = 0;
	lastCutAt = 0;
	/** No request leaves before this moment (a refusal's backoff or Retry-After). */
	blockedUntil = 0;
	/** After a refusal, one request probes; the others wait for its answer. */
	probing = false;
	probeInFlight = false;
	backoffStep = 0;
	answeredSinceCut = true;
	/** Set by the first refusal in burst mode, read when the lockout ends. */
	lockout: { since: number; successes: number } | undefined;

	constructor(private readonly limit: RateLimit) {
		this.rate = limit.requests / limit.windowMs;
		this.windowMs = limit.windowMs;
	}

	/** Milliseconds until this process may send for the account; 0 when it may now. */
	waitBefore(now: number): number {
		const { requests, windowMs } = this.limit;
		while (this.recent.length && this.recent[0].at <= now - windowMs) this.recent.shift();
		if (this.mode === 'paced' && this.inFlight === 0 && !this.probing && now - this.lastSentAt >= windowMs) this.reset();
		if (now < this.blockedUntil) return this.blockedUntil - now;
		// Another request is probing whether the lockout is over: look again shortly.
		if (this.probeInFlight) return PROBE_POLL_MS;
		if (this.recent.length + this.inFlight >= requests) {
			// Wait for the oldest request to leave the documented window.
			return this.recent.length ? Math.max(1, this.recent[0].at + windowMs - now) : PROBE_POLL_MS;
		}
		if (this.mode === 'paced') return Math.max(0, this.lastSentAt + 1 / this.rate - now);
		return 0;
	}

	take(now: number): void {
		this.inFlight++;
		this.lastSentAt = now;
		if (this.probing) this.probeInFlight = true;
	}

	answered(now: number, outcome: TurnOutcome, tuning: PacerTuning, random: () => number): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		this.probeInFlight = false;
		this.recent.push({ at: now, ok: !outcome.rateLimited });
		this.grow(now, tuning);
		if (!outcome.rateLimited) {
			if (this.lockout) this.learn(now);
			this.probing = false;
			this.backoffStep = 0;
			this.answeredSinceCut = true;
			return;
		}
		if (this.mode === 'burst') {
			this.lockout ??= {
				since: this.recent.find((entry) => entry.ok)?.at ?? now,
				successes: this.recent.filter((entry) => entry.ok).length,
			};
		} else if (this.answeredSinceCut) {
			// One cut per refusal episode: a burst of refusals is one signal, not many.
			this.rate *= tuning.cut;
			this.lastCutAt = now;
			this.answeredSinceCut = false;
		}
		this.probing = true;
		this.blockedUntil = Math.max(this.blockedUntil, now + (outcome.retryAfterMs ?? this.backoff(tuning, random)));
	}

	private reset(): void {
		this.mode = 'burst';
		this.rate = this.limit.requests / this.limit.windowMs;
		this.lockout = undefined;
	}

	/** The lockout is over: the window is about as long as it lasted, and our share is what we got in it. */
	private learn(now: number): void {
		const lockout = this.lockout!;
		this.windowMs = Math.min(this.limit.windowMs, Math.max(MIN_WINDOW_MS, now - lockout.since));
		this.rate = Math.min(this.limit.requests / this.limit.windowMs, Math.max(1, lockout.successes) / this.windowMs);
		this.mode = 'paced';
		this.lockout = undefined;
		this.lastCutAt = now;
		this.lastGrowthAt = now;
	}

	/** Additive increase that speeds up with the windows passed since the last cut. */
	private grow(now: number, tuning: PacerTuning): void {
		if (this.mode === 'paced') {
			const elapsed = Math.max(0, now - this.lastGrowthAt) / this.windowMs;
			const sinceCut = Math.max(0, now - this.lastCutAt) / this.windowMs;
			const step = tuning.growth * (1 + tuning.acceleration * sinceCut) * elapsed;
			this.rate = Math.min(this.limit.requests / this.limit.windowMs, this.rate * (1 + step));
		}
		this.lastGrowthAt = now;
	}

	/** Exponential backoff with jitter: from `firstBackoffMs` in burst mode, from one paced gap once pacing. */
	private backoff(tuning: PacerTuning, random: () => number): number {
		const first = this.mode === 'burst' ? tuning.firstBackoffMs : 1 / this.rate;
		const ceiling = Math.min(tuning.maxBackoffMs, this.limit.windowMs / 2, first * 2 ** this.backoffStep++);
		return ceiling / 2 + (random() * ceiling) / 2;
	}
}

/**
 * Keeps this process's requests to each account within the service's limit, and converges on a
 * fair share of it when other processes use the same account: no shared store is needed, the
 * service's refusals are the signal. Per account, keyed by a digest of the base URL and key.
 */
export class AccountPacer {
	private readonly accounts = new Map<string, AccountState>();

	constructor(
		private readonly limit: RateLimit,
		private readonly clock: Clock,
		private readonly tuning: PacerTuning = DEFAULT_TUNING,
	) {}

	/**
	 * Waits for the account's next turn. With a deadline, gives up (undefined) instead of waiting
	 * past it: the caller then reports the rate limit instead of waiting on.
	 */
	async turn(account: string, deadline?: number): Promise<Turn | undefined> {
		const state = this.state(account);
		for (;;) {
			const now = this.clock.now();
			const wait = state.waitBefore(now);
			if (wait <= 0) {
				state.take(now);
				let done = false;
				return {
					done: (outcome) => {
						if (done) return;
						done = true;
						state.answered(this.clock.now(), outcome, this.tuning, () => this.clock.random());
					},
				};
			}
			if (deadline !== undefined && now + wait > deadline) return undefined;
			await this.clock.sleep(wait);
		}
	}

	private state(account: string): AccountState {
		let state = this.accounts.get(account);
		if (!state) {
			state = new AccountState(this.limit);
			this.accounts.set(account, state);
		}
		return state;
	}
}
