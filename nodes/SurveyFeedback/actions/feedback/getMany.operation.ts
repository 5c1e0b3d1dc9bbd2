import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { dateRangeOptions, INSTANT_RULE } from '../../../shared/descriptions';
import { getMany } from '../../../shared/paging';
import { listProperties, readListQuery } from './listQuery';

// Ecommerce accounts can also filter by order data; the spec does not show those filter names.
const [startDate, endDate] = dateRangeOptions(INSTANT_RULE);

const properties: INodeProperties[] = listProperties({
	records: 'feedback',
	filters: [
		{ displayName: 'Customer ID', name: 'customerId', type: 'string', default: '', description: 'Only feedback of this customer' },
		{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', description: 'Only feedback from this email' },
		endDate,
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'options',
			options: [
				{ name: 'Newest First', value: '-createdDate' },
				{ name: 'Oldest First', value: 'createdDate' },
			],
			default: '-createdDate',
			description: 'Order by the date the feedback was given',
		},
		startDate,
	],
});

export const description = updateDisplayOptions({ show: { resource: ['feedback'], operation: ['getMany'] } }, properties);

/** Lists feedback responses, one item per response. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const qs = readListQuery.call(this, itemIndex, {
		dateRule: 'instant',
		textFilters: { email: 'Email', customerId: 'Customer ID', sort: 'Sort' },
	});
	return getMany.call(this, itemIndex, {
		request: { method: 'GET', path: '/api/v2/feedback', qs, operation: 'Feedback: Get Many' },
		recordsKey: 'responses',
	});
}
