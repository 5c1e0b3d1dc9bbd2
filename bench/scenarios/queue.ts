/**
 * Scenario 5: the package in n8n's queue mode, several workers sharing ONE account's rate limit.
 * For each worker count (1, 2, 4) a fresh cluster (dev/queue: a main and the workers, PostgreSQL,
 * Redis) runs four executions started at once by a webhook, spread evenly over the workers
 * (concurrency 4 / workers), each the load of issue 10: Return All of 30 pages and a bulk upsert
 * of 3,000 customers, against the simulator at 15 requests per 6 s (150 per 60 s on a clock ten
 * times faster), with the credential stating that limit; the same load without a limit, for the
 * time its own work takes; and four executions of Customer › Get (one request per item, nothing
 * in between) at the compressed clock. Then, with two workers, the real limit of 150 per 60 s: four executions of
 * Customer › Get, one request per item, more than the limit admits in a minute.
 *
 * Measured per run: executions that succeeded, items that failed, requests answered and refused
 * (429) as the simulator saw them, the share of the limit used, the time from the first
 * execution's start to the last one's end, which worker ran what, and each worker's peak RSS.
 */
import { outputItems, statedRateLimit } from '../../dev/n8n/harness';
import { createQueueCluster } from '../../dev/queue/cluster';
import { callWebhook, customerGetWorkflow, loadWorkflow } from '../../dev/queue/workflows';
import type { Bench } from '../lib/bench';
import { resetPeak } from '../lib/proc';
import type { ScenarioResult } from '../lib/report';
import { tally, type RequestTally } from '../lib/requests';
import { num } from '../lib/stats';
import { shareOfLimit } from './rateLimit';

const EXECUTIONS = 4;
const PAGES = 30;
const CUSTOMERS = 3000;
const COMPRESSED = { limit: 15, windowMs: 6000 };
const REAL = { limit: 150, windowMs: 60_000 };
const REAL_WORKERS = 2;
/** Account B, stating the compressed limit (as a user of an account with that limit would), for the load. */
const CRED = { id: 'sfBenchQueueCrdB', name: 'Survey Feedback B (queue bench)' };
/** Account B with the documented limit, for the run at the real limit. */
const CRED_REAL = { id: 'sfBenchQueueCrdR', name: 'Survey Feedback B (queue bench, real limit)' };
const LOAD_ID = 'benchQueueLoad01';
const GET_ID = 'benchQueueGet001';
/** Customer › Get at the compressed clock: a load with no work of its own between requests. */
const GET_COMPRESSED_ID = 'benchQueueGetC01';
const GET_COMPRESSED_ITEMS = 120;
const WEBHOOK_PATH: Record<string, string> = { [LOAD_ID]: 'bench-queue-load', [GET_ID]: 'bench-queue-get', [GET_COMPRESSED_ID]: 'bench-queue-get-c' };
/** The issue's goal, at every worker count. */
const GOAL = { share: 0.9, refused: 0.05 };

export interface QueueRun {
	workers: number;
	load: 'returnAllUpsert' | 'customerGet';
	limit: { limit: number; windowMs: number };
	executionsOk: number;
	itemsFailed: number;
	/** Executions that succeeded without reading every record (Return All only). */
	shortReads: number;
	tally: RequestTally;
	share: number;
	/** First execution's start to the last one's end, ms. */
	timeMs: number;
	/** Least time the limit allows for the requests answered, ms. */
	leastMs: number;
	byWorker: Array<{ worker: string; executions: number; peakMb: number }>;
}

const refusedShare = (r: QueueRun) => (r.tally.total ? r.tally.rateLimited / r.tally.total : 0);
const goalMet = (r: QueueRun) => r.share >= GOAL.share && refusedShare(r) <= GOAL.refused && r.itemsFailed === 0 && r.executionsOk === EXECUTIONS;

