/**
 * What test/queue/trigger-crash.test.ts uses to stop n8n at a chosen point of a poll's life
 * without timing luck, and to count what came out of the trigger afterwards:
 *
 * - the simulator holds the poll's request (a `slow` fault with a long delay, once: its count
 *   going to 0 says the request arrived and is held);
 * - a PostgreSQL session of the test holds one of n8n's two writes after a poll: the execution's
 *   row of one workflow (a trigger on execution_entity waits on an advisory lock the session
 *   holds) or the static data of another (the session locks that workflow's row);
 * - a step after the trigger holds the execution (an HTTP Request to a local server that does not
 *   answer the held request).
 *
 * Each point gets a workflow of its own, on a list of the simulator that no other reads, so one
 * kill of n8n stops all four at their points at once.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import type { N8nInstance, WorkflowJson } from '../../dev/n8n/harness';
import { ensureParts, type QueueParts } from '../../dev/queue/parts';
import type { Simulator } from '../../dev/simulator';
import { POLL_SECONDS, TRIGGER_TYPE, waitUntil } from './support';

export const TRIGGER_NODE = 'New records';

export type Point = 'requests' | 'positionStored' | 'executionStored' | 'execution';

export interface PointSetup {
	workflowId: string;
	/** Where n8n is when it is killed. */
	what: string;
	event: 'newCustomer' | 'newFeedback' | 'newOutboxRecord';
	account: 0 | 1;
	kind: 'customers' | 'feedback' | 'outbox';
	/** The field that identifies a record in the trigger's output (version 1: the record as sent). */
	idField: 'id' | 'surveyId';
}

/** The four points, each on a list of its own (the simulator's faults match a path, not an account). */
export const POINTS: Record<Point, PointSetup> = {
	requests: { workflowId: 'crashAtRequests1', what: 'during the poll’s requests', event: 'newCustomer', account: 0, kind: 'customers', idField: 'id' },
	positionStored: {
		workflowId: 'crashAtPosition1',
		what: 'after the poll returned: its position stored, its execution not yet',
		event: 'newFeedback',
		account: 0,
		kind: 'feedback',
		idField: 'id',
	},
	executionStored: {
		workflowId: 'crashAtExecStore',
		what: 'after the poll returned: its execution stored and finished, its position not yet',
		event: 'newOutboxRecord',
		account: 0,
		kind: 'outbox',
		idField: 'surveyId',
	},
	execution: { workflowId: 'crashAtExecution', what: 'during the execution', event: 'newFeedback', account: 1, kind: 'feedback', idField: 'id' },
};

/** Survey Feedback Trigger (every 5 s, from now) → [Hold: an HTTP request the test may hold] → Received. */
export function crashWorkflow(point: Point, cred: { id: string; name: string }, holdUrl: string): WorkflowJson {
	const { workflowId, event } = POINTS[point];
	const hold = point === 'execution';
	const trigger = {
		name: TRIGGER_NODE,
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { event, pollTimes: { item: POLL_SECONDS.map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })) } },
		credentials: { surveyFeedbackApi: cred },
	};
	const received = { name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [400, 0], parameters: {} };
	const holdNode = {
		name: 'Hold',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [200, 0],
		executeOnce: true,
		parameters: { url: holdUrl, options: {} },
	};
	const link = (from: string, to: string) => ({ [from]: { main: [[{ node: to, type: 'main', index: 0 }]] } });
	return {
		id: workflowId,
		name: `Crash: ${POINTS[point].what}`,
		settings: { executionOrder: 'v1' },
		nodes: hold ? [trigger, holdNode, received] : [trigger, received],
		connections: hold ? { ...link(TRIGGER_NODE, 'Hold'), ...link('Hold', 'Received') } : link(TRIGGER_NODE, 'Received'),
	} as WorkflowJson;
}

/** New records of a point's list, created now, one millisecond apart; their IDs. */
export function newRecords(sim: Simulator, point: Point, label: string, count: number): string[] {
	const { account, kind, idField } = POINTS[point];
	const now = Date.now();
	const records = Array.from({ length: count }, (_, i) => {
		const email = `${point}.${label}.${i}.${now}@example.com`.toLowerCase();
		const time = new Date(now + i).toISOString();
		if (kind === 'customers') return { email, createdDate: time };
		if (kind === 'outbox') return { email, surveyCreatedDate: time };
		return { email, score: 7, comment: `${label} ${i}`, createdDate: time };
	});
	return sim.insert(sim.accounts[account].id, kind, records).map((record) => String(record[idField]));
}

// ---------------------------------------------------------------------------------------------
// What came out

export interface Emitted {
	executionId: number;
	status: string;
	/** 'trigger', or 'retry' for an execution retried by hand. */
	mode: string;
	ids: string[];
}

/**
 * The records each execution of a point's workflow received from the trigger: its output in the
 * run data, or, for an execution n8n was killed in (it never recorded its run data; n8n's recovery
 * marks the nodes that ran with an artificial item), the trigger's items it was started with.
 */
