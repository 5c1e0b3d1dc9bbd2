/**
 * The credential's defaults: the service's documented limit and how long a request may wait. The
 * credential's fields, the transport (for credentials saved without these fields), the tests and
 * the benchmarks all read them from here.
 */
export const CREDENTIAL_DEFAULTS = {
	/** The service documents 150 requests a minute per account. */
	rateLimitRequests: 150,
	rateLimitWindowSeconds: 60,
	maxRateLimitWaitSeconds: 120,
	maxRetryWaitSeconds: 60,
} as const;

/** The documented limit as the pacer counts it. */
export const DOCUMENTED_RATE_LIMIT = {
	requests: CREDENTIAL_DEFAULTS.rateLimitRequests,
	windowMs: CREDENTIAL_DEFAULTS.rateLimitWindowSeconds * 1000,
} as const;
