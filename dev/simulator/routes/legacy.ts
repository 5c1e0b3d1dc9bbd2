/** The legacy v1 API (own port, Authorization header only): list/create subscribers, score, latest responses. */
import { badRequest, iso, isEmail, isObject, type ApiResult } from '../http';
import { scoreObject, summarize } from '../metrics';
import { type Paging, pagesOf, parsePaging, parseSort, runList, str, strList } from '../query';
import type { Route } from '../router';
import { parseCustomerInput, upsertCustomer, type AccountStore } from '../store';
import type { Customer, Feedback } from '../types';
import { bodyArray, bodyObject } from './common';

export const LEGACY_CREATE_MAX = 100;

const success = (data?: unknown): ApiResult => ({
	status: 200,
	body: data === undefined ? { message: 'success', code: 200 } : { message: 'success', code: 200, data },
});

/** Legacy paging: currentPage and limit echoed as strings. */
function legacyPage(items: unknown[], total: number, paging: Paging, sortBy: string): ApiResult {
	return success({
		subscribers: items,
		currentPage: String(paging.page),
		totalNumberOfPages: pagesOf(total, paging.limit),
		limit: String(paging.limit),
		sortBy,
		total,
	});
}

const legacyCustomer = (c: Customer) => ({
	id: c.id,
	email: c.email,
	firstName: c.firstName,
	lastName: c.lastName,
	companyName: c.companyName,
	companyId: c.companyId,
	tags: c.tags,
	createdDate: iso(c.createdAt),
	properties: c.properties,
});

const SORT: Record<string, (c: Customer) => string | number> = {
	createdDate: (c) => c.createdAt,
	email: (c) => c.email.toLowerCase(),
};

function latestResponses(store: AccountStore, emails: string[] | undefined): Feedback[] {
	const sources = emails ? emails.map((e) => store.feedback.bucket('email', e.toLowerCase())) : [store.feedback.all()];
	const latest = new Map<string, Feedback>();
	for (const src of sources) {
		for (let i = src.length - 1; i >= 0; i--) {
			const f = src[i];
			if (f.metric !== 'nps') continue;
			const prev = latest.get(f.customerId);
			if (!prev || store.feedback.cmp(prev, f) < 0) latest.set(f.customerId, f);
		}
	}
	return [...latest.values()].sort(store.feedback.cmp);
}

export const legacyRoutes: Route[] = [
	{
		method: 'GET',
		path: '/api/service/nps/customers',
		handler: ({ store, query }) => {
			const paging = parsePaging(query, 'currentPage');
			const sort = parseSort(str(query, 'sort'), '-createdDate', SORT, 'createdDate');
			const { items, total } = runList({ source: store.customers.all(), time: store.customers.time, filters: [], sort, paging });
			return legacyPage(items.map(legacyCustomer), total, paging, sort.raw);
		},
	},
	{
		method: 'POST',
		path: '/api/service/nps/customers',
		handler: ({ store, body, now }) => {
			const items = bodyArray(bodyObject(body), 'subscribers', 1, LEGACY_CREATE_MAX);
			// No per-row answer exists in v1: any bad item fails the whole request before anything is written.
			const inputs = items.map((item, i) => {
				if (!isObject(item)) throw badRequest(`subscribers[${i}] must be an object.`);
				const company = item.company ?? item.companyName;
				for (const [field, v] of [['first_name', item.first_name], ['last_name', item.last_name], ['company', company]] as const) {
					if (typeof v !== 'string' || !v.trim()) throw badRequest(`subscribers[${i}].${field} is required.`);
				}
				if (!isEmail(item.email)) throw badRequest(`subscribers[${i}].email is missing or invalid.`);
				const parsed = parseCustomerInput({ ...item, company });
				if ('error' in parsed) throw badRequest(`subscribers[${i}]: ${parsed.error}.`);
				return parsed.input;
			});
			for (const input of inputs) upsertCustomer(store, input, now);
			return success();
		},
	},
	{
		method: 'GET',
		path: '/api/service/nps/score',
		handler: ({ store }) => {
			const scores: number[] = [];
			for (const f of store.feedback.all()) if (f.metric === 'nps') scores.push(f.score);
			return success(scoreObject('nps', summarize('nps', scores)));
		},
	},
	{
		method: 'GET',
		path: '/api/service/nps/customers/response',
		handler: ({ store, query }) => {
			const paging = parsePaging(query, 'currentPage');
			const sortBy = (str(query, 'sort') || 'DESC').toUpperCase();
			if (sortBy !== 'DESC' && sortBy !== 'ASC') throw badRequest('sort must be DESC or ASC.');
			const rows = latestResponses(store, strList(query, 'email'));
			if (sortBy === 'DESC') rows.reverse();
			const start = (paging.page - 1) * paging.limit;
			const items = rows.slice(start, start + paging.limit).map((f) => ({
				id: f.id,
				customerId: f.customerId,
				email: f.email,
				firstName: f.firstName,
				lastName: f.lastName,
				companyName: f.companyName,
				score: f.score,
				comment: f.comment,
				tags: f.tags,
				campaignId: f.campaignId,
				campaignName: store.campaign(f.campaignId)?.name ?? null,
				createdDate: iso(f.createdAt),
			}));
			return legacyPage(items, rows.length, paging, sortBy);
		},
	},
];
