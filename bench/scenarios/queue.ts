/**
 * Scenario 5: the package in n8n's queue mode, several workers sharing ONE account's rate limit.
 * For each worker count (1, 2, 4) a fresh cluster (dev/queue: a main and the workers, PostgreSQL,
 * Redis) runs four executions started at once by a webhook, spread evenly over the workers
 * (concurrency 4 / workers). The loads, each with a credential that states the limit the
 * simulator keeps (as a user of an account with that limit would):
 * - Return All + upsert: Return All of 30 pages and a bulk upsert of 3,000 customers, at 15 requests
 *   per 6 s (150 per 60 s on a clock ten times faster), and the same load without a limit, for the
 *   time its own work takes (through a credential that states no limit: the pacer's default of 150
 *   per 60 s is more than the load's requests);
 * - Customer › Get (one request per item, nothing in between) at 15 per 6 s, and at 150 per 6 s:
 *   the real limit's 150 slots on the faster clock;
 * - with two workers, the real limit of 150 per 60 s: Customer › Get, more than it admits in a minute.
 * Each load runs `runs` times on the same cluster (the pacer's state of a run is gone once the
 * account was idle for a window, as it is between runs); the tables give medians and ranges.
 *
 * Measured per run: executions that succeeded, items that failed, requests answered and refused
 * (429) as the simulator saw them, the share of the limit used, the time from the first
 * execution's start to the last one's end, which worker ran what, and each worker's peak RSS.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { outputItems } from '../../dev/n8n/harness';
import { simulatorCredential } from '../../dev/n8n/simulatorCredentials';
import { createQueueCluster } from '../../dev/queue/cluster';
import { callWebhook, customerGetWorkflow, loadWorkflow } from '../../dev/queue/workflows';
import type { Bench } from '../lib/bench';
import { resetPeak } from '../lib/proc';
import type { ScenarioResult } from '../lib/report';
import { tally, type RequestTally, type SeenRequest } from '../lib/requests';
import { fmtValues, num, spread } from '../lib/stats';
import { shareOfLimit } from './rateLimit';
import { DOCUMENTED_RATE_LIMIT } from '../../credentials/defaults';

const EXECUTIONS = 4;
const PAGES = 30;
const CUSTOMERS = 3000;
type Limit = { limit: number; windowMs: number };
const COMPRESSED: Limit = { limit: 15, windowMs: 6000 };
/** The real limit's number of slots on the compressed clock. */
const FAST: Limit = { limit: 150, windowMs: 6000 };
export const REAL: Limit = { limit: DOCUMENTED_RATE_LIMIT.requests, windowMs: DOCUMENTED_RATE_LIMIT.windowMs };
const REAL_WORKERS = 2;
/** Account B, stating the compressed limit (as a user of an account with that limit would). */
const CRED = { id: 'sfBenchQueueCrdB', name: 'Survey Feedback B (queue bench)' };
const CRED_FAST = { id: 'sfBenchQueueCrdF', name: 'Survey Feedback B (queue bench, 150 per 6 s)' };
/** Account B with the documented limit, for the run at the real limit. */
const CRED_REAL = { id: 'sfBenchQueueCrdR', name: 'Survey Feedback B (queue bench, real limit)' };
const LOAD_ID = 'benchQueueLoad01';
/** The same load through the credential that states no limit, with the simulator's limit off. */
const LOAD_FREE_ID = 'benchQueueFree01';
const GET_ID = 'benchQueueGet001';
/** Customer › Get at the compressed clocks: loads with no work of their own between requests. */
const GET_COMPRESSED_ID = 'benchQueueGetC01';
const GET_COMPRESSED_ITEMS = 120;
const GET_FAST_ID = 'benchQueueGetF01';
const GET_FAST_ITEMS = 600;
const WEBHOOK_PATH: Record<string, string> = {
	[LOAD_ID]: 'bench-queue-load',
	[LOAD_FREE_ID]: 'bench-queue-load-free',
	[GET_ID]: 'bench-queue-get',
	[GET_COMPRESSED_ID]: 'bench-queue-get-c',
	[GET_FAST_ID]: 'bench-queue-get-f',
};
/** The issue's goal, at every worker count. */
export const GOAL = { share: 0.9, refused: 0.05 };

