import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { listSuppressions } from '../../helpers/operations/suppressions';
import type { OperationOption } from '../../operationModule';

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many domain suppressions',
	description: 'List the suppressed domain patterns',
};

export const properties: INodeProperties[] = [
	{
		displayName: 'Returns every suppressed domain pattern of the account, manual and automatic ones, one item each',
		name: 'domainSuppressionListNotice',
		type: 'notice',
		default: '',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	return listSuppressions(api, itemIndex, 'domains');
}
