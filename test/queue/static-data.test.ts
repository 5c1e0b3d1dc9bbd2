/**
 * Where n8n 2.41.1 keeps a poll trigger's position, and whether a record created right after
 * activation (before the first scheduled poll), or while n8n is down, is lost. Beside ours, in
 * the same n8n, one of n8n's own poll triggers: the RSS Feed Trigger reading a feed served here
 * (test/queue/rssFeed.ts), which keeps its position in its static data as ours does.
 *
 * (a) n8n's defaults. The activation polls once, awaited, on the very Workflow object whose
 *     static data the trigger writes; the publication service (WorkflowTriggerActivator) then
 *     calls saveStaticData(workflow), which stores it because the write set `__dataChanged`.
 *     So the position taken at activation IS stored: a record created right after activation,
 *     while n8n is down, or while the workflow is deactivated, is emitted afterwards, by ours
 *     and by the RSS Feed Trigger alike. Shown here in regular mode (sqlite); test/queue/trigger.test.ts
 *     shows the same in queue mode (PostgreSQL).
 *
 * (b) Durable poll cursors: N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED and
 *     N8N_POLLER_DURABLE_CURSORS_ENABLED (and N8N_USE_WORKFLOW_PUBLICATION_SERVICE, on by
 *     default). The cursor then lives in the `poller_state` table, each poll gets a copy of its
 *     own, and n8n commits it with the poll's execution, or alone after a poll that emits
 *     nothing; it survives restarts. But:
 *     - the activation polls as a "testing" poll, whose staged cursor is never committed unless
 *       it emits: the cursor stays `{}`, the first scheduled poll starts from now again, and a
 *       record created in between is never emitted. n8n's RSS Feed Trigger loses its item the
 *       same way: the gap is n8n's. With Options › Start From, our trigger keeps that record: an
 *       empty cursor means "from Start From", until a poll emits;
 *     - n8n keeps one scheduled job per poll time and at start-up runs every occurrence it
 *       missed within the misfire grace (60 s), all at once, each over its own copy of the stored
 *       cursor, read when n8n started its task. The trigger runs one poll of a trigger at a time,
 *       and skips the polls whose copy predates the last emitting poll's result (the position it
 *       started from): a record created while n8n was down comes once. n8n's RSS Feed Trigger
 *       emits an item published meanwhile once per poll that read it (logged);
 *     - a poll slower than the poll interval: the polls n8n starts meanwhile, each over its own
 *       copy, are skipped, and the slow one emits (regular mode);
 *     - the main killed (SIGKILL) after a poll returned, while its execution waits to be stored
 *       (queue mode): n8n stores the execution and the cursor in one transaction, so neither was,
 *       and the record comes once after the restart.
 *     Shown in regular and in queue mode.
 */
import * as fs from 'node:fs';

import { createInstance, REPO_ROOT, type N8nInstance } from '../../dev/n8n/harness';
import { simulatorCredential } from '../../dev/n8n/simulatorCredentials';
import { createQueueCluster, type QueueCluster } from '../../dev/queue/cluster';
import { start, type LoggedRequest, type Simulator } from '../../dev/simulator';
import { outputItems } from '../../dev/n8n/harness';
import { executionInsertHeld, HoldSession, installExecutionHold } from './crashPoints';
import { FeedServer, RSS_NODE, rssWorkflow } from './rssFeed';
import { emissions, FEEDBACK_PATH, newFeedback, sleep, TRIGGER_NODE, triggerWorkflow, waitForEmitted, waitUntil } from './support';

const CRED = { id: 'sfQueueStatCredB', name: 'Survey Feedback (account B)' };
const CRED_A = { id: 'sfQueueStatCredA', name: 'Survey Feedback (account A)' };
/** Ours on account B's feedback, from now. */
const WORKFLOW_ID = 'queueStaticData1';
/** Ours on account A's feedback, Start From the moment it was imported. */
const START_FROM_ID = 'queueStaticFrom1';
/** n8n's RSS Feed Trigger on the feed served here. */
const RSS_ID = 'queueStaticRss01';
const RIGHT_AFTER = 'created right after activation';
const RSS_RIGHT_AFTER = 'published right after activation';

const DURABLE_CURSORS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
};

