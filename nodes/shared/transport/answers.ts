import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import { timeOf } from '../dates';
import type { ServiceRecord } from '../serviceRecord';
import type { LimitHeaders } from './pacer';

/**
 * What one attempt came to, in the terms the retry rules need:
 * - `ok`: a 2xx with the JSON the service sends;
 * - `rateLimited`: a 429, the service did not act;
 * - `unanswered`: no usable answer (a 5xx, a dropped connection, a timeout, a 2xx whose body is
 *   cut off, HTML or empty): the service may or may not have acted. `slowDown` marks the ones that
 *   also say to slow down: a 503, whatever its body and headers (a proxy's rate limiter, such as
 *   nginx's limit_req, answers it with an HTML page and nothing else), and any 5xx with Retry-After;
 * - `refused`: any other status, an answer that will not change by asking again.
 */
export type Answer =
	| { kind: 'ok'; body: ServiceRecord; limit?: LimitHeaders }
	| { kind: 'rateLimited'; retryAfterMs?: number; limit?: LimitHeaders; body: unknown }
	| { kind: 'unanswered'; reason: string; httpCode?: string; body?: unknown; retryAfterMs?: number; slowDown?: boolean; limit?: LimitHeaders }
	| { kind: 'refused'; status: number; body: unknown };

const NETWORK_REASONS: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ECONNRESET: 'the connection was dropped',
	ECONNABORTED: 'no answer came in time',
	ETIMEDOUT: 'no answer came in time',
	ESOCKETTIMEDOUT: 'no answer came in time',
	ENOTFOUND: 'the host name is unknown',
	EAI_AGAIN: 'the host name could not be looked up',
	EPIPE: 'the connection was dropped',
	EHOSTUNREACH: 'the host cannot be reached',
};

/** Why a request got no answer, from the error the HTTP helper threw (codes may sit in `cause`). */
function networkReason(error: unknown): string {
	const seen = new Set<unknown>();
	let current = error as IDataObject | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		if (typeof current.code === 'string' && NETWORK_REASONS[current.code]) return NETWORK_REASONS[current.code];
		current = current.cause as IDataObject | undefined;
	}
	const text = String((error as Error)?.message ?? '');
	const named = Object.keys(NETWORK_REASONS).find((code) => text.includes(code));
	if (named) return NETWORK_REASONS[named];
	if (/socket hang up|aborted/i.test(text)) return NETWORK_REASONS.ECONNRESET;
	if (/timeout/i.test(text)) return NETWORK_REASONS.ETIMEDOUT;
	return 'the request failed before an answer came';
}

/** A header by its name in any case. */
function header(headers: IDataObject | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
	const value = key === undefined ? undefined : headers[key];
	if (value === undefined || value === null || value === '') return undefined;
	return String(Array.isArray(value) ? value[0] : value);
}

/** `Retry-After` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: IDataObject | undefined, now: number): number | undefined {
	const raw = header(headers, 'retry-after');
	if (raw === undefined) return undefined;
	const seconds = Number(raw);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = timeOf(raw);
	return date === undefined ? undefined : Math.max(0, date - now);
}

const number = (text: string | undefined): number | undefined => {
	const value = text === undefined ? NaN : Number.parseFloat(text);
	return Number.isFinite(value) && value >= 0 ? value : undefined;
};

/** `key=value` parameters of a structured or list header: `"default";r=0;t=8`, `limit=150, remaining=3`. */
function parameters(text: string | undefined): Record<string, string> {
	const found: Record<string, string> = {};
	for (const part of (text ?? '').split(/[;,]/)) {
		const m = /^\s*([a-z-]+)\s*=\s*"?([^"]*)"?\s*$/i.exec(part);
		if (m) found[m[1].toLowerCase()] = m[2];
	}
	return found;
}

/**
 * The rate-limit headers of an answer, when it carries any: `X-RateLimit-Limit` / `-Remaining` /
 * `-Reset` (epoch seconds, or seconds from now when small), the IETF `RateLimit-Limit` /
 * `-Remaining` / `-Reset` (seconds from now), or `RateLimit` (`r=`, `t=`; or `remaining=`, `reset=`)
 * with `RateLimit-Policy` (`q=`, `w=`).
 */
