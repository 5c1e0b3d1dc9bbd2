/** Customers: list, by ID, bulk upsert, delete, unsubscribe, resubscribe. */
import { parseInstant } from '../dates';
import { badRequest, notFound, ok, SUCCESS, type ApiResult } from '../http';
import { isObjectId } from '../ids';
import { attributesFromQuery, parsePaging, parseSort, runList, smallestSource, str } from '../query';
import type { Route } from '../router';
import { parseCustomerInput, unregisteredProperty, upsertCustomer, type AccountStore } from '../store';
import type { Customer } from '../types';
import { customerView, secondShape } from '../views';
import { bodyArray, bodyObject, customerAttr, itemEmail, listResult, optionalDate } from './common';
import { answersWithRows, fullAnswers, keyedRows, refuseWhole } from './writeAnswers';

/** Limit of POST /customers; the same bound is applied to the other customer bulk writes. */
export const CUSTOMERS_MAX = 1000;

const SORT: Record<string, (c: Customer) => string | number> = {
	createdDate: (c) => c.createdAt,
	updatedDate: (c) => c.updatedAt,
	email: (c) => c.email.toLowerCase(),
	firstName: (c) => c.firstName.toLowerCase(),
	lastName: (c) => c.lastName.toLowerCase(),
	companyName: (c) => c.companyName.toLowerCase(),
};

