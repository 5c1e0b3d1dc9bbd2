import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { createdDateSort, returnAllOrLimit } from '../../helpers/descriptions';
import { readSort, withSortCollection } from '../../helpers/lists/sort';
import type { OperationOption } from '../../operationModule';
import { replacedBy, v1List } from './common';

export const option: OperationOption = {
	name: 'V1: Get Subscribers',
	value: 'v1GetSubscribers',
	action: 'Get subscribers via legacy v1',
	description: 'Legacy v1 API; replaced by Customer › Get Many',
};

export const properties: INodeProperties[] = withSortCollection([
	replacedBy('v1GetSubscribers', 'Legacy v1 API. Use Customer › Get Many instead: it filters by email, dates and properties.'),
	...returnAllOrLimit,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			createdDateSort,
		],
	},
], 'options');

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	return v1List(this, api, itemIndex, {
		path: '/api/service/nps/customers',
		qs: { sort: readSort(this, itemIndex, { name: 'options', label: 'Options' }) || '-createdDate' },
	});
}
