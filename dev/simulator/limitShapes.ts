/** What a rate limit can be: the shapes the simulator's limiters and the family of drawn limiters share. */

/**
 * Which rate-limit headers every v2 answer carries:
 * - `x`: `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (epoch seconds);
 * - `ietf`: `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds from now);
 * - `ietfStructured`: `RateLimit: "default";r=REMAINING;t=RESET` and `RateLimit-Policy: "default";q=LIMIT;w=WINDOW`.
 */
export type RateLimitHeaders = 'none' | 'x' | 'ietf' | 'ietfStructured';
export const RATE_LIMIT_HEADERS: RateLimitHeaders[] = ['none', 'x', 'ietf', 'ietfStructured'];

export interface Answers {
	/** Send Retry-After (whole seconds until a request would be admitted) on a refusal. */
	retryAfter: boolean;
	headers: RateLimitHeaders;
	/** Refused requests count against the limit too, as some services count every request they see. */
	countRefused?: boolean;
	/** The status of a refusal: 429, or 503 as some gateways answer when the limit is reached. */
	status?: 429 | 503;
	/**
	 * A proxy in front of the service enforces the limit, as nginx's `limit_req` does: a refusal is a
	 * 503 with the proxy's HTML page, and no answer carries Retry-After or rate-limit headers.
	 */
	proxy?: boolean;
}

/**
 * One limit:
 * - `sliding`: `limit` requests per sliding `windowMs` (a sliding log; the simulator's default, 150 per 60 s);
 * - `fixed`: `limit` requests per window of `windowMs` aligned to the clock (a minute starting at :00);
 * - `tokenBucket`: a bucket of `burst` tokens refilled at `ratePerSecond`; a request takes one;
 * - `gcra`: the generic cell rate algorithm, `ratePerSecond` with up to `burst` at once (a token
 *   bucket kept as one theoretical arrival time, as many API gateways keep it).
 */
export type LimitPart =
	| { shape: 'sliding' | 'fixed'; limit: number; windowMs: number }
	| { shape: 'tokenBucket' | 'gcra'; ratePerSecond: number; burst: number };

export type RatePart = Extract<LimitPart, { ratePerSecond: number }>;
export type WindowPart = Extract<LimitPart, { windowMs: number }>;
/** A rate with bursts (token bucket, GCRA), not a count per window. */
export const isRate = (part: LimitPart): part is RatePart => part.shape === 'tokenBucket' || part.shape === 'gcra';

/** A limiter: one limit, and optionally a second one that holds at once (per second and per minute, per minute and per hour). */
export type RateLimitConfig = LimitPart & Answers & { also?: LimitPart };


/**
 * nginx's `limit_req` as most APIs behind nginx set it (`rate=2r/s burst=10 nodelay`), in front of the
 * service: 11 at once (the request and the burst of 10 in excess), then one every 0.5 s, refused with
 * 503 and nginx's page, without headers. nginx does not count a refused request in its zone, so it is
 * GCRA of 2 a second with a burst of 11 that does not count refusals.
 */
export const NGINX_LIMIT_REQ: RateLimitConfig = { shape: 'gcra', ratePerSecond: 2, burst: 11, retryAfter: false, headers: 'none', status: 503, proxy: true };
