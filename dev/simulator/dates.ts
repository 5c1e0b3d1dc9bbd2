/**
 * The six date rules of the spec, one function each. All return epoch milliseconds.
 *
 * 1. customers, feedback, deprecated responses: parseInstant, exact and inclusive, never expanded.
 * 2. a number is UNIX seconds; milliseconds are not detected (they land tens of millennia ahead).
 * 3. outbox: outboxDay snaps to the start / end of the day in the account's time zone.
 * 4. reports: reportDay, YYYY-MM-DD only, rolls impossible dates over, rejects 1970-01-01.
 * 5. DELETE outbox / feedback filters: deleteFilterDay, YYYY-MM-DD or ISO only, snapped to the day.
 * 6. import: importDate, ISO 8601 only.
 */
import { DateTime } from 'luxon';
import { badRequest } from './http';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;
const UNIX_RE = /^-?\d+(\.\d+)?$/;
/** The largest instant a JS Date can hold: where an oversized "seconds" value ends up. */
const MAX_MS = 8.64e15;

export const REPORT_DATE_MESSAGE = 'Invalid date format. Use YYYY-MM-DD.';

type Edge = 'start' | 'end';

/** A real calendar date (no rollover), or null. */
function calendarDate(s: string): { y: number; m: number; d: number } | null {
	const m = DATE_RE.exec(s);
	if (!m) return null;
	const y = Number(m[1]);
	const mo = Number(m[2]);
	const d = Number(m[3]);
	const dt = DateTime.fromObject({ year: y, month: mo, day: d }, { zone: 'utc' });
	return dt.isValid ? { y, m: mo, d } : null;
}

/** ISO date-time; without an offset it is read as UTC. */
function isoDateTime(s: string): number | null {
	if (!DATETIME_RE.test(s)) return null;
	const dt = DateTime.fromISO(s, { zone: 'utc', setZone: true });
	return dt.isValid ? dt.toMillis() : null;
}

const unixSeconds = (s: string): number => Math.max(-MAX_MS, Math.min(MAX_MS, Number(s) * 1000));

/** Rules 1 and 2: YYYY-MM-DD (00:00:00 UTC), ISO date-time, or UNIX seconds. */
export function parseInstant(value: string, name: string): number {
	const s = value.trim();
	if (UNIX_RE.test(s)) return unixSeconds(s);
	const d = calendarDate(s);
	if (d) return Date.UTC(d.y, d.m - 1, d.d);
	const t = isoDateTime(s);
	if (t !== null) return t;
	throw badRequest(`Invalid ${name}. Use YYYY-MM-DD, an ISO 8601 date-time or a UNIX timestamp in seconds.`);
}

/** Rule 3: any accepted form, then snapped to the day in the account's zone (a bare date is that day there). */
export function outboxDay(value: string, name: string, tz: string, edge: Edge): number {
	const s = value.trim();
	const d = calendarDate(s);
	const day = d
		? DateTime.fromObject({ year: d.y, month: d.m, day: d.d }, { zone: tz })
		: DateTime.fromMillis(parseInstant(s, name), { zone: tz });
	return snap(day, edge);
}

/**
 * Rule 4: format check only. 2026-02-30 becomes 2026-03-02; a day that resolves to 1970-01-01 is
 * rejected (the live service treats the epoch as "no date").
 */
export function reportDay(value: string, tz: string, edge: Edge): number {
	const m = DATE_RE.exec(value);
	if (!m) throw badRequest(REPORT_DATE_MESSAGE);
	const rolled = new Date(0);
	rolled.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
	const y = rolled.getUTCFullYear();
	const mo = rolled.getUTCMonth() + 1;
	const d = rolled.getUTCDate();
	if (y === 1970 && mo === 1 && d === 1) throw badRequest(REPORT_DATE_MESSAGE);
	return snap(DateTime.fromObject({ year: y, month: mo, day: d }, { zone: tz }), edge);
}

/** Rule 5: YYYY-MM-DD or ISO date-time (UNIX rejected), snapped to the day in the account's zone. */
export function deleteFilterDay(value: unknown, name: string, tz: string, edge: Edge): number {
	if (typeof value === 'number' || (typeof value === 'string' && UNIX_RE.test(value.trim()))) {
		throw badRequest(`${name}: UNIX timestamps are not supported here. Use YYYY-MM-DD or an ISO 8601 date-time.`);
	}
	if (typeof value !== 'string') throw badRequest(`${name} must be YYYY-MM-DD or an ISO 8601 date-time.`);
	const s = value.trim();
	const d = calendarDate(s);
	if (d) return snap(DateTime.fromObject({ year: d.y, month: d.m, day: d.d }, { zone: tz }), edge);
	const t = isoDateTime(s);
	if (t === null) throw badRequest(`${name} must be YYYY-MM-DD or an ISO 8601 date-time.`);
	return snap(DateTime.fromMillis(t, { zone: tz }), edge);
}

/** Rule 6: ISO 8601 (date or date-time) only. Returns an error text instead of throwing (per-item failures). */
export function importDate(value: unknown, name: string): { ms: number } | { error: string } {
	if (typeof value === 'number' || (typeof value === 'string' && UNIX_RE.test(value.trim()))) {
		return { error: `${name}: UNIX timestamps are not supported; use an ISO 8601 date-time.` };
	}
	if (typeof value !== 'string') return { error: `${name} must be an ISO 8601 string.` };
	const s = value.trim();
	const d = calendarDate(s);
	if (d) return { ms: Date.UTC(d.y, d.m - 1, d.d) };
	const t = isoDateTime(s);
	return t === null ? { error: `${name} must be an ISO 8601 date-time.` } : { ms: t };
}

function snap(day: DateTime, edge: Edge): number {
	return (edge === 'start' ? day.startOf('day') : day.endOf('day')).toMillis();
}

/**
 * Groups time-sorted records by calendar day (YYYY-MM-DD) in a zone: report and trend lines.
 * One luxon call per distinct day, not per record (100,000 rows stay cheap).
 */
export function groupByDay<T>(rows: readonly T[], time: (r: T) => number, tz: string): Array<[string, T[]]> {
	const out: Array<[string, T[]]> = [];
	let dayEnd = -Infinity;
	let current: T[] = [];
	for (const r of rows) {
		const t = time(r);
		if (t > dayEnd) {
			const d = DateTime.fromMillis(t, { zone: tz });
			dayEnd = d.endOf('day').toMillis();
			current = [];
			out.push([d.toISODate() ?? '', current]);
		}
		current.push(r);
	}
	return out;
}
