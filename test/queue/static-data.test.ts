/**
 * Where n8n 2.41.1 keeps a poll trigger's position, and whether a restart
 * right after activation (before any new record) loses it.
 *
 * (a) n8n's defaults. The activation polls once, awaited, on the very Workflow object whose
 *     static data the trigger writes; the publication service (WorkflowTriggerActivator) then
 *     calls saveStaticData(workflow), which stores it because the write set `__dataChanged`.
 *     So the position taken at activation IS stored, and a record created while n8n is down, or
 *     while the workflow is deactivated, is emitted afterwards. Shown here in regular mode
 *     (sqlite); test 2 shows the same in queue mode (PostgreSQL).
 *
 * (b) Durable poll cursors: N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED and
 *     N8N_POLLER_DURABLE_CURSORS_ENABLED (and N8N_USE_WORKFLOW_PUBLICATION_SERVICE, on by
 *     default). The cursor then lives in the `poller_state` table and every poll commits it,
 *     also one that emits nothing, and it survives restarts. But it does not close the hole, it
 *     widens it, and it is not exactly once:
 *     - the activation polls as a "testing" poll, whose staged cursor is never committed: the
 *       cursor stays `{}`, the first scheduled poll starts from now again, and a record created
 *       in between is never emitted;
 *     - n8n keeps one scheduled job per poll time and at start-up runs every occurrence it
 *       missed within the misfire grace (60 s), all at once, each over its own copy of the stored
 *       cursor. The trigger runs one poll of a trigger at a time: it skips the others, and as
 *       their copies look like another activation's, the one running drops its result too. The
 *       next scheduled poll emits a record created while n8n was down, once.
 *     Shown in regular and in queue mode.
 */
import * as fs from 'node:fs';

import { createInstance, REPO_ROOT, type N8nInstance } from '../../dev/n8n/harness';
import { simulatorCredential } from '../../dev/n8n/simulatorCredentials';
import { createQueueCluster, type QueueCluster } from '../../dev/queue/cluster';
import { start, type LoggedRequest, type Simulator } from '../../dev/simulator';
import { emissions, FEEDBACK_PATH, newFeedback, sleep, TRIGGER_NODE, triggerWorkflow, waitForEmitted } from './support';

const CRED = { id: 'sfQueueStatCredB', name: 'Survey Feedback (account B)' };
const WORKFLOW_ID = 'queueStaticData1';

const DURABLE_CURSORS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
};

let sim: Simulator;
/** Called with every request the simulator logs (after it answered). */
let onRequest: ((request: LoggedRequest) => void) | undefined;

beforeAll(async () => {
	sim = await start({ seed: 'demo', rateLimit: false, onRequest: (request) => onRequest?.(request) });
});

afterAll(async () => {
	await sim?.close();
});

/** The trigger's polls since the log was cleared: 'newest' (start from now) or 'forward' (from a stored position). */
function polls(): Array<'newest' | 'forward'> {
	return sim.requests({ path: FEEDBACK_PATH }).map((r) => (r.query.sort === '-createdDate' ? 'newest' : 'forward'));
}

async function waitForPolls(count: number, timeoutMs = 30_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (polls().length < count) {
		if (Date.now() > deadline) throw new Error(`${polls().length} of ${count} polls after ${timeoutMs} ms`);
		await sleep(200);
	}
}

async function staticData(n8n: N8nInstance): Promise<Record<string, unknown> | undefined> {
	const workflow = await n8n.publicApi('GET', `/workflows/${WORKFLOW_ID}`);
	return workflow.staticData?.[`node:${TRIGGER_NODE}`];
}

async function setUp(n8n: N8nInstance): Promise<void> {
	await n8n.importCredentials([simulatorCredential(sim, { ...CRED, apiKey: sim.accounts[1].writeKey })]);
	await n8n.importWorkflows([triggerWorkflow(WORKFLOW_ID, CRED)]);
}

describe('(a) with n8n defaults, regular mode (sqlite)', () => {
	let n8n: N8nInstance;

	afterAll(async () => {
		await n8n?.stop();
	});

	it('the position taken at activation is stored, and survives a restart before any new record', async () => {
		n8n = await createInstance({ packageDir: REPO_ROOT, name: 'queue-static-data-defaults' });
		await setUp(n8n);
		await n8n.start();
		sim.clearRequests();
		await n8n.activate(WORKFLOW_ID);
		// The activation's poll starts from now; a scheduled poll (every 5 s) may follow before we look.
		expect(polls()[0]).toBe('newest');
		expect(polls().slice(1).every((p) => p === 'forward')).toBe(true);
		expect(await staticData(n8n)).toMatchObject({ watermark: expect.any(String) });

		await n8n.stop();
		sim.clearRequests();
		newFeedback(sim, 1, ['created while n8n was down']);
		await n8n.start();
		// The activation at start-up polls from the stored position and emits the record.
		await waitForEmitted(n8n, WORKFLOW_ID, ['created while n8n was down']);
		await waitForPolls(3);
		expect(polls()).toEqual(['forward', 'forward', 'forward']);
		const emitted = await emissions(n8n, WORKFLOW_ID);
		expect(emitted.map((e) => [e.status, e.comments])).toEqual([['success', ['created while n8n was down']]]);
	});

	it('a deactivation keeps the position too: reactivated, the trigger emits what came in between', async () => {
		await n8n.deactivate(WORKFLOW_ID);
		newFeedback(sim, 1, ['created while the workflow was inactive']);
		sim.clearRequests();
		await n8n.activate(WORKFLOW_ID);
		expect(polls().length).toBeGreaterThan(0);
		expect(polls().every((p) => p === 'forward')).toBe(true);
		const emitted = await waitForEmitted(n8n, WORKFLOW_ID, ['created while the workflow was inactive']);
		expect(emitted.map((e) => [e.status, e.comments])).toEqual([
			['success', ['created while n8n was down']],
			['success', ['created while the workflow was inactive']],
		]);
	});
});

