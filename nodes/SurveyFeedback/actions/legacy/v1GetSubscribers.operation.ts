import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit, sortOption } from '../../../shared/descriptions';
import { replacedBy, v1List } from './common';

const properties: INodeProperties[] = [
	replacedBy('v1GetSubscribers', 'Legacy v1 API. Use Customer › Get Many instead: it filters by email, dates and properties.'),
	...returnAllOrLimit,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			sortOption('createdDate'),
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['legacy'], operation: ['v1GetSubscribers'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return v1List.call(this, itemIndex, {
		path: '/api/service/nps/customers',
		qs: { sort: (options.sort as string) || '-createdDate' },
		operation: 'Legacy: V1 Get Subscribers',
	});
}