export function rateLimitHeaders(headers: IDataObject | undefined, now: number): LimitHeaders | undefined {
	const structured = parameters(header(headers, 'ratelimit'));
	const policyText = header(headers, 'ratelimit-policy') ?? header(headers, 'ratelimit-limit');
	const policy = parameters(policyText);
	const limit = number(header(headers, 'x-ratelimit-limit')) ?? number(header(headers, 'ratelimit-limit')) ?? number(policy.q) ?? number(structured.limit) ?? number(policyText);
	const remaining = number(header(headers, 'x-ratelimit-remaining')) ?? number(header(headers, 'ratelimit-remaining')) ?? number(structured.r) ?? number(structured.remaining);
	const xReset = number(header(headers, 'x-ratelimit-reset'));
	// Epoch seconds are ten digits; anything small is seconds from now.
	const resetSeconds = xReset !== undefined ? (xReset > 1e9 ? Math.max(0, xReset - now / 1000) : xReset) : (number(header(headers, 'ratelimit-reset')) ?? number(structured.t) ?? number(structured.reset));
	const windowSeconds = number(policy.w);
	const found: LimitHeaders = {};
	if (limit !== undefined) found.limit = limit;
	if (remaining !== undefined) found.remaining = Math.floor(remaining);
	if (resetSeconds !== undefined) found.resetMs = resetSeconds * 1000;
	if (windowSeconds !== undefined) found.windowMs = windowSeconds * 1000;
	return Object.keys(found).length ? found : undefined;
}

export function looksLikeHtml(body: unknown): boolean {
	return typeof body === 'string' && /^\s*</.test(body);
}

/** The body as JSON, or undefined when it is not the JSON object (or list) the service sends. */
export function jsonBody(body: unknown): ServiceRecord | undefined {
	if (body && typeof body === 'object') return body as ServiceRecord;
	if (typeof body !== 'string' || body.trim() === '') return undefined;
	try {
		const value = JSON.parse(body);
		return value && typeof value === 'object' ? (value as ServiceRecord) : undefined;
	} catch {
		return undefined;
	}
}

function unusableBodyReason(status: number, body: unknown): string {
	const what =
		body === undefined || body === null || (typeof body === 'string' && body.trim() === '')
			? 'an empty body'
			: looksLikeHtml(body)
				? 'an HTML page'
				: 'a body that is cut off or not JSON';
	return `the service answered HTTP ${status} with ${what}`;
}

/**
 * The `code` of the answer's envelope when it says the request failed (400 to 599), whatever the
 * HTTP status: the envelope's `code` mirrors the status (the reference), and a service that
 * answers HTTP 200 with `{ "message": "Campaign is deactivated", "code": 400 }` refused the request.
 */
export function envelopeFailureCode(body: ServiceRecord): number | undefined {
	if (Array.isArray(body)) return undefined;
	const code = typeof body.code === 'string' && /^\s*\d{3}\s*$/.test(body.code) ? Number(body.code) : body.code;
	return typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : undefined;
}

/**
 * What a failure status says, whether the HTTP status or the envelope's `code` in a 2xx:
 * `reason` names the status for an answer that may have acted.
 */
function failureOf(status: number, body: unknown, headers: IDataObject, now: number, limit: LimitHeaders | undefined, reason: string): Answer {
	if (status === 429) return { kind: 'rateLimited', retryAfterMs: retryAfterMs(headers, now), limit, body };
	if (status >= 500) {
		// A 503 is how gateways and proxies refuse for their rate limit, with or without a body or
		// headers; but a service that broke off may answer it too, so the request may have acted.
		const retryAfter = retryAfterMs(headers, now);
		return { kind: 'unanswered', reason, httpCode: String(status), body, retryAfterMs: retryAfter, slowDown: status === 503 || retryAfter !== undefined, limit };
	}
	return { kind: 'refused', status, body };
}

/** Classifies the outcome of one attempt: the full response, or the error the HTTP helper threw. */
export function classify(attempt: { response: IN8nHttpFullResponse } | { error: unknown }, now: number): Answer {
	if ('error' in attempt) return { kind: 'unanswered', reason: networkReason(attempt.error) };
	const { statusCode: status, body, headers } = attempt.response;
	const limit = rateLimitHeaders(headers as IDataObject, now);
	if (status === 204) return { kind: 'ok', body: {}, limit };
	if (status >= 200 && status < 300) {
		const json = jsonBody(body);
		if (!json) return { kind: 'unanswered', reason: unusableBodyReason(status, body), httpCode: String(status) };
		// A success whose envelope says otherwise is what its code says, with the service's message.
		const code = envelopeFailureCode(json);
		if (code === undefined) return { kind: 'ok', body: json, limit };
		return failureOf(code, json, headers as IDataObject, now, limit, `the service answered HTTP ${status} with code ${code} in its answer`);
	}
	return failureOf(status, body, headers as IDataObject, now, limit, `the service answered HTTP ${status}`);
}
