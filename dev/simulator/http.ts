/** Envelope and error helpers shared by every handler. */

export interface ApiResult {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

/** Thrown by handlers; the server turns it into `{ message, code, data }` (legacy: `{ message, code }`). */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly data: unknown = null,
		readonly headers?: Record<string, string>,
	) {
		super(message);
	}
}

export const SUCCESS = 'Success.';

export const ok = (data: unknown, status = 200, message = SUCCESS): ApiResult => ({
	status,
	body: { message, code: status, data },
});

/** One identical body for missing, deleted and other-account records: nothing tells them apart. */
export const notFound = (): ApiError => new ApiError(404, 'Not found.');

export const badRequest = (message: string, data: unknown = null): ApiError => new ApiError(400, message, data);

export function errorBody(status: number, message: string, data: unknown = null): unknown {
	return { message, code: status, data };
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
export const isEmail = (v: unknown): v is string => typeof v === 'string' && EMAIL_RE.test(v.trim());

export const iso = (ms: number | null | undefined): string | null =>
	ms === null || ms === undefined ? null : new Date(ms).toISOString();