let sim: Simulator;
/** Called with every request the simulator logs (after it answered). */
let onRequest: ((request: LoggedRequest) => void) | undefined;
const feed = new FeedServer();
let feedUrl: string;

beforeAll(async () => {
	sim = await start({ seed: 'demo', rateLimit: false, onRequest: (request) => onRequest?.(request) });
	feedUrl = await feed.start();
});

afterAll(async () => {
	await sim?.close();
	await feed.close();
});

/** The polls of WORKFLOW_ID since the log was cleared: 'newest' (start from now) or 'forward' (from a stored position). */
function polls(): Array<'newest' | 'forward'> {
	return sim.requests({ path: FEEDBACK_PATH, account: sim.accounts[1].id }).map((r) => (r.query.sort === '-createdDate' ? 'newest' : 'forward'));
}

/** The titles of the items n8n's RSS Feed Trigger emitted, in order. */
async function rssEmitted(n8n: N8nInstance): Promise<string[]> {
	const list = await n8n.executions({ workflowId: RSS_ID, includeData: true, limit: 250 });
	return list.sort((a, b) => Number(a.id) - Number(b.id)).flatMap((e) => outputItems(e, RSS_NODE).map((item) => String(item.title)));
}

/**
 * Activates the three workflows, each getting one new record (an item) the moment its
 * activation's poll is answered: before any scheduled poll of it.
 */
async function activateWithARecordRightAfter(n8n: N8nInstance): Promise<void> {
	const rightAfter = (account: 0 | 1, comment: string) => {
		onRequest = (request) => {
			if (request.path !== FEEDBACK_PATH || request.accountId !== sim.accounts[account].id) return;
			onRequest = undefined;
			newFeedback(sim, account, [comment]);
		};
	};
	rightAfter(1, RIGHT_AFTER);
	await n8n.activate(WORKFLOW_ID);
	rightAfter(0, RIGHT_AFTER);
	await n8n.activate(START_FROM_ID);
	feed.onRequest = () => {
		feed.onRequest = undefined;
		feed.publish(RSS_RIGHT_AFTER);
	};
	await n8n.activate(RSS_ID);
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
	await n8n.importCredentials([
		simulatorCredential(sim, { ...CRED, apiKey: sim.accounts[1].writeKey }),
		simulatorCredential(sim, { ...CRED_A, apiKey: sim.accounts[0].writeKey }),
	]);
	// Start From: now, shortly before the workflows are activated.
	const startFrom = new Date().toISOString();
	await n8n.importWorkflows([triggerWorkflow(WORKFLOW_ID, CRED), triggerWorkflow(START_FROM_ID, CRED_A, { startFrom }), rssWorkflow(RSS_ID, feedUrl)]);
}

describe('(a) with n8n defaults, regular mode (sqlite)', () => {
	let n8n: N8nInstance;

	afterAll(async () => {
		await n8n?.stop();
	});

	it('the position taken at activation is stored: a record right after activation comes once, ours and n8n’s RSS Feed Trigger’s alike, and one created while n8n is down', async () => {
		n8n = await createInstance({ packageDir: REPO_ROOT, name: 'queue-static-data-defaults' });
		await setUp(n8n);
		await n8n.start();
		sim.clearRequests();
		await activateWithARecordRightAfter(n8n);
		// The activation's poll starts from now; a scheduled poll (every 5 s) may follow before we look.
		expect(polls()[0]).toBe('newest');
		expect(polls().slice(1).every((p) => p === 'forward')).toBe(true);
		expect(await staticData(n8n)).toMatchObject({ watermark: expect.any(String) });
		// The first scheduled polls emit the records created right after activation.
		await waitForEmitted(n8n, WORKFLOW_ID, [RIGHT_AFTER]);
		await waitForEmitted(n8n, START_FROM_ID, [RIGHT_AFTER]);
		await waitUntil('the RSS Feed Trigger emitted', async () => (await rssEmitted(n8n)).length > 0);
		expect(await rssEmitted(n8n)).toEqual([RSS_RIGHT_AFTER]);

		await n8n.stop();
		sim.clearRequests();
		newFeedback(sim, 1, ['created while n8n was down']);
		await n8n.start();
		// The activation at start-up polls from the stored position and emits the record.
		await waitForEmitted(n8n, WORKFLOW_ID, ['created while n8n was down']);
		await waitForPolls(3);
		expect(polls()).toEqual(['forward', 'forward', 'forward']);
		const emitted = await emissions(n8n, WORKFLOW_ID);
		expect(emitted.map((e) => [e.status, e.comments])).toEqual([
			['success', [RIGHT_AFTER]],
			['success', ['created while n8n was down']],
		]);
		expect((await emissions(n8n, START_FROM_ID)).flatMap((e) => e.comments)).toEqual([RIGHT_AFTER]);
		expect(await rssEmitted(n8n)).toEqual([RSS_RIGHT_AFTER]);
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
			['success', [RIGHT_AFTER]],
			['success', ['created while n8n was down']],
			['success', ['created while the workflow was inactive']],
		]);
	});
});

