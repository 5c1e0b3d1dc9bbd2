/** Companies: paged list and lookup by ID or domain. */
import { notFound, ok } from '../http';
import { isObjectId } from '../ids';
import { parsePaging, parseSort, runList, str } from '../query';
import type { Route } from '../router';
import type { Company } from '../types';
import { companyView } from '../views';
import { listResult } from './common';

const SORT: Record<string, (c: Company) => string | number> = {
	createdDate: (c) => c.createdAt,
	companyName: (c) => c.companyName.toLowerCase(),
};

export const companyRoutes: Route[] = [
	{
		method: 'GET',
		path: '/api/v2/companies',
		handler: ({ store, query }) => {
			const paging = parsePaging(query);
			const sort = parseSort(str(query, 'sort'), '-createdDate', SORT, 'createdDate');
			const { items, total } = runList({ source: store.companies.all(), time: store.companies.time, filters: [], sort, paging });
			return listResult('companies', items.map((c) => companyView(store, c)), total, paging, sort.raw);
		},
	},
	{
		method: 'GET',
		path: '/api/v2/companies/:idOrDomain',
		handler: ({ store, params }) => {
			const key = params.idOrDomain.trim();
			const byId = isObjectId(key) ? store.companies.get(key) : undefined;
			const byDomain = store.companies.bucket('domain', key.toLowerCase().replace(/^www\./, ''))[0];
			const company = byId ?? byDomain;
			if (!company) throw notFound();
			return ok(companyView(store, company));
		},
	},
];
