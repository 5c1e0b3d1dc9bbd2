/**
 * Per-account sliding-window limiter. Uses the real monotonic clock, not the simulator's data clock:
 * tests that freeze `now` still see the window slide.
 */
import { performance } from 'node:perf_hooks';

export interface RateLimitConfig {
	limit: number;
	windowMs: number;
	/** Send Retry-After (seconds) on 429. Off by default: the live service documents none. */
	retryAfter: boolean;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 150, windowMs: 60_000, retryAfter: false };

export class RateLimiter {
	private hits = new Map<string, number[]>();

	constructor(public config: RateLimitConfig | false) {}

	/** Counts the request when admitted; a refused request does not count. */
	take(accountId: string): { ok: true } | { ok: false; retryAfterSec: number } {
		if (!this.config) return { ok: true };
		const now = performance.now();
		const { limit, windowMs } = this.config;
		let list = this.hits.get(accountId);
		if (!list) this.hits.set(accountId, (list = []));
		while (list.length && list[0] <= now - windowMs) list.shift();
		if (list.length >= limit) {
			return { ok: false, retryAfterSec: Math.max(1, Math.ceil((list[0] + windowMs - now) / 1000)) };
		}
		list.push(now);
		return { ok: true };
	}

	clear(): void {
		this.hits.clear();
	}
}

export function parseRateLimit(v: unknown, current: RateLimitConfig | false): RateLimitConfig | false {
	if (v === false || v === 'off') return false;
	if (v === undefined) return current;
	if (typeof v !== 'object' || v === null) throw new Error('rateLimit must be false or { limit, windowMs, retryAfter }');
	const base = current || DEFAULT_RATE_LIMIT;
	const { limit = base.limit, windowMs = base.windowMs, retryAfter = base.retryAfter } = v as Partial<RateLimitConfig>;
	if (!Number.isInteger(limit) || limit < 1) throw new Error('rateLimit.limit must be a positive integer');
	if (!Number.isInteger(windowMs) || windowMs < 1) throw new Error('rateLimit.windowMs must be a positive integer');
	if (typeof retryAfter !== 'boolean') throw new Error('rateLimit.retryAfter must be a boolean');
	return { limit, windowMs, retryAfter };
}
