import type { IDataObject } from 'n8n-workflow';

import { numberIn, type RecordShape, simplifiedFieldNames } from '../../../shared/records';
import type { BuiltRow } from '../../helpers/output/output';
import type { ServiceRecord } from '../../../shared/serviceRecord';

/**
 * A campaign report's simplified row, from what the service names for a report (`campaignId`,
 * `trend`, `deliveryStats`), a summary of its own where it sends one, what the node asked for
 * (the days) and the campaign's entry in the campaigns list (its `name` and `metric`).
 *
 * Every metric sorts responses into promoters, passives and detractors. The score, when the
 * report states none: NPS is the share of promoters minus the share of detractors (each share a
 * rounded percentage, as the service's own score object: 62 − 23 = 39); CSAT the share of
 * promoters; CES and STAR the average rating, which the days' scores give weighted by their totals.
 */

export interface Breakdown {
	promoters: number;
	passives: number;
	detractors: number;
	promotersCount: number;
	passivesCount: number;
	detractorsCount: number;
	totalResponses: number;
}

/** What the node knows besides the report: the days it asked for, and the campaign as the campaigns list has it. */
export interface ReportContext {
	startDate?: string;
	endDate?: string;
	campaign?: ServiceRecord;
}

const BUCKETS = ['promoters', 'passives', 'detractors'] as const;

const share = (count: number, total: number): number => (total === 0 ? 0 : Math.round((100 * count) / total));

function breakdownOf(counts: [number, number, number], shares?: Array<number | undefined>): Breakdown {
	const total = counts[0] + counts[1] + counts[2];
	const [promoters, passives, detractors] = counts.map((count, index) => shares?.[index] ?? share(count, total));
	return { promoters, passives, detractors, promotersCount: counts[0], passivesCount: counts[1], detractorsCount: counts[2], totalResponses: total };
}

/** The report's own summary: the three counts at its top level (and its shares, when it sends them). */
function ownBreakdown(report: ServiceRecord): Breakdown | undefined {
	const counts = BUCKETS.map((bucket) => numberIn(report[`${bucket}Count`]));
	if (counts.some((count) => count === undefined)) return undefined;
	return breakdownOf(counts as [number, number, number], BUCKETS.map((bucket) => numberIn(report[bucket])));
}

/**
 * A day of `trend` as counts, where the day says they are. The reference names the day's
 * promoters, passives, detractors and total without saying whether the three are counts or
 * shares, so they are counts only when the day names its counts (`promotersCount`…) or states a
 * total they add up to. Otherwise (no total, or shares of one) the day gives no counts: shares
 * are never turned into counts.
 */
function dayCounts(day: unknown): [number, number, number] | undefined {
	if (!day || typeof day !== 'object') return undefined;
	const named = BUCKETS.map((bucket) => numberIn((day as ServiceRecord)[`${bucket}Count`]));
	if (named.every((count) => count !== undefined)) return named as [number, number, number];
	const values = BUCKETS.map((bucket) => numberIn((day as ServiceRecord)[bucket]));
	if (values.some((value) => value === undefined)) return undefined;
	const [p, pa, d] = values as number[];
	return p + pa + d === numberIn((day as ServiceRecord).total) ? [p, pa, d] : undefined;
}

/** The breakdown summed over the days of `trend`; undefined when it is missing or a day cannot be read. */
export function trendBreakdown(report: ServiceRecord): Breakdown | undefined {
	if (!Array.isArray(report.trend)) return undefined;
	const sum: [number, number, number] = [0, 0, 0];
	for (const day of report.trend) {
		const counts = dayCounts(day);
		if (!counts) return undefined;
		counts.forEach((count, index) => (sum[index] += count));
	}
	return breakdownOf(sum);
}

/** The average rating over the days of `trend`: each day's score (its average) weighted by its total. */
function trendAverage(report: ServiceRecord, total: number): number | undefined {
	if (!Array.isArray(report.trend)) return undefined;
	if (total === 0) return 0;
	let weighted = 0;
	for (const day of report.trend as ServiceRecord[]) {
		const score = numberIn(day?.score);
		const dayTotal = numberIn(day?.total) ?? (dayCounts(day) ?? [0, 0, 0]).reduce((a, b) => a + b, 0);
		if (dayTotal === 0) continue;
		if (score === undefined) return undefined;
		weighted += score * dayTotal;
	}
	return Math.round((weighted / total) * 100) / 100;
}

/** The score the report states, or the one its metric gives from the breakdown. */
export function scoreOf(report: ServiceRecord, metric: string | undefined, breakdown: Breakdown): number | undefined {
	const stated = numberIn(report.score);
	if (stated !== undefined) return stated;
	switch (metric?.toLowerCase()) {
		case 'nps':
			return breakdown.promoters - breakdown.detractors;
		case 'csat':
			return breakdown.promoters;
		case 'ces':
		case 'star':
			return numberIn(report.average) ?? trendAverage(report, breakdown.totalResponses);
		default:
			return undefined;
	}
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The report's row in `shape`'s fields, or the report whole with what it lacks. */
export function reportRow(shape: RecordShape, report: ServiceRecord, context: ReportContext): BuiltRow {
	const breakdown = ownBreakdown(report) ?? trendBreakdown(report);
	if (!breakdown) {
		return { record: report, missing: "breakdown (no counts of promoters, passives and detractors: the report states none, and a day of its trend names none nor states a total its figures add up to)" };
	}
	const metric = text(report.metric) ?? text(context.campaign?.metric);
	const score = scoreOf(report, metric, breakdown);
	if (score === undefined) return { record: report, missing: 'score, and no known metric to compute it from the breakdown' };
	const delivery = report.deliveryStats && typeof report.deliveryStats === 'object' ? (report.deliveryStats as ServiceRecord) : {};
	const values: IDataObject = {
		campaignId: text(report.campaignId) ?? text(context.campaign?.id),
		campaignName: text(report.campaignName) ?? text(context.campaign?.name),
		metric,
		startDate: context.startDate,
		endDate: context.endDate,
		score,
		...breakdown,
		totalResponses: numberIn(report.totalResponses) ?? breakdown.totalResponses,
		sent: numberIn(delivery.sent),
		responded: numberIn(delivery.responded),
		responseRate: numberIn(delivery.responseRate),
	};
	const row: IDataObject = {};
	for (const name of simplifiedFieldNames(shape)) if (values[name] !== undefined) row[name] = values[name];
	return { row };
}