export interface QueueRun {
	workers: number;
	/** 1, 2, ...: the how-manieth run of this load on this cluster. */
	run: number;
	load: 'returnAllUpsert' | 'customerGet';
	limit: Limit;
	executionsOk: number;
	itemsFailed: number;
	/** Executions that succeeded without reading every record (Return All only). */
	shortReads: number;
	/**
	 * Return All + upsert only: the share of the limit its page requests used (first page to last),
	 * and the time from the last page to the last request, when the executions do their own work.
	 */
	reading?: { share: number; afterLastPageMs: number };
	tally: RequestTally;
	share: number;
	/** First execution's start to the last one's end, ms. */
	timeMs: number;
	/** Least time the limit allows for the requests answered, ms. */
	leastMs: number;
	byWorker: Array<{ worker: string; executions: number; peakMb: number }>;
}

/** How the Return All + upsert load's pages went, apart from the work that follows them. */
function readingPart(requests: SeenRequest[], limit: Limit): QueueRun['reading'] {
	const pages = requests.filter((r) => r.path.endsWith('/feedback'));
	if (!pages.length) return undefined;
	const p = tally(pages);
	return { share: shareOfLimit(p.ok, p.spanMs, limit.limit, limit.windowMs), afterLastPageMs: Math.max(...requests.map((r) => r.t)) - Math.max(...pages.map((r) => r.t)) };
}

const limitText = (limit: Limit) => `${limit.limit} requests per ${limit.windowMs / 1000} s`;

/** The least time `requests` take at `limit`: full windows after the first burst. */
function leastTimeMs(requests: number, limit: Limit): number {
	return (Math.ceil(requests / limit.limit) - 1) * limit.windowMs;
}

/** The Return All + upsert load with no limit, against the least time the compressed limit allows it. */
function unlimitedNote(unlimited: Array<{ workers: number; spanMs: number }>): string {
	const leastMs = leastTimeMs(EXECUTIONS * (PAGES + 3), COMPRESSED);
	const slowest = Math.max(...unlimited.map((u) => u.spanMs));
	const verdict =
		slowest < leastMs
			? `less than the ${num(leastMs / 1000, 0)} s that ${limitText(COMPRESSED)} allows at least: at that limit the limit sets the pace, not the load`
			: `not less than the ${num(leastMs / 1000, 0)} s that ${limitText(COMPRESSED)} allows at least: the load's own work holds it back as much as the limit`;
	return `Return All + upsert without any limit (the simulator's limit off, and a credential that states none, so that the pacer's default of 150 per 60 s is more than the load's requests): ${unlimited.map((u) => `${num(u.spanMs / 1000, 1)} s on ${u.workers} worker(s)`).join(', ')} from the first request to the last, ${verdict}.`;
}

function readingSummary(group: QueueRun[]): string {
	const workers = [...new Set(group.map((r) => r.workers))];
	return workers
		.map((w) => {
			const mine = group.filter((r) => r.workers === w && r.reading);
			const share = spread(mine.map((r) => r.reading!.share * 100));
			const after = spread(mine.map((r) => r.reading!.afterLastPageMs / 1000));
			return `on ${w} worker(s) the page requests (first to last) used ${share ? num(share.median, 0) : '–'} % of the limit, and the last request came ${after ? num(after.median, 1) : '–'} s after the last page`;
		})
		.join('; ');
}

const refusedShare = (r: QueueRun) => (r.tally.total ? r.tally.rateLimited / r.tally.total : 0);
const goalMet = (r: QueueRun) => r.share >= GOAL.share && refusedShare(r) <= GOAL.refused && r.itemsFailed === 0 && r.executionsOk === EXECUTIONS;

