/**
 * Account: Get Status, run in n8n's own engine against the simulator: the service's account
 * snapshot (identity, plan, credits, usage) as one item, with each credential and each key.
 */
import type { IDataObject } from 'n8n-workflow';

import type { AuthenticationMethod } from '../../credentials/authentication';
import { pathOf } from '../helpers/engine';
import { runNode, type RunOptions } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);

beforeEach(() => sim.clearRequests());

const getStatus = (options: Partial<RunOptions> = {}) => runNode({ service, parameters: { resource: 'account', operation: 'getStatus' }, ...options });

/** What the service answers to the ping with `apiKey`: its `data`, read past the node. */
async function snapshot(apiKey: string): Promise<IDataObject> {
	const response = await fetch(`${sim.baseUrl}/api/v2/ping`, { headers: { 'X-Api-Key': apiKey } });
	return ((await response.json()) as { data: IDataObject }).data;
}

describe('Account', () => {
	it('Get Status returns the account snapshot, without the envelope, from one request', async () => {
		const { json, sent, error } = await getStatus();
		expect(error).toBeUndefined();
		expect(sent.map((request) => [request.method, pathOf(request)])).toEqual([['GET', '/api/v2/ping']]);
		expect(json).toEqual([await snapshot(sim.accounts[0].writeKey)]);
		expect(json[0]).not.toHaveProperty('code');
		const counts = sim.state().accounts[0].counts;
		expect(json[0]).toEqual(
			expect.objectContaining({
				account: { id: sim.accounts[0].id, name: sim.accounts[0].name, timezone: sim.accounts[0].timezone },
				apiKey: { permission: 'write' },
				plan: expect.objectContaining({ name: expect.any(String), surveyCreditsPerPeriod: expect.any(Number) }),
				credits: expect.objectContaining({ balance: expect.any(Number), used: expect.any(Number) }),
				usage: expect.objectContaining({ contacts: counts.customers, feedback: counts.feedback, outbox: counts.outbox }),
			}),
		);
	});

	it('Get Status reports the account and the permission of the key it is given', async () => {
		const accountB = await getStatus({ service: serviceFor(sim, 1) });
		expect(accountB.json).toEqual([await snapshot(sim.accounts[1].writeKey)]);
		expect(accountB.json[0].account).toEqual(expect.objectContaining({ id: sim.accounts[1].id, timezone: 'Europe/Berlin' }));

		const readKey = await getStatus({ service: { ...service, apiKey: sim.accounts[0].readKey } });
		expect(readKey.error).toBeUndefined();
		expect(readKey.json[0].apiKey).toEqual({ permission: 'read' });
	});

	it.each<[AuthenticationMethod, string]>([
		['apiKeyHeader', 'x-api-key'],
		['legacyHeader', 'authorization'],
		['queryParameter', 'query'],
	])('Get Status works with the %s credential, the key sent as %s', async (authentication, form) => {
		const { json, error } = await getStatus({ authentication });
		expect(error).toBeUndefined();
		expect(sim.requests({ path: '/api/v2/ping' }).map((request) => [request.auth, request.accountId])).toEqual([[form, sim.accounts[0].id]]);
		expect(json).toEqual([await snapshot(sim.accounts[0].writeKey)]);
	});

	it('runs once per input item, each snapshot paired with its item', async () => {
		const { output, sent } = await getStatus({ items: [{}, {}] });
		expect(sent).toHaveLength(2);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('a refused key fails with what to check, and never shows the key', async () => {
		const { error, json } = await getStatus({ service: { ...service, apiKey: 'sf_no_such_key' } });
		expect(error?.message).toBe('Account: Get Status failed: the API key was refused [HTTP 401]');
		expect(error?.description).toMatch(/Check the Survey Feedback credential/);
		expect(JSON.stringify({ message: error?.message, description: error?.description })).not.toContain('sf_no_such_key');
		expect(json).toEqual([]);
	});
});
