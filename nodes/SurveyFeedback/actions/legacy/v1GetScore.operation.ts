import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { replacedBy } from './common';

const properties: INodeProperties[] = [
	replacedBy('v1GetScore', 'Legacy v1 API: the NPS score only. Use Score › Get instead: it also gives CSAT, CES and star scores.'),
];

export const description = updateDisplayOptions({ show: { resource: ['legacy'], operation: ['v1GetScore'] } }, properties);

/** The NPS score object: nps, promoter/passive/detractor shares and counts, total responses. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: '/api/service/nps/score',
		operation: 'Legacy: V1 Get Score',
		itemIndex,
	});
	return (body.data as IDataObject) ?? body;
}
