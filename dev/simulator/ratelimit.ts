/**
 * Per-account rate limiters of three shapes, each answering with or without `Retry-After` and
 * rate-limit headers. The limiters take the time as an argument, so the pacer's virtual-time model
 * (dev/pacing) runs the very same ones; the simulator passes the real clock (epoch milliseconds
 * from the monotonic clock), not the data clock: tests that freeze `now` still see windows pass.
 */
import { performance } from 'node:perf_hooks';

/**
 * Which rate-limit headers every v2 answer carries:
 * - `x`: `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (epoch seconds);
 * - `ietf`: `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds from now);
 * - `ietfStructured`: `RateLimit: "default";r=REMAINING;t=RESET` and `RateLimit-Policy: "default";q=LIMIT;w=WINDOW`.
 */
export type RateLimitHeaders = 'none' | 'x' | 'ietf' | 'ietfStructured';
export const RATE_LIMIT_HEADERS: RateLimitHeaders[] = ['none', 'x', 'ietf', 'ietfStructured'];

interface Answers {
	/** Send Retry-After (whole seconds until a request would be admitted) on 429. */
	retryAfter: boolean;
	headers: RateLimitHeaders;
}

/**
 * - `sliding`: `limit` requests per sliding `windowMs` (the simulator's default, 150 per 60 s);
 * - `fixed`: `limit` requests per window of `windowMs` aligned to the clock (a minute starting at :00);
 * - `tokenBucket`: a bucket of `burst` tokens refilled at `ratePerSecond`; a request takes one.
 */
export type RateLimitConfig =
	| ({ shape: 'sliding' | 'fixed'; limit: number; windowMs: number } & Answers)
	| ({ shape: 'tokenBucket'; ratePerSecond: number; burst: number } & Answers);

/** A partial setting, merged into the current one by parseRateLimit. */
export type RateLimitPatch = Partial<{ shape: RateLimitConfig['shape']; limit: number; windowMs: number; ratePerSecond: number; burst: number; retryAfter: boolean; headers: RateLimitHeaders }>;

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { shape: 'sliding', limit: 150, windowMs: 60_000, retryAfter: false, headers: 'none' };

/** One request's verdict, with what the headers say about the account's budget after it. */
export interface Verdict {
	ok: boolean;
	/** Until a request would be admitted (refused requests only). */
	retryAfterMs?: number;
	/** Requests the limit admits now (after this one). */
	remaining: number;
	/** Sliding and fixed: until the budget next grows (the oldest counted request leaves, the window ends); bucket: until it is full. */
	resetMs: number;
}

/** One account's limiter. Refused requests do not count. */
export interface Limiter {
	take(nowMs: number): Verdict;
}

export function createLimiter(config: RateLimitConfig): Limiter {
	switch (config.shape) {
		case 'sliding':
			return slidingWindow(config.limit, config.windowMs);
		case 'fixed':
			return fixedWindow(config.limit, config.windowMs);
		case 'tokenBucket':
			return tokenBucket(config.ratePerSecond, config.burst);
	}
}

function slidingWindow(limit: number, windowMs: number): Limiter {
	const accepted: number[] = [];
	return {
		take(now) {
			while (accepted.length && accepted[0] <= now - windowMs) accepted.shift();
			const ok = accepted.length < limit;
			if (ok) accepted.push(now);
			const untilOldestLeaves = accepted.length ? accepted[0] + windowMs - now : 0;
			return { ok, retryAfterMs: ok ? undefined : untilOldestLeaves, remaining: limit - accepted.length, resetMs: untilOldestLeaves };
		},
	};
}

function fixedWindow(limit: number, windowMs: number): Limiter {
	let windowStart = -Infinity;
	let count = 0;
	return {
		take(now) {
			const start = Math.floor(now / windowMs) * windowMs;
			if (start !== windowStart) [windowStart, count] = [start, 0];
			const ok = count < limit;
			if (ok) count++;
			const untilEnd = windowStart + windowMs - now;
			return { ok, retryAfterMs: ok ? undefined : untilEnd, remaining: limit - count, resetMs: untilEnd };
		},
	};
}

