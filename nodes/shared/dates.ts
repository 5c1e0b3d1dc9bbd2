import { DateTime } from 'luxon';
import type { INode } from 'n8n-workflow';
import { inputError } from './errors';
import { checked, problem } from './inputs';

/**
 * What each endpoint accepts (the spec's date rules):
 * - `instant`: customers, feedback, deprecated responses, trends: exact UTC instants (rule 1);
 *   an end given as a bare day is sent as that day's last millisecond, so the day is included.
 * - `day`: outbox: the service snaps to whole days in the account's zone (rule 3), so a day is sent.
 * - `reportDay`: reports: `YYYY-MM-DD` only, a real calendar day after 1970-01-01 (rule 4).
 * - `deleteFilter`: DELETE feedback/outbox filters: a day or an ISO instant, never UNIX (rule 5).
 * - `iso`: import dates: ISO 8601 only (rule 6).
 * A millisecond timestamp is never sent (rule 2): every number is converted here.
 */
export type DateRule = 'instant' | 'day' | 'reportDay' | 'deleteFilter' | 'iso';

export interface DateContext {
	node: INode;
	/** The parameter or input field, for error messages. */
	field: string;
	itemIndex?: number;
	/** Zone for inputs that carry none: the workflow's time zone. */
	timezone: string;
	/** Whether this is the end of a range: a bare day then covers the whole day. */
	end?: boolean;
}

const BARE_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** 10^11 seconds is in the year 5138; as milliseconds it is 1973. */
const MILLISECONDS_THRESHOLD = 1e11;

/** A UNIX timestamp in seconds, or in milliseconds when that large, as epoch milliseconds. */
function epochMillis(number: number): number {
	return Math.abs(number) >= MILLISECONDS_THRESHOLD ? number : number * 1000;
}

/**
 * The forms of a date-time the service's answers are read in, each in UTC when the text carries no
 * zone: ISO 8601 (`2026-11-28T10:00:01`), SQL (`2026-11-28 10:00:01`), the HTTP date forms and
 * RFC 2822. The service's times are UTC, so a date-time it sends without a zone is read as UTC,
 * never in the zone of the host n8n runs on; a text in any other form is not read at all.
 */
const ANSWER_FORMATS = [DateTime.fromISO, DateTime.fromSQL, DateTime.fromHTTP, DateTime.fromRFC2822];

function answerDateTime(text: string, zone = 'utc'): DateTime | undefined {
	for (const parse of ANSWER_FORMATS) {
		const value = parse(text, { zone });
		if (value.isValid) return value;
	}
	return undefined;
}

/**
 * A record's timestamp as the service sends it, in epoch milliseconds: a date-time in one of the
 * answer forms (UTC when no zone is given) or a UNIX number; undefined when unreadable.
 */
export function timeOf(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? Math.floor(epochMillis(value)) : undefined;
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const text = value.trim();
	if (/^-?\d+(\.\d+)?$/.test(text)) return timeOf(Number(text));
	return answerDateTime(text)?.toMillis();
}

/** A time of day followed by its zone (`…10:00:01.000Z`, `…10:00:01+02:00`, `… 10:00:01 GMT`): the service's usual form, returned at once. */
const ZONED_TIME = /\d{2}:\d{2}(:\d{2}([.,]\d+)?)?\s*(Z|[+-]\d{2}(:?\d{2})?|GMT|UTC|UT)\s*$/i;

/**
 * A date-time of an answer as a workflow reads it without doubt: one sent without a zone is
 * written in ISO 8601 with its zone, UTC (`2026-11-28 10:00:01` becomes `2026-11-28T10:00:01Z`),
 * since n8n and a workflow's expressions would read it in their own zone. Any other value (a
 * date-time with its zone, a bare day, a number, text that is no date) is returned as it came.
 */
export function withUtcZone(value: unknown): unknown {
	if (typeof value !== 'string' || BARE_DAY.test(value.trim()) || ZONED_TIME.test(value)) return value;
	const inUtc = answerDateTime(value.trim());
	// Read in two zones, a text without its own zone gives two instants.
	const elsewhere = answerDateTime(value.trim(), 'UTC+1');
	if (!inUtc || !elsewhere || inUtc.toMillis() === elsewhere.toMillis()) return value;
	return inUtc.toISO({ suppressMilliseconds: true });
}

