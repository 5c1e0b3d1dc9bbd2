/** Time as the pacer sees it; tests drive it without real waiting. */
export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
	/** A number in [0, 1), for jitter. */
	random(): number;
}

/** An account's limit: `requests` per sliding `windowMs`. */
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

export interface TurnOptions {
	/** Give up (undefined) instead of waiting past this moment. */
	deadline?: number;
	/** The account's limit as the credential states it; the pacer's own when absent. */
	limit?: RateLimit;
}

/** Tuning of the shared mode; the defaults were chosen by simulating 1 to 4 processes on one account. */
export interface PacerTuning {
	/**
	 * Share of the limit the processes of one account may spend, together, on growth probes that
	 * the service refuses. Each process probes once per 1 / (budget × its holding) windows.
	 */
	probeBudget: number;
	/** First wait after a refusal when this process holds nothing in the window; doubles on every further refusal. */
	firstBackoffMs: number;
	maxBackoffMs: number;
	/**
	 * A process that keeps its whole share busy leaves a slot free this often, each time for as long
	 * as one holding nothing waits between tries (see firstLendAfter for when it starts).
	 */
	lendEveryMs: number;
}

/**
 * lendEveryMs is a quarter of the credential's default Max Rate Limit Wait (120 s), so that a
 * newcomer gets in before it runs out (bench/pacerModel.ts measures how long it takes).
 */
export const DEFAULT_TUNING: PacerTuning = { probeBudget: 0.03, firstBackoffMs: 500, maxBackoffMs: 16_000, lendEveryMs: 30_000 };

/** A process that holds little of the limit (it came late) probes as if it held this share, so that it can grow. */
const NEWCOMER_SHARE = 0.25;
/** Growth probes go at most every half window, and only in the first half of a wait for an own slot. */
const HALF_WINDOW = 0.5;
const POLL_MS = 50;
/**
 * The service counts a request when it arrives: after it was sent, before it was answered. A big
 * page is answered long after it arrived, so the slot is taken as entered this share of the window
 * after sending (or at the answer, if sooner): a one-way trip longer than that is not expected.
 */
const ARRIVAL_MARGIN = 0.02;

type TurnKind = 'regular' | 'growthProbe' | 'entryProbe';

/**
 * One account's pacing, kept by each n8n process on its own. The service counts the requests it
 * accepted in a sliding window, so a process that knows its own accepted requests knows when each
 * of its slots in the window frees, without knowing anything of the other processes.
 * - alone: up to the whole limit per window, sent as fast as they come. One process alone never
 *   meets a 429 this way, and short jobs finish at once.
 * - shared: the service refused a request, so the window was full: the requests this process had
 *   in it at that moment are its share (its quota). From then on it sends only when one of its own
 *   slots frees, which the others (doing the same) leave to it; nobody probes blindly.
 *   To take over what others leave, it sends one request beyond its quota now and then (a growth
 *   probe): accepted, the quota grows by one and the next probe may go at once; refused, the next
 *   waits, so that the processes together spend about `probeBudget` of the limit on refused probes.
 *   When a regular request is refused, another process has grown into one of this one's slots: the
 *   quota falls to what it holds, leaving that slot to the newcomer.
 * - lending: a process that starts while the others keep the whole limit busy meets only 429s,
 *   which they never hear of, and would wait until a load ends. So a process that keeps its whole
 *   share busy leaves one slot free for a while every `lendEveryMs`; the newcomer's next try lands
 *   there, and once in, it reuses that slot and grows like any other.
 * An account this process left idle for a whole window is `alone` again.
 */
class AccountState {
	quota: number;
	shared = false;
	/**
	 * When this process's accepted requests entered the service's window, as far as it can tell
	 * (see ARRIVAL_MARGIN), oldest first.
	 */
	accepted: number[] = [];
	inFlight = 0;
	/** No request leaves before the service's Retry-After has passed... */
	retryAfterUntil = 0;
	/** ...nor before this process's own backoff while it holds nothing (see endBackoffAt). */
	backoffUntil = 0;
	/** Refused while holding nothing: one request enters first, the others wait for its answer. */
	entryProbe: 'due' | 'sent' | undefined;
	growthProbeSent = false;
	nextGrowthProbeAt = 0;
	backoffStep = 0;
	/** Set once this process found its whole share busy where it may lend: when it next leaves a slot free. */
	nextLendAt = Infinity;
	/** Until then it leaves one slot of its share free. */
	lendUntil = 0;

