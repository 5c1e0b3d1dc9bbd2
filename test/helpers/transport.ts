/**
 * Transports for tests: the node's own Transport, built from the same parts as in production but
 * with waits in milliseconds, so retries and backoff run without real seconds.
 */
import {
	AccountPacer,
	DEFAULT_TUNING,
	realClock,
	Transport,
	type Clock,
	type PacerTuning,
	type RetryTiming,
} from '../../nodes/shared/transport';

export interface TestTransportOptions {
	/** Default: retries after 1, 2, 4, then 5 ms (with the credential's Max Retry Wait of 0.007 s: three retries). */
	retry?: RetryTiming;
	tuning?: { backoff?: Partial<PacerTuning['backoff']> };
	requestTimeoutMs?: number;
	clock?: Clock;
}

/** Real time without jitter: every backoff waits its full ceiling, so retry counts are exact. */
const noJitter: Clock = { ...realClock, random: () => 1 };

export function testTransport(options: TestTransportOptions = {}): Transport {
	const clock = options.clock ?? noJitter;
	return new Transport({
		// The limit each credential states is kept; this one, for credentials that state none, hardly paces.
		// Backoffs of 2 ms growing to 10 ms at most: after refusals the pacer's rate, never below one
		// request per longest backoff, keeps a request waiting a few milliseconds, not seconds.
		pacer: new AccountPacer({ requests: 1_000_000, windowMs: 60_000 }, clock, {
			backoff: { ...DEFAULT_TUNING.backoff, firstMs: 2, maxMs: 10, ...options.tuning?.backoff },
		}),
		clock,
		retry: options.retry ?? { firstMs: 1, multiplier: 2, maxMs: 5 },
		requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
	});
}
