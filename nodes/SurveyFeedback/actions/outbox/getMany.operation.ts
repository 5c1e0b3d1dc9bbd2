import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { CHANNEL_OPTIONS, SENT_BY_OPTIONS } from '../../../shared/descriptions';
import { outboxRecord } from '../../../shared/records';
import type { ServiceApi } from '../../../shared/transport';
import { CUSTOM_DATES_ONLY, dateRangeFilter } from '../../helpers/descriptions';
import { listProperties, readListQuery } from '../../helpers/lists/listQuery';
import { readPagedList } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';

const DAY_RULE =
	'Sent as a day (YYYY-MM-DD, the day in the workflow time zone): the service always covers whole days, in the account’s time zone';

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many sent surveys',
	description: 'List sent surveys, filtered by email, campaign, channel, dates and properties',
	toolDescription:
		'List sent surveys, newest first: recipient email, campaign, channel, who sent it, when, and whether it was opened or answered. Filters: email, campaign ID, channel, and days: a dateRange (today, yesterday, last7Days, last30Days, lastCalendarWeek, lastCalendarMonth, thisMonth) or custom with startDate and endDate (YYYY-MM-DD).',
};

export const properties: INodeProperties[] = listProperties({
	records: 'sent surveys',
	filters: [
		{
			displayName: 'Channel',
			name: 'channel',
			type: 'options',
			options: CHANNEL_OPTIONS,
			default: 'email',
			description: 'Only surveys sent through this channel',
		},
		dateRangeFilter,
		{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', description: 'Only surveys sent to this email' },
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			description: `Only surveys created up to the end of this day. ${DAY_RULE}.`,
			displayOptions: CUSTOM_DATES_ONLY,
		},
		{
			displayName: 'Sent By',
			name: 'sentBy',
			type: 'options',
			options: SENT_BY_OPTIONS,
			default: 'campaign',
			description: 'Only surveys sent this way',
		},
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'options',
			options: [
				{ name: 'Newest First', value: '-surveyCreatedDate' },
				{ name: 'Oldest First', value: 'surveyCreatedDate' },
			],
			default: '-surveyCreatedDate',
			description: 'Order by the date the survey was created',
		},
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			description: `Only surveys created from the start of this day on. ${DAY_RULE}.`,
			displayOptions: CUSTOM_DATES_ONLY,
		},
	],
});

/** Lists sent surveys, one item per survey. */
export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	const qs = readListQuery(this, itemIndex, {
		dateRule: 'day',
		textFilters: { email: 'Email', channel: 'Channel', sentBy: 'Sent By' },
	});
	return readPagedList(this, api, itemIndex, {
		request: { method: 'GET', path: '/api/v2/outbox', qs },
		recordsKey: 'surveys',
	});
}

export const returns = outboxRecord;
