import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';

/** One request to the service, as operations describe it. */
export interface ApiRequest {
	method: IHttpRequestMethods;
	/** `/api/v2/...` (sent to the Base URL) or `/api/service/...` (sent to the Legacy Base URL). */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** Names the operation in every message: "Customer: Create or Update". */
	label: string;
	/**
	 * Whether sending it twice does no harm, so that a failure without a usable answer may be
	 * retried. Defaults to true for GET and DELETE. A 429 is always waited out and retried: the
	 * service did not act on it.
	 */
	repeatable?: boolean;
	/**
	 * For requests that are not repeatable: what the service may already have done when no usable
	 * answer came, and how to check, completing "…, so <this>".
	 */
	ifUnanswered?: string;
	/** Where a longer job stood when this request failed, for messages: "page 3 (2000 records read before it)". */
	step?: string;
	itemIndex?: number;
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

/**
 * The options for n8n's HTTP helper: every status comes back as an answer, nothing is thrown for
 * one; the execution's stop signal aborts it on its way (n8n's helper since n8n 1.68 also sets it
 * itself, from the same signal).
 */
export function httpOptions(request: ApiRequest, baseUrl: string, timeoutMs: number, abortSignal?: AbortSignal): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: joinUrl(baseUrl, request.path),
		qs: flattenQuery(request.qs),
		headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: timeoutMs,
	};
	if (request.body !== undefined) options.body = request.body;
	if (abortSignal) options.abortSignal = abortSignal;
	return options;
}