	constructor(readonly limit: RateLimit) {
		this.quota = limit.requests;
	}

	/** Milliseconds until this process may send for the account (0: now), and what kind of turn it is. */
	waitBefore(now: number, tuning: PacerTuning): { waitMs: number; kind: TurnKind } {
		const { requests, windowMs } = this.limit;
		this.forget(now);
		const blockedUntil = Math.max(this.retryAfterUntil, this.backoffUntil);
		if (this.inFlight === 0 && this.accepted.length === 0 && !this.entryProbe && now >= blockedUntil) {
			this.shared = false;
			this.quota = requests;
			this.nextLendAt = Infinity;
			this.lendUntil = 0;
		}
		if (now < blockedUntil) return { waitMs: blockedUntil - now, kind: 'regular' };
		if (this.entryProbe === 'sent') return { waitMs: POLL_MS, kind: 'regular' };
		if (this.entryProbe === 'due') return { waitMs: 0, kind: 'entryProbe' };
		const used = this.accepted.length + this.inFlight;
		// A process that starts now and meets a full window only meets 429s, which the processes that
		// hold it never hear of: while they keep their whole share busy, they leave a slot free now and then.
		if (used < this.quota && now >= this.nextLendAt && this.mayLend(tuning)) {
			this.lendUntil = now + this.lendMs(tuning);
			this.nextLendAt = now + tuning.lendEveryMs;
		}
		const lent = now < this.lendUntil ? 1 : 0;
		if (used < this.quota - lent) return { waitMs: 0, kind: 'regular' };
		if (this.nextLendAt === Infinity && this.mayLend(tuning)) this.nextLendAt = now + this.firstLendAfter(tuning);
		// The next own slot frees when the oldest accepted request leaves the window.
		const ownSlotMs = this.accepted.length ? this.accepted[0] + windowMs - now : POLL_MS;
		// Lending, it sends no growth probe either: the probe would take the lent slot.
		if (lent) return { waitMs: Math.max(1, Math.min(ownSlotMs, this.lendUntil - now)), kind: 'regular' };
		// Probe right after this process (and, in step with it, the others) reused its slots.
		const mayProbe = this.shared && used < requests && !this.growthProbeSent && ownSlotMs >= windowMs * HALF_WINDOW;
		if (mayProbe && now >= this.nextGrowthProbeAt) return { waitMs: 0, kind: 'growthProbe' };
		// While a growth probe is out, look again soon: accepted, it lets the next one go at once.
		const probeMs = this.growthProbeSent ? POLL_MS : mayProbe ? this.nextGrowthProbeAt - now : Infinity;
		return { waitMs: Math.max(1, Math.min(ownSlotMs, probeMs)), kind: 'regular' };
	}

	take(kind: TurnKind): void {
		this.inFlight++;
		if (kind === 'entryProbe') this.entryProbe = 'sent';
		if (kind === 'growthProbe') this.growthProbeSent = true;
	}

