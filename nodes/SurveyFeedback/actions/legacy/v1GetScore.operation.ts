import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { recordOf } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';
import { replacedBy } from './common';

export const option: OperationOption = {
	name: 'V1: Get Score',
	value: 'v1GetScore',
	action: 'Get the score via legacy v1',
	description: 'Legacy v1 API; replaced by Score › Get',
};

export const properties: INodeProperties[] = [
	replacedBy('v1GetScore', 'Legacy v1 API: the NPS score only. Use Score › Get instead: it also gives CSAT, CES and star scores.'),
];

/** The NPS score object: nps, promoter/passive/detractor shares and counts, total responses. */
export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
	const body = await api.request({
		method: 'GET',
		path: '/api/service/nps/score',
		itemIndex,
	});
	return recordOf(body);
}
