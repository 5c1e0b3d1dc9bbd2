import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toApiDateRange } from '../../../shared/dates';
import { attributeFilterProperties, dateRangeOptions, INSTANT_RULE, returnAllOrLimit, sortOption } from '../../../shared/descriptions';
import { attributeFilterQuery, compact } from '../../../shared/inputs';
import { getMany } from '../../../shared/paging';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '' },
			...dateRangeOptions(INSTANT_RULE),
			sortOption('createdDate'),
		],
	},
	...attributeFilterProperties,
];

export const description = updateDisplayOptions({ show: { resource: ['customer'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const node = this.getNode();
	const qs = compact({
		email: filters.email as string,
		sort: filters.sort as string,
		...toApiDateRange(filters.startDate, filters.endDate, 'instant', {
			node,
			itemIndex,
			timezone: this.getTimezone(),
			startField: 'Filters › Start Date',
			endField: 'Filters › End Date',
		}),
		...attributeFilterQuery(
			this.getNodeParameter('attributeFilters', itemIndex, {}) as IDataObject,
			this.getNodeParameter('match', itemIndex, 'all') as string,
			{ node, itemIndex },
		),
	});
	return getMany.call(this, itemIndex, {
		request: { method: 'GET', path: '/api/v2/customers', qs, operation: 'Customer: Get Many' },
		recordsKey: 'subscribers',
	});
}
