import { NodeOperationError } from 'n8n-workflow';

import type { ServiceRecord } from './serviceRecord';
import type { ApiContext, ApiRequest, ServiceApi } from './transport';

export const MAX_PAGE_SIZE = 1000;

export interface PageWalk {
	/** The list request, without paging parameters. */
	request: ApiRequest;
	/** Where the records sit in the answer: `data.<key>`, `<key>`, or `data` itself when it is a list. */
	recordsKey: string;
	/** Records per page (1 to 1000). */
	pageSize?: number;
	/** The legacy v1 API calls the page `currentPage`. */
	pageParam?: string;
	/**
	 * What a page that repeats the one before means. A list read to the end may stop there (a
	 * service that ignores `page` would otherwise loop forever); a walk that must not skip records
	 * (the trigger's) fails instead, and the next poll starts over.
	 */
	onRepeatedPage?: 'end' | 'fail';
}

export interface Page {
	page: number;
	records: ServiceRecord[];
	/** The service shows nothing after this page. */
	last: boolean;
}

/** The records of a list answer, wherever this endpoint puts them. */
export function recordsOf(body: ServiceRecord, recordsKey: string): ServiceRecord[] {
	const data = body.data as ServiceRecord | ServiceRecord[] | undefined;
	const candidates = [(data as ServiceRecord | undefined)?.[recordsKey], body[recordsKey], data];
	const found = candidates.find((candidate) => Array.isArray(candidate));
	return (found as ServiceRecord[] | undefined) ?? [];
}

const isObject = (value: unknown): value is ServiceRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The list in a list answer: `data.<key>`, `<key>` at the top level, or `data` itself. When none
 * of them is a list, the one array inside `data` (or else at the top level) is: the service named
 * it differently. Undefined when the answer holds no array, or several none of which has the name.
 */
export function listIn(body: ServiceRecord, recordsKey: string): ServiceRecord[] | undefined {
	const data = isObject(body.data) ? body.data : undefined;
	const named = [data?.[recordsKey], body[recordsKey], body.data].find((candidate) => Array.isArray(candidate));
	if (named) return named as ServiceRecord[];
	for (const scope of [data, body]) {
		const arrays = Object.values(scope ?? {}).filter((value) => Array.isArray(value));
		if (arrays.length === 1) return arrays[0] as ServiceRecord[];
		if (arrays.length > 1) return undefined;
	}
	return undefined;
}

/**
 * The list of a list answer (see `listIn`). A successful answer without one is an error that says
 * so: reading it as an empty list would report "none" where the service's format changed.
 */
export function requireList(body: ServiceRecord, recordsKey: string, request: Pick<ApiRequest, 'method' | 'path'> & { label?: string }): ServiceRecord[] {
	const list = listIn(body, recordsKey);
	if (list) return list;
	const label = request.label ? `${request.label} failed: ` : '';
	throw new Error(
		`${label}the service answered ${request.method} ${request.path} without a list of ${recordsKey}: no array under data.${recordsKey}, at the top level, or alone in data. Its answers may have changed format.`,
	);
}

function numberField(body: ServiceRecord, names: string[]): number | undefined {
	const data: ServiceRecord = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as ServiceRecord) : {};
	for (const source of [data, body]) {
		for (const name of names) {
			const value = Number(source[name]);
			if (source[name] !== undefined && source[name] !== null && source[name] !== '' && Number.isFinite(value)) return value;
		}
	}
	return undefined;
}

/** How many pages the answer says there are: `pages`, or `total`/`limit`, inside `data` or at the top. */
export function pageCountOf(body: ServiceRecord, pageSize: number): number | undefined {
	const pages = numberField(body, ['pages', 'totalNumberOfPages', 'totalPages']);
	if (pages !== undefined) return pages;
	const total = numberField(body, ['total', 'totalCount']);
	if (total === undefined) return undefined;
	const limit = numberField(body, ['limit']) ?? pageSize;
	return limit > 0 ? Math.ceil(total / limit) : undefined;
}

function pageSizeOf(walk: PageWalk): number {
	return Math.min(Math.max(1, walk.pageSize ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE);
}

/**
 * Reads one page. It is the last when the service says so: its page count (`pages`, or `total`
 * over `limit`, inside `data` or at the top level) or, without one, a page shorter than the limit
 * the service applied (which may be lower than asked).
 */
export async function readPage(api: ServiceApi, walk: PageWalk, page: number, step?: string): Promise<Page> {
	const pageSize = pageSizeOf(walk);
	const body = await api.request({
		...walk.request,
		qs: { ...(walk.request.qs ?? {}), [walk.pageParam ?? 'page']: page, limit: pageSize },
		step,
	});
	const records = requireList(body, walk.recordsKey, walk.request);
	const appliedLimit = Math.min(pageSize, numberField(body, ['limit']) ?? pageSize);
	const pageCount = pageCountOf(body, appliedLimit);
	const last = records.length === 0 || (pageCount !== undefined ? page >= pageCount : records.length < appliedLimit);
	return { page, records, last };
}

/**
 * Walks a paged list one page at a time until its last page. The page always advances, and a
 * page that repeats the one before ends the walk or fails it (`onRepeatedPage`). A failed page
 * says which page it was and how many records had been read.
 */
export async function* walkPages(ctx: ApiContext, api: ServiceApi, walk: PageWalk): AsyncGenerator<Page> {
	let previous = '';
	let read = 0;
	for (let page = 1; ; page++) {
		const step = page > 1 ? `page ${page} (${read} records read before it; none are output)` : undefined;
		const current = await readPage(api, walk, page, step);
		if (current.records.length === 0) return;
		const { records } = current;
		const signature = JSON.stringify([records.length, records[0], records[records.length - 1]]);
		if (signature === previous) {
			if (walk.onRepeatedPage !== 'fail') return;
			throw new NodeOperationError(ctx.getNode(), `${walk.request.label} failed: the service sent page ${page} of ${walk.request.path} twice`, {
				description: 'The list did not advance from one page to the next. Nothing was emitted; the next poll starts over from the same point.',
			});
		}
		previous = signature;
		read += records.length;
		yield current;
		if (current.last) return;
	}
}

/** Return All walks to the end; otherwise stops once `limit` records are in. */
export async function collectPages(
	ctx: ApiContext,
	api: ServiceApi,
	walk: PageWalk,
	{ returnAll, limit }: { returnAll: boolean; limit: number },
): Promise<ServiceRecord[]> {
	const wanted = returnAll ? Infinity : Math.max(0, limit);
	const collected: ServiceRecord[] = [];
	if (wanted === 0) return collected;
	const pageSize = returnAll ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, wanted);
	for await (const { records } of walkPages(ctx, api, { ...walk, pageSize })) {
		for (const record of records) {
			collected.push(record);
			if (collected.length >= wanted) return collected;
		}
	}
	return collected;
}
