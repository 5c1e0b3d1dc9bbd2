import type { IHttpRequestOptions } from 'n8n-workflow';

/**
 * The three ways the service accepts a key, as the nodes' Authentication parameter names them,
 * and the credential type that sends the key each way. The credentials and the transport both
 * read this table, so a name exists once.
 */
export const AUTHENTICATION_METHODS = {
	apiKeyHeader: 'surveyFeedbackApi',
	legacyHeader: 'surveyFeedbackLegacyHeaderApi',
	queryParameter: 'surveyFeedbackQueryAuthApi',
} as const;

export type AuthenticationMethod = keyof typeof AUTHENTICATION_METHODS;

/** The legacy v1 API lives under this path and accepts only `Authorization: api_key=<key>`. */
const LEGACY_PATH_PREFIX = '/api/service/';

/** Whether a path, or a full URL, addresses the legacy v1 API. */
export function isLegacyPath(pathOrUrl: string): boolean {
	try {
		return new URL(pathOrUrl).pathname.startsWith(LEGACY_PATH_PREFIX);
	} catch {
		return pathOrUrl.startsWith(LEGACY_PATH_PREFIX) || pathOrUrl.includes(LEGACY_PATH_PREFIX);
	}
}

/**
 * Puts the key where the method says. Legacy v1 requests always get the
 * `Authorization: api_key=` form, the only one v1 accepts.
 */
export function withKey(method: AuthenticationMethod, apiKey: string, request: IHttpRequestOptions): IHttpRequestOptions {
	const headers = { ...(request.headers ?? {}) };
	const qs = { ...(request.qs ?? {}) };
	const legacy = isLegacyPath(`${request.baseURL ?? ''}${request.url}`);
	const effective: AuthenticationMethod = legacy ? 'legacyHeader' : method;
	if (effective === 'apiKeyHeader') headers['X-Api-Key'] = apiKey;
	if (effective === 'legacyHeader') headers.Authorization = `api_key=${apiKey}`;
	if (effective === 'queryParameter') qs.api_key = apiKey;
	return { ...request, headers, qs };
}
