/** What every scenario shares: the simulator, the recorder, the n8n instance, and one measured run. */
import type { N8nInstance, WorkflowJson } from '../../dev/n8n/harness';
import type { Simulator } from '../../dev/simulator';
import { runnerWorkflow, subWorkflow } from '../workflows';
import { executionIds, readExecution, type StoredExecution } from './executions';
import { executeMeasured, type MeasuredExecute } from './proc';
import { tally, type RequestRecorder, type RequestTally, type SeenRequest } from './requests';

export interface BenchOptions {
	runs: number;
	/** Scenario 1: customers upserted. */
	customers: number;
	/** Scenario 2: feedback records read. */
	feedback: number;
	/** Scenario 3: pages of 1000 read under the compressed rate limit. */
	ratePages: number;
	/** Scenario 3: the compressed limit. */
	rateLimit: { limit: number; windowMs: number };
	/** Scenario 3, at the real limit (150 / 60 s): items of one request each (0: skip), and runs. */
	realLimitItems: number;
	realLimitRuns: number;
	/** Scenario 4: backlog emitted by the trigger. */
	backlog: number;
	/** Scenario 5 (queue mode): the worker counts, and the Customer › Get items at the real limit (0: skip). */
	queueWorkers: number[];
	queueRealItems: number;
	/** Scenario 6: Survey › Send recipients and Feedback › Import responses, mapped automatically. */
	recipients: number;
	responses: number;
	scenarios: Set<number>;
	/** Scenarios 7 and 8: the limiter shapes to run (names of dev/pacing/simulation.ts's SHAPES); all when absent. */
	shapes?: string[];
}

export interface Bench {
	sim: Simulator;
	rec: RequestRecorder;
	opts: BenchOptions;
	log: (msg: string) => void;
}

/** One measured workflow: a sub-workflow with the nodes under test, and the runner that calls it. */
export interface Variant {
	key: string;
	label: string;
	sub: WorkflowJson;
	runner: WorkflowJson;
	/** Names of the nodes under test, first to last: their span is the wall time. */
	nodesUnderTest: string[];
}

export function variant(key: string, label: string, idStem: string, nodes: Array<Record<string, any>>, nodesUnderTest: string[]): Variant {
	const subId = `bench${idStem}Sub`.padEnd(16, '0').slice(0, 16);
	const runnerId = `bench${idStem}Run`.padEnd(16, '0').slice(0, 16);
	return {
		key,
		label,
		sub: subWorkflow(subId, `Bench ${key}: ${label}`, nodes),
		runner: runnerWorkflow(runnerId, `Bench ${key} (runner)`, subId),
		nodesUnderTest,
	};
}

export interface SubRun {
	/** The sub-workflow's execution status ('success', 'error'), or the runner's when the sub left none. */
	status: string;
	error?: string;
	exec?: StoredExecution;
	proc: MeasuredExecute;
	requests: SeenRequest[];
	tally: RequestTally;
	/** From the start of the first node under test to the end of the last one that ran, ms. */
	wallMs: number;
	/** Items the last node under test put out (first output, first run). */
	items: number;
	peakMb: number;
}

/** Runs a variant's runner with `n8n execute`, sampling its memory; reads the sub-workflow's execution from the database. */
export async function runVariant(bench: Bench, n8n: N8nInstance, v: Variant, opts: { timeoutMs?: number } = {}): Promise<SubRun> {
	const before = new Set(executionIds(n8n, v.sub.id!));
	bench.rec.clear();
	bench.sim.clearRequests();
	const proc = await executeMeasured(n8n, v.runner.id!, { timeoutMs: opts.timeoutMs });
	const requests = bench.rec.all();
	const fresh = executionIds(n8n, v.sub.id!).filter((id) => !before.has(id));
	const exec = fresh.length ? readExecution(n8n, fresh[fresh.length - 1]) : undefined;
	let wallMs = NaN;
	let items = 0;
	if (exec) {
		const ran = v.nodesUnderTest.map((name) => exec.nodes[name]).filter((n) => n !== undefined);
		if (ran.length) {
			const start = Math.min(...ran.map((n) => n.startTime));
			const end = Math.max(...ran.map((n) => n.startTime + n.executionTime));
			wallMs = end - start;
			const last = exec.nodes[v.nodesUnderTest[v.nodesUnderTest.length - 1]];
			items = last?.items[0] ?? 0;
		}
	}
	const nodeError = exec ? Object.values(exec.nodes).find((n) => n.error)?.error : undefined;
	const status = exec?.status ?? proc.status ?? (proc.timedOut ? 'timed out' : `exit ${proc.exitCode}`);
	return {
		status,
		error: exec?.error ?? nodeError ?? (status === 'success' ? undefined : proc.stdoutTail.split('\n').slice(-6).join(' | ')),
		exec,
		proc,
		requests,
		tally: tally(requests),
		wallMs,
		items,
		peakMb: proc.peakKb / 1024,
	};
}

/** Rotates the variants per run, so that each goes first, second, ... in turn (machine noise hits all). */
export function interleaved<T>(list: T[], run: number): T[] {
	const k = run % list.length;
	return [...list.slice(k), ...list.slice(0, k)];
}
