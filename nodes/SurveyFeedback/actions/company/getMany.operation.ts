import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { compact } from '../../../shared/inputs';
import { getMany } from '../../../shared/paging';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Sort',
				name: 'sort',
				type: 'options',
				options: [
					{ name: 'Name (A to Z)', value: 'companyName' },
					{ name: 'Name (Z to A)', value: '-companyName' },
					{ name: 'Newest First', value: '-createdDate' },
					{ name: 'Oldest First', value: 'createdDate' },
				],
				default: 'companyName',
				description: 'Order of the companies; without it the service uses its own order',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['company'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return getMany.call(this, itemIndex, {
		request: { method: 'GET', path: '/api/v2/companies', qs: compact({ sort: options.sort as string }), operation: 'Company: Get Many' },
		recordsKey: 'companies',
	});
}
