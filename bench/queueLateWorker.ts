/**
 * `npx tsx bench/queueLateWorker.ts [--runs N] [--long N] [--after S]`: not part of the run. n8n in
 * queue mode with one worker per execution (concurrency 1 each) and the simulator at the real
 * limit, 150 per 60 s, without Retry-After. `--long` executions of Customer › Get with 600 items
 * each (default 1) keep the whole limit busy for minutes; `--after` seconds later (default 10) a
 * short one (20 items) starts on the worker left. Prints how each ended: the short one gets in
 * only when a busy worker leaves it a slot, and fails if that takes longer than the credential's
 * Max Rate Limit Wait (its default, 120 s) allows. bench/pacerModel.ts models the same on virtual
 * time over many seeds. Needs the build (dist/) and the parts of dev/queue.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { nodeError, outputItems } from '../dev/n8n/harness';
import { simulatorCredential } from '../dev/n8n/simulatorCredentials';
import { createQueueCluster } from '../dev/queue/cluster';
import { callWebhook, customerGetWorkflow } from '../dev/queue/workflows';
import { start } from '../dev/simulator';
import { numberOption } from './lib/args';
import { REAL } from './scenarios/queue';

const LONG_ITEMS = 600;
const SHORT_ITEMS = 20;
const CRED = { id: 'lateWorkerCred01', name: 'Survey Feedback (late worker)' };
const WORKFLOW_ID = 'lateWorkerFlow01';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
	const runs = numberOption('--runs', 2);
	const longLoads = numberOption('--long', 1);
	const shortAfterMs = numberOption('--after', 10) * 1000;
	const sim = await start({ seed: 'empty', rateLimit: false });
	const account = sim.accounts[0];
	const customers = longLoads * LONG_ITEMS + SHORT_ITEMS;
	const ids = sim.insert(account.id, 'customers', Array.from({ length: customers }, (_, i) => ({ email: `late.worker.${i}@example.com` }))).map((c) => String(c.id));
	const cluster = await createQueueCluster({ name: 'bench-late-worker', workers: longLoads + 1, concurrency: 1 });
	try {
		await cluster.main.importCredentials([simulatorCredential(sim, { ...CRED, apiKey: account.writeKey })]);
		await cluster.main.importWorkflows([customerGetWorkflow(WORKFLOW_ID, 'late-worker', CRED)]);
		await cluster.main.activate(WORKFLOW_ID);
		await cluster.start();
		for (let run = 1; run <= runs; run++) {
			sim.configure({ rateLimit: { ...REAL, retryAfter: false } }); // a fresh window
			sim.clearRequests();
			const before = new Set((await cluster.main.executions({ workflowId: WORKFLOW_ID })).map((e) => e.id));
			const t0 = Date.now();
			for (let load = 0; load < longLoads; load++) {
				await callWebhook(cluster.webhookUrl('late-worker'), [{ ids: ids.slice(load * LONG_ITEMS, (load + 1) * LONG_ITEMS) }]);
			}
			await sleep(shortAfterMs);
			await callWebhook(cluster.webhookUrl('late-worker'), [{ ids: ids.slice(longLoads * LONG_ITEMS) }]);
			const all = await cluster.main.waitForExecutions({
				workflowId: WORKFLOW_ID,
				count: before.size + longLoads + 1,
				timeoutMs: 30 * 60_000,
				intervalMs: 2000,
				includeData: false,
			});
			const requests = sim.requests();
			console.log(`run ${run}: ${requests.filter((r) => r.status === 200).length} requests answered, ${requests.filter((r) => r.status === 429).length} refused`);
			for (const { id } of all.filter((e) => !before.has(e.id)).sort((a, b) => Number(a.id) - Number(b.id))) {
				const execution = await cluster.main.execution(id, true);
				const error = nodeError(execution, 'Get customers');
				const items = outputItems(execution, 'Customer IDs').length;
				console.log(
					`  execution ${id} (${items} items) on ${cluster.workerOf(id)}: ${execution.status}, from ${seconds(Date.parse(execution.startedAt) - t0)} to ${seconds(Date.parse(execution.stoppedAt) - t0)}` +
						(error ? `\n    ${error.message}: ${error.description}` : ''),
				);
			}
			sim.configure({ rateLimit: false });
			if (run < runs) await sleep(REAL.windowMs + 2000); // the workers' pacers forget the account
		}
	} finally {
		await cluster.stop();
		await sim.close();
	}
}

void main();
