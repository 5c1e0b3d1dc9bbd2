import { DateTime } from 'luxon';
import type { INodePropertyOptions } from 'n8n-workflow';

import { toApiDateRange, type DateContext, type DateRule } from './dates';
import { at, fieldError } from './errors';

/**
 * The Date Range presets (as n8n's Google Analytics node offers them): a range of whole days
 * computed from "now" in the workflow's time zone, then sent by the endpoint's own date rule
 * (dates.ts), exactly as if the user had typed the two days in. Custom is the two dates typed in;
 * it is the value a workflow saved before the presets reads, so those keep what they sent.
 */
export type DateRangePreset =
	| 'today'
	| 'yesterday'
	| 'last7Days'
	| 'last30Days'
	| 'lastCalendarWeek'
	| 'lastCalendarMonth'
	| 'thisMonth'
	| 'custom';

export const CUSTOM_RANGE = 'custom' as const;

/** The presets in the order the editor lists them; each description says which days it covers. */
export const DATE_RANGE_OPTIONS: Array<INodePropertyOptions & { value: DateRangePreset }> = [
	{ name: 'Today', value: 'today', description: 'Today, from midnight' },
	{ name: 'Yesterday', value: 'yesterday', description: 'The whole of yesterday' },
	{ name: 'Last 7 Days', value: 'last7Days', description: 'Today and the 6 days before it: 7 days, today included' },
	{ name: 'Last 30 Days', value: 'last30Days', description: 'Today and the 29 days before it: 30 days, today included' },
	{
		name: 'Last Complete Calendar Week',
		value: 'lastCalendarWeek',
		description: 'Monday to Sunday of the week before this one (the current week is left out)',
	},
	{
		name: 'Last Complete Calendar Month',
		value: 'lastCalendarMonth',
		description: 'The first to the last day of the month before this one',
	},
	{ name: 'This Month So Far', value: 'thisMonth', description: 'From the first of this month to today, today included' },
	{ name: 'Custom', value: 'custom', description: 'The start and end dates you set' },
];

/** Every preset but Custom: the ones that hide the two dates. */
export const PRESETS_WITHOUT_DATES = DATE_RANGE_OPTIONS.map(({ value }) => value).filter((value) => value !== CUSTOM_RANGE);

/** Where the editor says in which zone the days are counted. */
export const DATE_RANGE_ZONE_NOTE = 'Days are counted in the workflow time zone (Workflow Settings › Timezone)';

/** A preset's first and last day (YYYY-MM-DD), both included, for "now" in the given zone. */
export function presetDays(preset: Exclude<DateRangePreset, 'custom'>, timezone: string, now: DateTime = DateTime.now()): { first: string; last: string } {
	const today = now.setZone(timezone).startOf('day');
	const days = (first: DateTime, last: DateTime) => ({ first: first.toISODate() as string, last: last.toISODate() as string });
	switch (preset) {
		case 'today':
			return days(today, today);
		case 'yesterday':
			return days(today.minus({ days: 1 }), today.minus({ days: 1 }));
		case 'last7Days':
			return days(today.minus({ days: 6 }), today);
		case 'last30Days':
			return days(today.minus({ days: 29 }), today);
		case 'lastCalendarWeek': {
			// Luxon's weeks are ISO weeks: Monday to Sunday, whatever the locale.
			const monday = today.startOf('week').minus({ weeks: 1 });
			return days(monday, monday.plus({ days: 6 }));
		}
		case 'lastCalendarMonth': {
			const first = today.startOf('month').minus({ months: 1 });
			return days(first, first.endOf('month'));
		}
		case 'thisMonth':
			return days(today.startOf('month'), today);
	}
}

function isPreset(value: unknown): value is DateRangePreset {
	return DATE_RANGE_OPTIONS.some((option) => option.value === value);
}

/**
 * A range as the endpoint's rule takes it: a preset's days, or for Custom (and for a workflow
 * saved before the presets, which has no preset) the two dates given. A preset's days go through
 * the same rule as typed-in days: reports and the outbox get the days, instants get the first
 * day's midnight and the last day's last millisecond in the workflow's zone, in UTC.
 */
export function toApiPresetRange(
	preset: unknown,
	start: unknown,
	end: unknown,
	rule: DateRule,
	ctx: Omit<DateContext, 'field' | 'end'> & { rangeField: string; startField: string; endField: string },
): { startDate?: string; endDate?: string } {
	const chosen = preset === undefined || preset === null || preset === '' ? CUSTOM_RANGE : preset;
	if (!isPreset(chosen)) {
		throw fieldError(
			at(ctx, ctx.rangeField),
			`"${String(chosen)}" is not a date range`,
			`Choose one of ${DATE_RANGE_OPTIONS.map(({ name }) => name).join(', ')}.`,
		);
	}
	if (chosen === CUSTOM_RANGE) return toApiDateRange(start, end, rule, ctx);
	const { first, last } = presetDays(chosen, ctx.timezone);
	return toApiDateRange(first, last, rule, ctx);
}
