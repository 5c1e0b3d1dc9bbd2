/**
 * Scenario 8: limiter shapes in queue mode. The shapes of scenario 7 (dev/pacing/simulation.ts,
 * SHAPES), with load (b), Customer › Get for 300 items, split over four executions started at
 * once on 2 and on 4 queue-mode workers (dev/queue: PostgreSQL, Redis, a main and the workers),
 * the credential at its defaults. Share = the least time the limiter allows (a perfect client
 * running the same four executions against the same limiter, from the same moment, each request
 * taking the load's own time without a limit, measured first) / the time taken, first request to
 * last answer.
 *
 * Each worker's pacer remembers an account's requests for a window. Instead of leaving the account
 * idle for a minute between runs, the runs take turns over four credentials (two accounts, each
 * with its read and its write key: a pacer's state is per base URL and key), so a credential is
 * used again only after three other runs, each longer than a window.
 */
import { simulatorCredential } from '../../dev/n8n/simulatorCredentials';
import { perfectClient, SHAPES } from '../../dev/pacing/simulation';
import { createQueueCluster } from '../../dev/queue/cluster';
import { callWebhook, customerGetWorkflow } from '../../dev/queue/workflows';
import type { Bench } from '../lib/bench';
import { resetPeak } from '../lib/proc';
import type { ScenarioResult } from '../lib/report';
import { tally } from '../lib/requests';
import { fmtValues, num } from '../lib/stats';
import { shapeCell, spanOf } from './limiterShapes';
import { SHAPE_GOALS } from '../pacerModel';

const EXECUTIONS = 4;
const ITEMS = 300;
const WORKER_COUNTS = [2, 4];

interface Measured {
	ok: boolean;
	share: number;
	refused: number;
	spanMs: number;
	leastMs: number;
	/** Executions each worker ran, and its peak RSS, MB. */
	workers: Array<{ executions: number; peakMb: number }>;
}

