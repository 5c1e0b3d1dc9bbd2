/** How a wait grows with each failure in a row. */
export interface Backoff {
	firstMs: number;
	/** Each wait's ceiling is the last one's times this. */
	multiplier: number;
	maxMs: number;
}

/**
 * The wait after the n-th failure in a row (n from 0), with "equal jitter" (the AWS Architecture
 * Blog's "Exponential Backoff and Jitter"): between half and all of first × multiplier^n, capped,
 * so that clients refused together do not come back together.
 */
export function backoffMs(backoff: Backoff, n: number, random: () => number): number {
	const ceiling = Math.min(backoff.maxMs, backoff.firstMs * backoff.multiplier ** n);
	return ceiling / 2 + (random() * ceiling) / 2;
}
