/**
 * A family of rate limiters drawn at random from the range real services run, so that the pacer is
 * judged on many limiters nobody tuned it for rather than on a few cases at hand. The seed decides
 * everything: the pacer's model (dev/pacing), its tests, the simulator (`rateLimit: { draw: seed }`,
 * `--rate-limit draw:SEED`) and the benchmarks play the same limiter for the same seed.
 *
 * What is drawn, each choice independent:
 * - the rate it admits in the long run: 50 to 450 a minute (a third of the documented 150 to three times it), log-uniform;
 * - the shape: a sliding log or a window fixed to the clock (windows of 1 s to an hour, log-uniform),
 *   a token bucket or GCRA (bursts of 1 to a minute's worth, log-uniform), or two limits at once
 *   (a cap per second above the rate with a limit per minute, or a limit per minute above the rate
 *   with one per hour under it);
 * - whether refused requests count against the limit (one in four), Retry-After in whole seconds
 *   (one in two), which rate-limit headers come with every answer (none one in two, else X-RateLimit,
 *   IETF or IETF structured);
 * - how long the service takes to answer: a typical time of 5 ms to 2 s, log-uniform, each answer
 *   within 30 % of it;
 * - whether a proxy in front of the service enforces the limit (one in eight), as nginx's `limit_req`
 *   does: its refusal is a 503 with an HTML page, and no answer carries Retry-After or headers. Drawn
 *   last, so that every other choice of a seed is what it was before the proxy was drawn.
 */
import { CREDENTIAL_DEFAULTS } from '../../credentials/defaults';
import { isRate, type LimitPart, type RateLimitConfig, type RateLimitHeaders } from './limitShapes';
import { mulberry32 } from './rng';

export interface DrawnLimiter {
	seed: number;
	service: RateLimitConfig;
	/** Round trips, there and back, ms. */
	latencyMs: [number, number];
	/** Requests a minute it admits in the long run. */
	perMinute: number;
}

export function drawLimiter(seed: number): DrawnLimiter {
	const random = mulberry32(seed * 7919 + 17);
	const between = (low: number, high: number) => low * (high / low) ** random();
	const pick = <T>(choices: T[]): T => choices[Math.floor(random() * choices.length)];
	const perMinute = Math.round(between(50, 450));
	const perSecond = perMinute / 60;
	const window = (shape: 'sliding' | 'fixed', windowMs: number, perMinuteHere = perMinute): LimitPart => ({
		shape,
		limit: Math.max(1, Math.round((perMinuteHere * windowMs) / 60_000)),
		windowMs,
	});
	const kind = pick(['sliding', 'fixed', 'tokenBucket', 'gcra', 'perSecondAndMinute', 'perMinuteAndHour'] as const);
	let limit: LimitPart & { also?: LimitPart };
	switch (kind) {
		case 'sliding':
		case 'fixed':
			limit = window(kind, Math.round(between(1_000, 3_600_000)));
			break;
		case 'tokenBucket':
		case 'gcra':
			limit = { shape: kind, ratePerSecond: Math.round(perSecond * 100) / 100, burst: Math.max(1, Math.round(between(1, perMinute))) };
			break;
		case 'perSecondAndMinute':
			limit = { ...window(pick(['sliding', 'fixed']), 60_000), also: { shape: pick(['sliding', 'fixed']), limit: Math.max(1, Math.round(perSecond * between(1.5, 4))), windowMs: 1_000 } };
			break;
		case 'perMinuteAndHour':
			limit = { ...window(pick(['sliding', 'fixed']), 60_000, perMinute * between(1, 2)), also: window(pick(['sliding', 'fixed']), 3_600_000) };
			break;
	}
	const service: RateLimitConfig = { ...limit, retryAfter: random() < 0.5, headers: random() < 0.5 ? 'none' : pick<RateLimitHeaders>(['x', 'ietf', 'ietfStructured']) };
	if (random() < 0.25) service.countRefused = true;
	const typicalMs = between(5, 2_000);
	if (random() < 1 / 8) Object.assign(service, { proxy: true, status: 503, retryAfter: false, headers: 'none' });
	return { seed, service, latencyMs: [typicalMs * 0.7, typicalMs * 1.3], perMinute };
}

/** The longest window the limiter counts in: a bucket's is the time to refill its burst. */
export function longestWindowMs(service: RateLimitConfig): number {
	const windowOf = (p: LimitPart) => (isRate(p) ? (p.burst / p.ratePerSecond) * 1000 : p.windowMs);
	return Math.max(windowOf(service as LimitPart), service.also ? windowOf(service.also) : 0);
}

/**
 * A load of `windows` of a drawn limiter's longest windows: their requests at the rate it admits, or at
 * the rate the processes' ceilings allow (the credential's 150 a minute each) when that is less.
 */
export function windowsOfRequests(drawn: DrawnLimiter, processes: number, windows: number): number {
	const perMinute = Math.min(CREDENTIAL_DEFAULTS.rateLimitRequests * processes, drawn.perMinute);
	return Math.ceil((windows * longestWindowMs(drawn.service) * perMinute) / 60_000);
}

/** A long load on a drawn limiter: ten of its longest windows (the family's long load). */
export const tenWindowsOfRequests = (drawn: DrawnLimiter, processes: number): number => windowsOfRequests(drawn, processes, 10);
