/**
 * What the trigger's case-by-case test files share: an empty simulator account on a fixed clock,
 * emptied again before each test, and short ways to insert records and to poll the trigger.
 */
import type { IDataObject } from 'n8n-workflow';

import { campaignsOf, useSimulator } from '../helpers/simulator';
import { TriggerDriver, type Host } from './driver';

/** The data clock of every test: 2026-03-15 12:00 UTC. */
export const T0 = Date.parse('2026-03-15T12:00:00.000Z');

export const iso = (time: number) => new Date(time).toISOString();
export const emails = (items: IDataObject[]) => items.map((item) => item.email);

/** Called once at the top of a test file: the simulator starts before its tests and is emptied before each. */
export function useTriggerAccount() {
	const sim = useSimulator({ seed: 'empty', now: () => new Date(T0) });
	let campaigns: IDataObject[];
	let serial = 0;

	beforeEach(async () => {
		sim.reset('empty');
		campaigns = await campaignsOf(sim);
	});

	const account = () => sim.accounts[0];
	return {
		sim,
		account,
		insert: (kind: 'customers' | 'feedback' | 'outbox', records: IDataObject[]) => sim.insert(account().id, kind, records),
		driver: (parameters: Record<string, unknown>, extra: { timezone?: string; credential?: IDataObject; host?: Host } = {}) =>
			new TriggerDriver({ sim, apiKey: account().writeKey, parameters, ...extra }),
		/** A new email address for each call. */
		email: (label = 'r') => `${label}${++serial}@example.com`,
		/** The ID of the seeded campaign of that metric and channel. */
		campaign: (metric: string, channel: string) =>
			String(campaigns.find((entry) => entry.metric === metric && entry.channel === channel)?.id),
	};
}
