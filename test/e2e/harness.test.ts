/**
 * Proves the harness against a real n8n with a throwaway community package:
 * CLI import + execute (Manual Trigger → Echo), a failing node, then `n8n start` with a poll
 * trigger published and its executions read back through the public API.
 *
 *   npx jest --rootDir . --testPathIgnorePatterns /node_modules/ dev/n8n.test.ts --testTimeout 600000
 *
 * Timings go to the console and to .e2e-work/smoke-timings.json.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ECHO_TRIGGER_TYPE, ECHO_TYPE, writeEchoPackage } from './echo-package';
import {
	createInstance,
	ensureN8n,
	nodeError,
	nodesThatRan,
	outputItems,
	workRoot,
	type N8nInstance,
	type WorkflowJson,
} from '../../dev/n8n/harness';

jest.setTimeout(15 * 60_000);

const timings: Record<string, number> = {};
async function timed<T>(step: string, fn: () => Promise<T>): Promise<T> {
	const started = Date.now();
	try {
		return await fn();
	} finally {
		timings[step] = Date.now() - started;
	}
}

const manualToEcho = (id: string, echoParams: Record<string, unknown>): WorkflowJson => ({
	id,
	name: `Smoke ${id}`,
	nodes: [
		{ name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		{ name: 'Echo', type: ECHO_TYPE, typeVersion: 1, position: [220, 0], parameters: echoParams },
	],
	connections: { Manual: { main: [[{ node: 'Echo', type: 'main', index: 0 }]] } },
});

const pollToEcho = (id: string, pollTimes: unknown): WorkflowJson => ({
	id,
	name: `Smoke ${id}`,
	nodes: [
		{ name: 'Echo Trigger', type: ECHO_TRIGGER_TYPE, typeVersion: 1, parameters: { pollTimes } },
		{ name: 'Echo', type: ECHO_TYPE, typeVersion: 1, position: [220, 0], parameters: { value: 'polled' } },
	],
	connections: { 'Echo Trigger': { main: [[{ node: 'Echo', type: 'main', index: 0 }]] } },
});

describe('real n8n harness', () => {
	let n8n: N8nInstance;

	afterAll(async () => {
		await n8n?.stop();
		const file = path.join(workRoot(), 'smoke-timings.json');
		fs.writeFileSync(file, JSON.stringify({ timings, instance: n8n?.timings }, null, 2));
		// eslint-disable-next-line no-console
		console.log(`timings (ms):\n${JSON.stringify(timings, null, 2)}`);
	});

	it('installs or locates the pinned n8n', async () => {
		const rt = await timed('ensureN8n', () => ensureN8n());
		expect(rt.version).toBe('2.41.1');
		expect(fs.existsSync(rt.nodeBin)).toBe(true);
		n8n = await createInstance({ packageDir: writeEchoPackage(), name: 'smoke' });
		expect(n8n.packages).toEqual(['n8n-nodes-harness-echo']);
	});

	it('imports workflows and runs one with n8n execute', async () => {
		const wfs = await timed('import 4 workflows (cold CLI, fresh DB: migrations)', () =>
			n8n.importWorkflows([
				manualToEcho('smokeEcho0000001', { value: 'hi' }),
				manualToEcho('smokeEchoFail001', { fail: true }),
				pollToEcho('smokePoll0000001', { item: [{ mode: 'everyMinute' }] }),
				// The sub-minute trick: several poll times, each at one fixed second.
				pollToEcho('smokePollFast001', {
					item: [0, 10, 20, 30, 40, 50].map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })),
				}),
			]),
		);
		expect(wfs.map((w) => w.id)).toEqual(['smokeEcho0000001', 'smokeEchoFail001', 'smokePoll0000001', 'smokePollFast001']);

		await timed('import 1 credential (cold CLI)', () =>
			n8n.importCredentials([{ id: 'smokeCred0000001', name: 'Smoke', type: 'httpHeaderAuth', data: { name: 'X-Key', value: 'k' } }]),
		);

		const ok = await timed('execute (cold CLI)', () => n8n.execute('smokeEcho0000001'));
		// 0, or now and then 139: n8n 2.41.1 may segfault on its way out, after printing.
		expect([0, 139]).toContain(ok.exitCode);
		expect(ok.status).toBe('success');
		expect(ok.data.mode).toBe('cli');
		expect(nodesThatRan(ok).sort()).toEqual(['Echo', 'Manual']);
		expect(outputItems(ok, 'Manual')).toEqual([{}]);
		expect(outputItems(ok, 'Echo')).toEqual([{ echoed: 'hi' }]);
		expect(ok.data.data.resultData.runData.Echo[0].data.main[0][0].pairedItem).toEqual({ item: 0 });
		expect(nodeError(ok, 'Echo')).toBeUndefined();
		expect(nodeError(ok)).toBeUndefined();

		const failed = await timed('execute failing workflow (cold CLI)', () => n8n.execute('smokeEchoFail001'));
		expect([1, 139]).toContain(failed.exitCode);
		expect(failed.status).toBe('error');
		expect(nodeError(failed, 'Echo').message).toBe('Echo was asked to fail (item 0)');
		expect(nodeError(failed).message).toBe('Echo was asked to fail (item 0)');
		expect(failed.data.data.resultData.lastNodeExecuted).toBe('Echo');
	});

	it('starts n8n, publishes a poll trigger and reads its executions', async () => {
		await timed('start until ready + owner + API key', () => n8n.start());

		// The editor's node list has the package's nodes under their community type names.
		const nodeTypes: Array<{ name: string }> = (await n8n.http('GET', '/types/nodes.json')).body;
		expect(nodeTypes.map((t) => t.name)).toEqual(expect.arrayContaining([ECHO_TYPE, ECHO_TRIGGER_TYPE]));

		const activated = Date.now();
		await timed('publish poll workflow (public API)', () => n8n.activate('smokePoll0000001'));
		const [first] = await n8n.waitForExecutions({ workflowId: 'smokePoll0000001', count: 1, timeoutMs: 90_000 });
		timings['publish to first execution stored'] = Date.now() - activated;
		expect(first.mode).toBe('trigger');
		expect(first.status).toBe('success');
		expect(outputItems(first, 'Echo Trigger')).toEqual([{ counter: 1, mode: 'trigger', polledAt: expect.any(String) }]);
		expect(outputItems(first, 'Echo')[0]).toMatchObject({ counter: 1, echoed: 'polled' });
		await n8n.deactivate('smokePoll0000001');

		// Polls every 10 s: the static data counter goes on across polls.
		const fastStart = Date.now();
		await n8n.activate('smokePollFast001');
		const fast = await n8n.waitForExecutions({ workflowId: 'smokePollFast001', count: 2, timeoutMs: 60_000 });
		timings['fast poll: publish to 2nd execution'] = Date.now() - fastStart;
		await n8n.deactivate('smokePollFast001');
		const counters = fast.map((e) => outputItems(e, 'Echo Trigger')[0].counter).sort();
		expect(counters.slice(0, 2)).toEqual([1, 2]);

		// One poll time that fires more than once a minute is refused, but only in the background.
		await n8n.importWorkflows([
			pollToEcho('smokePollSub0001', { item: [{ mode: 'custom', cronExpression: '*/10 * * * * *' }] }),
		]);
		await expect(n8n.activate('smokePollSub0001')).rejects.toThrow(/polling interval is too short/);
		await n8n.deactivate('smokePollSub0001');

		// Listing without data, and the manual mode of a poll trigger through the REST API.
		const listed = await n8n.executions({ workflowId: 'smokePoll0000001' });
		expect(listed.length).toBeGreaterThanOrEqual(1);
		expect(listed[0].data).toBeUndefined();
		const manual = await timed('runManually (REST)', () => n8n.runManually('smokePoll0000001', 'Echo Trigger'));
		expect(manual.mode).toBe('manual');
		expect(outputItems(manual, 'Echo Trigger')[0].mode).toBe('manual');

		const adHoc = await n8n.runManually(manualToEcho('ignored', { value: 'ad hoc' }));
		expect(adHoc.status).toBe('success');
		expect(outputItems(adHoc, 'Echo')).toEqual([{ echoed: 'ad hoc' }]);

		await timed('stop', () => n8n.stop());
		expect(n8n.running).toBe(false);
	});
});
