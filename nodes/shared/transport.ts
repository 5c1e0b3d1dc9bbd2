import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

/** Every n8n context our nodes send requests from. */
export type ApiContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

/** Values of the nodes' `authentication` parameter, and the credential type each one uses. */
export const CREDENTIAL_TYPES = {
	apiKeyHeader: 'surveyFeedbackApi',
	legacyHeader: 'surveyFeedbackLegacyHeaderApi',
	queryParameter: 'surveyFeedbackQueryAuthApi',
} as const;
export type AuthenticationMethod = keyof typeof CREDENTIAL_TYPES;

export const LEGACY_PATH_PREFIX = '/api/service/';

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** `/api/v2/...` (sent to the Base URL) or `/api/service/...` (sent to the Legacy Base URL). */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** Names the operation in error messages, for example "Customer: Create or Update". */
	operation: string;
	/**
	 * Whether sending the request twice does no harm, so a 5xx or a network failure may be
	 * retried. Defaults to true for GET and DELETE. A 429 is always retried: the service did
	 * not act on the request.
	 */
	repeatable?: boolean;
	itemIndex?: number;
}

/**
 * Knobs of the retry and pacing behaviour. Fixed in production; tests shrink the waits
 * so that backoff can be exercised without waiting real seconds.
 */
export const transportSettings = {
	requestsPerWindow: 150,
	windowMs: 60_000,
	baseBackoffMs: 1_000,
	maxBackoffMs: 30_000,
	serverErrorRetries: 3,
	requestTimeoutMs: 60_000,
};

interface ConnectionDetails {
	credentialType: string;
	baseUrl: string;
	legacyBaseUrl: string;
	maxRateLimitWaitMs: number;
	secrets: string[];
	accountKey: string;
}

async function connectionDetails(ctx: ApiContext, itemIndex?: number): Promise<ConnectionDetails> {
	// Execute contexts read parameters per item; poll and load-options contexts have no items.
	const method = (
		'getInputData' in ctx
			? ctx.getNodeParameter('authentication', itemIndex ?? 0, 'apiKeyHeader')
			: ctx.getNodeParameter('authentication', 'apiKeyHeader')
	) as AuthenticationMethod;
	const credentialType = CREDENTIAL_TYPES[method] ?? CREDENTIAL_TYPES.apiKeyHeader;
	const credentials = await ctx.getCredentials(credentialType, itemIndex);
	const apiKey = String(credentials.apiKey ?? '');
	const baseUrl = String(credentials.baseUrl ?? '').trim();
	if (!baseUrl) {
		throw new NodeOperationError(ctx.getNode(), 'The credential has no Base URL', {
			description: 'Open the Survey Feedback credential and enter the address of the API.',
			itemIndex,
		});
	}
	const legacyBaseUrl = String(credentials.legacyBaseUrl ?? '').trim() || baseUrl;
	const maxWait = Number(credentials.maxRateLimitWait ?? 120);
	return {
		credentialType,
		baseUrl,
		legacyBaseUrl,
		maxRateLimitWaitMs: Number.isFinite(maxWait) && maxWait >= 0 ? maxWait * 1000 : 120_000,
		secrets: apiKey ? [apiKey, encodeURIComponent(apiKey)] : [],
		// The rate limit is per account; a digest keeps the key itself out of memory maps.
		accountKey: createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex'),
	};
}

