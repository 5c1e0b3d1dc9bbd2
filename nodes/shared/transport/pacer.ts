import { backoffMs } from './backoff';

/** Time as the pacer sees it; tests drive it without real waiting. */
export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
	/** A number in [0, 1), for jitter. */
	random(): number;
}

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
	rateLimited: boolean;
	/** The service's Retry-After, on a 429. */
	retryAfterMs?: number;
	headers?: LimitHeaders;
}

export interface Turn {
	/** Call once the answer (or the failure) is in. */
	done(outcome: TurnOutcome): void;
}

export interface TurnOptions {
	/** Give up (undefined) instead of waiting past this moment. */
	deadline?: number;
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
}

/** Tuning; tests shorten the waits. */
export interface PacerTuning {
	/** The first wait of a process that holds nothing after a 429; doubles on each further 429, up to maxBackoffMs. */
	firstBackoffMs: number;
	maxBackoffMs: number;
}

export const DEFAULT_TUNING: PacerTuning = { firstBackoffMs: 500, maxBackoffMs: 16_000 };

/** Never less than this after a refusal without Retry-After. */
const SHORTEST_BACKOFF_MS = 500;

/** After a 429, one request tries this share of the window early: accepted, the limit is finer than the window. */
const EARLY_TRY = 1 / 8;
/**
 * Pacing at a rate: each run of 429s cuts it by RATE_CUT. Below the rate it was last refused at, it
 * rises by RATE_RISE_PER_S requests a second every second (each accepted request adds that rise
 * times the seconds between two requests at the rate), a step that does not grow with the rate, so
 * that processes sharing a limit come to equal rates. Above it (at first, or once the service admits
 * more, as when another process finished), each accepted request raises it by RATE_GROWTH, to find
 * the new limit soon, and by at least RATE_GROWTH_PER_S a second: a worker with a small part of the
 * limit (under one request in two seconds) would otherwise take minutes to find it. Tuned on
 * bench/pacerModel.ts.
 */
const RATE_GROWTH = 0.02;
const RATE_GROWTH_PER_S = 0.01;
const RATE_RISE_PER_S = 0.005;
const RATE_CUT = 0.85;
const POLL_MS = 50;
/** The share of the limit that refused tries for more may cost: the next comes 1 / (this × share) windows later (at least one), less half a window. */
const GROWTH_BUDGET = 0.03;
/** However small the share, a try beyond it at least every this many windows: what workers that finished left is found within them. */
const LONGEST_TRY_GAP = 8;
/**
 * A process that holds nothing waits at most a quarter of the window between tries (16 s at most),
 * longer on a small limit, so that its refused tries cost the account at most about this share of
 * it: a whole window at 15 per 6 s, where four tries a window would be a quarter of the limit. The
 * same bound caps the waits between tries after a 429 while pacing at a rate.
 */
const IDLE_TRY_BUDGET = 0.06;
const MIN_HEADER_PART = 0.05;
const HEADER_PART_RISE = 0.02;
/**
 * A process that keeps every slot it may use busy leaves one free for a while this often (the first
 * time a window later, so that loads of two windows end undelayed), for as long as a process that
 * holds nothing waits between tries: another that starts meanwhile meets only 429s, which the busy
 * one never hears of, and would wait until a load ends. A quarter of the credential's default Max
 * Rate Limit Wait; on windows this short or shorter, slots turn over often enough without it.
 */
const LEND_EVERY_MS = 30_000;

type TurnKind = 'regular' | 'probe' | 'early' | 'grow';
/**
 * The service counts a request when it arrives: after it was sent, before it was answered. A big
 * page is answered long after it arrived, so a request is taken as counted this share of the
 * window after it was sent (or at its answer, if sooner).
 */
const ARRIVAL_MARGIN = 0.02;

function insertSorted(times: number[], at: number): void {
	let i = times.length;
	while (i > 0 && times[i - 1] > at) i--;
	times.splice(i, 0, at);
}

