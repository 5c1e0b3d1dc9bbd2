import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';

export const description: INodeProperties[] = [];

/** The account snapshot: identity, plan, survey credits left, usage counters. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: '/api/v2/ping',
		operation: 'Account: Get Status',
		itemIndex,
	});
	return (body.data as IDataObject) ?? body;
}
