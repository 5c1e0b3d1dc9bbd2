import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { readPagedList } from '../../helpers/lists/readRecords';

/** A notice at the top of a legacy operation naming what replaces it. */
export const replacedBy = (name: string, text: string): INodeProperties => ({
	displayName: text,
	name: `${name}Notice`,
	type: 'notice',
	default: '',
});

/**
 * A paged list of the legacy v1 API (subscribers, latest responses): records in
 * `data.subscribers`, the page asked for as `currentPage`. The transport sends `/api/service/`
 * paths to the Legacy Base URL with `Authorization: api_key=`, whatever the credential.
 */
export async function v1List(
	ctx: IExecuteFunctions,
	api: ServiceApi,
	itemIndex: number,
	request: { path: string; qs: IDataObject },
): Promise<IDataObject[]> {
	return readPagedList(ctx, api, itemIndex, {
		request: { method: 'GET', ...request },
		recordsKey: 'subscribers',
		pageParam: 'currentPage',
	});
}
