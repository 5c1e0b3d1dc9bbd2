import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { readUnpagedList } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';

export const option: OperationOption = { name: 'Get Many', value: 'getMany', action: 'Get many trend groups', description: 'List the trend groups' };

export const properties: INodeProperties[] = [
	{
		displayName: 'Returns every trend group of the account (metric, default flag, creation date), one item each',
		name: 'trendGroupListNotice',
		type: 'notice',
		default: '',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	return readUnpagedList(api, itemIndex, { method: 'GET', path: '/api/v2/trends' }, 'groups');
}
