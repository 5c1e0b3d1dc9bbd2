/** Helpers shared by the endpoint groups: body checks, list envelopes, attribute lookups. */
import { badRequest, isEmail, isObject, ok, type ApiResult } from '../http';
import { type Paging, type Query, pagesOf, propertyValue, str } from '../query';
import type { Customer, Property } from '../types';

export function bodyObject(body: unknown): Record<string, unknown> {
	if (body === undefined || body === null) return {};
	if (!isObject(body)) throw badRequest('The request body must be a JSON object.');
	return body;
}

/** A required array field with size limits (the Limits table): outside them the whole request is a 400. */
export function bodyArray(body: Record<string, unknown>, name: string, min: number, max: number): unknown[] {
	const v = body[name];
	if (v === undefined || v === null) throw badRequest(`${name} is required.`);
	if (!Array.isArray(v)) throw badRequest(`${name} must be an array.`);
	if (v.length < min) throw badRequest(`${name} must contain at least ${min} item${min === 1 ? '' : 's'}.`);
	if (v.length > max) throw badRequest(`${name} must contain at most ${max} items (got ${v.length}).`);
	return v;
}

/** Bulk items that are an email: a plain string or `{ email }`. */
export function itemEmail(item: unknown): { email: string } | { email: string; error: string } {
	const raw = typeof item === 'string' ? item : isObject(item) ? item.email : undefined;
	if (raw === undefined || raw === null || raw === '') return { email: '', error: 'email is required' };
	if (typeof raw !== 'string') return { email: String(raw), error: 'email must be a string' };
	if (!isEmail(raw)) return { email: raw, error: 'invalid email' };
	return { email: raw.trim() };
}

export function optionalDate(q: Query, name: string, parse: (v: string) => number): number | undefined {
	const v = str(q, name);
	return v === undefined || v.trim() === '' ? undefined : parse(v);
}

/** `{ data: { <key>: [...], page, pages, limit, sort, total } }`; pagesAtTop moves `pages` next to data. */
export function listResult(
	key: string,
	items: unknown[],
	total: number,
	paging: Paging,
	sort: string,
	pagesAtTop = false,
): ApiResult {
	const pages = pagesOf(total, paging.limit);
	const data = { [key]: items, page: paging.page, ...(pagesAtTop ? {} : { pages }), limit: paging.limit, sort, total };
	const result = ok(data);
	if (pagesAtTop) {
		const { message, code } = result.body as { message: string; code: number };
		result.body = { message, code, pages, data };
	}
	return result;
}

const BUILTIN: Record<string, (r: { email: string; tags: string[]; firstName: string; lastName: string; companyName: string; channel?: string }) => unknown> = {
	email: (r) => r.email,
	first_name: (r) => r.firstName,
	firstname: (r) => r.firstName,
	last_name: (r) => r.lastName,
	lastname: (r) => r.lastName,
	company: (r) => r.companyName,
	companyname: (r) => r.companyName,
	tags: (r) => r.tags,
	channel: (r) => r.channel,
};

/** Attribute filter names: a custom property (name or label) first, then email, names, company, tags, channel. */
export function customerAttr(c: Customer, name: string): unknown {
	const p = propertyValue(c.properties, name);
	if (p !== undefined) return p;
	return BUILTIN[name.toLowerCase()]?.(c);
}

/** The same names on a feedback or outbox snapshot (tags are the customer's tags there too). */
export function snapshotAttr(
	r: { email: string; firstName: string; lastName: string; companyName: string; customerTags: string[]; customProps: Property[]; channel?: string },
	name: string,
): unknown {
	const p = propertyValue(r.customProps, name);
	if (p !== undefined) return p;
	const n = name.toLowerCase();
	if (n === 'tags') return r.customerTags;
	return BUILTIN[n]?.(r as unknown as Customer);
}
