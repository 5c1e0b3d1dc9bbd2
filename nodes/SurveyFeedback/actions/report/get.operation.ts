import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { toApiPresetRange } from '../../../shared/dateRanges';
import { campaignLocator } from '../../../shared/descriptions';
import { at } from '../../../shared/errors';
import { optionalText } from '../../../shared/inputs';
import { requireList } from '../../../shared/paging';
import { numberIn, reportRecord, reportRecordV3 } from '../../../shared/records';
import type { ServiceApi } from '../../../shared/transport';
import { dateRangeProperty } from '../../helpers/descriptions';
import { readUnpagedList } from '../../helpers/lists/readRecords';
import { rowsOrRecords, rowsToBuild } from '../../helpers/output/output';
import type { OperationOption } from '../../operationModule';
import { reportRow } from './reportRow';
import type { ServiceRecord } from '../../../shared/serviceRecord';

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
	const reports = reportsIn(body, api.label);
	const shape = rowsToBuild(this, { returns, returnsFromVersion3 }, itemIndex);
	if (!shape) return reports;
	const campaigns = reports.some(needsCampaign) ? await campaignsById(api, itemIndex) : new Map<string, ServiceRecord>();
	const days = { startDate: range.startDate as string | undefined, endDate: range.endDate as string | undefined };
	const built = reports.map((report) => reportRow(shape, report, { ...days, campaign: campaigns.get(String(report.campaignId ?? campaignId)) }));
	return rowsOrRecords(this, itemIndex, shape, built);
}

const looksLikeReport = (value: unknown): value is ServiceRecord =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && ('campaignId' in value || 'trend' in value);

/**
 * The reports of an answer: a list under `data` (also for a single campaign), under `reports`, or
 * one report (in `data` or the answer itself). An answer with neither is an error that says so.
 */
function reportsIn(body: ServiceRecord, label: string): ServiceRecord[] {
	if (Array.isArray(body.data)) return body.data as ServiceRecord[];
	for (const single of [body.data, body]) if (looksLikeReport(single)) return [single];
	return requireList(body, 'reports', { method: 'GET', path: '/api/v2/reports', label });
}

/** A report whose row needs the campaigns list: without its campaign's name, or without a score and a metric to compute it. */
function needsCampaign(report: ServiceRecord): boolean {
	const stated = (name: string) => typeof report[name] === 'string' && report[name] !== '';
	return !stated('campaignName') || (numberIn(report.score) === undefined && !stated('metric'));
}

/** The account's campaigns by ID, read once for every report of the answer. */
async function campaignsById(api: ServiceApi, itemIndex: number): Promise<Map<string, ServiceRecord>> {
	const campaigns = await readUnpagedList(api, itemIndex, { method: 'GET', path: '/api/v2/campaigns' }, 'campaigns');
	return new Map(campaigns.map((campaign) => [String(campaign.id), campaign]));
}

export const returns = reportRecord;

export const returnsFromVersion3 = reportRecordV3;