/**
 * One account's pacing, kept by each n8n process on its own; the service's answers decide it
 * (docs/rate-limit.md has the rules with what they achieve).
 * - Ceiling: never more of its own requests in any window than the credential's Rate Limit.
 *   Until the service refuses one, nothing else holds it back: one process alone under the
 *   documented limit sends 150 at once, then each as a slot of the window frees, and meets no 429.
 * - Retry-After is never undercut; when the rate-limit headers say nothing remains, nothing leaves
 *   before their Reset.
 * - A 429 says the account's window is full (other workers or tools share it, or the service's
 *   limit is not the credential's): the process keeps to the requests it then had in the window
 *   (its share), reusing each slot as it frees; one request tries an eighth of the window early
 *   (or when Retry-After says).
 *   - Refused, the window is as the credential states: once every slot of its share was reused and
 *     the next frees late, one request more tries; accepted, the share grows by one. A regular
 *     request refused means another process took the slot: the share falls to what it holds.
 *   - Accepted, the service's limit is finer than the window (a shorter window, a token bucket):
 *     the process paces at the rate the service admitted so far, faster with each accepted request
 *     (RATE_RISE_PER_S back to the rate last refused, RATE_GROWTH above it), slower at each run of
 *     429s (RATE_CUT).
 * - A process that holds nothing tries again after 0.5 s, 1 s, 2 s … (see IDLE_TRY_BUDGET), one request first.
 * - Keeping every slot it may use busy, it leaves one free now and then (LEND_EVERY_MS).
 * An account this process left idle for a whole window starts afresh.
 */
class AccountState {
	/** When its requests of the last window were counted, accepted or not (the ceiling counts them all), oldest first. */
	sentAt: number[] = [];
	/** When its accepted requests of the last window were counted (or are expected to be), oldest first. */
	sent: number[] = [];
	inFlight = 0;
	/** The share of the window kept to since a 429; Infinity until then. */
	share = Infinity;
	/** Requests per ms while pacing at a rate; undefined while keeping to a share of the window. */
	rate: number | undefined;
	nextAt = 0;
	/** 429s in a row while pacing at a rate: each waits twice as long as the last. */
	episodeStep = 0;
	/** The rate at the last run of 429s: the rate rises slowly back to it, faster above it. */
	refusedRate = 0;
	/** Nothing leaves before the service's Retry-After has passed... */
	retryAfterUntil = 0;
	/** ...nor before this process's own backoff while it holds nothing (see endBackoffAt). */
	backoffUntil = 0;
	/** After a 429: one request at a time until one is accepted. */
	probe: 'none' | 'due' | 'out' = 'none';
	/** A request beyond its share: the next may go then; one is out. */
	nextTryAt = 0;
	tryOut = false;
	/** The early try after the first 429 went. */
	triedEarly = false;
	/** A slot of its share was reused since the last refused try beyond it. */
	reusedSinceTry = true;
	backoffStep = 0;
	/** Keeping every slot it may use busy, it leaves one free now and then (see LEND_EVERY_MS). */
	nextLendAt = Infinity;
	lendUntil = 0;
	/** The headers' word: this many remain for this process (less what it sent since), until resetAt. */
	remaining: number | undefined;
	/** The part of what the headers say remains that this process takes (see heed). */
	headerPart = 1;
	resetAt = 0;
	stated: KnownLimit['stated'];
	admittedPerMinute: number | undefined;
	/** Its last refusal's answer. */
	refusedAt = -Infinity;

	constructor(readonly ceiling: RateLimit) {}

	private forget(now: number): void {
		while (this.sent.length && this.sent[0] <= now - this.ceiling.windowMs) this.sent.shift();
		while (this.sentAt.length && this.sentAt[0] <= now - this.ceiling.windowMs) this.sentAt.shift();
	}

