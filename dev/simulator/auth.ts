/**
 * API key extraction. v2 takes X-Api-Key, then `Authorization: api_key=K`, then `?api_key=K`
 * (first usable one wins); the legacy API takes only the Authorization form.
 */
import type { IncomingHttpHeaders } from 'node:http';

export type AuthForm = 'x-api-key' | 'authorization' | 'query' | 'none';
export type Api = 'v2' | 'legacy';

export const UNAUTHORIZED_MESSAGE = "Please check your API Key to make sure it's valid.";

const header = (h: IncomingHttpHeaders, name: string): string | undefined => {
	const v = h[name];
	return Array.isArray(v) ? v[0] : v;
};

/** The form is reported even when its key is unusable, so the log shows what the client tried. */
export function extractKey(api: Api, headers: IncomingHttpHeaders, search: URLSearchParams): { form: AuthForm; key?: string } {
	const xApiKey = header(headers, 'x-api-key')?.trim();
	const authorization = header(headers, 'authorization');
	const fromAuthorization = /^\s*api_key=(\S+)\s*$/.exec(authorization ?? '')?.[1];
	const fromQuery = search.get('api_key')?.trim();

	if (api === 'legacy') {
		if (fromAuthorization) return { form: 'authorization', key: fromAuthorization };
		return { form: authorization ? 'authorization' : xApiKey ? 'x-api-key' : fromQuery ? 'query' : 'none' };
	}
	if (xApiKey) return { form: 'x-api-key', key: xApiKey };
	if (fromAuthorization) return { form: 'authorization', key: fromAuthorization };
	if (fromQuery) return { form: 'query', key: fromQuery };
	return { form: authorization ? 'authorization' : search.has('api_key') ? 'query' : 'none' };
}
