import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { readUnpagedList } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';
import { replacedBy } from './common';

export const option: OperationOption = {
	name: 'Deprecated: Get Campaigns',
	value: 'npsGetCampaigns',
	action: 'Get campaigns via deprecated endpoint',
	description: 'Deprecated v2 endpoint; replaced by Campaign › Get Many',
};

export const properties: INodeProperties[] = [
	replacedBy('npsGetCampaigns', 'Deprecated endpoint. Use Campaign › Get Many instead. Returns every campaign, one item each.'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	return readUnpagedList(api, itemIndex, { method: 'GET', path: '/api/v2/nps/campaigns' }, 'campaigns');
}
