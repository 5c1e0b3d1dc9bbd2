/**
 * Scenario 4: the trigger in a running n8n (`n8n start`). New Feedback, polled every 10 s:
 * requests on activation, requests per idle poll, and the time and memory to emit a backlog of
 * N new records. A fresh server and a fresh workflow for every run.
 */
import { performance } from 'node:perf_hooks';

import type { N8nInstance } from '../../dev/n8n/harness';
import type { Bench } from '../lib/bench';
import { executionRows, readExecution } from '../lib/executions';
import { MemorySampler, procMemory, resetPeak, serverPid } from '../lib/proc';
import type { ScenarioResult } from '../lib/report';
import type { SeenRequest } from '../lib/requests';
import { fmtValues, num } from '../lib/stats';
import { triggerWorkflow, type BenchCredentials } from '../workflows';

export const POLL_SECONDS = [0, 10, 20, 30, 40, 50];
const TRIGGER_NODE = 'Survey Feedback Trigger';

export function triggerWorkflows(cred: BenchCredentials, runs: number) {
	return Array.from({ length: runs }, (_, i) => triggerWorkflow(`benchS4Trigger${String(i).padStart(2, '0')}`, cred, POLL_SECONDS));
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits for a request at or after `since`, then until none came for `quietMs`; returns them. */
async function nextPoll(bench: Bench, since: number, quietMs: number, timeoutMs: number, accountId: string): Promise<SeenRequest[]> {
	const deadline = performance.now() + timeoutMs;
	const mine = () => bench.rec.since(since).filter((r) => r.accountId === accountId);
	while (mine().length === 0) {
		if (performance.now() > deadline) throw new Error(`no poll within ${timeoutMs} ms`);
		await sleep(50);
	}
	for (;;) {
		const seen = mine();
		if (performance.now() - seen[seen.length - 1].t >= quietMs) return seen;
		await sleep(50);
	}
}

/** Waits until the clock is `seconds` past one of the poll times (every 10 s). */
async function untilSecondsAfterTick(seconds: number): Promise<void> {
	const period = 10_000;
	const wait = (seconds * 1000 - (Date.now() % period) + period) % period;
	await sleep(wait);
}

interface RunResult {
	activationRequests: number;
	idleRequests: number;
	backlogRequests: number;
	backlogOk: number;
	emitted: number;
	distinct: number;
	executions: number;
	readMs: number;
	emitMs: number;
	idleRssMb: number;
	peakRssMb: number;
	error?: string;
}

export async function runTrigger(
	bench: Bench,
	n8n: N8nInstance,
	workflows: ReturnType<typeof triggerWorkflows>,
	account: { id: string; key: string },
): Promise<ScenarioResult> {
	const { sim, opts, log } = bench;
	const n = opts.backlog;
	const minimum = Math.ceil(n / 1000);
	const results: RunResult[] = [];
	for (let run = 0; run < opts.runs; run++) {
		const wf = workflows[run];
		sim.reset();
		sim.configure({ rateLimit: false });
		// Read before the recorder counts anything: the newest record the trigger will start from.
		const newest = Date.parse(await newestFeedback(sim.baseUrl, account.key));
		await n8n.start();
		try {
			const pid = serverPid(n8n);
			bench.rec.clear();
			// Activation: the first poll remembers the newest record and emits nothing. Activate just
			// after a poll time, so that the next scheduled poll cannot mix with the activation's.
			await untilSecondsAfterTick(1);
			const activated = performance.now();
			await n8n.activate(wf.id!);
			const activation = await nextPoll(bench, activated, 1500, 30_000, account.id);

			// The backlog: N new records after the trigger's position, oldest first, 1 ms apart.
			const base = Math.max(newest + 1, Date.now() - n);
			const customerIds = sim
				.insert(account.id, 'customers', Array.from({ length: 100 }, (_, i) => ({ email: `trigger.bench.${run}.${i}@example.com` })))
				.map((c) => c.id as string);
			sim.insert(
				account.id,
				'feedback',
				Array.from({ length: n }, (_, i) => ({ customerId: customerIds[i % customerIds.length], score: i % 11, comment: `Backlog ${i}`, createdDate: base + i })),
			);
			const inserted = performance.now();
			const idleRss = procMemory(pid)?.rssKb ?? 0;
			resetPeak(pid);
			const sampler = new MemorySampler(pid, 50).start();

			// Wait until the executions hold every record of the backlog.
			const deadline = Date.now() + 5 * 60_000;
			let emitted = 0;
			let done: Array<{ id: number; stoppedAt: number }> = [];
			const counted = new Map<number, unknown[]>();
			while (emitted < n) {
				if (Date.now() > deadline) throw new Error(`${emitted} of ${n} records emitted after 5 minutes`);
				await sleep(250);
				done = executionRows(n8n, wf.id!).filter((e) => !['new', 'running', 'waiting'].includes(e.status));
				for (const e of done) {
					if (!counted.has(e.id)) counted.set(e.id, readExecution(n8n, e.id, { node: TRIGGER_NODE, field: 'id' }).nodes[TRIGGER_NODE]?.values ?? []);
				}
				emitted = [...counted.values()].reduce((a, b) => a + b.length, 0);
			}
			const distinct = new Set([...counted.values()].flat()).size;
			sampler.sample();
			sampler.stop();
			const lastStop = Math.max(...done.map((e) => e.stoppedAt));
			// The backlog poll's requests all come before its execution ends; on a slow machine the
			// next poll (10 s later) can come before this loop sees the execution stored.
			const backlog = bench.rec.since(inserted).filter((r) => r.accountId === account.id && r.wall <= lastStop);

			// The next poll finds nothing new.
			const idleFrom = performance.now();
			const idle = await nextPoll(bench, idleFrom, 1500, 15_000, account.id);
			await sleep(500);
			const after = executionRows(n8n, wf.id!).length;

			const r: RunResult = {
				activationRequests: activation.length,
				idleRequests: idle.length,
				backlogRequests: backlog.length,
				backlogOk: backlog.filter((q) => q.status === 200).length,
				emitted,
				distinct,
				executions: after,
				readMs: backlog.length > 1 ? backlog[backlog.length - 1].t - backlog[0].t : 0,
				emitMs: lastStop - backlog[0].wall,
				idleRssMb: idleRss / 1024,
				peakRssMb: sampler.peakKb / 1024,
			};
			if (after !== done.length) r.error = `the idle poll started ${after - done.length} execution(s)`;
			if (distinct !== emitted || emitted !== n) r.error = `${emitted} records emitted, ${distinct} distinct, ${n} inserted`;
			results.push(r);
			log(
				`  [4] run ${run + 1}: activation ${r.activationRequests} request(s); backlog ${r.backlogRequests} requests, ${r.emitted} records in ${r.executions} execution(s), ` +
					`read ${num(r.readMs / 1000)} s, emitted ${num(r.emitMs / 1000)} s after the poll began; idle poll ${r.idleRequests} request(s); ` +
					`RSS idle ${num(r.idleRssMb, 0)} MB, peak ${num(r.peakRssMb, 0)} MB${r.error ? `; ${r.error}` : ''}`,
			);
			await n8n.deactivate(wf.id!);
		} finally {
			await n8n.stop();
		}
	}

	const col = (f: (r: RunResult) => number, digits?: number) => fmtValues(results.map(f), digits);
	return {
		id: 4,
		title: `The trigger: idle polls, and a backlog of ${num(n, 0)} new records`,
		setup: [
			`Survey Feedback Trigger, New Feedback, in \`n8n start\` (a fresh server and a fresh workflow each run), polling every 10 s (six poll times, one per 10 s of the minute). After activation, ${num(n, 0)} feedback records newer than its position are inserted at once (1 ms apart); the next poll emits them. Rate limit off.`,
			`Time to emit = from the backlog poll's first request to the end (stoppedAt) of the execution that carries the last record. Read time = first to last request. Peak RSS = VmHWM of the \`n8n start\` process, reset (\`/proc/<pid>/clear_refs\`) just before the backlog poll.`,
			`Physical minimum for the backlog: ceil(${num(n, 0)} / 1000) = **${minimum} requests**.`,
		],
		tables: [
			{
				table: {
					columns: ['Measure', 'Median (min–max)'],
					rows: [
						['Requests on activation (the first poll: remembers the newest record)', col((r) => r.activationRequests, 0)],
						['Requests per idle poll', col((r) => r.idleRequests, 0)],
						[`Requests to read the backlog (minimum ${minimum})`, col((r) => r.backlogRequests, 0)],
						['Records emitted', col((r) => r.emitted, 0)],
						['Distinct records among them (by id)', col((r) => r.distinct, 0)],
						['Executions started', col((r) => r.executions, 0)],
						['Read time, s', col((r) => r.readMs / 1000, 2)],
						['Time to emit the backlog, s', col((r) => r.emitMs / 1000, 2)],
						['Time to emit, ms per 1,000 records', col((r) => r.emitMs / (n / 1000), 0)],
						['RSS of n8n before the backlog, MB', col((r) => r.idleRssMb, 0)],
						['Peak RSS of n8n while emitting, MB', col((r) => r.peakRssMb, 0)],
					],
				},
			},
		],
		notes: results.filter((r) => r.error).map((r) => r.error!),
		raw: results,
	};
}

async function newestFeedback(baseUrl: string, key: string): Promise<string> {
	const res = await fetch(`${baseUrl}/api/v2/feedback?limit=1&sort=-createdDate`, { headers: { 'X-Api-Key': key } });
	const body = (await res.json()) as { data: { responses: Array<{ createdDate: string }> } };
	return body.data.responses[0]?.createdDate ?? new Date(0).toISOString();
}