/** Joins a base URL and a path with exactly one slash between them. */
export function joinUrl(baseUrl: string, path: string): string {
	return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Flattens nested query values into the bracket form the service reads:
 * `attributes[0][name]=country`, `email[0]=a@b.c`. Empty values are left out.
 */
export function flattenQuery(qs: IDataObject = {}): IDataObject {
	const flat: IDataObject = {};
	const add = (key: string, value: unknown) => {
		if (value === undefined || value === null || value === '') return;
		if (Array.isArray(value)) {
			value.forEach((entry, index) => add(`${key}[${index}]`, entry));
		} else if (typeof value === 'object') {
			for (const [field, entry] of Object.entries(value as IDataObject)) add(`${key}[${field}]`, entry);
		} else {
			flat[key] = value as string | number | boolean;
		}
	};
	for (const [key, value] of Object.entries(qs)) add(key, value);
	return flat;
}

// ---- Pacing: keep one account under its request rate, across all executions of this n8n instance.

/**
 * Lets a request go only when fewer than `requestsPerWindow` went to the same account within
 * the last `windowMs`, else waits until the oldest of them leaves the window. A request counts
 * from when its answer came back: the service counts it on arrival, which is later than the
 * moment it left here, so stamping the send time alone lets one request too many into a window.
 * The clock and the wait are parameters so that tests can drive it without real time.
 */
export class RequestPacer {
	private readonly recent = new Map<string, Array<{ at: number }>>();

	constructor(
		private readonly limits: { requestsPerWindow: number; windowMs: number },
		private readonly now: () => number = Date.now,
		private readonly wait: (ms: number) => Promise<void> = sleep,
	) {}

	/** Waits for a free slot; call the returned function when the answer has arrived. */
	async takeTurn(accountKey: string): Promise<() => void> {
		for (;;) {
			const { requestsPerWindow, windowMs } = this.limits;
			const now = this.now();
			const recent = (this.recent.get(accountKey) ?? []).filter((slot) => now - slot.at < windowMs);
			this.recent.set(accountKey, recent);
			if (recent.length < requestsPerWindow) {
				const slot = { at: now };
				recent.push(slot);
				return () => {
					slot.at = Math.max(slot.at, this.now());
				};
			}
			const oldest = Math.min(...recent.map((slot) => slot.at));
			await this.wait(oldest + windowMs - now);
		}
	}
}

const pacer = new RequestPacer(transportSettings);

function backoffMs(attempt: number): number {
	const { baseBackoffMs, maxBackoffMs } = transportSettings;
	const ceiling = Math.min(maxBackoffMs, baseBackoffMs * 2 ** attempt);
	return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** `Retry-After` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: IDataObject | undefined): number | undefined {
	const raw = headers?.['retry-after'] ?? headers?.['Retry-After'];
	if (raw === undefined || raw === null || raw === '') return undefined;
	const seconds = Number(raw);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(String(raw));
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

// ---- Errors a workflow builder can act on, with no secret in them.

function scrub(text: string, secrets: string[]): string {
	return secrets.reduce((result, secret) => result.split(secret).join('***'), text);
}

function serviceMessage(body: unknown): string | undefined {
	if (body && typeof body === 'object') {
		const { message, error } = body as IDataObject;
		if (typeof message === 'string' && message) return message;
		if (typeof error === 'string' && error) return error;
		if (error && typeof error === 'object' && typeof (error as IDataObject).message === 'string') {
			return (error as IDataObject).message as string;
		}
	}
	return undefined;
}

function looksLikeHtml(body: unknown): boolean {
	return typeof body === 'string' && /^\s*</.test(body);
}

function statusError(request: ApiRequest, status: number, body: unknown): { message: string; description: string } {
	const said = serviceMessage(body);
	const saidSuffix = said ? ` The service said: "${said}".` : '';
	const where = `${request.operation} (${request.method} ${request.path})`;
	switch (true) {
		case status === 400:
			return {
				message: `The service rejected the request: ${said ?? 'bad request'} [HTTP 400]`,
				description: `${where} was refused as invalid. Check the values the message names.`,
			};
		case status === 401:
			return {
				message: 'The API key was refused [HTTP 401]',
				description: `${where}: the key is missing, mistyped or revoked. Check the Survey Feedback credential.${saidSuffix}`,
			};
		case status === 403 && request.method !== 'GET':
			return {
				message: 'This operation needs an API key with write permission [HTTP 403]',
				description: `${where}: the credential's key is read-only. Create a key with write permission in the account settings and use it in the credential.${saidSuffix}`,
			};
		case status === 403:
			return {
				message: 'The API key may not read this [HTTP 403]',
				description: `${where} is not allowed for this key or plan.${saidSuffix}`,
			};
		case status === 404:
			return {
				message: 'No such record in this account [HTTP 404]',
				description: `${where}: it may not exist, may have been deleted, or may belong to another account; the service answers the same in all three cases.${saidSuffix}`,
			};
		case status === 413:
			return {
				message: `The request covers too much: ${said ?? 'payload too large'} [HTTP 413]`,
				description: `${where}: narrow the selection (the service accepts at most 1000 customers per call).`,
			};
		case status === 429:
			return {
				message: 'The service is still rate limiting this account [HTTP 429]',
				description: `${where}: the account's limit (150 requests a minute) stayed exceeded for longer than the credential's Max Rate Limit Wait. Run again later or raise that setting.${saidSuffix}`,
			};
		case status >= 500:
			return {
				message: `The service failed to answer [HTTP ${status}]`,
				description: `${where}: the service had an internal error${
					looksLikeHtml(body) ? ' and answered with an HTML page' : ''
				}. Try again later.${saidSuffix}`,
			};
		default:
			return {
				message: `The service answered HTTP ${status}${said ? `: ${said}` : ''}`,
				description: `${where} did not succeed.`,
			};
	}
}

const NETWORK_CODES: Record<string, string> = {
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

function networkCode(error: unknown): string | undefined {
	const seen = new Set<unknown>();
	let current = error as IDataObject | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		if (typeof current.code === 'string' && NETWORK_CODES[current.code]) return current.code;
		current = current.cause as IDataObject | undefined;
	}
	const text = String((error as Error)?.message ?? '');
	const named = Object.keys(NETWORK_CODES).find((code) => text.includes(code));
	if (named) return named;
	if (/socket hang up/i.test(text)) return 'ECONNRESET';
	if (/timeout/i.test(text)) return 'ETIMEDOUT';
	return undefined;
}

function buildError(
	ctx: ApiContext,
	request: ApiRequest,
	secrets: string[],
	details: { message: string; description: string; httpCode?: string },
): NodeApiError {
	const message = scrub(details.message, secrets);
	const description = scrub(details.description, secrets);
	// A plain object built here, never the HTTP library's error: that one carries the request
	// options, and with the query-parameter credential the key is among them.
	const response: JsonObject = { message, description };
	if (details.httpCode) response.httpCode = details.httpCode;
	return new NodeApiError(ctx.getNode(), response, {
		message,
		description,
		httpCode: details.httpCode,
		itemIndex: request.itemIndex,
	});
}

function parseBody(body: unknown): { ok: true; value: IDataObject } | { ok: false } {
	if (body === undefined || body === null || body === '') return { ok: true, value: {} };
	if (typeof body === 'object') return { ok: true, value: body as IDataObject };
	if (typeof body === 'string') {
		try {
			const value = JSON.parse(body);
			if (value && typeof value === 'object') return { ok: true, value };
		} catch {
			// reported by the caller as a body that is not JSON
		}
	}
	return { ok: false };
}

/**
 * Sends one request to the Survey Feedback Service and returns the parsed JSON body.
 * Paces requests per account, waits out 429s within the credential's bound, retries 5xx
 * and network failures only when `repeatable`, and turns every failure into a NodeApiError
 * that names the operation and never contains the API key.
 */
export async function apiRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	const connection = await connectionDetails(this, request.itemIndex);
	const legacy = request.path.startsWith(LEGACY_PATH_PREFIX);
	const repeatable = request.repeatable ?? (request.method === 'GET' || request.method === 'DELETE');
	const options: IHttpRequestOptions = {
		method: request.method,
		url: joinUrl(legacy ? connection.legacyBaseUrl : connection.baseUrl, request.path),
		qs: flattenQuery(request.qs),
		headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: transportSettings.requestTimeoutMs,
	};
	if (request.body !== undefined) options.body = request.body;

	let rateLimitWaited = 0;
	let rateLimitAttempt = 0;
	let failureRetries = 0;
	for (;;) {
		const answered = await pacer.takeTurn(connection.accountKey);
		let response: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				connection.credentialType,
				options,
			)) as IN8nHttpFullResponse;
			answered();
		} catch (error) {
			answered();
			const code = networkCode(error);
			if (repeatable && failureRetries < transportSettings.serverErrorRetries) {
				await sleep(backoffMs(failureRetries++));
				continue;
			}
			const what = code ? NETWORK_CODES[code] : String((error as Error)?.message ?? 'unknown error');
			throw buildError(this, request, connection.secrets, {
				message: `Could not reach the Survey Feedback Service: ${what}`,
				description: `${request.operation} (${request.method} ${request.path}) to ${
					new URL(options.url).origin
				}. Check the Base URL in the credential and that the service is up.${
					repeatable ? '' : ' The request was not repeated, because repeating it could act twice.'
				}`,
			});
		}

		const status = Number(response.statusCode);
		if (status >= 200 && status < 300) {
			const parsed = parseBody(response.body);
			if (parsed.ok) return parsed.value;
			throw buildError(this, request, connection.secrets, {
				message: 'The service answered with something that is not JSON',
				description: `${request.operation} (${request.method} ${request.path}) got HTTP ${status} with ${
					looksLikeHtml(response.body) ? 'an HTML page' : 'a body that is not valid JSON'
				}. A proxy or a wrong Base URL can cause this.`,
				httpCode: String(status),
			});
		}

		const body = parseBody(response.body);
		const errorBody = body.ok ? body.value : response.body;
		if (status === 429) {
			const wait = retryAfterMs(response.headers as IDataObject) ?? backoffMs(rateLimitAttempt++);
			if (rateLimitWaited + wait <= connection.maxRateLimitWaitMs) {
				rateLimitWaited += wait;
				await sleep(wait);
				continue;
			}
		} else if (status >= 500 && repeatable && failureRetries < transportSettings.serverErrorRetries) {
			await sleep(backoffMs(failureRetries++));
			continue;
		}
		throw buildError(this, request, connection.secrets, {
			...statusError(request, status, errorBody),
			httpCode: String(status),
		});
	}
}