	answered(now: number, kind: TurnKind, sentAt: number, outcome: TurnOutcome, tuning: PacerTuning, random: () => number): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (kind === 'entryProbe') this.entryProbe = undefined;
		if (kind === 'growthProbe') this.growthProbeSent = false;
		this.forget(now);
		if (!outcome.rateLimited) {
			this.remember(Math.min(now, sentAt + this.limit.windowMs * ARRIVAL_MARGIN));
			this.backoffStep = 0;
			if (kind === 'growthProbe') this.quota = Math.max(this.quota, this.accepted.length + this.inFlight);
			// The window had room: look for more at once.
			if (kind !== 'regular') this.nextGrowthProbeAt = now;
			return;
		}
		// The window is full: this process's share is what it holds there, with what it has on the way.
		const holding = this.accepted.length;
		this.quota = Math.max(1, Math.min(this.shared ? this.quota : Infinity, holding + this.inFlight));
		// Sharing from now on: a process that has not lent yet lends later (see firstLendAfter).
		if (!this.shared && this.lendUntil === 0) this.nextLendAt = Infinity;
		this.shared = true;
		this.nextGrowthProbeAt = Math.max(this.nextGrowthProbeAt, now + this.growthProbeGap(holding, tuning));
		if (outcome.retryAfterMs !== undefined) this.retryAfterUntil = Math.max(this.retryAfterUntil, now + outcome.retryAfterMs);
		if (holding === 0) {
			// No own slot will free: enter again after a backoff (or Retry-After), one request first.
			this.entryProbe = 'due';
			if (outcome.retryAfterMs === undefined) this.backoffUntil = Math.max(this.backoffUntil, now + this.backoff(tuning, random));
		}
	}

	/**
	 * A request that would wait past its deadline fails, but a backoff of this process's own making
	 * need not fail it before its time: the backoff ends at the deadline instead, for one last try
	 * (false: nothing to try, or the service's Retry-After reaches past the deadline).
	 */
	endBackoffAt(now: number, deadline: number): boolean {
		if (this.entryProbe !== 'due' || deadline <= now || this.backoffUntil <= deadline || this.retryAfterUntil > deadline) return false;
		this.backoffUntil = deadline;
		return true;
	}

	private remember(enteredAt: number): void {
		let i = this.accepted.length;
		while (i > 0 && this.accepted[i - 1] > enteredAt) i--;
		this.accepted.splice(i, 0, enteredAt);
	}

	private forget(now: number): void {
		while (this.accepted.length && this.accepted[0] <= now - this.limit.windowMs) this.accepted.shift();
	}

	/**
	 * Whole windows between growth probes, less half of one: the probe then goes in the first half of
	 * the window it is due in, right after this process reused its slots.
	 */
	private growthProbeGap(holding: number, tuning: PacerTuning): number {
		const share = Math.max(holding, this.limit.requests * NEWCOMER_SHARE);
		const windows = Math.max(1, Math.round(1 / (tuning.probeBudget * share)));
		return this.limit.windowMs * (windows - HALF_WINDOW);
	}

	/** Exponential backoff with jitter. */
	private backoff(tuning: PacerTuning, random: () => number): number {
		const ceiling = Math.min(this.longestBackoff(tuning), tuning.firstBackoffMs * 2 ** this.backoffStep++);
		return ceiling / 2 + (random() * ceiling) / 2;
	}

	private longestBackoff(tuning: PacerTuning): number {
		return Math.min(tuning.maxBackoffMs, this.limit.windowMs / 2);
	}

	/**
	 * Only on windows longer than lendEveryMs: on shorter ones the slots turn over so often within
	 * Max Rate Limit Wait that a newcomer's tries find one freed, and one that got in through a lent
	 * slot grows more slowly than one that waits for a load to end (bench/README.md). Sharing,
	 * only while it holds at least a newcomer's share: a newcomer needs its slots to grow.
	 */
	private mayLend(tuning: PacerTuning): boolean {
		if (this.limit.windowMs <= tuning.lendEveryMs) return false;
		return !this.shared || this.quota >= this.limit.requests * NEWCOMER_SHARE;
	}

	/**
	 * Alone, a process lends once it has kept the whole limit busy for lendEveryMs. Sharing, it
	 * waits a window more, because a lent slot makes a load whose last window needs every slot end
	 * that much later, and loads of a window or two are common where several workers share an account.
	 */
	private firstLendAfter(tuning: PacerTuning): number {
		return tuning.lendEveryMs + (this.shared ? this.limit.windowMs : 0);
	}

	/** Long enough for a process that holds nothing to try once more, its answer included. */
	private lendMs(tuning: PacerTuning): number {
		return this.longestBackoff(tuning) + this.limit.windowMs * ARRIVAL_MARGIN;
	}
}

/**
 * Keeps this process's requests to each account within the account's limit, and shares the limit
 * with other processes (n8n workers, other tools) that use the same account: no shared store is
 * needed, the service's refusals are the signal. Per account, keyed by a digest of the base URL
 * and key.
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
	 * past it: the caller then reports the rate limit instead of waiting on. A backoff of the
	 * pacer's own that would reach past the deadline ends there instead, for one last try.
	 */
	async turn(account: string, options: TurnOptions = {}): Promise<Turn | undefined> {
		const state = this.state(account, options.limit ?? this.limit);
		for (;;) {
			const now = this.clock.now();
			const { waitMs, kind } = state.waitBefore(now, this.tuning);
			if (waitMs <= 0) {
				state.take(kind);
				let done = false;
				return {
					done: (outcome) => {
						if (done) return;
						done = true;
						state.answered(this.clock.now(), kind, now, outcome, this.tuning, () => this.clock.random());
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

	private state(account: string, limit: RateLimit): AccountState {
		// A credential whose limit was changed starts afresh.
		const key = `${account}:${limit.requests}/${limit.windowMs}`;
		let state = this.accounts.get(key);
		if (!state) {
			state = new AccountState(limit);
			this.accounts.set(key, state);
		}
		return state;
	}
}