/**
 * (b) in one n8n: activation, a record before the first scheduled poll (lost), a record after
 * it (emitted once), a restart with a record created meanwhile. n8n keeps a scheduled job per
 * poll time and, at start-up, runs every occurrence missed within its misfire grace (60 s) at
 * once, from the same stored cursor; the trigger's guard lets the record come once.
 */
async function durableCursorStory(n8n: N8nInstance, restart: () => Promise<void>, cursor?: () => string): Promise<{ copies: number }> {
	sim.clearRequests();
	// The record goes in the moment the activation's poll is answered: before any scheduled poll.
	onRequest = (request) => {
		if (request.path !== FEEDBACK_PATH) return;
		onRequest = undefined;
		newFeedback(sim, 1, ['created right after activation']);
	};
	await n8n.activate(WORKFLOW_ID);
	// On a slow machine the first scheduled poll (every 5 s) may follow the activation's before we look.
	expect(polls()[0]).toBe('newest');
	expect(await staticData(n8n)).toBeUndefined();
	if (cursor) {
		const stored = cursor();
		// Only the activation's poll answered, so no scheduled poll can have committed a cursor yet.
		if (polls().length === 1) expect(stored).toBe('{}');
	}

	// The first scheduled poll starts from now again: the activation's position was not kept.
	await waitForPolls(3);
	expect(polls().slice(0, 3)).toEqual(['newest', 'newest', 'forward']);
	expect(await emissions(n8n, WORKFLOW_ID)).toEqual([]);
	if (cursor) expect(JSON.parse(cursor())).toMatchObject({ watermark: expect.any(String) });

	newFeedback(sim, 1, ['after the first scheduled poll']);
	await waitForEmitted(n8n, WORKFLOW_ID, ['after the first scheduled poll']);
	const beforeRestart = await emissions(n8n, WORKFLOW_ID);
	expect(beforeRestart.map((e) => [e.status, e.comments])).toEqual([['success', ['after the first scheduled poll']]]);

	// Down for three poll times or more.
	sim.clearRequests();
	await restart();
	await waitForEmitted(n8n, WORKFLOW_ID, ['created while n8n was down']);
	await waitForPolls(polls().length + 2);
	const afterRestart = (await emissions(n8n, WORKFLOW_ID)).slice(beforeRestart.length);
	expect(afterRestart.every((e) => e.status === 'success' && e.comments.join() === 'created while n8n was down')).toBe(true);
	// The missed poll times all ran at start-up, from the same stored cursor.
	const catchUp = sim.requests({ path: FEEDBACK_PATH }).filter((r, _, all) => r.rawQuery === all[0].rawQuery);
	expect(catchUp.length).toBeGreaterThanOrEqual(2);
	expect(await staticData(n8n)).toBeUndefined();
	return { copies: afterRestart.length };
}

describe('(b) with durable poll cursors', () => {
	it('regular mode (sqlite): a record right after activation is lost; one created while n8n is down comes once, the missed polls run at once', async () => {
		const n8n = await createInstance({ packageDir: REPO_ROOT, name: 'queue-static-data-durable', env: DURABLE_CURSORS });
		try {
			await setUp(n8n);
			await n8n.start();
			const { copies } = await durableCursorStory(n8n, async () => {
				await n8n.stop();
				newFeedback(sim, 1, ['created while n8n was down']);
				await sleep(8000);
				await n8n.start();
			});
			console.log(`durable cursors, regular mode: the record created while n8n was down was emitted ${copies} time(s)`);
			expect(copies).toBe(1);
		} finally {
			await n8n.stop();
		}
	});

	it('queue mode (PostgreSQL): the same, with the cursor in the poller_state table and the executions on the workers', async () => {
		let cluster: QueueCluster | undefined;
		try {
			cluster = await createQueueCluster({ name: 'test-static-data', workers: 2, concurrency: 5, env: DURABLE_CURSORS });
			const c = cluster;
			await setUp(c.main);
			await c.start();
			const { copies } = await durableCursorStory(
				c.main,
				async () => {
					await c.stopMain();
					newFeedback(sim, 1, ['created while n8n was down']);
					await sleep(8000);
					await c.startMain();
				},
				() => c.psql(`select "cursor" from poller_state where "workflowId" = '${WORKFLOW_ID}'`),
			);
			console.log(`durable cursors, queue mode: the record created while the main was down was emitted ${copies} time(s)`);
			expect(copies).toBe(1);
			const ids = (await emissions(c.main, WORKFLOW_ID)).map((e) => e.id);
			expect(ids.map((id) => c.workerOf(id))).toEqual(ids.map(() => expect.stringMatching(/^worker-/)));
			expect(fs.readFileSync(c.main.logFile, 'utf8')).not.toMatch(/Failed to commit the poll cursor/);
		} finally {
			await cluster?.stop();
		}
	});
});
