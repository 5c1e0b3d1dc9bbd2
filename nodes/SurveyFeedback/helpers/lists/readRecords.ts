import type { IExecuteFunctions } from 'n8n-workflow';

import type { ServiceRecord } from '../../../shared/serviceRecord';

import { collectPages, requireList, type PageWalk } from '../../../shared/paging';
import type { ServiceApi } from '../../../shared/transport';

export type ListRequest = Omit<PageWalk['request'], 'label'>;

/** A list the service pages (customers, feedback, outbox…): reads Return All and Limit for the item, then walks the pages. */
export async function readPagedList(
	ctx: IExecuteFunctions,
	api: ServiceApi,
	itemIndex: number,
	walk: Omit<PageWalk, 'pageSize' | 'request'> & { request: ListRequest },
): Promise<ServiceRecord[]> {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? 0 : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
	const request = { ...walk.request, label: api.label, itemIndex };
	return collectPages(ctx, api, { ...walk, request }, { returnAll, limit });
}

/**
 * A list the service does not page (templates, campaigns, trend groups, suppressions): one
 * request, every record, wherever the answer puts its one list (an answer without one fails).
 */
export async function readUnpagedList(api: ServiceApi, itemIndex: number, request: ListRequest, recordsKey: string): Promise<ServiceRecord[]> {
	return requireList(await api.request({ ...request, itemIndex }), recordsKey, { ...request, label: api.label });
}

/** The record of a by-ID answer: `data`, or the answer itself when it has no `data`. */
export function recordOf(body: ServiceRecord): ServiceRecord {
	return (body.data as ServiceRecord) ?? body;
}
