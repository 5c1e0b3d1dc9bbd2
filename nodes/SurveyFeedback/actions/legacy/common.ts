import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { getMany } from '../../../shared/paging';

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
	this: IExecuteFunctions,
	itemIndex: number,
	request: { path: string; qs: IDataObject; operation: string },
): Promise<IDataObject[]> {
	return getMany.call(this, itemIndex, {
		request: { method: 'GET', ...request },
		recordsKey: 'subscribers',
		pageParam: 'currentPage',
	});
}
