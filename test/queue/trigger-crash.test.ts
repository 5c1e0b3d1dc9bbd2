/**
 * What survives n8n being killed (SIGKILL) at each point of a poll's life, in regular mode and in
 * queue mode (the main and the worker killed together), with n8n's default settings on
 * PostgreSQL (a pool of 10 connections, so that the two writes the test holds leave others to
 * work with). Four workflows, one per point, are stopped at their points at once
 * (test/queue/crashPoints.ts says how, without timing luck), then n8n is killed and started again.
 * For each, how often the trigger emitted the records created before the kill (those of the poll
 * it stopped), while n8n was down, and after it was back:
 *
 * | killed                                                          | before | down | after |
 * |-----------------------------------------------------------------|--------|------|-------|
 * | during the poll's requests                                      | once   | once | once  |
 * | after the poll returned, its position stored, not its execution | never  | once | once  |
 * | after the poll returned, its execution stored, not its position | twice  | once | once  |
 * | during the execution                                            | once, in an execution n8n marks crashed; retried by hand, it runs them | once | once |
 *
 * Once the poll returned, n8n stores the position (`saveStaticData`) and the execution at once,
 * waiting for neither: docs/trigger.md, "When n8n is killed".
 */
import * as path from 'node:path';

import { createInstance, REPO_ROOT, type N8nInstance } from '../../dev/n8n/harness';
import { simulatorCredential } from '../../dev/n8n/simulatorCredentials';
import { createQueueCluster, queueWorkRoot } from '../../dev/queue/cluster';
import { postgresEnv, startParts, type QueueParts } from '../../dev/queue/parts';
import { start, type Simulator } from '../../dev/simulator';
import {
	crashWorkflow,
	emitted,
	executionInsertHeld,
	HoldServer,
	HoldSession,
	installExecutionHold,
	newRecords,
	POINTS,
	storedPosition,
	timesEmitted,
	type Point,
} from './crashPoints';
import { sleep, waitUntil } from './support';

const CREDS = [
	{ id: 'sfCrashCredAcctA', name: 'Survey Feedback (account A)' },
	{ id: 'sfCrashCredAcctB', name: 'Survey Feedback (account B)' },
];
/** Enough connections that the two held writes leave n8n others to work with (n8n's default is 2). */
const POOL = { DB_POSTGRESDB_POOL_SIZE: '10' };
const ORDER: Point[] = ['execution', 'executionStored', 'positionStored', 'requests'];

let sim: Simulator;
const holdServer = new HoldServer();
let holdUrl: string;

beforeAll(async () => {
	sim = await start({ seed: 'demo', rateLimit: false });
	holdUrl = await holdServer.start();
});

afterAll(async () => {
	await holdServer.close();
	await sim?.close();
});

/** n8n as one mode runs it: its main (where the trigger polls), its database, and how to kill and start it all. */
interface Deployment {
	main: N8nInstance;
	parts: QueueParts;
	start(): Promise<void>;
	kill(): Promise<void>;
}

type Counts = Record<Point, { before: number[]; down: number[]; after: number[]; beforeStatuses: string[]; retried?: Array<{ status: string; ids: string[] }> }>;

/**
 * Stops each point's workflow at its point, one after the other (the holds of the earlier ones
 * stay): the records of the poll it stopped are `before[point]`.
 */
async function holdEach(n8n: Deployment, session: HoldSession, before: Record<Point, string[]>): Promise<void> {
	for (const point of ORDER) {
		const oldPosition = storedPosition(n8n.parts, point);
		if (point === 'execution') holdServer.hold();
		if (point === 'executionStored') await session.holdStaticData();
		if (point === 'positionStored') await session.holdExecutionInsert();
		if (point === 'requests') {
			sim.configure({ faults: [{ kind: 'slow', delayMs: 600_000, count: 1, match: { method: 'GET', pathPrefix: '/api/v2/customers' } }] });
		}
		before[point] = newRecords(sim, point, 'before', 3);
		const at = `${POINTS[point].what} (${POINTS[point].workflowId})`;
		if (point === 'execution') await waitUntil(at, () => holdServer.holding);
		if (point === 'executionStored') {
			await waitUntil(at, async () => (await emitted(n8n.main, point)).some((e) => e.status === 'success' && e.ids.includes(before[point][0])));
			expect(storedPosition(n8n.parts, point)).toEqual(oldPosition);
		}
		if (point === 'positionStored') {
			await waitUntil(at, () => executionInsertHeld(n8n.parts));
			await waitUntil(`${at}: the position stored`, () => JSON.stringify(storedPosition(n8n.parts, point)) !== JSON.stringify(oldPosition));
			expect(timesEmitted(await emitted(n8n.main, point), before[point])).toEqual([0, 0, 0]);
		}
		if (point === 'requests') await waitUntil(at, () => sim.state().config.faults[0]?.count === 0);
	}
}

