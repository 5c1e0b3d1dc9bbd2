import type { IDataObject } from 'n8n-workflow';

import { numberIn, type RecordShape, simplifiedFieldNames } from '../../../shared/records';
import type { BuiltRow } from '../../helpers/output/output';
import type { ServiceRecord } from '../../../shared/serviceRecord';

/**
 * A trend's simplified row. The spec says a trend returns "current vs baseline scores with deltas,
 * trend lines and respondent distributions" without naming fields: the row reads them under
 * `current`, `baseline`, `deltas` and `group` (the current ones also at the top level), takes the
 * group and the period the node asked for where the answer does not say, and keeps only numbers
 * where numbers belong. Without a score it cannot be a row: the trend is returned whole.
 */

/** What the node asked for: the group (its ID, or `default`), the period preset and, for a custom range, its instants. */
export interface TrendQuery {
	groupId: string;
	date: string;
	startDate?: string;
	endDate?: string;
}

const part = (record: ServiceRecord, name: string): ServiceRecord => {
	const value = record[name];
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as ServiceRecord) : {};
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export function trendRow(shape: RecordShape, trend: ServiceRecord, asked: TrendQuery): BuiltRow {
	const [group, current, baseline, deltas] = ['group', 'current', 'baseline', 'deltas'].map((name) => part(trend, name));
	const score = numberIn(current.score) ?? numberIn(trend.score);
	if (score === undefined) return { record: trend, missing: 'current score (neither current.score nor score is a number)' };
	const baselineScore = numberIn(baseline.score) ?? numberIn(trend.baselineScore);
	const stated = numberIn(deltas.score) ?? numberIn(trend.scoreChange);
	const values: IDataObject = {
		groupId: text(group.id) ?? asked.groupId,
		groupName: text(group.name),
		metric: text(group.metricType) ?? text(group.metric) ?? text(trend.metric),
		period: text(trend.date) ?? asked.date,
		startDate: text(current.startDate) ?? asked.startDate,
		endDate: text(current.endDate) ?? asked.endDate,
		score,
		totalResponses: numberIn(current.totalResponses) ?? numberIn(trend.totalResponses),
		baselineScore,
		scoreChange: stated ?? (baselineScore === undefined ? undefined : Math.round((score - baselineScore) * 100) / 100),
	};
	const row: IDataObject = {};
	for (const name of simplifiedFieldNames(shape)) if (values[name] !== undefined) row[name] = values[name];
	return { row };
}