	/** Milliseconds until this process may send (0: now). */
	waitBefore(now: number, tuning: PacerTuning): number {
		this.forget(now);
		const { requests, windowMs } = this.ceiling;
		const pausedUntil = Math.max(this.retryAfterUntil, this.backoffUntil);
		if (this.inFlight === 0 && this.sentAt.length === 0 && this.probe === 'none' && now >= pausedUntil) this.reset();
		if (now < pausedUntil) return pausedUntil - now;
		if (this.remaining !== undefined && this.remaining <= 0) {
			// Nothing remains until the reset; then one request finds out what does.
			if (now < this.resetAt) return this.resetAt - now;
			if (this.inFlight > 0) return POLL_MS;
		}
		if (this.probe === 'out' || this.tryOut) return POLL_MS;
		// The headers say what remains for the whole account: they decide, within the ceiling.
		if (this.remaining !== undefined || this.rate !== undefined) {
			if (this.sentAt.length >= requests) return Math.max(1, this.sentAt[0] + windowMs - now);
			return this.rate === undefined ? 0 : Math.max(0, this.nextAt - now);
		}
		const used = this.sent.length + this.inFlight;
		const mayLend = windowMs > LEND_EVERY_MS;
		// Sending would take the last slot it may use (the ceiling's, or its share's): it keeps them all busy.
		const busy = this.sentAt.length >= requests - 1 || used >= this.share - 1;
		if (mayLend && busy && this.nextLendAt === Infinity) this.nextLendAt = now + windowMs + LEND_EVERY_MS;
		if (mayLend && now >= this.nextLendAt) {
			this.lendUntil = now + this.longestBackoff(tuning) + windowMs * ARRIVAL_MARGIN;
			this.nextLendAt = now + LEND_EVERY_MS;
		}
		const lent = now < this.lendUntil ? 1 : 0;
		const lendLeftMs = this.lendUntil - now;
		// The ceiling: the oldest sent in the window must leave it first.
		if (this.sentAt.length >= requests - lent) return Math.max(1, Math.min(lent ? lendLeftMs : Infinity, this.sentAt[0] + windowMs - now));
		if (this.probe === 'due') return 0;
		if (this.share === Infinity || used < this.share - lent) return 0;
		const nextOwnMs = this.sent.length ? this.sent[0] + windowMs - now : POLL_MS;
		if (lent) return Math.max(1, Math.min(lendLeftMs, nextOwnMs));
		// Its share is busy. One request tries beyond it: early after the first 429 (is the limit
		// finer than the window?), else once every slot was reused and the next frees late.
		const tryMs = !this.triedEarly ? this.nextTryAt - now : this.reusedSinceTry && nextOwnMs > windowMs / 2 ? Math.max(0, this.nextTryAt - now) : Infinity;
		if (tryMs <= 0) return 0;
		return Math.max(1, Math.min(tryMs, nextOwnMs));
	}

	take(now: number): TurnKind {
		const beyondShare = this.rate === undefined && this.sent.length + this.inFlight >= this.share;
		this.inFlight++;
		this.sentAt.push(now);
		if (this.remaining !== undefined) this.remaining--;
		if (this.rate !== undefined) this.nextAt = Math.max(now, this.nextAt) + 1 / this.rate;
		if (this.probe === 'due') {
			this.probe = 'out';
			return 'probe';
		}
		if (!beyondShare) {
			if (this.share !== Infinity) this.reusedSinceTry = true;
			return 'regular';
		}
		this.tryOut = true;
		if (this.triedEarly) return 'grow';
		this.triedEarly = true;
		return 'early';
	}