function tokenBucket(ratePerSecond: number, burst: number): Limiter {
	const perTokenMs = 1000 / ratePerSecond;
	let tokens = burst;
	let at = -Infinity;
	return {
		take(now) {
			tokens = Math.min(burst, tokens + (now - at) / perTokenMs);
			at = now;
			const ok = tokens >= 1;
			if (ok) tokens -= 1;
			return {
				ok,
				retryAfterMs: ok ? undefined : (1 - tokens) * perTokenMs,
				remaining: Math.floor(tokens),
				resetMs: (burst - tokens) * perTokenMs,
			};
		},
	};
}

/** The limit and window the headers state: the bucket's burst, over the time it takes to refill. */
export function statedPolicy(config: RateLimitConfig): { limit: number; windowMs: number } {
	return config.shape === 'tokenBucket'
		? { limit: config.burst, windowMs: (config.burst / config.ratePerSecond) * 1000 }
		: { limit: config.limit, windowMs: config.windowMs };
}

/** The headers an answer carries, for the verdict on it: rate-limit headers as configured, Retry-After on 429 when on. */
export function limitHeaders(config: RateLimitConfig, verdict: Verdict, nowMs: number): Record<string, string> {
	const headers: Record<string, string> = {};
	const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
	if (!verdict.ok && config.retryAfter) headers['Retry-After'] = String(Math.max(1, seconds(verdict.retryAfterMs ?? 0)));
	const { limit, windowMs } = statedPolicy(config);
	const remaining = String(Math.max(0, verdict.remaining));
	switch (config.headers) {
		case 'x':
			headers['X-RateLimit-Limit'] = String(limit);
			headers['X-RateLimit-Remaining'] = remaining;
			headers['X-RateLimit-Reset'] = String(seconds(nowMs + verdict.resetMs));
			break;
		case 'ietf':
			headers['RateLimit-Limit'] = String(limit);
			headers['RateLimit-Remaining'] = remaining;
			headers['RateLimit-Reset'] = String(seconds(verdict.resetMs));
			break;
		case 'ietfStructured':
			headers.RateLimit = `"default";r=${remaining};t=${seconds(verdict.resetMs)}`;
			headers['RateLimit-Policy'] = `"default";q=${limit};w=${seconds(windowMs)}`;
			break;
	}
	return headers;
}

/** Epoch milliseconds from the monotonic clock: what the simulator's limiters count in. */
export const limiterNow = (): number => performance.timeOrigin + performance.now();

/** The limiters of every account: one default configuration, and per-account ones that replace it. */
export class RateLimiter {
	private limiters = new Map<string, Limiter>();
	readonly perAccount = new Map<string, RateLimitConfig | false>();

	constructor(public config: RateLimitConfig | false) {}

	configFor(accountId: string): RateLimitConfig | false {
		return this.perAccount.has(accountId) ? this.perAccount.get(accountId)! : this.config;
	}

	/** Counts the request when admitted; the headers to send with the answer (429 or not). */
	take(accountId: string, nowMs = limiterNow()): { ok: boolean; headers: Record<string, string>; config: RateLimitConfig | false } {
		const config = this.configFor(accountId);
		if (!config) return { ok: true, headers: {}, config };
		let limiter = this.limiters.get(accountId);
		if (!limiter) this.limiters.set(accountId, (limiter = createLimiter(config)));
		const verdict = limiter.take(nowMs);
		return { ok: verdict.ok, headers: limitHeaders(config, verdict, nowMs), config };
	}

	/** Restarts every account's count (all accounts, or one). */
	clear(accountId?: string): void {
		if (accountId === undefined) this.limiters.clear();
		else this.limiters.delete(accountId);
	}
}

/** The 429 message: the limit in the service's words. */
export function limitMessage(config: RateLimitConfig): string {
	return config.shape === 'tokenBucket'
		? `Too many requests: the limit is ${config.ratePerSecond} requests per second, in bursts of up to ${config.burst}.`
		: `Too many requests: the limit is ${config.limit} requests per ${config.windowMs / 1000} seconds.`;
}

