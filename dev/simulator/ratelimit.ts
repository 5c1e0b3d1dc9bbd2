/**
 * Per-account rate limiters of the shapes in limitShapes.ts (one limit or two at once), each
 * answering with or without `Retry-After` and rate-limit headers. The limiters take the time as an argument, so the pacer's virtual-time model
 * (dev/pacing) runs the very same ones; the simulator passes the real clock (epoch milliseconds
 * from the monotonic clock), not the data clock: tests that freeze `now` still see windows pass.
 */
import { performance } from 'node:perf_hooks';

import { drawLimiter } from './limiterFamily';
import { NGINX_LIMIT_REQ, RATE_LIMIT_HEADERS, isRate, type LimitPart, type RateLimitConfig, type RateLimitHeaders, type WindowPart } from './limitShapes';

export { NGINX_LIMIT_REQ, RATE_LIMIT_HEADERS, isRate, type LimitPart, type RateLimitConfig, type RateLimitHeaders } from './limitShapes';

/** A partial setting, merged into the current one by parseRateLimit; `draw` plays the family's limiter of that seed (limiterFamily.ts). */
export type RateLimitPatch = Partial<{
	shape: LimitPart['shape'];
	limit: number;
	windowMs: number;
	ratePerSecond: number;
	burst: number;
	retryAfter: boolean;
	headers: RateLimitHeaders;
	countRefused: boolean;
	status: 429 | 503;
	proxy: boolean;
	also: LimitPart | false;
	draw: number;
}>;

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
	/** The limit that decided (the tighter of two): what the headers state. */
	part: LimitPart;
}

/** One account's limiter. */
export interface Limiter {
	take(nowMs: number): Verdict;
}

/** One limit's count: what it would say of a request now, and counting one. */
interface Counter {
	check(now: number): { ok: boolean; retryAfterMs: number; remaining: number; resetMs: number };
	count(now: number): void;
}

export function createLimiter(config: RateLimitConfig): Limiter {
	const parts = config.also ? [partOf(config), config.also] : [partOf(config)];
	const counters = parts.map(counterFor);
	return {
		take(now) {
			const checks = counters.map((c) => c.check(now));
			const ok = checks.every((c) => c.ok);
			if (ok || config.countRefused) counters.forEach((c) => c.count(now));
			const after = counters.map((c) => c.check(now));
			// The headers speak of the limit with the least left (on a refusal, the one that refused).
			let i = 0;
			for (let j = 1; j < parts.length; j++) if (ok ? after[j].remaining < after[i].remaining : !checks[j].ok && (checks[i].ok || checks[j].retryAfterMs > checks[i].retryAfterMs)) i = j;
			const retryAfterMs = Math.max(...checks.map((c) => (c.ok ? 0 : c.retryAfterMs)));
			return { ok, retryAfterMs: ok ? undefined : retryAfterMs, remaining: Math.max(0, Math.min(...after.map((c) => c.remaining))), resetMs: after[i].resetMs, part: parts[i] };
		},
	};
}

function partOf(config: RateLimitConfig): LimitPart {
	const part = config as LimitPart;
	return isRate(part) ? { shape: part.shape, ratePerSecond: part.ratePerSecond, burst: part.burst } : { shape: part.shape, limit: (part as WindowPart).limit, windowMs: (part as WindowPart).windowMs };
}

function counterFor(part: LimitPart): Counter {
	switch (part.shape) {
		case 'sliding':
			return slidingLog(part.limit, part.windowMs);
		case 'fixed':
			return fixedWindow(part.limit, part.windowMs);
		case 'tokenBucket':
		case 'gcra':
			return gcra(part.ratePerSecond, part.burst);
	}
}

function slidingLog(limit: number, windowMs: number): Counter {
	const counted: number[] = [];
	const forget = (now: number) => {
		while (counted.length && counted[0] <= now - windowMs) counted.shift();
	};
	return {
		check(now) {
			forget(now);
			// Until enough counted requests leave that one more fits.
			const untilRoom = counted.length >= limit ? counted[counted.length - limit] + windowMs - now : 0;
			const untilOldestLeaves = counted.length ? counted[0] + windowMs - now : 0;
			return { ok: counted.length < limit, retryAfterMs: untilRoom, remaining: limit - counted.length, resetMs: untilOldestLeaves };
		},
		count(now) {
			counted.push(now);
		},
	};
}

function fixedWindow(limit: number, windowMs: number): Counter {
	let windowStart = -Infinity;
	let count = 0;
	const roll = (now: number) => {
		const start = Math.floor(now / windowMs) * windowMs;
		if (start !== windowStart) [windowStart, count] = [start, 0];
	};
	return {
		check(now) {
			roll(now);
			const untilEnd = windowStart + windowMs - now;
			return { ok: count < limit, retryAfterMs: untilEnd, remaining: limit - count, resetMs: untilEnd };
		},
		count(now) {
			roll(now);
			count++;
		},
	};
}