interface ParsedDate {
	/** The instant; for a bare day, the start of that day in the given zone. */
	value: DateTime;
	/** `YYYY-MM-DD` when the input was a bare day. */
	day?: string;
}

function isLuxonDateTime(value: unknown): value is DateTime {
	return DateTime.isDateTime(value) || (typeof value === 'object' && value !== null && typeof (value as DateTime).toISO === 'function' && 'isValid' in value);
}

const DATE_FORMATS =
	'Use an ISO 8601 date or date-time (2026-11-21 or 2026-11-21T08:30:00Z), a Luxon DateTime from an expression, or a UNIX timestamp in seconds or milliseconds.';

function parseDate(input: unknown, timezone: string): ParsedDate | undefined {
	if (input === undefined || input === null || input === '') return undefined;
	if (isLuxonDateTime(input)) {
		const value = DateTime.fromISO(String(input.toISO()), { setZone: true });
		return value.isValid ? { value } : problem('is not a valid date');
	}
	if (input instanceof Date) {
		const value = DateTime.fromJSDate(input);
		return value.isValid ? { value } : problem('is not a valid date');
	}
	const text = String(input).trim();
	if (typeof input === 'number' || /^-?\d+(\.\d+)?$/.test(text)) {
		return { value: DateTime.fromMillis(Math.round(epochMillis(Number(text))), { zone: 'utc' }) };
	}
	const bareDay = BARE_DAY.exec(text);
	if (bareDay) {
		const value = DateTime.fromISO(text, { zone: timezone });
		if (!value.isValid) problem(`${text} is not a real calendar date`);
		return { value, day: text };
	}
	for (const parse of [DateTime.fromISO, DateTime.fromRFC2822, DateTime.fromHTTP, DateTime.fromSQL]) {
		const value = parse(text, { zone: timezone, setZone: true });
		if (value.isValid) return { value };
	}
	return problem(`"${text}" is not a date`);
}

function utcIso(value: DateTime): string {
	return value.toUTC().toISO({ suppressMilliseconds: true }) as string;
}

/**
 * The date rule: a user's date as the endpoint's rule accepts it; undefined when empty. Used as is
 * by the row schemas, through `toApiDate` for editor fields.
 */
export function apiDate(input: unknown, rule: DateRule, { timezone, end = false }: { timezone: string; end?: boolean }): string | undefined {
	const parsed = parseDate(input, timezone);
	if (!parsed) return undefined;
	const localDay = parsed.day ?? (parsed.value.setZone(timezone).toISODate() as string);
	switch (rule) {
		case 'instant':
			if (parsed.day && end) return utcIso(parsed.value.endOf('day'));
			return utcIso(parsed.value);
		case 'day':
			return localDay;
		case 'reportDay':
			if (localDay <= '1970-01-01') problem(`${localDay} is not accepted by reports; use a day after 1970-01-01`);
			return localDay;
		case 'deleteFilter':
			return parsed.day ?? utcIso(parsed.value);
		case 'iso':
			return utcIso(parsed.value);
	}
}

/** Converts a date field to what the endpoint's rule accepts; undefined when empty; fails naming the field. */
export function toApiDate(input: unknown, rule: DateRule, ctx: DateContext): string | undefined {
	return checked(ctx, () => apiDate(input, rule, ctx), DATE_FORMATS);
}

/** Converts both ends of a range and checks that the start is not after the end. */
export function toApiDateRange(
	start: unknown,
	end: unknown,
	rule: DateRule,
	ctx: Omit<DateContext, 'field' | 'end'> & { startField: string; endField: string },
): { startDate?: string; endDate?: string } {
	const startDate = toApiDate(start, rule, { ...ctx, field: ctx.startField });
	const endDate = toApiDate(end, rule, { ...ctx, field: ctx.endField, end: true });
	if (startDate && endDate) {
		const asMillis = (text: string) => DateTime.fromISO(text, { zone: 'utc' }).toMillis();
		if (asMillis(startDate) > asMillis(endDate)) {
			throw inputError(ctx, `${ctx.startField} is after ${ctx.endField}`, `The range ${startDate} to ${endDate} is empty; swap the two dates.`);
		}
	}
	return { startDate, endDate };
}
