/**
 * Date Range presets, run in n8n's own engine against the simulator with a fixed "now" (luxon's
 * Settings.now, the clock the node reads): the days each preset covers in the workflow's time zone
 * on both sides of UTC, across a month's end, a year's end and a daylight-saving change, sent by
 * each endpoint's own date rule; and workflows saved before the presets (no Date Range) sending
 * what they sent.
 */
import { DateTime, Settings } from 'luxon';
import type { INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';

import { pathOf, queryOf } from '../helpers/engine';
import { runNodeOn } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const run = runNodeOn(serviceFor(sim));

const AUCKLAND = 'Pacific/Auckland';
const LOS_ANGELES = 'America/Los_Angeles';

const realNow = Settings.now;
function atNow(iso: string) {
	const millis = DateTime.fromISO(iso, { setZone: true }).toMillis();
	Settings.now = () => millis;
}
afterEach(() => {
	Settings.now = realNow;
});

type Days = [first: string, last: string];

async function reportQuery(dateRange: string, timezone: string) {
	const { sent, error } = await run({ resource: 'report', operation: 'get', dateRange }, { timezone, typeVersion: 3 });
	expect(error).toBeUndefined();
	// The reports, then the campaigns list for Simplify's names and metrics.
	expect(sent.map(pathOf)).toEqual(['/api/v2/reports/', '/api/v2/campaigns']);
	return queryOf(sent[0]);
}

/**
 * Each preset's days, written out by hand from a calendar, for one "now" seen from both zones.
 * 2026-11-29T20:00Z is Monday 30 November 09:00 in Auckland (UTC+13) and still Sunday 29
 * November 12:00 in Los Angeles (UTC-8): a month's last day on one side, a week's on the other.
 */
const MONTH_END: Record<string, Record<string, Days>> = {
	[AUCKLAND]: {
		today: ['2026-11-30', '2026-11-30'],
		yesterday: ['2026-11-29', '2026-11-29'],
		last7Days: ['2026-11-24', '2026-11-30'],
		last30Days: ['2026-11-01', '2026-11-30'],
		lastCalendarWeek: ['2026-11-23', '2026-11-29'],
		lastCalendarMonth: ['2026-10-01', '2026-10-31'],
		thisMonth: ['2026-11-01', '2026-11-30'],
	},
	[LOS_ANGELES]: {
		today: ['2026-11-29', '2026-11-29'],
		yesterday: ['2026-11-28', '2026-11-28'],
		last7Days: ['2026-11-23', '2026-11-29'],
		last30Days: ['2026-10-31', '2026-11-29'],
		// Sunday: the week that ends today is not complete yet.
		lastCalendarWeek: ['2026-11-16', '2026-11-22'],
		lastCalendarMonth: ['2026-10-01', '2026-10-31'],
		thisMonth: ['2026-11-01', '2026-11-29'],
	},
};

/** 2026-12-31T20:00Z: Friday 1 January 2027 09:00 in Auckland, Thursday 31 December 12:00 in Los Angeles. */
const YEAR_END: Record<string, Record<string, Days>> = {
	[AUCKLAND]: {
		today: ['2027-01-01', '2027-01-01'],
		yesterday: ['2026-12-31', '2026-12-31'],
		last7Days: ['2026-12-26', '2027-01-01'],
		last30Days: ['2026-12-03', '2027-01-01'],
		lastCalendarWeek: ['2026-12-21', '2026-12-27'],
		lastCalendarMonth: ['2026-12-01', '2026-12-31'],
		thisMonth: ['2027-01-01', '2027-01-01'],
	},
	[LOS_ANGELES]: {
		today: ['2026-12-31', '2026-12-31'],
		yesterday: ['2026-12-30', '2026-12-30'],
		last7Days: ['2026-12-25', '2026-12-31'],
		last30Days: ['2026-12-02', '2026-12-31'],
		lastCalendarWeek: ['2026-12-21', '2026-12-27'],
		lastCalendarMonth: ['2026-11-01', '2026-11-30'],
		thisMonth: ['2026-12-01', '2026-12-31'],
	},
};

describe.each([
	['a month’s end', '2026-11-29T20:00:00Z', MONTH_END],
	['a year’s end', '2026-12-31T20:00:00Z', YEAR_END],
])('Report › Get with a preset at %s', (_when, now, expected) => {
	describe.each([AUCKLAND, LOS_ANGELES])('in %s', (timezone) => {
		it.each(Object.entries(expected[timezone]))('%s sends the days %j', async (preset, [first, last]) => {
			atNow(now);
			expect(await reportQuery(preset, timezone)).toEqual({ startDate: first, endDate: last });
		});
	});
});

describe('presets sent by the list endpoints’ own date rules', () => {
	it('Feedback › Get Many: Last Complete Calendar Week across the change to daylight saving time in Los Angeles', async () => {
		// Tuesday 10 March 2026, 10:00 PDT; clocks went forward on Sunday 8 March. The week's Monday
		// starts at UTC-8, its Sunday ends at UTC-7.
		atNow('2026-03-10T17:00:00Z');
		const { sent, error } = await run(
			{ resource: 'feedback', operation: 'getMany', filters: { dateRange: 'lastCalendarWeek' } },
			{ timezone: LOS_ANGELES, typeVersion: 3 },
		);
		expect(error).toBeUndefined();
		expect(pathOf(sent[0])).toBe('/api/v2/feedback');
		expect(queryOf(sent[0])).toEqual({
			limit: '50',
			startDate: '2026-03-02T08:00:00Z',
			endDate: '2026-03-09T06:59:59.999Z',
			page: '1',
		});
	});

	it('Customer › Get Many: Last Complete Calendar Week across the end of daylight saving time in Auckland', async () => {
		// Tuesday 7 April 2026, 12:00 NZST; clocks went back on Sunday 5 April. The week's Monday
		// starts at UTC+13, its Sunday ends at UTC+12.
		atNow('2026-04-07T00:00:00Z');
		const { sent, error } = await run(
			{ resource: 'customer', operation: 'getMany', filters: { dateRange: 'lastCalendarWeek' } },
			{ timezone: AUCKLAND, typeVersion: 3 },
		);
		expect(error).toBeUndefined();
		expect(pathOf(sent[0])).toBe('/api/v2/customers');
		expect(queryOf(sent[0])).toEqual({
			limit: '50',
			startDate: '2026-03-29T11:00:00Z',
			endDate: '2026-04-05T11:59:59.999Z',
			page: '1',
		});
	});

	it('Outbox › Get Many: This Month So Far as days, in the workflow time zone', async () => {
		// 1 March 2026 08:00 in Auckland is still 28 February in Los Angeles.
		atNow('2026-02-28T19:00:00Z');
		const auckland = await run({ resource: 'outbox', operation: 'getMany', filters: { dateRange: 'thisMonth' } }, { timezone: AUCKLAND, typeVersion: 3 });
		const losAngeles = await run({ resource: 'outbox', operation: 'getMany', filters: { dateRange: 'thisMonth' } }, { timezone: LOS_ANGELES, typeVersion: 3 });
		expect([auckland.error, losAngeles.error]).toEqual([undefined, undefined]);
		expect(queryOf(auckland.sent[0])).toEqual({ limit: '50', startDate: '2026-03-01', endDate: '2026-03-01', page: '1' });
		expect(queryOf(losAngeles.sent[0])).toEqual({ limit: '50', startDate: '2026-02-01', endDate: '2026-02-28', page: '1' });
	});

	it('Legacy › Deprecated: Get Responses: Last 30 Days as instants, today included', async () => {
		// Monday 2 March 2026 09:00 in Auckland (UTC+13): 1 February to 2 March there.
		atNow('2026-03-01T20:00:00Z');
		const { sent, error } = await run(
			{ resource: 'legacy', operation: 'npsGetResponses', filters: { dateRange: 'last30Days' } },
			{ timezone: AUCKLAND, typeVersion: 3 },
		);
		expect(error).toBeUndefined();
		expect(pathOf(sent[0])).toBe('/api/v2/nps/customers/response');
		expect(queryOf(sent[0])).toEqual({ startDate: '2026-01-31T11:00:00Z', endDate: '2026-03-02T10:59:59.999Z', page: '1', limit: '50' });
	});

	it('a preset leaves out the dates a Custom range had (hidden in the editor, still saved)', async () => {
		atNow('2026-11-29T20:00:00Z');
		const { sent } = await run(
			{ resource: 'feedback', operation: 'getMany', filters: { dateRange: 'yesterday', startDate: '2020-01-01', endDate: '2020-01-31' } },
			{ timezone: 'UTC', typeVersion: 3 },
		);
		expect(queryOf(sent[0])).toEqual(expect.objectContaining({ startDate: '2026-11-28T00:00:00Z', endDate: '2026-11-28T23:59:59.999Z' }));
		const report = await run(
			{ resource: 'report', operation: 'get', dateRange: 'yesterday', startDate: '2020-01-01', endDate: '2020-01-31' },
			{ timezone: 'UTC', typeVersion: 3 },
		);
		expect(queryOf(report.sent[0])).toEqual({ startDate: '2026-11-28', endDate: '2026-11-28' });
	});

	it('a Date Range set by expression to an unknown value is refused, naming the field, before anything is sent', async () => {
		const { error, sent } = await run({ resource: 'report', operation: 'get', dateRange: '={{ "lastWeek" }}' }, { typeVersion: 3 });
		expect(error?.message).toBe('Report: Get failed: Date Range: "lastWeek" is not a date range [item 0]');
		expect(sent).toHaveLength(0);
	});
});

describe('workflows saved before the presets (no Date Range) send what they sent', () => {
	// The clock is set far away: a saved workflow's dates never depend on it.
	beforeEach(() => atNow('2030-06-15T12:00:00Z'));

	it.each([1, 2, 3])('Report › Get, node version %i: the two days as they were', async (typeVersion) => {
		const { sent, error } = await run({ resource: 'report', operation: 'get', startDate: '2026-01-01', endDate: '2026-03-15' }, { typeVersion });
		expect(error).toBeUndefined();
		expect(queryOf(sent[0])).toEqual({ startDate: '2026-01-01', endDate: '2026-03-15' });
	});

	it('Report › Get without dates: no dates at all', async () => {
		const { sent } = await run({ resource: 'report', operation: 'get' }, { typeVersion: 2 });
		expect(queryOf(sent[0])).toEqual({});
	});

	it.each([
		['feedback', { limit: '50', startDate: '2026-03-01T00:00:00Z', endDate: '2026-03-10T23:59:59.999Z', page: '1' }],
		['customer', { limit: '50', startDate: '2026-03-01T00:00:00Z', endDate: '2026-03-10T23:59:59.999Z', page: '1' }],
		['outbox', { limit: '50', startDate: '2026-03-01', endDate: '2026-03-10', page: '1' }],
	])('%s › Get Many: Filters › Start and End Date as they were', async (resource, query) => {
		const { sent, error } = await run(
			{ resource, operation: 'getMany', filters: { startDate: '2026-03-01', endDate: '2026-03-10' } },
			{ timezone: 'UTC', typeVersion: 2 },
		);
		expect(error).toBeUndefined();
		expect(queryOf(sent[0])).toEqual(query);
	});

	it('a list without any date filter sends no dates', async () => {
		const { sent } = await run({ resource: 'feedback', operation: 'getMany' }, { typeVersion: 1 });
		expect(queryOf(sent[0])).toEqual({ limit: '50', page: '1' });
	});
});

describe('in the editor, a filters collection shows Start and End Date only without a preset', () => {
	// n8n's own rule for a collection's options (the editor's CollectionParameter asks it), relative to the collection.
	const description = new SurveyFeedback().description;
	const filtersOf = (resource: string) =>
		description.properties.find(
			(property) =>
				property.name === 'filters' &&
				(property.displayOptions?.show?.resource as string[] | undefined)?.[0] === resource &&
				(property.displayOptions?.show?.operation as string[] | undefined)?.[0] === 'getMany',
		)!;

	it.each(['feedback', 'outbox', 'customer'])('%s › Get Many', (resource) => {
		const options = filtersOf(resource).options as INodeProperties[];
		const shown = (filters: Record<string, string>) =>
			['startDate', 'endDate'].map((name) =>
				NodeHelpers.displayParameterPath({ resource, operation: 'getMany', filters }, options.find((option) => option.name === name)!, 'filters', { typeVersion: 3 }, description),
			);
		expect(options.map((option) => option.name)).toContain('dateRange');
		// A workflow saved before the presets: its dates stay in view.
		expect(shown({ startDate: '2026-03-01' })).toEqual([true, true]);
		expect(shown({ dateRange: 'custom' })).toEqual([true, true]);
		expect(shown({ dateRange: 'lastCalendarWeek', startDate: '2026-03-01' })).toEqual([false, false]);
	});
});