export const customerRoutes: Route[] = [
	{
		method: 'GET',
		path: '/api/v2/customers',
		handler: ({ store, query }) => {
			const email = str(query, 'email')?.trim().toLowerCase();
			const paging = parsePaging(query);
			const sort = parseSort(str(query, 'sort'), '-createdDate', SORT, 'createdDate');
			const { items, total } = runList({
				source: smallestSource(store.customers.all(), [email ? store.customers.bucket('email', email) : undefined]),
				time: store.customers.time,
				start: optionalDate(query, 'startDate', (v) => parseInstant(v, 'startDate')),
				end: optionalDate(query, 'endDate', (v) => parseInstant(v, 'endDate')),
				filters: [email ? (c) => c.email.toLowerCase() === email : undefined, attributesFromQuery(query, customerAttr)],
				sort,
				paging,
			});
			// `pages` inside `data` as the reference's table has it, or at the top level as one client found it.
			const pagesAtTop = store.responses === 'full' || secondShape(store);
			return listResult('subscribers', items.map((c) => customerView(store, c)), total, paging, sort.raw, pagesAtTop);
		},
	},
	{
		method: 'GET',
		path: '/api/v2/customers/:id',
		handler: ({ store, params }) => {
			if (!isObjectId(params.id)) throw badRequest('Invalid customer ID.');
			const c = store.customers.get(params.id);
			if (!c) throw notFound();
			return ok(customerView(store, c));
		},
	},
	{
		method: 'POST',
		path: '/api/v2/customers',
		handler: ({ store, body, now }) => {
			const items = bodyArray(bodyObject(body), 'subscribers', 1, CUSTOMERS_MAX);
			// Keyed by the email exactly as sent; a repeated email updates the same row.
			const rows: Record<string, { status: string; id?: string; reason?: string }> = {};
			for (const item of items) {
				const key = typeof (item as { email?: unknown })?.email === 'string' ? ((item as { email: string }).email) : '';
				const parsed = parseCustomerInput(item);
				const refused = 'error' in parsed ? parsed.error : unregisteredProperty(store, parsed.input);
				if (refused !== undefined || 'error' in parsed) {
					rows[key] ??= { status: 'failed', reason: refused };
					continue;
				}
				const { status, customer } = upsertCustomer(store, parsed.input, now);
				const prev = rows[key];
				rows[key] = { status: prev?.status === 'created' ? 'created' : status, id: customer?.id };
			}
			return ok(rows);
		},
	},
	{
		method: 'DELETE',
		path: '/api/v2/customers',
		handler: ({ store, body }) => {
			const items = bodyArray(bodyObject(body), 'subscribers', 1, CUSTOMERS_MAX);
			refuseBadEmails(store, items);
			let deleted = 0;
			const results = items.map((item, index) => {
				const e = itemEmail(item);
				if ('error' in e) return { index, email: e.email, status: 'failed', reason: e.error };
				const c = store.customerByEmail(e.email);
				if (!c) return { index, email: e.email, status: 'not_found', reason: 'no customer with this email' };
				store.deleteCustomer(c);
				deleted++;
				return { index, email: e.email, status: 'deleted', id: c.id };
			});
			return writeAnswer(store, { deleted, results });
		},
	},
	{
		method: 'POST',
		path: '/api/v2/customers/unsubscribe',
		handler: ({ store, body, now }) => {
			const b = bodyObject(body);
			const items = bodyArray(b, 'subscribers', 1, CUSTOMERS_MAX);
			const message = optOutMessage(b.message);
			refuseBadEmails(store, items);
			let unsubscribed = 0;
			const results = items.map((item, index) => {
				const e = itemEmail(item);
				if ('error' in e) return { index, email: e.email, status: 'failed', reason: e.error };
				const c = store.customerByEmail(e.email);
				if (!c) return { index, email: e.email, status: 'not_found', reason: 'no customer with this email' };
				if (c.unsubscribedBy) return { index, email: e.email, status: 'already_unsubscribed', id: c.id };
				c.unsubscribedBy = 'owner';
				c.unsubscribedAt = now;
				c.optOutMessage = message;
				c.updatedAt = now;
				unsubscribed++;
				return { index, email: e.email, status: 'unsubscribed', id: c.id };
			});
			return writeAnswer(store, { unsubscribed, results });
		},
	},
	{
		method: 'POST',
		path: '/api/v2/customers/resubscribe',
		handler: ({ store, body, now }) => {
			const items = bodyArray(bodyObject(body), 'subscribers', 1, CUSTOMERS_MAX);
			let resubscribed = 0;
			const results = items.map((item, index) => {
				const e = itemEmail(item);
				if ('error' in e) return { index, email: e.email, status: 'failed', reason: e.error, suppressed: false };
				// Only the account email list counts; global and domain rules are not reflected here.
				const suppressed = store.emailSuppression(e.email) !== undefined;
				const c = store.customerByEmail(e.email);
				if (!c) return { index, email: e.email, status: 'not_found', reason: 'no customer with this email', suppressed };
				const row = (status: string, reason?: string) => ({ index, email: e.email, status, ...(reason ? { reason } : {}), id: c.id, suppressed });
				switch (c.unsubscribedBy) {
					case null:
						return row('already_subscribed');
					case 'self':
						return row('skipped', 'the contact unsubscribed themselves; only they can resubscribe');
					case 'bounce':
						return row('skipped', 'the contact was unsubscribed after a hard bounce');
					case 'owner':
						c.unsubscribedBy = null;
						c.unsubscribedAt = null;
						c.optOutMessage = null;
						c.updatedAt = now;
						resubscribed++;
						return row('resubscribed');
				}
			});
			// The spec names resubscribe's rows (status, reason, suppressed): every account answers them.
			return fullAnswers(store) ? ok({ resubscribed, results }) : ok(keyedRows(results.map((row) => ({ key: row.email, ...row }))));
		},
	},
];

/**
 * The answer of delete and unsubscribe, whose answer the spec does not show: the full shape, rows
 * keyed by email, or the bare envelope (see writeAnswers.ts).
 */
function writeAnswer(store: AccountStore, full: { results: Array<{ email: string; status: string }> } & Record<string, unknown>): ApiResult {
	if (fullAnswers(store)) return ok(full);
	if (answersWithRows(store)) return ok(keyedRows(full.results.map((row) => ({ key: row.email, ...row }))));
	return { status: 200, body: { message: SUCCESS, code: 200 } };
}

/** A bare-answering account has no row to refuse an item in: a bad email refuses the request before anything is done. */
function refuseBadEmails(store: AccountStore, items: unknown[]): void {
	if (fullAnswers(store) || answersWithRows(store)) return;
	const bad = items.map(itemEmail).findIndex((e) => 'error' in e);
	if (bad >= 0) refuseWhole('subscribers', { index: bad, reason: (itemEmail(items[bad]) as { error: string }).error });
}

/** `message` is an array of strings (joined by a newline) or one string. */
function optOutMessage(v: unknown): string | null {
	if (v === undefined || v === null) return null;
	if (typeof v === 'string') return v;
	if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join('\n');
	throw badRequest('message must be an array of strings.');
}