/**
 * (b) in one n8n: activation, a record (an item) right after it, before the first scheduled poll:
 * lost by ours without Start From and by n8n's RSS Feed Trigger, kept with Start From; a record
 * after the first scheduled poll (emitted once); a restart with a record created meanwhile. n8n
 * keeps a scheduled job per poll time and, at start-up, runs every occurrence missed within its
 * misfire grace (60 s) at once, from the same stored cursor; the trigger's guard lets one run and
 * the record come once. With `slowPolls`, then every poll takes 12 s, more than two poll times.
 */
async function durableCursorStory(
	n8n: N8nInstance,
	restart: (whileDown: () => void) => Promise<string[]>,
	options: { cursor?: () => string; slowPolls?: boolean } = {},
): Promise<{ copies: number[] }> {
	const { cursor } = options;
	sim.clearRequests();
	const feedRequests = feed.requests;
	await activateWithARecordRightAfter(n8n);
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
	// n8n's RSS Feed Trigger, the same: two scheduled polls after its activation's, nothing emitted.
	await waitUntil('two scheduled polls of the RSS Feed Trigger', () => feed.requests >= feedRequests + 3);
	// With Start From the record is emitted, by the first scheduled poll.
	await waitForEmitted(n8n, START_FROM_ID, [RIGHT_AFTER]);

	newFeedback(sim, 1, ['after the first scheduled poll']);
	await waitForEmitted(n8n, WORKFLOW_ID, ['after the first scheduled poll']);
	const beforeRestart = await emissions(n8n, WORKFLOW_ID);
	expect(beforeRestart.map((e) => [e.status, e.comments])).toEqual([['success', ['after the first scheduled poll']]]);

	// Down for three poll times or more.
	sim.clearRequests();
	const logBefore = fs.readFileSync(n8n.logFile, 'utf8').length;
	const aroundRestart = await restart(() => {
		newFeedback(sim, 1, ['created while n8n was down']);
		feed.publish('published while n8n was down');
	});
	await waitForEmitted(n8n, WORKFLOW_ID, aroundRestart);
	await waitUntil('the RSS Feed Trigger emitted the item published while n8n was down', async () => (await rssEmitted(n8n)).length > 0);
	await waitForPolls(polls().length + 2);
	const afterRestart = (await emissions(n8n, WORKFLOW_ID)).slice(beforeRestart.length);
	expect(afterRestart.every((e) => e.status === 'success')).toBe(true);
	const copies = aroundRestart.map((comment) => afterRestart.flatMap((e) => e.comments).filter((c) => c === comment).length);
	// The missed poll times all ran at start-up: the trigger skipped those that found one running
	// or held a copy from before its result was stored (n8n's log says which).
	const skippedAtStart = fs.readFileSync(n8n.logFile, 'utf8').slice(logBefore).split('\n').filter((line) => /Survey Feedback Trigger .* is skipped/.test(line));
	expect(skippedAtStart.length).toBeGreaterThanOrEqual(1);
	expect(await staticData(n8n)).toBeUndefined();

	if (options.slowPolls) {
		// Every poll takes 12 s: n8n starts two more meanwhile, each over its own copy; they are
		// skipped, and the slow one emits.
		const skipped = () => fs.readFileSync(n8n.logFile, 'utf8').split('\n').filter((line) => line.includes('the previous check is still running')).length;
		const skippedBefore = skipped();
		sim.configure({ faults: [{ kind: 'slow', delayMs: 12_000, match: { method: 'GET', pathPrefix: FEEDBACK_PATH } }] });
		newFeedback(sim, 1, ['while every poll takes 12 s']);
		await waitForEmitted(n8n, WORKFLOW_ID, ['while every poll takes 12 s'], { timeoutMs: 45_000 });
		sim.configure({ faults: [] });
		expect(skipped() - skippedBefore).toBeGreaterThanOrEqual(2);
	}

	// Every record once; the item n8n's RSS Feed Trigger lost stays lost.
	const comments = (await emissions(n8n, WORKFLOW_ID)).flatMap((e) => e.comments);
	expect(comments).toEqual([
		'after the first scheduled poll',
		...afterRestart.flatMap((e) => e.comments),
		...(options.slowPolls ? ['while every poll takes 12 s'] : []),
	]);
	expect((await emissions(n8n, START_FROM_ID)).flatMap((e) => e.comments)).toEqual([RIGHT_AFTER]);
	// n8n's RSS Feed Trigger: the item published right after activation never came; the one
	// published while n8n was down came, as often as n8n's polls at start-up read it.
	const rss = await rssEmitted(n8n);
	expect(rss.filter((title) => title !== 'published while n8n was down')).toEqual([]);
	console.log(`durable cursors: n8n's RSS Feed Trigger emitted the item published while n8n was down ${rss.length} time(s)`);
	return { copies };
}