/**
 * A rate with bursts, kept as the theoretical arrival time of the next request (GCRA); a token
 * bucket of `burst` tokens is the same limit. A request counted while refused pushes that time
 * on, at most a burst's worth past now (the bucket goes no deeper than empty by as much again).
 */
function gcra(ratePerSecond: number, burst: number): Counter {
	const intervalMs = 1000 / ratePerSecond;
	const toleranceMs = intervalMs * (burst - 1);
	let tat = -Infinity;
	return {
		check(now) {
			const due = Math.max(tat, now);
			const untilAdmitted = Math.max(0, due - toleranceMs - now);
			const left = (now + toleranceMs - due) / intervalMs + 1;
			return { ok: untilAdmitted === 0, retryAfterMs: untilAdmitted, remaining: Math.max(0, Math.floor(left)), resetMs: due - now };
		},
		count(now) {
			tat = Math.min(Math.max(tat, now) + intervalMs, now + 2 * toleranceMs + intervalMs);
		},
	};
}

/** The limit and window the headers state: a bucket's burst, over the time it takes to refill. */
export function statedPolicy(part: LimitPart): { limit: number; windowMs: number } {
	return isRate(part) ? { limit: part.burst, windowMs: (part.burst / part.ratePerSecond) * 1000 } : { limit: part.limit, windowMs: part.windowMs };
}

