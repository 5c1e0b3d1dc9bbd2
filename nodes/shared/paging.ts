import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, type ApiContext, type ApiRequest } from './transport';

export const MAX_PAGE_SIZE = 1000;

export interface PageWalk {
	/** The list request, without paging parameters. */
	request: ApiRequest;
	/** Where the records sit in the answer: `data.<key>`, `<key>`, or `data` itself when it is a list. */
	recordsKey: string;
	/** Records per page (1 to 1000). */
	pageSize?: number;
	/** Query parameter names; the legacy v1 API calls the page `currentPage`. */
	pageParam?: string;
	startPage?: number;
}

/** The records of a list answer, wherever this endpoint puts them. */
export function recordsOf(body: IDataObject, recordsKey: string): IDataObject[] {
	const data = body.data as IDataObject | IDataObject[] | undefined;
	const candidates = [(data as IDataObject | undefined)?.[recordsKey], body[recordsKey], data];
	const found = candidates.find((candidate) => Array.isArray(candidate));
	return (found as IDataObject[] | undefined) ?? [];
}

function numberField(body: IDataObject, names: string[]): number | undefined {
	const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as IDataObject) : {};
	for (const source of [data, body]) {
		for (const name of names) {
			const value = Number(source[name]);
			if (source[name] !== undefined && source[name] !== null && source[name] !== '' && Number.isFinite(value)) return value;
		}
	}
	return undefined;
}

/** How many pages the answer says there are: `pages`, or `total`/`limit`, inside `data` or at the top. */
export function pageCountOf(body: IDataObject, pageSize: number): number | undefined {
	const pages = numberField(body, ['pages', 'totalNumberOfPages', 'totalPages']);
	if (pages !== undefined) return pages;
	const total = numberField(body, ['total', 'totalCount']);
	if (total === undefined) return undefined;
	const limit = numberField(body, ['limit']) ?? pageSize;
	return limit > 0 ? Math.ceil(total / limit) : undefined;
}

function identityOf(record: IDataObject): string {
	const id = record.id ?? record.feedbackId ?? record.surveyId ?? record._id;
	return id === undefined ? JSON.stringify(record) : String(id);
}

/**
 * Walks a paged list one page at a time. It always asks for the next page number, and it
 * stops at the end the service shows: the page count (`pages`, or `total` over `limit`, inside
 * `data` or at the top level) or, when there is none, a page shorter than the limit applied;
 * and always at an empty page or a page that repeats the one before (a service that ignores
 * `page` would otherwise loop forever).
 */
export async function* walkPages(ctx: ApiContext, walk: PageWalk): AsyncGenerator<IDataObject[]> {
	const pageSize = Math.min(Math.max(1, walk.pageSize ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE);
	const pageParam = walk.pageParam ?? 'page';
	let previousSignature = '';
	for (let page = walk.startPage ?? 1; ; page++) {
		const body = await apiRequest.call(ctx, {
			...walk.request,
			qs: { ...(walk.request.qs ?? {}), [pageParam]: page, limit: pageSize },
		});
		const records = recordsOf(body, walk.recordsKey);
		if (records.length === 0) return;
		const signature = `${records.length}:${identityOf(records[0])}:${identityOf(records[records.length - 1])}`;
		if (signature === previousSignature) return;
		previousSignature = signature;
		yield records;
		// A page is short against the limit the service applied, which may be lower than asked.
		const appliedLimit = Math.min(pageSize, numberField(body, ['limit']) ?? pageSize);
		const pageCount = pageCountOf(body, appliedLimit);
		if (pageCount !== undefined ? page >= pageCount : records.length < appliedLimit) return;
	}
}

/** Return All walks to the end; otherwise stops once `limit` records are in. */
export async function collectPages(
	ctx: ApiContext,
	walk: PageWalk,
	{ returnAll, limit }: { returnAll: boolean; limit: number },
): Promise<IDataObject[]> {
	const wanted = returnAll ? Infinity : Math.max(0, limit);
	const pageSize = returnAll ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, Math.max(1, wanted));
	const collected: IDataObject[] = [];
	if (wanted === 0) return collected;
	for await (const records of walkPages(ctx, { ...walk, pageSize })) {
		for (const record of records) {
			collected.push(record);
			if (collected.length >= wanted) return collected;
		}
	}
	return collected;
}

/** A Get Many operation: reads Return All and Limit for the item, then walks the pages. */
export async function getMany(
	this: IExecuteFunctions,
	itemIndex: number,
	walk: Omit<PageWalk, 'pageSize'>,
): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? 0 : (this.getNodeParameter('limit', itemIndex, 50) as number);
	return collectPages(this, { ...walk, request: { ...walk.request, itemIndex } }, { returnAll, limit });
}

/**
 * A list the service does not page (templates, campaigns, trend groups, suppressions): one
 * request, every record it holds.
 */
export async function getAllRecords(
	this: IExecuteFunctions,
	itemIndex: number,
	{ request, recordsKey }: Pick<PageWalk, 'request' | 'recordsKey'>,
): Promise<IDataObject[]> {
	return recordsOf(await apiRequest.call(this, { ...request, itemIndex }), recordsKey);
}
