import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { toApiDateRange } from '../../../shared/dates';
import { trendGroupLocator } from '../../../shared/descriptions';
import { requireText } from '../../../shared/inputs';
import { apiRequest } from '../../../shared/transport';

const TREND_PRESETS = [
	'today',
	'yesterday',
	'past-week',
	'past-month',
	'past-3-months',
	'past-6-months',
	'past-year',
	'this-month-to-date',
	'this-quarter-to-date',
	'this-year-to-date',
	'custom',
];

const properties: INodeProperties[] = [
	trendGroupLocator(),
	{
		displayName: 'Period',
		name: 'date',
		type: 'options',
		options: [
			{ name: 'Custom Range', value: 'custom', description: 'Between a start and an end you choose' },
			{ name: 'Past 3 Months', value: 'past-3-months' },
			{ name: 'Past 6 Months', value: 'past-6-months' },
			{ name: 'Past Month', value: 'past-month' },
			{ name: 'Past Week', value: 'past-week' },
			{ name: 'Past Year', value: 'past-year' },
			{ name: 'This Month to Date', value: 'this-month-to-date' },
			{ name: 'This Quarter to Date', value: 'this-quarter-to-date' },
			{ name: 'This Year to Date', value: 'this-year-to-date' },
			{ name: 'Today', value: 'today' },
			{ name: 'Yesterday', value: 'yesterday' },
		],
		default: 'past-month',
		description: 'The period to compare with the period of the same length just before it (the baseline)',
	},
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		required: true,
		description:
			'Start of the range, sent as an exact UTC instant; a date without a time starts at the beginning of that day. Dates without a zone are read in the workflow time zone.',
		displayOptions: { show: { date: ['custom'] } },
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		required: true,
		description:
			'End of the range, included, sent as an exact UTC instant; a date without a time covers that whole day. Dates without a zone are read in the workflow time zone.',
		displayOptions: { show: { date: ['custom'] } },
	},
];

export const description = updateDisplayOptions({ show: { resource: ['trend'], operation: ['get'] } }, properties);

/** Current vs baseline scores of a trend group, with deltas, the trend line and the distributions. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const node = this.getNode();
	const groupId = requireText(this.getNodeParameter('trendGroup', itemIndex, undefined, { extractValue: true }), {
		node,
		itemIndex,
		field: 'Trend Group',
	});
	const date = String(this.getNodeParameter('date', itemIndex, 'past-month')).trim();
	if (!TREND_PRESETS.includes(date)) {
		throw new NodeOperationError(node, `Period: "${date}" is not one of ${TREND_PRESETS.join(', ')} (item ${itemIndex})`, { itemIndex });
	}
	const qs: IDataObject = { date };
	if (date === 'custom') {
		const range = toApiDateRange(
			this.getNodeParameter('startDate', itemIndex, ''),
			this.getNodeParameter('endDate', itemIndex, ''),
			'instant',
			{ node, itemIndex, timezone: this.getTimezone(), startField: 'Start Date', endField: 'End Date' },
		);
		for (const [field, value] of [['Start Date', range.startDate], ['End Date', range.endDate]]) {
			if (!value) {
				throw new NodeOperationError(node, `${field}: is required with a custom range (item ${itemIndex})`, { itemIndex });
			}
		}
		Object.assign(qs, range);
	}
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v2/trends/${encodeURIComponent(groupId)}`,
		qs,
		operation: 'Trend: Get',
		itemIndex,
	});
	return (body.data as IDataObject) ?? body;
}
