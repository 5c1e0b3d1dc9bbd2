/**
 * POST /api/v2/sync-attributes: refreshes the customer snapshot on feedback and outbox records.
 * Answers 202 with one job per scope; the simulator applies the refresh before answering.
 */
import { ApiError, badRequest, isEmail, isObject, notFound, type ApiResult } from '../http';
import { isObjectId } from '../ids';
import { attributePredicate, parseAttributes, parseMatch } from '../query';
import type { Route } from '../router';
import { stringList, type AccountStore } from '../store';
import type { Customer } from '../types';
import { bodyArray, bodyObject, customerAttr } from './common';

export const SYNC_MAX = 1000;
const SCOPES = ['feedback', 'outbox', 'all'] as const;
const FILTER_KEYS = ['tags', 'q', 'company', 'companies', 'channel', 'customerStatus', 'attributes', 'attributes_matching'];

type Pred = (c: Customer) => boolean;

function filterPredicates(store: AccountStore, f: Record<string, unknown>): Pred[] {
	const unknown = Object.keys(f).filter((k) => !FILTER_KEYS.includes(k));
	if (unknown.length) throw badRequest(`Unknown filter key: ${unknown.join(', ')}. Allowed: ${FILTER_KEYS.join(', ')}.`);
	const preds: Pred[] = [];
	if (f.tags !== undefined) {
		const tags = stringList(f.tags);
		if (!tags) throw badRequest('filters.tags must be an array of strings or a comma-separated string.');
		const set = new Set(tags.map((t) => t.toLowerCase()));
		if (set.size) preds.push((c) => c.tags.some((t) => set.has(t.toLowerCase())));
	}
	if (f.q !== undefined) {
		if (typeof f.q !== 'string') throw badRequest('filters.q must be a string.');
		const q = f.q.trim().toLowerCase();
		if (q) preds.push((c) => [c.firstName, c.lastName, c.companyName, c.email].some((v) => v.toLowerCase().startsWith(q)));
	}
	for (const key of ['company', 'companies'] as const) {
		if (f[key] === undefined) continue;
		const names = stringList(f[key]);
		if (!names) throw badRequest(`filters.${key} must be a string or an array of strings.`);
		const set = new Set(names.map((n) => n.toLowerCase()));
		if (set.size) preds.push((c) => set.has(c.companyName.toLowerCase()));
	}
	for (const key of ['channel', 'customerStatus'] as const) {
		if (f[key] === undefined) continue;
		if (typeof f[key] !== 'string') throw badRequest(`filters.${key} must be a string.`);
		const want = (f[key] as string).trim();
		if (!want) continue;
		preds.push(key === 'channel' ? (c) => c.channel === want : (c) => store.customerStatus(c) === want);
	}
	const attr = attributePredicate(
		parseAttributes(f.attributes, 'filters.attributes'),
		parseMatch(f.attributes_matching, 'filters.attributes_matching'),
		customerAttr,
	);
	if (attr) preds.push(attr);
	if (preds.length === 0) throw badRequest('The filters do not narrow the set of customers: give at least one non-empty filter.');
	return preds;
}

function selectCustomers(store: AccountStore, b: Record<string, unknown>): Customer[] {
	const modes = (['customers', 'emails', 'filters'] as const).filter((k) => b[k] !== undefined && b[k] !== null);
	if (modes.length !== 1) throw badRequest('Send exactly one of customers, emails or filters.');
	const mode = modes[0];
	if (mode === 'customers') {
		const ids = bodyArray(b, 'customers', 1, SYNC_MAX);
		const found = ids.map((id) => (isObjectId(id) ? store.customers.get(id) : undefined));
		// All or nothing: one unknown ID fails the call with the usual 404.
		if (found.some((c) => !c)) throw notFound();
		return [...new Set(found as Customer[])];
	}
	if (mode === 'emails') {
		const emails = bodyArray(b, 'emails', 1, SYNC_MAX);
		emails.forEach((e, i) => {
			if (!isEmail(e)) throw badRequest(`emails[${i}] is not a valid email address.`);
		});
		const found = (emails as string[]).map((e) => store.customerByEmail(e)).filter((c): c is Customer => !!c);
		if (found.length === 0) throw notFound();
		return [...new Set(found)];
	}
	if (!isObject(b.filters)) throw badRequest('filters must be an object.');
	const preds = filterPredicates(store, b.filters);
	const matched = store.customers.all().filter((c) => preds.every((p) => p(c)));
	if (matched.length > SYNC_MAX) {
		throw new ApiError(413, `The filters match ${matched.length} customers; at most ${SYNC_MAX} per call. Narrow them.`);
	}
	if (matched.length === 0) throw notFound();
	return matched;
}

export const syncRoutes: Route[] = [
	{
		method: 'POST',
		path: '/api/v2/sync-attributes',
		handler: ({ store, body }): ApiResult => {
			const b = bodyObject(body);
			const scope = (b.scope ?? 'all') as (typeof SCOPES)[number];
			if (!SCOPES.includes(scope)) throw badRequest(`scope must be one of: ${SCOPES.join(', ')}.`);
			const customers = selectCustomers(store, b);
			const scopes = scope === 'all' ? (['feedback', 'outbox'] as const) : [scope];
			const jobs = scopes.map((s) => ({
				id: store.ids.next('job'),
				scope: s,
				status: 'queued',
				customers: customers.length,
				records: customers.reduce((n, c) => n + store.resync(c, s), 0),
			}));
			return { status: 202, body: { message: 'Accepted.', code: 202, data: { customers: customers.length, jobs } } };
		},
	},
];
