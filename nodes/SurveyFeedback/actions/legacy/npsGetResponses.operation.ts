import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toApiDateRange } from '../../../shared/dates';
import { dateRangeOptions, INSTANT_RULE, returnAllOrLimit, sortOption } from '../../../shared/descriptions';
import { compact } from '../../../shared/inputs';
import { getMany } from '../../../shared/paging';
import { replacedBy } from './common';

const properties: INodeProperties[] = [
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
			sortOption('createdDate'),
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['legacy'], operation: ['npsGetResponses'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = compact({
		sort: filters.sort as string,
		...toApiDateRange(filters.startDate, filters.endDate, 'instant', {
			node: this.getNode(),
			itemIndex,
			timezone: this.getTimezone(),
			startField: 'Filters › Start Date',
			endField: 'Filters › End Date',
		}),
	});
	return getMany.call(this, itemIndex, {
		request: { method: 'GET', path: '/api/v2/nps/customers/response', qs, operation: 'Legacy: Deprecated Get Responses' },
		recordsKey: 'responses',
	});
}