export async function runQueue(bench: Bench, workerCounts: number[], realItems: number): Promise<ScenarioResult> {
	const { sim, rec, log } = bench;
	const B = sim.accounts[1];
	// Account B holds exactly 30 pages of feedback, and the customers Customer › Get reads.
	sim.reset();
	const have = sim.state().accounts.find((a: { id: string }) => a.id === B.id)!.counts.feedback as number;
	const readers = sim.insert(B.id, 'customers', Array.from({ length: 50 }, (_, i) => ({ email: `queue.bench.reader.${i}@example.com` })));
	const now = Date.now();
	sim.insert(
		B.id,
		'feedback',
		Array.from({ length: PAGES * 1000 - have }, (_, i) => ({ customerId: readers[i % readers.length].id, score: i % 11, createdDate: now - 3_600_000 - i * 1000 })),
	);
	const getIds = realItems ? sim.insert(B.id, 'customers', Array.from({ length: realItems }, (_, i) => ({ email: `queue.bench.get.${i}@example.com` }))).map((c) => String(c.id)) : [];

	const runs: QueueRun[] = [];
	const unlimited: Array<{ workers: number; requests: number; spanMs: number }> = [];
	try {
		for (const workers of workerCounts) {
			const withReal = workers === REAL_WORKERS && realItems > 0;
			log(`  [5] ${workers} worker(s), concurrency ${Math.ceil(EXECUTIONS / workers)}: starting PostgreSQL, Redis, the main and the workers`);
			const cluster = await createQueueCluster({ name: `bench-queue-${workers}w`, workers, concurrency: Math.ceil(EXECUTIONS / workers) });
			try {
				const data = { baseUrl: sim.baseUrl, apiKey: B.writeKey, maxRateLimitWait: 120 };
				await cluster.main.importCredentials([
					{ ...CRED, type: 'surveyFeedbackApi', data: { ...data, ...statedRateLimit(COMPRESSED) } },
					{ ...CRED_REAL, type: 'surveyFeedbackApi', data },
				]);
				await cluster.main.importWorkflows([
					loadWorkflow(LOAD_ID, WEBHOOK_PATH[LOAD_ID], CRED, CUSTOMERS),
					customerGetWorkflow(GET_ID, WEBHOOK_PATH[GET_ID], CRED_REAL),
					customerGetWorkflow(GET_COMPRESSED_ID, WEBHOOK_PATH[GET_COMPRESSED_ID], CRED),
				]);
				for (const id of [LOAD_ID, GET_ID, GET_COMPRESSED_ID]) await cluster.main.activate(id);
				await cluster.start();

				const measure = async (
					workflowId: string,
					limit: QueueRun['limit'],
					bodies: unknown[],
					itemsOf: (execution: any) => { expected: number; failed: number; shortRead?: boolean },
				) => {
					sim.configure({ rateLimit: { ...limit, retryAfter: false } }); // a fresh window
					rec.clear();
					const before = new Set((await cluster.main.executions({ workflowId })).map((e) => e.id));
					// Each run's own peak, not the one of a run before it on the same workers.
					for (const worker of cluster.workers) resetPeak(worker.pid!);
					await callWebhook(cluster.webhookUrl(WEBHOOK_PATH[workflowId]), bodies);
					const finished = await cluster.main.waitForExecutions({ workflowId, count: before.size + bodies.length, timeoutMs: 30 * 60_000, intervalMs: 2000, includeData: false });
					sim.configure({ rateLimit: false });
					const done: any[] = [];
					for (const e of finished.filter((e) => !before.has(e.id))) done.push(await cluster.main.execution(e.id, true, { timeoutMs: 5 * 60_000 }));
					const requests = rec.all().filter((r) => r.accountId === B.id);
					const t = tally(requests);
					let itemsFailed = 0;
					let shortReads = 0;
					for (const execution of done) {
						const { expected, failed, shortRead } = itemsOf(execution);
						itemsFailed += execution.status === 'success' ? failed : expected;
						if (execution.status === 'success' && shortRead) shortReads++;
					}
					const byWorker = cluster.executionsByWorker();
					const ids = new Set(done.map((e) => Number(e.id)));
					const run: QueueRun = {
						workers,
						load: workflowId === LOAD_ID ? 'returnAllUpsert' : 'customerGet',
						limit,
						executionsOk: done.filter((e) => e.status === 'success').length,
						itemsFailed,
						shortReads,
						tally: t,
						share: shareOfLimit(t.ok, t.spanMs, limit.limit, limit.windowMs),
						timeMs: Math.max(...done.map((e) => Date.parse(e.stoppedAt))) - Math.min(...done.map((e) => Date.parse(e.startedAt))),
						leastMs: (Math.ceil(t.ok / limit.limit) - 1) * limit.windowMs,
						byWorker: cluster.workers.map((w) => ({
							worker: w.name,
							executions: (byWorker.get(w.name) ?? []).filter((id) => ids.has(id)).length,
							peakMb: cluster.peakMemory().find((m) => m.worker === w.name)?.peakMb ?? NaN,
						})),
					};
					log(
						`  [5] ${workers} worker(s), ${limit.limit} per ${limit.windowMs / 1000} s: ${run.executionsOk}/${done.length} executions OK, ${itemsFailed} items failed; ` +
							`${t.ok} requests answered, ${t.rateLimited} refused (${num(refusedShare(run) * 100, 1)} %), share of the limit ${num(run.share * 100, 0)} %, ` +
							`${num(run.timeMs / 1000, 1)} s; ${run.byWorker.map((w) => `${w.worker}: ${w.executions} executions, ${num(w.peakMb, 0)} MB`).join('; ')}`,
					);
					return run;
				};

				// The same load with no limit at all: how long the executions' own work keeps requests apart.
				{
					sim.configure({ rateLimit: false });
					rec.clear();
					const before = new Set((await cluster.main.executions({ workflowId: LOAD_ID })).map((e) => e.id));
					await callWebhook(cluster.webhookUrl(WEBHOOK_PATH[LOAD_ID]), Array.from({ length: EXECUTIONS }, (_, i) => ({ run: `${workers}w-free-${i}` })));
					await cluster.main.waitForExecutions({ workflowId: LOAD_ID, count: before.size + EXECUTIONS, timeoutMs: 30 * 60_000, intervalMs: 2000, includeData: false });
					const t = tally(rec.all().filter((r) => r.accountId === B.id));
					unlimited.push({ workers, requests: t.total, spanMs: t.spanMs });
					log(`  [5] ${workers} worker(s), no limit: ${t.total} requests, first to last ${num(t.spanMs / 1000, 1)} s`);
				}
				runs.push(
					await measure(LOAD_ID, COMPRESSED, Array.from({ length: EXECUTIONS }, (_, i) => ({ run: `${workers}w-${i}` })), (execution) => {
						const rows = execution.status === 'success' ? outputItems(execution, 'Upsert customers') : [];
						const read = execution.status === 'success' ? outputItems(execution, 'Records read')[0] : undefined;
						const failedRows = rows.filter((row) => row.status !== 'created' && row.status !== 'updated').length;
						return { expected: CUSTOMERS, failed: failedRows + (CUSTOMERS - rows.length), shortRead: read?.count !== PAGES * 1000 };
					}),
				);
				const getBodies = (ids: string[]) => {
					const per = Math.ceil(ids.length / EXECUTIONS);
					return Array.from({ length: EXECUTIONS }, (_, i) => ({ ids: ids.slice(i * per, (i + 1) * per) }));
				};
				const getItems = (execution: any) => {
					const expected = (outputItems(execution, 'Webhook')[0]?.body?.ids ?? []).length;
					const got = execution.status === 'success' ? outputItems(execution, 'Get customers').length : 0;
					return { expected, failed: expected - got };
				};
				if (getIds.length >= GET_COMPRESSED_ITEMS) runs.push(await measure(GET_COMPRESSED_ID, COMPRESSED, getBodies(getIds.slice(0, GET_COMPRESSED_ITEMS)), getItems));
				if (withReal) runs.push(await measure(GET_ID, REAL, getBodies(getIds), getItems));
			} finally {
				await cluster.stop();
			}
		}
	} finally {
		sim.configure({ rateLimit: false });
	}

	const row = (r: QueueRun): string[] => [
		String(r.workers),
		`${r.executionsOk}/${EXECUTIONS}`,
		String(r.itemsFailed),
		String(r.tally.ok),
		`${r.tally.rateLimited} (${num(refusedShare(r) * 100, 1)} %)`,
		`${num(r.share * 100, 0)} %`,
		num(r.timeMs / 1000, 1),
		num(r.leastMs / 1000, 0),
		r.byWorker.map((w) => String(w.executions)).join(' / '),
		r.byWorker.map((w) => num(w.peakMb, 0)).join(' / '),
		goalMet(r) ? 'yes' : 'no',
	];
	const columns = [
		'Workers',
		'Executions OK',
		'Items failed',
		'Requests answered',
		'Refused (429)',
		'Share of the limit used',
		'Time, s',
		'Least time the limit allows, s',
		'Executions per worker',
		'Peak RSS per worker, MB',
		`Goal met (≥ ${GOAL.share * 100} % used, ≤ ${GOAL.refused * 100} % refused, nothing failed)`,
	];
	const compressed = runs.filter((r) => r.limit === COMPRESSED && r.load === 'returnAllUpsert');
	const compressedGet = runs.filter((r) => r.limit === COMPRESSED && r.load === 'customerGet');
	const real = runs.filter((r) => r.limit === REAL);
	const tables: ScenarioResult['tables'] = [
		{ caption: `Compressed clock, ${COMPRESSED.limit} requests per ${COMPRESSED.windowMs / 1000} s: four executions of Return All (${PAGES} pages) + upsert of ${num(CUSTOMERS, 0)} customers`, table: { columns, rows: compressed.map(row) } },
	];
	if (compressedGet.length) {
		tables.push({
			caption: `Compressed clock, ${COMPRESSED.limit} requests per ${COMPRESSED.windowMs / 1000} s: four executions of Customer › Get, ${GET_COMPRESSED_ITEMS} requests in all (no work of their own between requests)`,
			table: { columns, rows: compressedGet.map(row) },
		});
	}
	if (real.length) {
		tables.push({
			caption: `The real limit, ${REAL.limit} requests per ${REAL.windowMs / 1000} s, ${REAL_WORKERS} workers: four executions of Customer › Get, ${num(realItems, 0)} requests in all`,
			table: { columns, rows: real.map(row) },
		});
	}
	const worst = runs.filter((r) => !goalMet(r));
	return {
		id: 5,
		title: 'Queue mode: workers sharing one account’s rate limit',
		setup: [
			`n8n in queue mode (dev/queue): one main (\`n8n start\`) and 1, 2 or 4 workers (\`n8n worker\`), PostgreSQL 15 and Redis 7 from Debian's packages, each process with this package installed in its own user folder; a fresh set of processes for each worker count. Four executions are started at once by a webhook (answered at once, run by the workers), with each worker's concurrency set to 4 / workers so that they spread evenly. All use account B of the simulator: at the compressed clock through a credential that states its limit (Rate Limit ${COMPRESSED.limit}, Rate Limit Window ${COMPRESSED.windowMs / 1000} s), as for an account with that limit; at the real limit through one with the documented 150 per 60 s.`,
			`Compressed clock: the simulator allows ${COMPRESSED.limit} requests per ${COMPRESSED.windowMs} ms per account (sliding window, no Retry-After, like the live service). Each execution reads ${num(PAGES * 1000, 0)} feedback records with Return All (${PAGES} requests) and upserts ${num(CUSTOMERS, 0)} customers of its own (3 requests): ${EXECUTIONS * (PAGES + 3)} requests in all, which the limit admits in no less than ${num((Math.ceil((EXECUTIONS * (PAGES + 3)) / COMPRESSED.limit) - 1) * (COMPRESSED.windowMs / 1000), 0)} s.`,
			`Also at the compressed clock, four executions of Customer › Get with ${GET_COMPRESSED_ITEMS / EXECUTIONS} IDs each, one request per item: a load that does nothing between its requests, so that only the pacing keeps it from the limit.`,
			`Share of the limit used = requests answered per window / limit, windows = span / window + 1 (as in scenario 3). Refused = 429 answers / all requests. Items failed = customers not written (or Customer › Get items not returned), counting every item of a failed execution. Peak RSS = VmHWM of each worker's n8n process during the run (reset just before it with \`echo 5 > /proc/<pid>/clear_refs\`, so it includes the 500 MB or so an idle worker holds). One run per worker count.`,
		],
		tables,
		notes: [
			`Without any limit, the same four executions took ${unlimited.map((u) => `${num(u.spanMs / 1000, 1)} s on ${u.workers} worker(s)`).join(', ')} from their first request to their last: the executions' own work between requests keeps them apart that long. A run that takes that long at ${COMPRESSED.limit} per ${COMPRESSED.windowMs / 1000} s uses ${unlimited.map((u) => `${num(shareOfLimit(EXECUTIONS * (PAGES + 3), Math.max(u.spanMs, (Math.ceil((EXECUTIONS * (PAGES + 3)) / COMPRESSED.limit) - 1) * COMPRESSED.windowMs), COMPRESSED.limit, COMPRESSED.windowMs) * 100, 0)} %`).join(', ')} of the limit at most.`,
			...runs.filter((r) => r.shortReads).map((r) => `With ${r.workers} worker(s), ${r.shortReads} execution(s) succeeded without reading every record.`),
			worst.length
				? `The goal (at least ${GOAL.share * 100} % of the limit used, at most ${GOAL.refused * 100} % of the requests refused, no failed item) is not met with ${worst.map((r) => `${r.workers} worker(s) at ${r.limit.limit} per ${r.limit.windowMs / 1000} s (${r.load === 'customerGet' ? 'Customer › Get' : 'Return All + upsert'})`).join(', ')}.`
				: `The goal (at least ${GOAL.share * 100} % of the limit used, at most ${GOAL.refused * 100} % of the requests refused, no failed item) is met at every worker count.`,
		],
		raw: runs,
	};
}
