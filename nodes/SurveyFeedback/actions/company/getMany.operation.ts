import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact } from '../../../shared/inputs';
import { companyRecord } from '../../../shared/records';
import type { ServiceApi } from '../../../shared/transport';
import { returnAllOrLimit } from '../../helpers/descriptions';
import { readPagedList } from '../../helpers/lists/readRecords';
import { readSort, withSortCollection } from '../../helpers/lists/sort';
import type { OperationOption } from '../../operationModule';

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many companies',
	description: 'List companies with their scores and customer counts',
	toolDescription:
		'List companies with their scores (NPS, CSAT, CES) and customer counts.',
};

export const properties: INodeProperties[] = withSortCollection([
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
], 'options');

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	return readPagedList(this, api, itemIndex, {
		request: { method: 'GET', path: '/api/v2/companies', qs: compact({ sort: readSort(this, itemIndex, { name: 'options', label: 'Options' }) }) },
		recordsKey: 'companies',
	});
}

export const returns = companyRecord;