export async function runQueueShapes(bench: Bench, runs: number): Promise<ScenarioResult> {
	const { sim, rec, log } = bench;
	// 300 customers of the load's own in each account.
	const idsOf = sim.accounts.map((account, a) =>
		sim.insert(account.id, 'customers', Array.from({ length: ITEMS }, (_, i) => ({ email: `queue.shapes.${a}.${i}@example.com` }))).map((c) => String(c.id)),
	);
	const slots = sim.accounts.flatMap((account, a) =>
		[account.readKey, account.writeKey].map((key, k) => ({
			account: a,
			key,
			cred: { id: `sfBenchShapes${a}${k}0`, name: `Survey Feedback ${a}${k} (queue shapes)` },
			path: `bench-queue-shapes-${a}-${k}`,
			workflowId: `benchQShapes${a}${k}00`,
		})),
	);
	let turn = 0;
	const next = () => slots[turn++ % slots.length];
	const bodies = (ids: string[]) => Array.from({ length: EXECUTIONS }, (_, i) => ({ ids: ids.slice((i * ITEMS) / EXECUTIONS, ((i + 1) * ITEMS) / EXECUTIONS) }));
	const results = new Map<string, Measured[]>();
	const shapes = Object.entries(SHAPES).filter(([name]) => !bench.opts.shapes || bench.opts.shapes.includes(name));
	const cycleMs = new Map<number, number>();
	try {
		for (const workers of WORKER_COUNTS) {
			log(`  [8] ${workers} workers, concurrency ${EXECUTIONS / workers}: starting PostgreSQL, Redis, the main and the workers`);
			const cluster = await createQueueCluster({ name: `bench-queue-shapes-${workers}w`, workers, concurrency: EXECUTIONS / workers });
			try {
				await cluster.main.importCredentials(slots.map((s) => simulatorCredential(sim, { ...s.cred, apiKey: s.key })));
				await cluster.main.importWorkflows(slots.map((s) => customerGetWorkflow(s.workflowId, s.path, s.cred)));
				for (const s of slots) await cluster.main.activate(s.workflowId);
				await cluster.start();

				const measure = async (service: (typeof SHAPES)[string] | false) => {
					const slot = next();
					sim.configure({ rateLimit: service }); // fresh counters for each run
					rec.clear();
					const before = new Set((await cluster.main.executions({ workflowId: slot.workflowId })).map((e) => e.id));
					for (const worker of cluster.workers) resetPeak(worker.pid!);
					await callWebhook(cluster.webhookUrl(slot.path), bodies(idsOf[slot.account]));
					const finished = await cluster.main.waitForExecutions({ workflowId: slot.workflowId, count: before.size + EXECUTIONS, timeoutMs: 20 * 60_000, intervalMs: 1000, includeData: false });
					sim.configure({ rateLimit: false });
					const done = finished.filter((e) => !before.has(e.id));
					const requests = rec.all().filter((r) => r.accountId === sim.accounts[slot.account].id);
					const byWorker = cluster.executionsByWorker();
					const ids = new Set(done.map((e) => Number(e.id)));
					return {
						requests,
						ok: done.length === EXECUTIONS && done.every((e) => e.status === 'success'),
						workers: cluster.workers.map((w) => ({
							executions: (byWorker.get(w.name) ?? []).filter((id) => ids.has(id)).length,
							peakMb: cluster.peakMemory().find((m) => m.worker === w.name)?.peakMb ?? NaN,
						})),
					};
				};

				// The load's own pace: four executions with no limit; each request's cycle within one execution.
				const free = await measure(false);
				const cycle = (spanOf(free.requests).spanMs / ITEMS) * EXECUTIONS;
				cycleMs.set(workers, cycle);
				log(`  [8] ${workers} workers, no limit: ${free.requests.length} requests in ${num(spanOf(free.requests).spanMs / 1000, 1)} s (${num(cycle, 0)} ms a request in each execution)`);

				for (let run = 0; run < runs; run++) {
					for (const [name, service] of shapes) {
						const r = await measure(service);
						const t = tally(r.requests);
						const { startAt, spanMs } = spanOf(r.requests);
						const perExecution = Array.from({ length: EXECUTIONS }, () => [ITEMS / EXECUTIONS]);
						const leastMs = perfectClient(service, perExecution, [], startAt, cycle).spanMs;
						const m: Measured = { ok: r.ok && t.ok === ITEMS, share: leastMs / spanMs, refused: t.rateLimited / Math.max(1, t.total), spanMs, leastMs, workers: r.workers };
						const key = `${name}:${workers}`;
						results.set(key, [...(results.get(key) ?? []), m]);
						log(
							`  [8] ${workers} workers, run ${run + 1}, ${name}: ${m.ok ? 'OK' : 'FAILED'}, ok ${t.ok}, 429 ${t.rateLimited}, ${num(spanMs / 1000, 1)} s, least ${num(leastMs / 1000, 1)} s, ` +
								`share ${num(m.share * 100, 0)} %; ${r.workers.map((w) => `${w.executions} executions, ${num(w.peakMb, 0)} MB`).join('; ')}`,
						);
					}
				}
			} finally {
				await cluster.stop();
			}
		}
	} finally {
		sim.configure({ rateLimit: false });
	}

	const peaks = (ms: Measured[]) => ms[0].workers.map((_, w) => num(Math.max(...ms.map((m) => m.workers[w].peakMb)), 0)).join(' / ');
	const rows = shapes.map(([name]) => {
		const row = [SHAPE_GOALS[name].label];
		for (const workers of WORKER_COUNTS) {
			const ms = results.get(`${name}:${workers}`)!;
			row.push(shapeCell(ms, SHAPE_GOALS[name].shared), fmtValues(ms.map((m) => m.spanMs / 1000), 1), peaks(ms));
		}
		return row;
	});
	return {
		id: 8,
		title: 'Limiter shapes in queue mode: the credential at its defaults, 2 and 4 workers',
		setup: [
			`The shapes of scenario 7 (150 requests a minute per account: ${shapes.map(([name]) => SHAPE_GOALS[name].label).join('; ')}), no Retry-After. n8n in queue mode (dev/queue: PostgreSQL, Redis, one main, 2 or 4 workers, each worker's concurrency 4 / workers). The credential at its defaults (Rate Limit 150 per 60 s, Max Rate Limit Wait 120 s).`,
			`Load (b): Customer › Get for ${ITEMS} items, one request each, split over ${EXECUTIONS} executions started at once by a webhook. The runs take turns over four credentials (two accounts, each with its read and write key), so that each worker's pacer starts afresh for a run without the account idling for a minute between runs.`,
			`Share = least time / time taken (first request's arrival to the last answer). Least time: a perfect client running the same ${EXECUTIONS} executions against the same limiter from the same moment, each request taking the load's own time without a limit (measured first: ${WORKER_COUNTS.map((w) => `${w} workers ${num(cycleMs.get(w) ?? NaN, 0)} ms`).join(', ')}).`,
			'Cells: share / refused (429 among all requests), median of the runs (range); ✓ ✗ against the goals (bench/pacerModel.ts, SHAPE_GOALS; the windows of 6 s have none: their figures are reported). Peak RSS of each worker (VmHWM, reset before each run), the highest over the runs.',
		],
		tables: [
			{
				caption: `${runs} run${runs === 1 ? '' : 's'} per cell`,
				table: {
					columns: ['Limiter', ...WORKER_COUNTS.flatMap((w) => [`${w} workers: share / refused`, `${w} workers: time, s`, `${w} workers: peak RSS per worker, MB`])],
					rows,
				},
			},
		],
		notes: [],
		raw: Object.fromEntries(results),
	};
}
