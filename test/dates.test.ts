import { DateTime } from 'luxon';
import type { INode } from 'n8n-workflow';

import { toApiDate, toApiDateRange, type DateRule } from '../nodes/shared/dates';

const node = { name: 'Survey Feedback' } as INode;
const utc = { node, field: 'Start Date', timezone: 'UTC', itemIndex: 3 };
const newYork = { ...utc, timezone: 'America/New_York' };

function convert(input: unknown, rule: DateRule, extra: Partial<typeof utc> & { end?: boolean } = {}) {
	return toApiDate(input, rule, { ...utc, ...extra });
}

describe('inputs users give', () => {
	test('empty values are left out', () => {
		for (const empty of [undefined, null, '']) expect(convert(empty, 'instant')).toBeUndefined();
	});

	test('ISO strings with a zone keep their instant', () => {
		expect(convert('2026-11-21T08:30:00+02:00', 'instant')).toBe('2026-11-21T06:30:00Z');
		expect(convert('2026-11-21T08:30:00.123Z', 'instant')).toBe('2026-11-21T08:30:00.123Z');
	});

	test('date-times without a zone are read in the workflow time zone', () => {
		expect(convert('2026-11-21T08:30:00', 'instant', { timezone: 'America/New_York' })).toBe('2026-11-21T13:30:00Z');
	});

	test('Luxon DateTimes and JS Dates from expressions', () => {
		expect(convert(DateTime.fromISO('2026-11-21T08:30:00', { zone: 'Europe/Berlin' }), 'instant')).toBe('2026-11-21T07:30:00Z');
		expect(convert(new Date('2026-11-21T08:30:00Z'), 'instant')).toBe('2026-11-21T08:30:00Z');
	});

	test('numbers are UNIX seconds, or milliseconds when that large; milliseconds are never sent', () => {
		expect(convert(1_795_000_000, 'instant')).toBe('2026-11-18T11:06:40Z');
		expect(convert(1_795_000_000_000, 'instant')).toBe('2026-11-18T11:06:40Z');
		expect(convert('1795000000000', 'instant')).toBe('2026-11-18T11:06:40Z');
		for (const rule of ['instant', 'day', 'reportDay', 'deleteFilter', 'iso'] as DateRule[]) {
			expect(convert(1_795_000_000_000, rule)).not.toMatch(/^\d+$/);
		}
	});

	test('text that is no date names the field and the item', () => {
		expect(() => convert('next tuesday', 'instant')).toThrow(/Start Date: "next tuesday" is not a date/);
		let thrown: unknown;
		try {
			convert('soon', 'instant');
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toMatchObject({ context: { itemIndex: 3 } });
	});
});

describe('rule 1: customers and feedback take exact UTC instants', () => {
	test('a bare start day is that day’s first instant', () => {
		expect(convert('2026-11-21', 'instant')).toBe('2026-11-21T00:00:00Z');
	});

	test('a bare end day covers the whole day, because the service does not expand it', () => {
		expect(convert('2026-11-21', 'instant', { end: true })).toBe('2026-11-21T23:59:59.999Z');
		expect(toApiDate('2026-11-21', 'instant', { ...newYork, end: true })).toBe('2026-11-22T04:59:59.999Z');
	});

	test('an end with a time is sent as given', () => {
		expect(convert('2026-11-21T10:00:00Z', 'instant', { end: true })).toBe('2026-11-21T10:00:00Z');
	});
});

describe('rule 3: outbox takes days', () => {
	test('an instant becomes its day in the workflow time zone', () => {
		expect(toApiDate('2026-11-21T03:00:00Z', 'day', newYork)).toBe('2026-11-20');
		expect(convert('2026-11-21', 'day')).toBe('2026-11-21');
	});
});

describe('rule 4: reports take only real YYYY-MM-DD days after 1970-01-01', () => {
	test('impossible calendar days are refused, not rolled into the next month', () => {
		expect(() => convert('2026-02-30', 'reportDay')).toThrow(/2026-02-30 is not a real calendar date/);
		expect(() => convert('2026-13-01', 'reportDay')).toThrow(/not a real calendar date/);
	});

	test('1970-01-01 itself is refused', () => {
		expect(() => convert('1970-01-01', 'reportDay')).toThrow(/1970-01-01 is not accepted/);
		expect(() => convert(0, 'reportDay')).toThrow(/1970-01-01 is not accepted/);
	});

	test('date-times and timestamps become the day in the workflow time zone', () => {
		expect(convert('2026-11-21T23:30:00-05:00', 'reportDay')).toBe('2026-11-22');
		expect(toApiDate('2026-11-21T23:30:00-05:00', 'reportDay', newYork)).toBe('2026-11-21');
		expect(convert(1_795_000_000, 'reportDay')).toBe('2026-11-18');
	});
});

describe('rule 5: delete filters take a day or an ISO instant, never UNIX', () => {
	test('days stay days, instants become ISO, numbers become ISO', () => {
		expect(convert('2026-11-21', 'deleteFilter')).toBe('2026-11-21');
		expect(convert('2026-11-21T10:00:00+01:00', 'deleteFilter')).toBe('2026-11-21T09:00:00Z');
		expect(convert(1_795_000_000, 'deleteFilter')).toBe('2026-11-18T11:06:40Z');
	});
});

describe('rule 6: import dates are ISO 8601', () => {
	test('every input becomes an ISO instant', () => {
		expect(convert('2026-11-21', 'iso')).toBe('2026-11-21T00:00:00Z');
		expect(convert(1_795_000_000, 'iso')).toBe('2026-11-18T11:06:40Z');
	});
});

describe('ranges', () => {
	const range = { node, timezone: 'UTC', itemIndex: 0, startField: 'Start Date', endField: 'End Date' };

	test('both ends converted, the end day included whole', () => {
		expect(toApiDateRange('2026-11-01', '2026-11-21', 'instant', range)).toEqual({
			startDate: '2026-11-01T00:00:00Z',
			endDate: '2026-11-21T23:59:59.999Z',
		});
	});

	test('a start after the end is refused', () => {
		expect(() => toApiDateRange('2026-11-22', '2026-11-21', 'reportDay', range)).toThrow(/Start Date is after End Date/);
	});

	test('one end alone is fine', () => {
		expect(toApiDateRange('', '2026-11-21', 'day', range)).toEqual({ startDate: undefined, endDate: '2026-11-21' });
	});
});
