import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { readUnpagedList } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many templates',
	description: 'List every survey template of the account',
};

export const properties: INodeProperties[] = [
	{
		displayName:
			'Returns every template of the account, one item each. The list may leave out the survey questions: use Get for a template’s questions and their IDs.',
		name: 'templateListNotice',
		type: 'notice',
		default: '',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	return readUnpagedList(api, itemIndex, { method: 'GET', path: '/api/v2/templates' }, 'templates');
}