/** The headers an answer carries, for the verdict on it: rate-limit headers as configured, Retry-After on a refusal when on. */
export function limitHeaders(config: RateLimitConfig, verdict: Verdict, nowMs: number): Record<string, string> {
	const headers: Record<string, string> = {};
	if (config.proxy) return headers;
	const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
	if (!verdict.ok && config.retryAfter) headers['Retry-After'] = String(Math.max(1, seconds(verdict.retryAfterMs ?? 0)));
	const { limit, windowMs } = statedPolicy(verdict.part);
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

	/** Counts the request when admitted (or always, when refusals count); the headers to send with the answer. */
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

/** A proxy's refusal, as nginx's `limit_req` answers it (its default page for 503). */
export const PROXY_REFUSAL_PAGE =
	'<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** The refusal's message: the limit in the service's words. */
export function limitMessage(config: RateLimitConfig): string {
	const part = (p: LimitPart) =>
		isRate(p) ? `${p.ratePerSecond} requests per second, in bursts of up to ${p.burst}` : `${p.limit} requests per ${p.windowMs / 1000} seconds`;
	return `Too many requests: the limit is ${part(partOf(config))}${config.also ? ` and ${part(config.also)}` : ''}.`;
}

const SHAPES = ['sliding', 'fixed', 'tokenBucket', 'gcra'] as const;

function checkPart(v: Record<string, unknown>, what: string): LimitPart {
	const shape = v.shape as LimitPart['shape'];
	if (!SHAPES.includes(shape)) throw new Error(`${what}.shape must be one of ${SHAPES.join(', ')}`);
	if (shape === 'tokenBucket' || shape === 'gcra') {
		const { ratePerSecond, burst } = v as { ratePerSecond: number; burst: number };
		if (typeof ratePerSecond !== 'number' || !(ratePerSecond > 0)) throw new Error(`${what}.ratePerSecond must be a positive number`);
		if (!Number.isInteger(burst) || burst < 1) throw new Error(`${what}.burst must be a positive integer`);
		return { shape, ratePerSecond, burst };
	}
	const { limit, windowMs } = v as { limit: number; windowMs: number };
	if (!Number.isInteger(limit) || limit < 1) throw new Error(`${what}.limit must be a positive integer`);
	if (!Number.isInteger(windowMs) || windowMs < 1) throw new Error(`${what}.windowMs must be a positive integer`);
	return { shape, limit, windowMs };
}

/**
 * A rate-limit setting from the control API, the CLI or `start()`: `false` (or `'off'`) switches it
 * off; `{ draw: seed }` plays the family's limiter of that seed; an object merges into the current
 * setting (the defaults when it was off; a new `shape` starts from that shape's defaults, the
 * documented 150 per 60 s or 2.5 per second in bursts of 10).
 */
export function parseRateLimit(v: unknown, current: RateLimitConfig | false): RateLimitConfig | false {
	if (v === false || v === 'off') return false;
	if (v === undefined) return current;
	if (typeof v !== 'object' || v === null) throw new Error('rateLimit must be false or an object { shape?, limit?, windowMs?, ratePerSecond?, burst?, retryAfter?, headers?, countRefused?, status?, proxy?, also?, draw? }');
	const patch = v as Record<string, unknown>;
	if (patch.draw !== undefined) {
		if (!Number.isInteger(patch.draw)) throw new Error('rateLimit.draw must be an integer seed');
		return drawLimiter(patch.draw as number).service;
	}
	const shape = (patch.shape ?? (current ? current.shape : DEFAULT_RATE_LIMIT.shape)) as LimitPart['shape'];
	if (!SHAPES.includes(shape)) throw new Error(`rateLimit.shape must be one of ${SHAPES.join(', ')}`);
	const base: Record<string, unknown> =
		current && current.shape === shape
			? { ...current }
			: shape === 'tokenBucket' || shape === 'gcra'
				? { shape, ratePerSecond: 2.5, burst: 10 }
				: { shape, limit: 150, windowMs: 60_000 };
	const merged: Record<string, unknown> = { ...{ retryAfter: false, headers: 'none' }, ...(current || {}), ...base, ...patch, shape };
	const { retryAfter, headers, countRefused, status, proxy, also } = merged as Partial<RateLimitConfig> & { also?: LimitPart | false };
	if (typeof retryAfter !== 'boolean') throw new Error('rateLimit.retryAfter must be a boolean');
	if (!RATE_LIMIT_HEADERS.includes(headers!)) throw new Error(`rateLimit.headers must be one of ${RATE_LIMIT_HEADERS.join(', ')}`);
	if (countRefused !== undefined && typeof countRefused !== 'boolean') throw new Error('rateLimit.countRefused must be a boolean');
	if (status !== undefined && status !== 429 && status !== 503) throw new Error('rateLimit.status must be 429 or 503');
	if (proxy !== undefined && typeof proxy !== 'boolean') throw new Error('rateLimit.proxy must be a boolean');
	const config: RateLimitConfig = { ...checkPart(merged, 'rateLimit'), retryAfter, headers: headers! };
	if (countRefused) config.countRefused = true;
	if (status === 503) config.status = 503;
	// A proxy's answers carry neither Retry-After nor rate-limit headers.
	if (proxy) Object.assign(config, { proxy: true, status: 503, retryAfter: false, headers: 'none' });
	if (also) config.also = checkPart(also as Record<string, unknown>, 'rateLimit.also');
	return config;
}

/**
 * A rate limit as the CLI writes it: `150/60000` (sliding), `fixed:150/60000`, `bucket:2.5/10` and
 * `gcra:2.5/10` (per second, burst), two at once joined by `+` (`fixed:5/1000+150/60000`),
 * `draw:SEED` (the family's limiter of that seed), `nginx` (nginx's `limit_req` in front: NGINX_LIMIT_REQ), `off`.
 */
export function parseRateLimitText(text: string): RateLimitPatch | false {
	if (text === 'off') return false;
	if (text === 'nginx') return { ...NGINX_LIMIT_REQ, also: false };
	const drawn = /^draw:(\d+)$/.exec(text);
	if (drawn) return { draw: Number(drawn[1]) };
	const parts = text.split('+').map((one) => {
		const m = /^(?:(sliding|fixed|bucket|gcra):)?(\d+(?:\.\d+)?)\/(\d+)$/.exec(one);
		if (!m) throw new Error(`not a rate limit: ${text} (150/60000, fixed:150/60000, bucket:2.5/10, gcra:2.5/10, two joined by +, draw:SEED, nginx or off)`);
		const [, shape = 'sliding', a, b] = m;
		return shape === 'bucket' || shape === 'gcra'
			? { shape: shape === 'bucket' ? ('tokenBucket' as const) : ('gcra' as const), ratePerSecond: Number(a), burst: Number(b) }
			: { shape: shape as 'sliding' | 'fixed', limit: Number(a), windowMs: Number(b) };
	});
	if (parts.length > 2) throw new Error(`not a rate limit: ${text} (at most two limits at once)`);
	return parts.length === 2 ? { ...parts[0], also: parts[1] } : parts[0];
}

/** One line for people: "sliding, 150 per 60000 ms, Retry-After on, headers x". */
export function describeRateLimit(config: RateLimitConfig | false): string {
	if (!config) return 'off';
	const part = (p: LimitPart) => (isRate(p) ? `${p.shape === 'gcra' ? 'GCRA' : 'token bucket'}, ${p.ratePerSecond} per s, burst ${p.burst}` : `${p.shape}, ${p.limit} per ${p.windowMs} ms`);
	return [
		part(partOf(config)),
		config.also && `and ${part(config.also)}`,
		config.countRefused && 'refusals counted',
		config.proxy ? 'behind a proxy (503 with an HTML page, no headers)' : config.status === 503 && 'refused with 503',
		config.retryAfter && 'Retry-After on',
		config.headers !== 'none' && `headers ${config.headers}`,
	]
		.filter(Boolean)
		.join(', ');
}
