import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { toApiDateRange } from '../../../shared/dates';
import { at, fieldError } from '../../../shared/errors';
import { oneOf, requireText } from '../../../shared/inputs';
import { trendRecord } from '../../../shared/records';
import type { ServiceApi } from '../../../shared/transport';
import { trendGroupLocator } from '../../helpers/descriptions';
import { recordOf } from '../../helpers/lists/readRecords';
import { rowsOrRecords, rowsToBuild } from '../../helpers/output/output';
import type { OperationOption } from '../../operationModule';
import { trendRow } from './trendRow';

export const option: OperationOption = {
	name: 'Get',
	value: 'get',
	action: 'Get a trend',
	description: 'Get the trend of a group: current vs baseline scores, deltas and trend line',
	toolDescription:
		'Get the trend of a trend group (its ID, or default) over a period such as past-month: the current and baseline scores, their difference, the daily trend line and the respondent distribution.',
};

/** The service's date presets (and custom). */
const PERIODS: INodePropertyOptions[] = [
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
];

export const properties: INodeProperties[] = [
	trendGroupLocator(),
	{
		displayName: 'Period',
		name: 'date',
		type: 'options',
		options: PERIODS,
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

/** Current vs baseline scores of a trend group, with deltas, the trend line and the distributions. */
export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
	const node = this.getNode();
	const item = { node, itemIndex };
	const groupId = requireText(this.getNodeParameter('trendGroup', itemIndex, undefined, { extractValue: true }), at(item, 'Trend Group'));
	const date = oneOf(this.getNodeParameter('date', itemIndex, 'past-month'), PERIODS, at(item, 'Period'));
	const qs: IDataObject = { date };
	if (date === 'custom') {
		const range = toApiDateRange(this.getNodeParameter('startDate', itemIndex, ''), this.getNodeParameter('endDate', itemIndex, ''), 'instant', {
			node,
			itemIndex,
			timezone: this.getTimezone(),
			startField: 'Start Date',
			endField: 'End Date',
		});
		if (!range.startDate) throw fieldError(at(item, 'Start Date'), 'is required with a custom range');
		if (!range.endDate) throw fieldError(at(item, 'End Date'), 'is required with a custom range');
		Object.assign(qs, range);
	}
	const trend = recordOf(await api.request({ method: 'GET', path: `/api/v2/trends/${encodeURIComponent(groupId)}`, qs, itemIndex }));
	const shape = rowsToBuild(this, { returns }, itemIndex);
	if (!shape) return trend;
	const asked = { groupId, date, startDate: qs.startDate as string | undefined, endDate: qs.endDate as string | undefined };
	return rowsOrRecords(this, itemIndex, shape, [trendRow(shape, trend, asked)])[0];
}

export const returns = trendRecord;