const SHAPES = ['sliding', 'fixed', 'tokenBucket'] as const;

/**
 * A rate-limit setting from the control API, the CLI or `start()`: `false` (or `'off'`) switches it
 * off; an object merges into the current setting (the defaults when it was off; a new `shape` starts
 * from that shape's defaults, the documented 150 per 60 s or 2.5 per second in bursts of 10).
 */
export function parseRateLimit(v: unknown, current: RateLimitConfig | false): RateLimitConfig | false {
	if (v === false || v === 'off') return false;
	if (v === undefined) return current;
	if (typeof v !== 'object' || v === null) throw new Error('rateLimit must be false or an object { shape?, limit?, windowMs?, ratePerSecond?, burst?, retryAfter?, headers? }');
	const patch = v as Record<string, unknown>;
	const shape = (patch.shape ?? (current ? current.shape : DEFAULT_RATE_LIMIT.shape)) as RateLimitConfig['shape'];
	if (!SHAPES.includes(shape)) throw new Error(`rateLimit.shape must be one of ${SHAPES.join(', ')}`);
	const base: Record<string, unknown> =
		current && current.shape === shape
			? { ...current }
			: shape === 'tokenBucket'
				? { shape, ratePerSecond: 2.5, burst: 10, retryAfter: false, headers: 'none' }
				: { ...DEFAULT_RATE_LIMIT, shape };
	if (current) Object.assign(base, { retryAfter: current.retryAfter, headers: current.headers });
	const merged: Record<string, unknown> = { ...base, ...patch, shape };
	const { retryAfter, headers } = merged as unknown as Answers;
	if (typeof retryAfter !== 'boolean') throw new Error('rateLimit.retryAfter must be a boolean');
	if (!RATE_LIMIT_HEADERS.includes(headers)) throw new Error(`rateLimit.headers must be one of ${RATE_LIMIT_HEADERS.join(', ')}`);
	if (shape === 'tokenBucket') {
		const { ratePerSecond, burst } = merged as { ratePerSecond: number; burst: number };
		if (typeof ratePerSecond !== 'number' || !(ratePerSecond > 0)) throw new Error('rateLimit.ratePerSecond must be a positive number');
		if (!Number.isInteger(burst) || burst < 1) throw new Error('rateLimit.burst must be a positive integer');
		return { shape, ratePerSecond, burst, retryAfter, headers };
	}
	const { limit, windowMs } = merged as { limit: number; windowMs: number };
	if (!Number.isInteger(limit) || limit < 1) throw new Error('rateLimit.limit must be a positive integer');
	if (!Number.isInteger(windowMs) || windowMs < 1) throw new Error('rateLimit.windowMs must be a positive integer');
	return { shape, limit, windowMs, retryAfter, headers };
}

/** A rate limit as the CLI writes it: `150/60000` (sliding), `fixed:150/60000`, `bucket:2.5/10` (per second, burst), `off`. */
export function parseRateLimitText(text: string): RateLimitPatch | false {
	if (text === 'off') return false;
	const m = /^(?:(sliding|fixed|bucket):)?(\d+(?:\.\d+)?)\/(\d+)$/.exec(text);
	if (!m) throw new Error(`not a rate limit: ${text} (150/60000, fixed:150/60000, bucket:2.5/10 or off)`);
	const [, shape = 'sliding', a, b] = m;
	return shape === 'bucket'
		? { shape: 'tokenBucket', ratePerSecond: Number(a), burst: Number(b) }
		: { shape: shape as 'sliding' | 'fixed', limit: Number(a), windowMs: Number(b) };
}

/** One line for people: "sliding, 150 per 60000 ms, Retry-After on, headers x". */
export function describeRateLimit(config: RateLimitConfig | false): string {
	if (!config) return 'off';
	const what = config.shape === 'tokenBucket' ? `token bucket, ${config.ratePerSecond} per s, burst ${config.burst}` : `${config.shape}, ${config.limit} per ${config.windowMs} ms`;
	return `${what}${config.retryAfter ? ', Retry-After on' : ''}${config.headers !== 'none' ? `, headers ${config.headers}` : ''}`;
}
