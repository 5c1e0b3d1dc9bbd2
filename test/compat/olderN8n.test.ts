/**
 * What the package does where the n8n running it lacks a host API that newer n8n offers, proven
 * through n8n's own engine with that API taken away (`npm run test:compat` runs the e2e set in
 * the real older n8n versions; docs/compatibility.md lists what differs):
 *
 * - the poll budget (`getPollBudgetMs`, n8n 2.38 and later): with a budget the trigger stops a
 *   long walk at a page boundary and goes on at the next poll (test/trigger/paging.test.ts);
 *   without one (older n8n) it reads a burst to its end in one poll, each record once, and the
 *   next poll is idle.
 */
import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../helpers/simulator';
import { TriggerDriver } from '../trigger/driver';

const T0 = Date.parse('2026-03-15T12:00:00.000Z');
const sim = useSimulator({ seed: 'empty', now: () => new Date(T0) });

const iso = (time: number) => new Date(time).toISOString();
const emails = (items: IDataObject[]) => items.map((item) => item.email);

describe('a host without a poll budget (n8n before 2.38)', () => {
	const account = () => sim.accounts[0];
	const burst = (label: string) =>
		Array.from({ length: 3500 }, (_, i) => ({ email: `${label}${i}@example.com`, createdDate: iso(T0 + 1 + Math.floor(i / 3)) }));

	beforeEach(() => sim.reset('empty'));

	it('reads a burst of 3,500 records to its end in one poll, page after page, each once; the next poll is idle', async () => {
		const trigger = new TriggerDriver({ sim, apiKey: account().writeKey, parameters: { event: 'newFeedback' } });
		expect((await trigger.poll({ pollBudgetMs: null })).returnedNull).toBe(true);
		const records = burst('nobudget');
		sim.insert(account().id, 'feedback', records);

		const result = await trigger.poll({ pollBudgetMs: null });
		expect(result.error).toBeUndefined();
		expect(emails(result.items)).toEqual(emails(records));
		expect(result.sent.length).toBeGreaterThanOrEqual(4);

		const idle = await trigger.poll({ pollBudgetMs: null });
		expect(idle.error).toBeUndefined();
		expect(idle.returnedNull).toBe(true);
	});
});