export async function emitted(n8n: N8nInstance, point: Point): Promise<Emitted[]> {
	const { workflowId, idField } = POINTS[point];
	const list = await n8n.executions({ workflowId, includeData: true, limit: 250 });
	return list
		.map((execution) => {
			const data = execution.data ?? {};
			const runs: Array<{ data?: { main?: Array<Array<{ json: IDataObject }>> } }> = data.resultData?.runData?.[TRIGGER_NODE] ?? [];
			const ran = runs
				.map((run) => run.data?.main?.[0])
				.filter((items) => items && !items.some((item) => item.json.isArtificialRecoveredEventItem))
				.pop();
			const started = (data.executionData?.nodeExecutionStack ?? []).find((entry: any) => entry.node?.name === TRIGGER_NODE)?.data?.main?.[0];
			const items: Array<{ json: IDataObject }> = ran ?? started ?? [];
			return { executionId: Number(execution.id), status: String(execution.status), mode: String(execution.mode), ids: items.map((item) => String(item.json[idField])) };
		})
		.sort((a, b) => a.executionId - b.executionId);
}

/** How many times each of `ids` came out of the trigger, in any execution. */
export function timesEmitted(all: Emitted[], ids: string[]): number[] {
	const counts = new Map<string, number>();
	for (const id of all.flatMap((e) => e.ids)) counts.set(id, (counts.get(id) ?? 0) + 1);
	return ids.map((id) => counts.get(id) ?? 0);
}


// ---------------------------------------------------------------------------------------------
// The holds

/** The stored static data of a workflow's trigger node, from n8n's database. */
export function storedPosition(parts: QueueParts, point: Point): { watermark?: string | null } | undefined {
	const raw = parts.psql(`select "staticData" from workflow_entity where id = '${POINTS[point].workflowId}'`);
	return raw ? JSON.parse(raw)[`node:${TRIGGER_NODE}`] : undefined;
}

const EXECUTION_LOCK = 671;

/**
 * Makes n8n's insert of an execution of `workflowId` wait on an advisory lock (a trigger on
 * execution_entity, which n8n creates at its first command). Inserts pass at once unless a
 * HoldSession holds the lock.
 */
export function installExecutionHold(parts: QueueParts, workflowId: string): void {
	parts.psql(`
		create or replace function sf_test_hold_execution() returns trigger language plpgsql as $$
		begin
			if NEW."workflowId" = '${workflowId}' then perform pg_advisory_xact_lock_shared(${EXECUTION_LOCK}); end if;
			return NEW;
		end $$;
		drop trigger if exists sf_test_hold_execution on execution_entity;
		create trigger sf_test_hold_execution before insert on execution_entity for each row execute function sf_test_hold_execution();`);
}

/** Whether an insert of an execution is waiting on the hold now. */
export function executionInsertHeld(parts: QueueParts): boolean {
	return parts.psql(`select count(*) from pg_locks where locktype = 'advisory' and objid = ${EXECUTION_LOCK} and not granted`) !== '0';
}

/** A psql session of the test's own that holds n8n's writes while it is open. */
export class HoldSession {
	private output = '';
	private marker = 0;

	private constructor(private readonly psql: ChildProcessWithoutNullStreams) {
		psql.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
		psql.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
	}

	static open(parts: QueueParts): HoldSession {
		const bin = path.join(ensureParts().pgBinDir, 'psql');
		const { host, port, user, database } = parts.postgres;
		return new HoldSession(spawn(bin, ['-h', host, '-p', String(port), '-U', user, '-d', database, '-At', '-v', 'ON_ERROR_STOP=1'], { stdio: 'pipe' }));
	}

	/** Runs SQL in the session and waits until psql has done it. */
	async run(sql: string): Promise<void> {
		const done = `done ${++this.marker}`;
		this.psql.stdin.write(`${sql}\n\\echo ${done}\n`);
		await waitUntil(`psql: ${sql}`, () => this.output.includes(done), 30_000);
		if (/ERROR/.test(this.output)) throw new Error(`psql: ${this.output}`);
	}

	/** From now on, n8n's insert of an execution of the workflow installExecutionHold named waits. */
	holdExecutionInsert(): Promise<void> {
		return this.run(`select pg_advisory_lock(${EXECUTION_LOCK});`);
	}

	/**
	 * From now on, n8n's update of the executionStored workflow's row (its static data) waits. The
	 * lock lets the row's key be referenced meanwhile: the workflow's executions are still created.
	 */
	holdStaticData(): Promise<void> {
		return this.run(`begin; select id from workflow_entity where id = '${POINTS.executionStored.workflowId}' for no key update;`);
	}

	/**
	 * After n8n was killed: ends the connections it left waiting on a hold (as PostgreSQL does once
	 * it notices them gone), so that the writes held never happen, then lets go. Other processes'
	 * connections (workers still running) are left alone.
	 */
	async release(): Promise<void> {
		await this.run('select count(pg_terminate_backend(pid)) from pg_locks where not granted and pid <> pg_backend_pid();');
		await this.run('rollback; select pg_advisory_unlock_all();');
		this.close();
	}

	close(): void {
		if (this.psql.exitCode === null) this.psql.kill();
	}
}

/** The step that holds an execution: answers at once, except the one request after hold(), which it never answers. */
export class HoldServer {
	private readonly server = http.createServer((request, response) => {
		this.requests++;
		if (this.armed) {
			this.armed = false;
			this.held.push(response);
			return;
		}
		response.writeHead(200, { 'content-type': 'application/json' }).end('{"held":false}');
	});
	private armed = false;
	private readonly held: http.ServerResponse[] = [];
	requests = 0;

	async start(): Promise<string> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hold`;
	}

	/** The next request is held. */
	hold(): void {
		this.armed = true;
	}

	/** Whether an execution is held at this step now. */
	get holding(): boolean {
		return this.held.length > 0;
	}

	async close(): Promise<void> {
		for (const response of this.held.splice(0)) response.destroy();
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
