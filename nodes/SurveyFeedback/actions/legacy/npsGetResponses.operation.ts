import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { createdDateSort, dateRangeOptions, INSTANT_RULE, returnAllOrLimit } from '../../helpers/descriptions';
import { filterDates } from '../../helpers/lists/listQuery';
import { readPagedList } from '../../helpers/lists/readRecords';
import { readSort, withSortCollection } from '../../helpers/lists/sort';
import type { OperationOption } from '../../operationModule';
import { replacedBy } from './common';

export const option: OperationOption = {
	name: 'Deprecated: Get Responses',
	value: 'npsGetResponses',
	action: 'Get responses via deprecated endpoint',
	description: 'Deprecated v2 endpoint; replaced by Feedback › Get Many',
};

export const properties: INodeProperties[] = withSortCollection([
	replacedBy('npsGetResponses', 'Deprecated endpoint. Use Feedback › Get Many instead: the same responses, with more filters.'),
	...returnAllOrLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			...dateRangeOptions(INSTANT_RULE),
			createdDateSort,
		],
	},
], 'filters');

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = compact({
		sort: readSort(this, itemIndex, { name: 'filters', label: 'Filters' }),
		...filterDates(this, itemIndex, filters, 'instant'),
	});
	return readPagedList(this, api, itemIndex, {
		request: { method: 'GET', path: '/api/v2/nps/customers/response', qs },
		recordsKey: 'responses',
	});
}
