import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { feedbackRecord } from '../../../shared/records';
import type { ServiceApi } from '../../../shared/transport';
import { createdDateSort, dateRangeOptions, INSTANT_RULE } from '../../helpers/descriptions';
import { listProperties, readListQuery } from '../../helpers/lists/listQuery';
import { readPagedList } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';

// Ecommerce accounts can also filter by order data; the spec does not show those filter names.
const [dateRange, startDate, endDate] = dateRangeOptions(INSTANT_RULE);

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many feedback responses',
	description: 'List feedback responses, filtered by customer, campaign, dates and properties',
	toolDescription:
		'List feedback responses, newest first. Each response has its score, comment, email and name of the customer, campaign, tags, topics and createdDate. Filters: email, customerId, campaign ID, a dateRange (today, yesterday, last7Days, last30Days, lastCalendarWeek, lastCalendarMonth, thisMonth) or custom with startDate and endDate as ISO dates (YYYY-MM-DD or date-time). Returns at most the configured limit of responses.',
};

export const properties: INodeProperties[] = listProperties({
	records: 'feedback',
	filters: [
		{ displayName: 'Customer ID', name: 'customerId', type: 'string', default: '', description: 'Only feedback of this customer' },
		dateRange,
		{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', description: 'Only feedback from this email' },
		endDate,
		{ ...createdDateSort, description: 'Order by the date the feedback was given' },
		startDate,
	],
});

/** Lists feedback responses, one item per response. */
export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	const qs = readListQuery(this, itemIndex, {
		dateRule: 'instant',
		textFilters: { email: 'Email', customerId: 'Customer ID' },
	});
	return readPagedList(this, api, itemIndex, {
		request: { method: 'GET', path: '/api/v2/feedback', qs },
		recordsKey: 'responses',
	});
}

export const returns = feedbackRecord;
