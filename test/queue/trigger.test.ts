/**
 * The Survey Feedback Trigger in queue mode. It polls on the main (every 5 s), its executions run
 * on the workers; records inserted across polls start the workflow exactly once, also across
 * restarts of the main, its position kept in PostgreSQL: once right after activation, before any
 * new record, and once after records were emitted; and while one poll rides out 20 s of failures,
 * the polls the main starts meanwhile are skipped. With n8n's default settings.
 */
import * as fs from 'node:fs';

import { simulatorCredential } from '../../dev/n8n/simulatorCredentials';
import { createQueueCluster, type QueueCluster } from '../../dev/queue/cluster';
import { start, type Simulator } from '../../dev/simulator';
import { emissions, FEEDBACK_PATH, newFeedback, sleep, triggerWorkflow, waitForEmitted } from './support';

const CRED = { id: 'sfQueueTrigCredB', name: 'Survey Feedback (account B)' };
const WORKFLOW_ID = 'queueTrigger0001';

let sim: Simulator;
let cluster: QueueCluster;

/** The trigger's position as stored in PostgreSQL (the workflow's static data). */
function storedPosition(): { watermark: string | null; idsAtWatermark: string[] } | undefined {
	const raw = cluster.psql(`select "staticData" from workflow_entity where id = '${WORKFLOW_ID}'`);
	return raw ? JSON.parse(raw)['node:New feedback'] : undefined;
}

/** For a failure's message: the stored position, and the last lines the main logged about the trigger. */
function triggerState(): string {
	const log = fs.existsSync(cluster.main.logFile) ? fs.readFileSync(cluster.main.logFile, 'utf8').split('\n') : [];
	const about = log.filter((line) => /poll|trigger|Survey Feedback/i.test(line)).slice(-10);
	return `stored position: ${JSON.stringify(storedPosition())}; the main's last lines about polls: ${about.join(' / ') || 'none'}`;
}

/** Waits until the trigger emitted these comments; on timeout the message says what the trigger read and kept. */
const waitForTrigger = (comments: string[], timeoutMs?: number) => waitForEmitted(cluster.main, WORKFLOW_ID, comments, { sim, timeoutMs, context: triggerState });

beforeAll(async () => {
	sim = await start({ seed: 'demo', rateLimit: false });
	cluster = await createQueueCluster({ name: 'test-trigger', workers: 2, concurrency: 5 });
	// Retries for up to two minutes: one test has the service fail for 20 s.
	await cluster.main.importCredentials([simulatorCredential(sim, { ...CRED, apiKey: sim.accounts[1].writeKey, data: { maxRetryWait: 120 } })]);
	await cluster.main.importWorkflows([triggerWorkflow(WORKFLOW_ID, CRED)]);
	await cluster.start();
});

afterAll(async () => {
	await cluster?.stop();
	await sim?.close();
});

describe('Survey Feedback Trigger in queue mode', () => {
	const all: string[] = [];

	it('activation stores the newest record as the position in PostgreSQL and emits nothing', async () => {
		sim.clearRequests();
		await cluster.main.activate(WORKFLOW_ID);
		const answer = await fetch(`${sim.baseUrl}${FEEDBACK_PATH}?sort=-createdDate&limit=1`, { headers: { 'X-Api-Key': sim.accounts[1].readKey } });
		const [newest] = ((await answer.json()) as { data: { responses: Array<{ id: string; createdDate: string }> } }).data.responses;
		expect(storedPosition()).toMatchObject({ watermark: newest.createdDate, idsAtWatermark: [newest.id] });
		expect(await emissions(cluster.main, WORKFLOW_ID)).toEqual([]);
	});

	it('a restart of the main before any new record keeps the position; only the main polls', async () => {
		await cluster.stopMain();
		sim.clearRequests();
		newFeedback(sim, 1, ['while the main was down (1)']);
		all.push('while the main was down (1)');
		// Longer than a poll interval: the workers, still running, poll nothing.
		await sleep(7000);
		expect(sim.requests({ path: FEEDBACK_PATH })).toEqual([]);
		await cluster.startMain();
		const emitted = await waitForTrigger(all);
		expect(emitted.flatMap((e) => e.comments)).toEqual(all);
	});

	it('records inserted across polls start the workflow once each, on the workers', async () => {
		newFeedback(sim, 1, ['a', 'b']);
		all.push('a', 'b');
		await waitForTrigger(all);
		newFeedback(sim, 1, ['c']);
		all.push('c');
		const emitted = await waitForTrigger(all);
		expect(emitted.flatMap((e) => e.comments)).toEqual(all);
		expect(emitted.length).toBeGreaterThanOrEqual(3);
		expect(emitted.every((e) => e.mode === 'trigger' && e.status === 'success')).toBe(true);
	});

	it('a restart of the main after records were emitted resumes from the stored position', async () => {
		await cluster.stopMain();
		newFeedback(sim, 1, ['while the main was down (2)', 'while the main was down (3)']);
		all.push('while the main was down (2)', 'while the main was down (3)');
		await cluster.startMain();
		await waitForTrigger(all);
		// Two more polls: nothing comes twice.
		const mark = sim.requests({ path: FEEDBACK_PATH }).length;
		const deadline = Date.now() + 30_000;
		while (sim.requests({ path: FEEDBACK_PATH }).length < mark + 3 && Date.now() < deadline) await sleep(500);
		const emitted = await emissions(cluster.main, WORKFLOW_ID);
		expect(emitted.flatMap((e) => e.comments)).toEqual(all);
		expect(emitted.every((e) => e.mode === 'trigger' && e.status === 'success')).toBe(true);

		// Every execution ran on a worker (which one is up to the queue).
		const byWorker = cluster.executionsByWorker();
		expect([...byWorker.values()].flat().sort((a, b) => a - b)).toEqual(emitted.map((e) => e.id));
		console.log(`trigger in queue mode: ${emitted.length} executions, ${[...byWorker].map(([w, ids]) => `${w}: ${ids.join(', ')}`).join('; ')}`);
	});

	it('a poll that rides out 20 s of failures: the polls the main starts meanwhile are skipped; every record once, in order', async () => {
		const skipped = () =>
			fs.readFileSync(cluster.main.logFile!, 'utf8').split('\n').filter((line) => line.includes('the previous check is still running')).length;
		const skippedBefore = skipped();
		const before = (await emissions(cluster.main, WORKFLOW_ID)).length;
		const page = { method: 'GET', pathPrefix: FEEDBACK_PATH };
		sim.configure({ faults: [{ kind: 500, share: 0.5, match: page }, { kind: 'drop', match: page }] });
		const backlog = Array.from({ length: 2500 }, (_, i) => `backlog ${i}`);
		newFeedback(sim, 1, backlog);
		all.push(...backlog);
		await sleep(20_000);
		sim.configure({ faults: [] });
		await waitForTrigger(backlog, 150_000);
		const later = Array.from({ length: 500 }, (_, i) => `later ${i}`);
		newFeedback(sim, 1, later);
		all.push(...later);
		await waitForTrigger(later, 90_000);

		const emitted = await emissions(cluster.main, WORKFLOW_ID);
		expect(emitted.flatMap((e) => e.comments)).toEqual(all);
		expect(emitted.every((e) => e.mode === 'trigger' && e.status === 'success')).toBe(true);
		const byWorker = cluster.executionsByWorker();
		expect([...byWorker.values()].flat().sort((a, b) => a - b)).toEqual(emitted.map((e) => e.id));
		expect(emitted.length).toBeGreaterThan(before);
		expect(skipped() - skippedBefore).toBeGreaterThanOrEqual(3);
	});
});