describe('(b) with durable poll cursors', () => {
	it('regular mode (sqlite): a record right after activation is lost, as n8n’s RSS Feed Trigger loses its item, and kept with Start From; one created while n8n is down comes once, the missed polls run at once; a poll slower than two poll times emits', async () => {
		const n8n = await createInstance({ packageDir: REPO_ROOT, name: 'queue-static-data-durable', env: DURABLE_CURSORS });
		try {
			await setUp(n8n);
			await n8n.start();
			const { copies } = await durableCursorStory(
				n8n,
				async (whileDown) => {
					await n8n.stop();
					whileDown();
					await sleep(8000);
					await n8n.start();
					return ['created while n8n was down'];
				},
				{ slowPolls: true },
			);
			console.log(`durable cursors, regular mode: the record created while n8n was down was emitted ${copies} time(s)`);
			expect(copies).toEqual([1]);
		} finally {
			await n8n.stop();
		}
	});

	it('queue mode (PostgreSQL): the same, with the cursor in the poller_state table and the executions on the workers; the main killed after a poll returned, before n8n committed its execution with the cursor: its record comes once', async () => {
		let cluster: QueueCluster | undefined;
		try {
			cluster = await createQueueCluster({ name: 'test-static-data', workers: 2, concurrency: 5, env: { ...DURABLE_CURSORS, DB_POSTGRESDB_POOL_SIZE: '10' } });
			const c = cluster;
			await setUp(c.main);
			installExecutionHold(c.parts, WORKFLOW_ID);
			await c.start();
			const { copies } = await durableCursorStory(
				c.main,
				async (whileDown) => {
					// The poll's execution and its cursor wait in one transaction: SIGKILL then.
					const session = HoldSession.open(c.parts);
					try {
						await session.holdExecutionInsert();
						newFeedback(sim, 1, ['returned by the poll the main was killed after']);
						await waitUntil('a poll returned the record; its execution waits', () => executionInsertHeld(c.parts));
						await c.main.stop({ signal: 'SIGKILL' });
						await session.release();
					} finally {
						session.close();
					}
					whileDown();
					await sleep(8000);
					await c.startMain();
					return ['returned by the poll the main was killed after', 'created while n8n was down'];
				},
				{ cursor: () => c.psql(`select "cursor" from poller_state where "workflowId" = '${WORKFLOW_ID}'`) },
			);
			console.log(`durable cursors, queue mode: the record of the poll the main was killed after, and the one created while it was down, were emitted ${copies} time(s)`);
			expect(copies).toEqual([1, 1]);
			const ids = (await emissions(c.main, WORKFLOW_ID)).map((e) => e.id);
			expect(ids.map((id) => c.workerOf(id))).toEqual(ids.map(() => expect.stringMatching(/^worker-/)));
			expect(fs.readFileSync(c.main.logFile, 'utf8')).not.toMatch(/Failed to commit the poll cursor/);
		} finally {
			await cluster?.stop();
		}
	});
});