export async function runQueue(bench: Bench, workerCounts: number[], realItems: number, repeats: number): Promise<ScenarioResult> {
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
	const getIds = sim.insert(B.id, 'customers', Array.from({ length: Math.max(realItems, GET_FAST_ITEMS) }, (_, i) => ({ email: `queue.bench.get.${i}@example.com` }))).map((c) => String(c.id));

	const runs: QueueRun[] = [];
	const unlimited: Array<{ workers: number; spanMs: number }> = [];
	// Each worker's pacer remembers an account's requests for a window, per limit the credential
	// states, while the simulator's window starts empty whenever its limit is set. A run therefore
	// starts only once the limit it uses has been idle for a whole window: both sides start afresh.
	const lastRequestAt = new Map<Limit, number>();
	const idleSince = (limit: Limit, requests: Array<{ wall: number }>) => {
		if (requests.length) lastRequestAt.set(limit, Math.max(...requests.map((r) => r.wall)));
	};
	const untilIdle = async (limit: Limit) => {
		const waitMs = (lastRequestAt.get(limit) ?? -Infinity) + limit.windowMs + 1000 - Date.now();
		if (waitMs > 0) await sleep(waitMs);
	};
	try {
		for (const workers of workerCounts) {
			const withReal = workers === REAL_WORKERS && realItems > 0;
			log(`  [5] ${workers} worker(s), concurrency ${Math.ceil(EXECUTIONS / workers)}: starting PostgreSQL, Redis, the main and the workers`);
			const cluster = await createQueueCluster({ name: `bench-queue-${workers}w`, workers, concurrency: Math.ceil(EXECUTIONS / workers) });
			try {
				await cluster.main.importCredentials([
					simulatorCredential(sim, { ...CRED, apiKey: B.writeKey, limit: COMPRESSED }),
					simulatorCredential(sim, { ...CRED_FAST, apiKey: B.writeKey, limit: FAST }),
					simulatorCredential(sim, { ...CRED_REAL, apiKey: B.writeKey }),
				]);
				await cluster.main.importWorkflows([
					loadWorkflow(LOAD_ID, WEBHOOK_PATH[LOAD_ID], CRED, CUSTOMERS),
					loadWorkflow(LOAD_FREE_ID, WEBHOOK_PATH[LOAD_FREE_ID], CRED_REAL, CUSTOMERS),
					customerGetWorkflow(GET_ID, WEBHOOK_PATH[GET_ID], CRED_REAL),
					customerGetWorkflow(GET_COMPRESSED_ID, WEBHOOK_PATH[GET_COMPRESSED_ID], CRED),
					customerGetWorkflow(GET_FAST_ID, WEBHOOK_PATH[GET_FAST_ID], CRED_FAST),
				]);
				for (const id of Object.keys(WEBHOOK_PATH)) await cluster.main.activate(id);
				await cluster.start();

				const measure = async (
					run: number,
					workflowId: string,
					limit: Limit,
					bodies: unknown[],
					itemsOf: (execution: any) => { expected: number; failed: number; shortRead?: boolean },
				) => {
					await untilIdle(limit);
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
					idleSince(limit, requests);
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
					const result: QueueRun = {
						workers,
						run,
						load: workflowId === LOAD_ID ? 'returnAllUpsert' : 'customerGet',
						limit,
						executionsOk: done.filter((e) => e.status === 'success').length,
						itemsFailed,
						shortReads,
						tally: t,
						share: shareOfLimit(t.ok, t.spanMs, limit.limit, limit.windowMs),
						reading: workflowId === LOAD_ID ? readingPart(requests, limit) : undefined,
						timeMs: Math.max(...done.map((e) => Date.parse(e.stoppedAt))) - Math.min(...done.map((e) => Date.parse(e.startedAt))),
						leastMs: leastTimeMs(t.ok, limit),
						byWorker: cluster.workers.map((w) => ({
							worker: w.name,
							executions: (byWorker.get(w.name) ?? []).filter((id) => ids.has(id)).length,
							peakMb: cluster.peakMemory().find((m) => m.worker === w.name)?.peakMb ?? NaN,
						})),
					};
					log(
						`  [5] ${workers} worker(s), run ${run}, ${result.load}, ${limit.limit} per ${limit.windowMs / 1000} s: ${result.executionsOk}/${done.length} executions OK, ${itemsFailed} items failed; ` +
							`${t.ok} requests answered, ${t.rateLimited} refused (${num(refusedShare(result) * 100, 1)} %), share of the limit ${num(result.share * 100, 0)} %, ` +
							`${num(result.timeMs / 1000, 1)} s; ${result.byWorker.map((w) => `${w.worker}: ${w.executions} executions, ${num(w.peakMb, 0)} MB`).join('; ')}`,
					);
					return result;
				};

				// The same load with no limit at all: how long the executions' own work keeps requests apart.
				{
					sim.configure({ rateLimit: false });
					rec.clear();
					const before = new Set((await cluster.main.executions({ workflowId: LOAD_FREE_ID })).map((e) => e.id));
					await callWebhook(cluster.webhookUrl(WEBHOOK_PATH[LOAD_FREE_ID]), Array.from({ length: EXECUTIONS }, (_, i) => ({ run: `${workers}w-free-${i}` })));
					await cluster.main.waitForExecutions({ workflowId: LOAD_FREE_ID, count: before.size + EXECUTIONS, timeoutMs: 30 * 60_000, intervalMs: 2000, includeData: false });
					const requests = rec.all().filter((r) => r.accountId === B.id);
					idleSince(REAL, requests);
					const t = tally(requests);
					unlimited.push({ workers, spanMs: t.spanMs });
					log(`  [5] ${workers} worker(s), no limit: ${t.total} requests, first to last ${num(t.spanMs / 1000, 1)} s`);
				}
				const loadItems = (execution: any) => {
					const rows = execution.status === 'success' ? outputItems(execution, 'Upsert customers') : [];
					const read = execution.status === 'success' ? outputItems(execution, 'Records read')[0] : undefined;
					const failedRows = rows.filter((row) => row.status !== 'created' && row.status !== 'updated').length;
					return { expected: CUSTOMERS, failed: failedRows + (CUSTOMERS - rows.length), shortRead: read?.count !== PAGES * 1000 };
				};
				const getBodies = (ids: string[]) => {
					const per = Math.ceil(ids.length / EXECUTIONS);
					return Array.from({ length: EXECUTIONS }, (_, i) => ({ ids: ids.slice(i * per, (i + 1) * per) }));
				};
				const getItems = (execution: any) => {
					const expected = (outputItems(execution, 'Webhook')[0]?.body?.ids ?? []).length;
					const got = execution.status === 'success' ? outputItems(execution, 'Get customers').length : 0;
					return { expected, failed: expected - got };
				};
				for (let run = 1; run <= repeats; run++) {
					runs.push(await measure(run, LOAD_ID, COMPRESSED, Array.from({ length: EXECUTIONS }, (_, i) => ({ run: `${workers}w-${run}-${i}` })), loadItems));
					runs.push(await measure(run, GET_COMPRESSED_ID, COMPRESSED, getBodies(getIds.slice(0, GET_COMPRESSED_ITEMS)), getItems));
					runs.push(await measure(run, GET_FAST_ID, FAST, getBodies(getIds.slice(0, GET_FAST_ITEMS)), getItems));
					if (withReal) runs.push(await measure(run, GET_ID, REAL, getBodies(getIds.slice(0, realItems)), getItems));
				}
			} finally {
				await cluster.stop();
			}
		}
	} finally {
		sim.configure({ rateLimit: false });
	}

	/** One row per worker count: medians (and ranges) over the runs of one load. */
	const row = (group: QueueRun[]): string[] => {
		const { workers } = group[0];
		const met = group.filter(goalMet).length;
		const typical = { share: spread(group.map((r) => r.share))!.median, refused: spread(group.map(refusedShare))!.median };
		const medianMet = typical.share >= GOAL.share && typical.refused <= GOAL.refused && group.every((r) => r.itemsFailed === 0 && r.executionsOk === EXECUTIONS);
		return [
			String(workers),
			String(group.length),
			`${group.reduce((n, r) => n + r.executionsOk, 0)}/${group.length * EXECUTIONS}`,
			String(group.reduce((n, r) => n + r.itemsFailed, 0)),
			fmtValues(group.map((r) => r.tally.ok), 0),
			fmtValues(group.map((r) => refusedShare(r) * 100), 1, ' %'),
			fmtValues(group.map((r) => r.share * 100), 0, ' %'),
			fmtValues(group.map((r) => r.timeMs / 1000), 1),
			num(Math.max(...group.map((r) => r.leastMs)) / 1000, 0),
			group[0].byWorker.map((w) => String(group.reduce((n, r) => n + (r.byWorker.find((b) => b.worker === w.worker)?.executions ?? 0), 0))).join(' / '),
			group[0].byWorker.map((w) => num(Math.max(...group.map((r) => r.byWorker.find((b) => b.worker === w.worker)?.peakMb ?? NaN)), 0)).join(' / '),
			`${medianMet ? 'yes' : 'no'} (${met} of ${group.length} runs)`,
		];
	};
	const columns = [
		'Workers',
		'Runs',
		'Executions OK',
		'Items failed',
		'Requests answered',
		'Refused (429)',
		'Share of the limit used',
		'Time, s',
		'Least time the limit allows, s',
		'Executions per worker, all runs',
		'Peak RSS per worker, MB',
		`Goal met by the medians (≥ ${GOAL.share * 100} % used, ≤ ${GOAL.refused * 100} % refused, nothing failed)`,
	];
	const rowsOf = (load: QueueRun['load'], limit: Limit) => {
		const mine = runs.filter((r) => r.load === load && r.limit === limit);
		return [...new Set(mine.map((r) => r.workers))].map((w) => row(mine.filter((r) => r.workers === w)));
	};
	const tables: ScenarioResult['tables'] = [
		{ caption: `${limitText(COMPRESSED)}: four executions of Return All (${PAGES} pages) + upsert of ${num(CUSTOMERS, 0)} customers`, table: { columns, rows: rowsOf('returnAllUpsert', COMPRESSED) } },
		{ caption: `${limitText(COMPRESSED)}: four executions of Customer › Get, ${GET_COMPRESSED_ITEMS} requests in all`, table: { columns, rows: rowsOf('customerGet', COMPRESSED) } },
		{ caption: `${limitText(FAST)} (the real limit's slots, ten times faster): four executions of Customer › Get, ${GET_FAST_ITEMS} requests in all`, table: { columns, rows: rowsOf('customerGet', FAST) } },
	];
	if (realItems > 0 && workerCounts.includes(REAL_WORKERS)) {
		tables.push({ caption: `The real limit, ${limitText(REAL)}: four executions of Customer › Get, ${num(realItems, 0)} requests in all`, table: { columns, rows: rowsOf('customerGet', REAL) } });
	}
	const describe = (r: QueueRun) => `${r.workers} worker(s) at ${r.limit.limit} per ${r.limit.windowMs / 1000} s (${r.load === 'customerGet' ? 'Customer › Get' : 'Return All + upsert'})`;
	const missed = [...new Set(runs.filter((r) => !goalMet(r)).map(describe))];
	return {
		id: 5,
		title: 'Queue mode: workers sharing one account’s rate limit',
		setup: [
			`n8n in queue mode (dev/queue): one main (\`n8n start\`) and 1, 2 or 4 workers (\`n8n worker\`), PostgreSQL 15 and Redis 7 from Debian's packages, each process with this package installed in its own user folder; a fresh set of processes for each worker count. Four executions are started at once by a webhook (answered at once, run by the workers), with each worker's concurrency set to 4 / workers so that they spread evenly. All use account B of the simulator (sliding window, no Retry-After, like the live service), through a credential that states the limit the simulator keeps (Rate Limit, Rate Limit Window), as for an account with that limit; at the real limit, the documented 150 per 60 s.`,
			`Return All + upsert: each execution reads ${num(PAGES * 1000, 0)} feedback records with Return All (${PAGES} requests) and upserts ${num(CUSTOMERS, 0)} customers of its own (3 requests), mapped automatically (each item's JSON by field name, no expression per field): ${EXECUTIONS * (PAGES + 3)} requests in all.`,
			`Customer › Get: one request per item, nothing in between, so that only the pacing keeps the load from the limit. At ${limitText(COMPRESSED)} each worker holds a handful of the window's slots; at ${limitText(FAST)} as many as at the real limit, with the window ten times shorter.`,
			`Each load runs ${repeats} time(s) per worker count on the same processes; the account is idle for more than a window between runs, so every run starts afresh. Cells give the median and, in brackets, the range over the runs. Share of the limit used = requests answered per window / limit, windows = span / window + 1 (as in scenario 3); least time = (answered / limit, rounded up, − 1) windows. Refused = 429 answers / all requests. Items failed = customers not written (or Customer › Get items not returned), counting every item of a failed execution. Peak RSS = VmHWM of each worker's n8n process (reset before each run with \`echo 5 > /proc/<pid>/clear_refs\`, so it includes the 500 MB or so an idle worker holds), the highest over the runs.`,
		],
		tables,
		notes: [
			unlimitedNote(unlimited),
			`Return All + upsert at ${limitText(COMPRESSED)}, medians: ${readingSummary(runs.filter((r) => r.load === 'returnAllUpsert' && r.limit === COMPRESSED))}. After its last page each execution does its own work (the Code nodes over the records it read, in the worker's task runner, then the upsert reads and checks its 3,000 customers) on the worker, with no request waiting on the limit; when the executions finish reading close together, that work queues up, and the time counts in the whole load's share.`,
			...runs.filter((r) => r.shortReads).map((r) => `With ${r.workers} worker(s), run ${r.run}: ${r.shortReads} execution(s) succeeded without reading every record.`),
			missed.length
				? `Runs that missed the goal (at least ${GOAL.share * 100} % of the limit used, at most ${GOAL.refused * 100} % of the requests refused, no failed item): ${missed
						.map((d) => {
							const group = runs.filter((r) => describe(r) === d);
							const failed = group.filter((r) => !goalMet(r));
							return `${d}, ${failed.length} of ${group.length} runs (${fmtValues(failed.map((r) => r.share * 100), 0, ' %')} used, ${fmtValues(failed.map((r) => refusedShare(r) * 100), 1, ' %')} refused)`;
						})
						.join('; ')}.`
				: `Every run met the goal (at least ${GOAL.share * 100} % of the limit used, at most ${GOAL.refused * 100} % of the requests refused, no failed item).`,
		],
		raw: runs,
	};
}