/** Stops the four workflows at their points, kills n8n, starts it again; how often each record came out. */
async function crashAtEveryPoint(n8n: Deployment): Promise<Counts> {
	await n8n.main.importCredentials(CREDS.map((cred, account) => simulatorCredential(sim, { ...cred, apiKey: sim.accounts[account].writeKey })));
	const points = Object.keys(POINTS) as Point[];
	await n8n.main.importWorkflows(points.map((point) => crashWorkflow(point, CREDS[POINTS[point].account], holdUrl)));
	installExecutionHold(n8n.parts, POINTS.positionStored.workflowId);
	await n8n.start();
	for (const point of points) await n8n.main.activate(POINTS[point].workflowId);
	await waitUntil('every trigger stored its position at activation', () => points.every((point) => storedPosition(n8n.parts, point)?.watermark !== undefined));

	const before = {} as Record<Point, string[]>;
	const session = HoldSession.open(n8n.parts);
	try {
		await holdEach(n8n, session, before);
		await n8n.kill();
		await session.release();
	} finally {
		session.close();
	}
	sim.configure({ faults: [] });
	const down = Object.fromEntries(points.map((point) => [point, newRecords(sim, point, 'down', 2)])) as Record<Point, string[]>;
	await sleep(2000);
	await n8n.start();
	const after = Object.fromEntries(points.map((point) => [point, newRecords(sim, point, 'after', 2)])) as Record<Point, string[]>;
	for (const point of points) {
		await waitUntil(`${point}: the records created while n8n was down and after`, async () =>
			timesEmitted(await emitted(n8n.main, point), [...down[point], ...after[point]]).every((times) => times > 0),
		);
	}
	// Two more polls of each: what would come twice has come.
	await sleep(11_000);

	const counts = {} as Counts;
	for (const point of points) {
		const all = await emitted(n8n.main, point);
		counts[point] = {
			before: timesEmitted(all, before[point]),
			down: timesEmitted(all, down[point]),
			after: timesEmitted(all, after[point]),
			beforeStatuses: all.filter((e) => e.ids.includes(before[point][0])).map((e) => e.status),
		};
	}
	console.log(`killed at each point of a poll's life; times each record came out: ${JSON.stringify(counts)}; n8n's steps: ${JSON.stringify(n8n.main.timings)}`);

	// The execution n8n was killed in holds its records: retried by hand, it runs them.
	const crashed = (await emitted(n8n.main, 'execution')).find((e) => e.ids.includes(before.execution[0]));
	await n8n.main.rest('POST', `/executions/${crashed?.executionId}/retry`, { loadWorkflow: false });
	await waitUntil('the crashed execution retried', async () => (await emitted(n8n.main, 'execution')).some((e) => e.mode === 'retry' && e.status !== 'running'));
	counts.execution.retried = (await emitted(n8n.main, 'execution')).filter((e) => e.mode === 'retry').map((e) => ({ status: e.status, ids: e.ids }));
	expect(counts.execution.retried.map((e) => e.ids)).toEqual([before.execution]);
	return counts;
}

function expectTheDocumentedCounts(counts: Counts) {
	expect(counts.requests).toMatchObject({ before: [1, 1, 1], down: [1, 1], after: [1, 1] });
	expect(counts.positionStored).toMatchObject({ before: [0, 0, 0], down: [1, 1], after: [1, 1] });
	expect(counts.executionStored).toMatchObject({ before: [2, 2, 2], down: [1, 1], after: [1, 1] });
	expect(counts.executionStored.beforeStatuses).toEqual(['success', 'success']);
	expect(counts.execution).toMatchObject({ before: [1, 1, 1], down: [1, 1], after: [1, 1] });
	expect(counts.execution.beforeStatuses).toEqual(['crashed']);
	expect(counts.execution.retried?.map((e) => e.status)).toEqual(['success']);
}

const pgEnv = (parts: QueueParts) => ({ ...postgresEnv(parts.postgres), ...POOL });

it('regular mode: killed at each point of a poll, n8n started again', async () => {
	const workDir = path.join(queueWorkRoot(), 'test-crash-regular');
	const parts = await startParts({ workDir: path.join(workDir, 'parts') });
	const main = await createInstance({ packageDir: REPO_ROOT, name: 'main', workDir: path.join(workDir, 'main'), env: pgEnv(parts) });
	try {
		const counts = await crashAtEveryPoint({
			main,
			parts,
			start: () => main.start(),
			kill: () => main.stop({ signal: 'SIGKILL' }),
		});
		expectTheDocumentedCounts(counts);
	} finally {
		await main.stop();
		await parts.stop();
	}
});

it('queue mode: killed at each point of a poll (the main and the worker), n8n started again', async () => {
	const cluster = await createQueueCluster({ name: 'test-crash-queue', workers: 1, concurrency: 5, env: POOL });
	try {
		const counts = await crashAtEveryPoint({
			main: cluster.main,
			parts: cluster.parts,
			start: () => cluster.start(),
			kill: async () => {
				await Promise.all([cluster.main, ...cluster.workers].map((process) => process.stop({ signal: 'SIGKILL' })));
			},
		});
		expectTheDocumentedCounts(counts);
		// The executions ran on the worker.
		expect(cluster.executionsByWorker().get('worker-1')?.length).toBeGreaterThan(0);
	} finally {
		await cluster.stop();
	}
});
