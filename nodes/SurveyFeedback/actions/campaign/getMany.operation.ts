import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { readUnpagedList } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many campaigns',
	description: 'List every campaign with its metric, channel, template and status',
	toolDescription:
		"List every survey campaign: its ID, name, metric (NPS, CSAT, CES, STAR), channel, template and whether it is active. Use a campaign's ID to filter feedback or to send a survey.",
};

export const properties: INodeProperties[] = [
	{
		displayName: 'Returns every campaign of the account, active and deactivated, one item each',
		name: 'campaignListNotice',
		type: 'notice',
		default: '',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	return readUnpagedList(api, itemIndex, { method: 'GET', path: '/api/v2/campaigns' }, 'campaigns');
}
