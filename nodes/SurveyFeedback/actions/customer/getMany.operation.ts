import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { attributeFilterProperties } from '../../../shared/descriptions';
import { compact } from '../../../shared/inputs';
import { customerRecord } from '../../../shared/records';
import type { ServiceApi } from '../../../shared/transport';
import { createdDateSort, dateRangeOptions, INSTANT_RULE, returnAllOrLimit } from '../../helpers/descriptions';
import { datesAndAttributes } from '../../helpers/lists/listQuery';
import { readSort, withSortCollection } from '../../helpers/lists/sort';
import { readPagedList } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many customers',
	description: 'List customers, filtered by email, dates and properties',
	toolDescription:
		'Find customers, newest first: by exact email, by creation dates (a dateRange such as last7Days, or custom with startDate and endDate as YYYY-MM-DD) or by custom properties. Each customer has its ID, email, first and last name, company, tags and custom properties.',
};

const [dateRange, startDate, endDate] = dateRangeOptions(INSTANT_RULE);

export const properties: INodeProperties[] = withSortCollection([
	...returnAllOrLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			dateRange,
			{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '' },
			endDate,
			createdDateSort,
			startDate,
		],
	},
	...attributeFilterProperties,
], 'filters');

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = compact({
		email: filters.email as string,
		sort: readSort(this, itemIndex, { name: 'filters', label: 'Filters' }),
		...datesAndAttributes(this, itemIndex, filters, 'instant'),
	});
	return readPagedList(this, api, itemIndex, {
		request: { method: 'GET', path: '/api/v2/customers', qs },
		recordsKey: 'subscribers',
	});
}

export const returns = customerRecord;