	answered(now: number, sentAt: number, kind: TurnKind, outcome: TurnOutcome, tuning: PacerTuning, random: () => number): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		// Counted by the service when it arrived: somewhere between sending and the answer.
		const countedAt = Math.min(now, sentAt + this.ceiling.windowMs * ARRIVAL_MARGIN);
		const i = this.sentAt.indexOf(sentAt);
		if (i >= 0) this.sentAt.splice(i, 1);
		insertSorted(this.sentAt, countedAt);
		if (kind === 'probe') this.probe = 'none';
		if (kind === 'early' || kind === 'grow') this.tryOut = false;
		this.forget(now);
		this.heed(now, outcome, this.remaining !== undefined && this.remaining >= 0);
		if (!outcome.rateLimited) {
			insertSorted(this.sent, countedAt);
			this.backoffStep = 0;
			if (this.rate !== undefined) {
				if (this.rate < this.refusedRate) this.rate += RATE_RISE_PER_S / 1e6 / this.rate;
				else this.rate *= Math.max(1 + RATE_GROWTH, (1 + RATE_GROWTH_PER_S) ** (1 / (this.rate * 1000)));
			}
			// Accepted early, before a slot of its share freed: the limit is finer than the window.
			if (kind === 'early') this.paceAtAdmittedRate(now);
			if (kind === 'grow') this.share++;
			return;
		}
		this.refusedAt = now;
		if (outcome.retryAfterMs !== undefined) this.retryAfterUntil = Math.max(this.retryAfterUntil, now + outcome.retryAfterMs);
		// Whatever else follows, nothing of the account leaves for 0.5 to 1 s after a refusal that named no time.
		else this.backoffUntil = Math.max(this.backoffUntil, now + backoffMs({ firstMs: 2 * SHORTEST_BACKOFF_MS, multiplier: 1, maxMs: 2 * SHORTEST_BACKOFF_MS }, 0, random));
		// The headers say when: nothing to learn from the 429 itself.
		if (this.remaining !== undefined) return;
		const held = this.sent.length + this.inFlight;
		if (held > 0 && this.rate === undefined) this.admittedPerMinute = (held / this.ceiling.windowMs) * 60_000;
		if (this.rate !== undefined) {
			// One cut per run of refusals; within it, each try waits twice as long as the last.
			if (kind !== 'probe') {
				this.refusedRate = this.rate;
				this.rate *= RATE_CUT;
				this.admittedPerMinute = this.rate * 60_000;
				this.episodeStep = 0;
			}
			this.nextAt = Math.max(this.nextAt, now + Math.min(2 ** this.episodeStep++ / this.rate, this.longestBackoff(tuning)));
			this.probe = 'due';
			return;
		}
		if (this.share === Infinity) {
			// The first 429: its share is what it holds; one request tries early whether the limit is finer.
			this.share = Math.max(1, held);
			// When Retry-After says when, the try goes then.
			this.nextTryAt = this.retryAfterUntil > now ? this.retryAfterUntil : (this.sent[0] ?? now) + this.ceiling.windowMs * EARLY_TRY;
		} else if (kind === 'early' || kind === 'grow') {
			this.reusedSinceTry = false;
			// Refused tries for more cost the account about GROWTH_BUDGET of the limit, unless the share is
			// very small. A try goes only in the first half of a wait for its own slots: due half a window
			// sooner, one does not fall into a second half and wait a whole cycle more.
			if (kind === 'grow') this.nextTryAt = now + this.ceiling.windowMs * (Math.min(LONGEST_TRY_GAP, Math.max(1, 1 / (GROWTH_BUDGET * this.share))) - 1 / 2);
			// The service says when to try again: then, and early again (is the limit finer?).
			if (outcome.retryAfterMs !== undefined) {
				this.triedEarly = false;
				this.nextTryAt = this.retryAfterUntil;
			}
		} else {
			// Another process took one of its slots: leave it.
			this.share = Math.max(1, held);
		}
		if (held === 0) {
			// Nothing of its own will free: try again after a backoff (or Retry-After), one request first.
			this.probe = 'due';
			if (outcome.retryAfterMs === undefined) this.backoffUntil = Math.max(this.backoffUntil, now + this.backoff(tuning, random));
		}
	}

	/**
	 * Headers of any answer: the latest word on what remains for the whole account. Other workers
	 * read the same word, so each takes only its part of it: all of it at first, half as much after
	 * each request refused while the headers said some remained (another took it), a little more
	 * with each one accepted.
	 */
	private heed(now: number, outcome: TurnOutcome, believedRemaining: boolean): void {
		const h = outcome.headers;
		if (h?.limit !== undefined) this.stated = { requests: h.limit, windowMs: h.windowMs };
		if (h?.remaining === undefined) {
			// An answer without the word: the last one no longer holds, and a 429 is read as without headers.
			this.remaining = undefined;
			return;
		}
		if (outcome.rateLimited && believedRemaining) this.headerPart = Math.max(MIN_HEADER_PART, this.headerPart / 2);
		if (!outcome.rateLimited) this.headerPart = Math.min(1, this.headerPart + HEADER_PART_RISE);
		this.remaining = Math.floor(h.remaining * this.headerPart) - this.inFlight;
		this.resetAt = now + (h.resetMs ?? 0);
	}

	/**
	 * The rate the service admitted to this process since the oldest request of its window. When a
	 * Retry-After let the early try go sooner than an eighth of the window, over at least that: a try
	 * a second after a burst would otherwise take the burst for a rate.
	 */
	private paceAtAdmittedRate(now: number): void {
		const since = this.sent[0] ?? now;
		const span = Math.max(now - since, this.retryAfterUntil > since ? this.ceiling.windowMs * EARLY_TRY : POLL_MS);
		this.rate = this.sent.length / span;
		this.admittedPerMinute = this.rate * 60_000;
		this.nextAt = now + 1 / this.rate;
	}

	private reset(): void {
		this.share = Infinity;
		this.rate = undefined;
		this.refusedRate = 0;
		this.triedEarly = false;
		this.backoffStep = 0;
		this.nextLendAt = Infinity;
		this.lendUntil = 0;
	}

	/**
	 * A request that would wait past its deadline fails, but a backoff of this process's own making
	 * need not fail it before its time: the backoff ends at the deadline instead, for one last try.
	 */
	endBackoffAt(now: number, deadline: number): boolean {
		if (this.probe !== 'due' || deadline <= now || deadline < this.refusedAt + SHORTEST_BACKOFF_MS || this.backoffUntil <= deadline || this.retryAfterUntil > deadline) return false;
		this.backoffUntil = deadline;
		return true;
	}

	private longestBackoff(tuning: PacerTuning): number {
		const { requests, windowMs } = this.ceiling;
		return Math.min(tuning.maxBackoffMs, Math.max(windowMs / 4, windowMs / (IDLE_TRY_BUDGET * requests)));
	}

	private backoff(tuning: PacerTuning, random: () => number): number {
		return backoffMs({ firstMs: tuning.firstBackoffMs, multiplier: 2, maxMs: this.longestBackoff(tuning) }, this.backoffStep++, random);
	}

	known(): KnownLimit {
		return { stated: this.stated, admittedPerMinute: this.admittedPerMinute, ceiling: this.ceiling };
	}
}

