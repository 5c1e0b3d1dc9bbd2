/**
 * The simulator for a test file: started before its tests, closed after them, on a fixed data
 * clock and without a rate limit unless the file asks for one.
 *
 *   const sim = useSimulator();         // the demo data of accounts A and B
 *   const service = serviceFor(sim);    // account A's write key, for runNode
 *   const sim = useSimulator({ seed: 'empty', now: () => new Date(clock) });   // no data, the test's clock
 */
import type { IDataObject } from 'n8n-workflow';

import { start, type Simulator, type SimulatorOptions } from '../../dev/simulator';
import type { Service } from './runNode';

/** A fixed data clock: 2026-03-15 12:00 UTC (08:00 in New York, 13:00 in Berlin). */
export const FIXED_NOW = new Date('2026-03-15T12:00:00.000Z');

/**
 * A simulator started in `beforeAll` and closed in `afterAll` of the file, or of the `describe`
 * block that calls this. The returned simulator is usable in tests and hooks (not while the file
 * is collected).
 */
export function useSimulator(options: SimulatorOptions = {}): Simulator {
	let started: Simulator | undefined;
	const current = (): Simulator => {
		if (!started) throw new Error('The simulator starts in beforeAll: use it in tests and hooks');
		return started;
	};
	beforeAll(async () => {
		started = await start({ rateLimit: false, now: () => FIXED_NOW, ...options });
	});
	afterAll(async () => {
		await started?.close();
		started = undefined;
	});
	return {
		get baseUrl() {
			return current().baseUrl;
		},
		get legacyBaseUrl() {
			return current().legacyBaseUrl;
		},
		get controlUrl() {
			return current().controlUrl;
		},
		get accounts() {
			return current().accounts;
		},
		insert: (account, kind, records) => current().insert(account, kind, records),
		requests: (filter) => current().requests(filter),
		clearRequests: () => current().clearRequests(),
		reset: (seed) => current().reset(seed),
		configure: (patch) => current().configure(patch),
		state: () => current().state(),
		close: () => current().close(),
	};
}

/** The service as the node's credential reaches it: the simulator, with an account's write key (A by default). */
export function serviceFor(sim: Simulator, account = 0): Service {
	return {
		get baseUrl() {
			return sim.baseUrl;
		},
		get legacyBaseUrl() {
			return sim.legacyBaseUrl;
		},
		get apiKey() {
			return sim.accounts[account].writeKey;
		},
	};
}

/** An account's campaigns (A by default), as the service lists them. */
export async function campaignsOf(sim: Simulator, account = 0): Promise<IDataObject[]> {
	const response = await fetch(`${sim.baseUrl}/api/v2/campaigns`, { headers: { 'X-Api-Key': sim.accounts[account].writeKey } });
	return ((await response.json()) as { campaigns: IDataObject[] }).campaigns;
}

/** The IDs of an active email campaign (Survey › Send can send it) and of an active NPS one (Feedback › Import). */
export async function sendableCampaigns(sim: Simulator, account = 0): Promise<{ email: string; nps: string }> {
	const campaigns = await campaignsOf(sim, account);
	const active = (test: (c: IDataObject) => boolean) => String(campaigns.find((c) => test(c) && c.isActive !== false)!.id);
	return { email: active((c) => c.channel === 'email'), nps: active((c) => c.metric === 'NPS') };
}
