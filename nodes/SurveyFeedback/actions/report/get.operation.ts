import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { toApiPresetRange } from '../../../shared/dateRanges';
import { campaignLocator } from '../../../shared/descriptions';
import { at } from '../../../shared/errors';
import { optionalText } from '../../../shared/inputs';
import { recordsOf } from '../../../shared/paging';
import { reportRecord, reportRecordV3 } from '../../../shared/records';
import type { ServiceApi } from '../../../shared/transport';
import { dateRangeProperty } from '../../helpers/descriptions';
import { recordOf } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';

export const option: OperationOption = {
	name: 'Get',
	value: 'get',
	action: 'Get a campaign report',
	description: 'Get the report of one campaign, or of every campaign, for a range of days',
	toolDescription:
		'Get campaign reports for a range of days (a date range such as lastCalendarWeek, or custom with startDate and endDate as YYYY-MM-DD): per campaign the score, question statistics, a daily trend and delivery statistics. Leave the campaign empty for every campaign.',
};

export const properties: INodeProperties[] = [
	campaignLocator({
		required: false,
		description: 'The campaign to report on. Leave empty for one report per campaign of the account.',
	}),
	dateRangeProperty('The days to report on, sent as days (YYYY-MM-DD) that the service reads in the account’s time zone'),
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		description:
			'First day of the report (YYYY-MM-DD), read in the account’s time zone. Only the day is sent: a date-time is cut to its day in the workflow time zone. Impossible dates such as 2026-02-30, and 1970-01-01, are refused.',
		displayOptions: { show: { dateRange: ['custom'] } },
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		description:
			'Last day of the report (YYYY-MM-DD), included whole, in the account’s time zone. Only the day is sent: a date-time is cut to its day in the workflow time zone. Impossible dates such as 2026-02-30 are refused.',
		displayOptions: { show: { dateRange: ['custom'] } },
	},
];

/** Campaign reports (scores, question stats, daily trend, delivery stats), one item per campaign. */
export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	const node = this.getNode();
	// Date rule 4: YYYY-MM-DD only, checked here so that no request with a bad day leaves.
	const preset = this.getNodeParameter('dateRange', itemIndex, 'custom');
	const custom = preset === 'custom';
	const range = toApiPresetRange(
		preset,
		custom ? this.getNodeParameter('startDate', itemIndex, '') : '',
		custom ? this.getNodeParameter('endDate', itemIndex, '') : '',
		'reportDay',
		{ node, itemIndex, timezone: this.getTimezone(), rangeField: 'Date Range', startField: 'Start Date', endField: 'End Date' },
	);
	const campaignId = optionalText(this.getNodeParameter('campaign', itemIndex, '', { extractValue: true }), at({ node, itemIndex }, 'Campaign'))?.trim();
	const body = await api.request({
		method: 'GET',
		path: campaignId ? `/api/v2/reports/${encodeURIComponent(campaignId)}` : '/api/v2/reports/',
		qs: range,
		itemIndex,
	});
	// A list under `data` (one report per campaign, also for a single campaign), or one report.
	const reports = recordsOf(body, 'reports');
	if (reports.length || Array.isArray(body.data)) return reports;
	return [recordOf(body)];
}

export const returns = reportRecord;

export const returnsFromVersion3 = reportRecordV3;