/**
 * Keeps this process's requests to each account within what the service admits, and never above
 * the credential's Rate Limit. Per account, keyed by a digest of the base URL and key.
 */
export class AccountPacer {
	private readonly accounts = new Map<string, AccountState>();

	constructor(
		private readonly ceiling: RateLimit,
		private readonly clock: Clock,
		private readonly tuning: PacerTuning = DEFAULT_TUNING,
	) {}

	/**
	 * Waits for the account's next turn. With a deadline, gives up (undefined) instead of waiting
	 * past it: the caller then reports the rate limit instead of waiting on. A backoff of the
	 * pacer's own that would reach past the deadline ends there instead, for one last try.
	 */
	async turn(account: string, options: TurnOptions = {}): Promise<Turn | undefined> {
		const state = this.state(account, options.ceiling ?? this.ceiling);
		for (;;) {
			const now = this.clock.now();
			const waitMs = state.waitBefore(now, this.tuning);
			if (waitMs <= 0) {
				const kind = state.take(now);
				let done = false;
				return {
					done: (outcome) => {
						if (done) return;
						done = true;
						state.answered(this.clock.now(), now, kind, outcome, this.tuning, () => this.clock.random());
					},
				};
			}
			if (options.deadline !== undefined && now + waitMs > options.deadline) {
				if (!state.endBackoffAt(now, options.deadline)) return undefined;
				continue;
			}
			await this.clock.sleep(waitMs);
		}
	}

	/** What this process knows of the account's limit, for messages. */
	known(account: string, ceiling?: RateLimit): KnownLimit {
		return this.state(account, ceiling ?? this.ceiling).known();
	}

	private state(account: string, ceiling: RateLimit): AccountState {
		// A credential whose ceiling was changed starts afresh.
		const key = `${account}:${ceiling.requests}/${ceiling.windowMs}`;
		let state = this.accounts.get(key);
		if (!state) {
			state = new AccountState(ceiling);
			this.accounts.set(key, state);
		}
		return state;
	}
}
