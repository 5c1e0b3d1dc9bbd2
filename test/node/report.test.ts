/** Report: Get, run in n8n's own engine against the simulator: the days it sends, in the workflow's time zone, and the dates it refuses. */
import type { IDataObject } from 'n8n-workflow';

import { pathOf, queryOf } from '../helpers/engine';
import { byId, expression } from '../helpers/parameters';
import { runNodeOn } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const run = runNodeOn(serviceFor(sim));

describe('Report', () => {
	const report = (parameters: Record<string, unknown>, timezone?: string) =>
		run({ resource: 'report', operation: 'get', ...parameters }, { timezone });

	it('gets one report per campaign with days as YYYY-MM-DD', async () => {
		const { json, sent, error } = await report({ startDate: '2026-01-01', endDate: '2026-03-15' });
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(pathOf(sent[0])).toBe('/api/v2/reports/');
		expect(queryOf(sent[0])).toEqual({ startDate: '2026-01-01', endDate: '2026-03-15' });
		expect(json).toHaveLength(sim.state().accounts[0].counts.campaigns);
		expect(json[0]).toEqual(expect.objectContaining({ campaignId: expect.any(String), trend: expect.any(Array) }));
	});

	it('gets the report of one campaign, without dates when none are given', async () => {
		const campaigns = (await run({ resource: 'campaign', operation: 'getMany' })).json;
		const { json, sent } = await report({ campaign: { __rl: true, mode: 'list', value: campaigns[2].id } });
		expect(pathOf(sent[0])).toBe(`/api/v2/reports/${campaigns[2].id}`);
		expect(queryOf(sent[0])).toEqual({});
		expect(json).toEqual([expect.objectContaining({ campaignId: campaigns[2].id })]);
	});

	it('converts date-times and UNIX timestamps to the workflow-timezone day', async () => {
		// 23:30 UTC on 5 March is still 5 March in New York, already 6 March in Tokyo.
		const newYork = await report({ startDate: '2026-03-05T23:30:00Z', endDate: '2026-03-10T12:00:00' }, 'America/New_York');
		expect(queryOf(newYork.sent[0])).toEqual({ startDate: '2026-03-05', endDate: '2026-03-10' });
		const tokyo = await report({ startDate: '2026-03-05T23:30:00Z', endDate: '2026-03-10' }, 'Asia/Tokyo');
		expect(queryOf(tokyo.sent[0])).toEqual({ startDate: '2026-03-06', endDate: '2026-03-10' });
		// 1772755200 s = 2026-03-06T00:00:00Z; the same instant in milliseconds.
		const unix = await report({ startDate: expression(1772755200), endDate: expression(1772755200000) }, 'UTC');
		expect(queryOf(unix.sent[0])).toEqual({ startDate: '2026-03-06', endDate: '2026-03-06' });
		// And the service accepts every one of them (its 400 would fail the run).
		expect([newYork.error, tokyo.error, unix.error]).toEqual([undefined, undefined, undefined]);
	});

	it.each([
		[{ startDate: '2026-02-30' }, 'Start Date: 2026-02-30 is not a real calendar date'],
		[{ endDate: '2025-13-01' }, 'End Date: 2025-13-01 is not a real calendar date'],
		[{ startDate: '1970-01-01' }, 'Start Date: 1970-01-01 is not accepted by reports'],
		[{ startDate: 'next tuesday' }, 'Start Date: "next tuesday" is not a date'],
		[{ startDate: '2026-03-10', endDate: '2026-03-01' }, 'Start Date is after End Date'],
	])('refuses %j before sending anything', async (dates, message) => {
		const { error, sent, json } = await report(dates);
		expect(error?.message).toContain(message);
		expect((error as { context?: IDataObject })?.context?.itemIndex).toBe(0);
		expect(sent).toHaveLength(0);
		expect(json).toEqual([]);
	});

	it('with Continue On Fail, a bad date fails only its own item', async () => {
		const { output, sent } = await run(
			{ resource: 'report', operation: 'get', startDate: '={{ $itemIndex === 0 ? "2026-02-30" : "2026-03-01" }}' },
			{ items: [{}, {}], continueOnFail: true },
		);
		expect(sent).toHaveLength(1);
		expect(output[0].json.error).toMatch(/2026-02-30 is not a real calendar date/);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(output.slice(1).every((item) => !item.json.error && (item.pairedItem as { item: number }).item === 1)).toBe(true);
	});

	it('a report of an unknown campaign says there is no such record in this account', async () => {
		const { error } = await report({ campaign: byId('6a0000000000000000000fff') });
		expect(error?.message).toMatch(/no such record in this account/);
	});
});
