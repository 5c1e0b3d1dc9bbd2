import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getAllRecords } from '../../../shared/paging';

const properties: INodeProperties[] = [
	{
		displayName: 'Returns every trend group of the account (metric, default flag, creation date), one item each',
		name: 'trendGroupListNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['trend'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return getAllRecords.call(this, itemIndex, {
		request: { method: 'GET', path: '/api/v2/trends', operation: 'Trend: Get Many' },
		recordsKey: 'groups',
	});
}
