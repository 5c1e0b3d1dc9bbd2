/**
 * `npx tsx bench/queueTenMinutes.ts [--runs N] [--workers 2,4]`: not part of the run. Ten minutes of
 * queue-mode work under a window of 150 fixed to the clock's minute (the commonest limiter), no
 * Retry-After: four executions of Customer › Get, 375 items each (1,500 requests, ten of the
 * limit's windows), on 2 and on 4 workers (dev/queue: PostgreSQL, Redis, a main and the workers,
 * each worker's concurrency 4 / workers), the credential at its defaults. Share and refused as in
 * scenario 8: the least time a perfect client takes for the same four executions against the same
 * limiter, from the same moment (each request taking the load's own time, measured first without
 * a limit), over the time taken. Prints a markdown table for bench/RESULTS.md (scenario 8). Needs
 * the build (dist/) and the parts of dev/queue.
 */
import { simulatorCredential } from '../dev/n8n/simulatorCredentials';
import { perfectClient, SHAPES } from '../dev/pacing/simulation';
import { createQueueCluster } from '../dev/queue/cluster';
import { callWebhook, customerGetWorkflow } from '../dev/queue/workflows';
import { start } from '../dev/simulator';
import type { RateLimitConfig } from '../dev/simulator/ratelimit';
import { numberListOption, numberOption } from './lib/args';
import { RequestRecorder, tally } from './lib/requests';
import { fmtValues, num } from './lib/stats';
import { spanOf } from './scenarios/limiterShapes';

const EXECUTIONS = 4;
const ITEMS = 1_500;
const CRED = { id: 'tenMinutesCred01', name: 'Survey Feedback (ten minutes)' };
const WORKFLOW_ID = 'tenMinutesFlow01';

async function main(): Promise<void> {
	const runs = numberOption('--runs', 1);
	const rec = new RequestRecorder();
	const sim = await start({ seed: 'empty', rateLimit: false, onRequest: rec.hook });
	const account = sim.accounts[0];
	const ids = sim.insert(account.id, 'customers', Array.from({ length: ITEMS }, (_, i) => ({ email: `ten.minutes.${i}@example.com` }))).map((c) => String(c.id));
	const bodies = Array.from({ length: EXECUTIONS }, (_, i) => ({ ids: ids.slice((i * ITEMS) / EXECUTIONS, ((i + 1) * ITEMS) / EXECUTIONS) }));
	const rows: string[][] = [];
	try {
		for (const workers of numberListOption('--workers', [2, 4])) {
			const cluster = await createQueueCluster({ name: `bench-ten-minutes-${workers}w`, workers, concurrency: EXECUTIONS / workers });
			try {
				await cluster.main.importCredentials([simulatorCredential(sim, { ...CRED, apiKey: account.writeKey })]);
				await cluster.main.importWorkflows([customerGetWorkflow(WORKFLOW_ID, 'ten-minutes', CRED)]);
				await cluster.main.activate(WORKFLOW_ID);
				await cluster.start();
				const measure = async (service: RateLimitConfig | false) => {
					sim.configure({ rateLimit: service }); // fresh counters
					rec.clear();
					const before = new Set((await cluster.main.executions({ workflowId: WORKFLOW_ID })).map((e) => e.id));
					await callWebhook(cluster.webhookUrl('ten-minutes'), bodies);
					const all = await cluster.main.waitForExecutions({ workflowId: WORKFLOW_ID, count: before.size + EXECUTIONS, timeoutMs: 40 * 60_000, intervalMs: 2000, includeData: false });
					sim.configure({ rateLimit: false });
					const done = all.filter((e) => !before.has(e.id));
					return { requests: rec.all().filter((r) => r.accountId === account.id), ok: done.length === EXECUTIONS && done.every((e) => e.status === 'success') };
				};
				// The load's own pace: each request's cycle within one execution, without a limit.
				const free = await measure(false);
				const cycleMs = (spanOf(free.requests).spanMs / ITEMS) * EXECUTIONS;
				const shares: number[] = [];
				const refused: number[] = [];
				const spans: number[] = [];
				let completed = 0;
				for (let run = 1; run <= runs; run++) {
					const r = await measure(SHAPES.fixedMinute);
					const t = tally(r.requests);
					const { startAt, spanMs } = spanOf(r.requests);
					const leastMs = perfectClient(SHAPES.fixedMinute, bodies.map((b) => [b.ids.length]), [], startAt, cycleMs).spanMs;
					shares.push(leastMs / spanMs);
					refused.push(t.rateLimited / Math.max(1, t.total));
					spans.push(spanMs / 1000);
					if (r.ok && t.ok === ITEMS) completed++;
					console.log(`${workers} workers, run ${run}: ${r.ok ? 'OK' : 'FAILED'}, ok ${t.ok}, 429 ${t.rateLimited}, ${num(spanMs / 1000, 1)} s, least ${num(leastMs / 1000, 1)} s, share ${num((leastMs / spanMs) * 100, 0)} %`);
				}
				rows.push([String(workers), `${completed}/${runs}`, fmtValues(shares.map((s) => s * 100), 0, ' %'), fmtValues(refused.map((s) => s * 100), 1, ' %'), fmtValues(spans, 1)]);
			} finally {
				await cluster.stop();
			}
		}
	} finally {
		await sim.close();
	}
	console.log('\n| Workers | Runs complete | Share of the least time | Refused (429) | Time, s |\n| ---: | ---: | ---: | ---: | ---: |');
	for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

void main();
