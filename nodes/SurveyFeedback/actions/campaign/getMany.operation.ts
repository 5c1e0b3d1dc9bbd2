import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getAllRecords } from '../../../shared/paging';

const properties: INodeProperties[] = [
	{
		displayName: 'Returns every campaign of the account, active and deactivated, one item each',
		name: 'campaignListNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['campaign'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return getAllRecords.call(this, itemIndex, {
		request: { method: 'GET', path: '/api/v2/campaigns', operation: 'Campaign: Get Many' },
		recordsKey: 'campaigns',
	});
}
