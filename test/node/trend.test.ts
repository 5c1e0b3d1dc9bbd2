/** Trend: Get Many and Get, run in n8n's own engine against the simulator: presets, custom ranges in UTC, groups by ID. */
import type { IDataObject } from 'n8n-workflow';

import { pathOf, queryOf } from '../helpers/engine';
import { byId, expression } from '../helpers/parameters';
import { runNodeOn } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const run = runNodeOn(serviceFor(sim));

describe('Trend', () => {
	const trend = (parameters: Record<string, unknown>, timezone?: string) =>
		run({ resource: 'trend', operation: 'get', trendGroup: { __rl: true, mode: 'list', value: 'default' }, ...parameters }, { timezone });

	it('Get Many lists every trend group, one item each', async () => {
		const { json, sent } = await run({ resource: 'trend', operation: 'getMany' });
		expect(sent).toHaveLength(1);
		expect(pathOf(sent[0])).toBe('/api/v2/trends');
		expect(json).toHaveLength(sim.state().accounts[0].counts.trendGroups);
		expect(json.filter((group) => group.isDefault)).toHaveLength(1);
	});

	it.each([
		'today',
		'yesterday',
		'past-week',
		'past-month',
		'past-3-months',
		'past-6-months',
		'past-year',
		'this-month-to-date',
		'this-quarter-to-date',
		'this-year-to-date',
	])('sends the preset %s alone', async (date) => {
		const { json, sent, error } = await trend({ date, startDate: '2026-01-01', endDate: '2026-01-31' });
		expect(error).toBeUndefined();
		expect(pathOf(sent[0])).toBe('/api/v2/trends/default');
		// Dates left over from a custom range are not sent with a preset.
		expect(queryOf(sent[0])).toEqual({ date });
		expect(json).toEqual([expect.objectContaining({ date, current: expect.any(Object), baseline: expect.any(Object) })]);
	});

	it('defaults to the past month', async () => {
		const { sent } = await trend({});
		expect(queryOf(sent[0])).toEqual({ date: 'past-month' });
	});

	it('sends a custom range as UTC instants, a bare end day included whole', async () => {
		const { json, sent } = await trend({ date: 'custom', startDate: '2026-01-01', endDate: '2026-01-31' }, 'Europe/Berlin');
		expect(queryOf(sent[0])).toEqual({
			date: 'custom',
			startDate: '2025-12-31T23:00:00Z',
			endDate: '2026-01-31T22:59:59.999Z',
		});
		expect(json[0]).toEqual(
			expect.objectContaining({
				date: 'custom',
				current: expect.objectContaining({ startDate: '2025-12-31T23:00:00.000Z', endDate: '2026-01-31T22:59:59.999Z' }),
			}),
		);
	});

	it('sends a custom range given as date-times unchanged (in UTC)', async () => {
		const { sent } = await trend({ date: 'custom', startDate: '2026-02-01T08:00:00Z', endDate: '2026-02-14T18:30:00+01:00' });
		expect(queryOf(sent[0])).toEqual({ date: 'custom', startDate: '2026-02-01T08:00:00Z', endDate: '2026-02-14T17:30:00Z' });
	});

	it.each([
		[{ startDate: '2026-01-01', endDate: expression('') }, 'Trend: Get failed: End Date: is required with a custom range [item 0]'],
		[{ startDate: expression(''), endDate: '2026-01-01' }, 'Trend: Get failed: Start Date: is required with a custom range [item 0]'],
		[{ startDate: '2026-01-01' }, 'The \'Survey Feedback\' node has issues:\n- Parameter "End Date" is required.'], // n8n's own check
		[{ startDate: '2026-02-01', endDate: '2026-01-01' }, 'Trend: Get failed: Start Date is after End Date [item 0]'],
	])('refuses an incomplete or reversed custom range %j before sending anything', async (dates, message) => {
		const { error, sent } = await trend({ date: 'custom', ...dates });
		expect(error?.message).toBe(message);
		expect(sent).toHaveLength(0);
	});

	it('gets a group by its ID', async () => {
		const groups = (await run({ resource: 'trend', operation: 'getMany' })).json;
		const support = groups.find((group) => group.name === 'Support CSAT') as IDataObject;
		const { json, sent } = await trend({ trendGroup: byId(String(support.id)), date: 'past-year' });
		expect(pathOf(sent[0])).toBe(`/api/v2/trends/${support.id}`);
		expect(json[0].group).toEqual(expect.objectContaining({ id: support.id, metricType: 'CSAT' }));
	});

	it('an unknown group says there is no such record in this account', async () => {
		const { error } = await trend({ trendGroup: byId('6a0000000000000000000fff') });
		expect(error?.message).toMatch(/no such record in this account/);
		expect(error?.httpCode).toBe('404');
	});
});
