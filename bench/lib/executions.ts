/**
 * Reads a stored execution straight from an instance's sqlite database (with the sqlite3 command
 * line tool), after the n8n process that ran it has exited. Used for sub-workflow executions:
 * their data never reaches `n8n execute`'s output, which keeps that output small.
 *
 * n8n stores the run data "flatted" (https://github.com/WebReflection/flatted): one JSON array
 * in which every object, array and string is its own entry and references are index strings.
 * Only the few fields the bench needs are resolved, so a 300 MB execution costs one JSON.parse.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

import type { N8nInstance } from '../../dev/n8n/harness';

export interface NodeRunSummary {
	startTime: number;
	executionTime: number;
	status: string;
	/** Item counts per output of the node's first run. */
	items: number[];
	error?: string;
	runs: number;
	/** With readExecution's `valuesOf`: that field of every item of the first output. */
	values?: unknown[];
}

export interface StoredExecution {
	id: number;
	workflowId: string;
	mode: string;
	status: string;
	startedAt: number;
	stoppedAt: number;
	/** Size of the stored run data, in bytes. */
	dataBytes: number;
	nodes: Record<string, NodeRunSummary>;
	error?: string;
}

function dbFile(instance: N8nInstance): string {
	return path.join(instance.workDir, '.n8n', 'database.sqlite');
}

function sql(instance: N8nInstance, query: string, maxBuffer = 64 * 1024 * 1024): string {
	return execFileSync('sqlite3', ['-readonly', '-batch', dbFile(instance), query], { maxBuffer, encoding: 'utf8' });
}

/** Ids of the executions of a workflow, oldest first. */
export function executionIds(instance: N8nInstance, workflowId: string): number[] {
	if (!/^[A-Za-z0-9]+$/.test(workflowId)) throw new Error(`bad workflow id ${workflowId}`);
	return sql(instance, `select id from execution_entity where workflowId = '${workflowId}' order by id;`)
		.split('\n')
		.filter(Boolean)
		.map(Number);
}

function sqliteTime(value: string): number {
	// "2026-11-21 12:33:49.381" is UTC
	return Date.parse(`${value.replace(' ', 'T')}Z`);
}

/**
 * One stored execution, with a summary of every node's first run; `valuesOf` also collects one
 * JSON field of every item a node put out (e.g. the ids, to check that each record came once).
 */
export function readExecution(instance: N8nInstance, id: number, valuesOf?: { node: string; field: string }): StoredExecution {
	const meta = sql(instance, `select workflowId, mode, status, startedAt, stoppedAt from execution_entity where id = ${Number(id)};`).trim();
	if (!meta) throw new Error(`no execution ${id} in ${dbFile(instance)}`);
	const [workflowId, mode, status, startedAt, stoppedAt] = meta.split('|');
	const raw = sql(instance, `select data from execution_data where executionId = ${Number(id)};`, 2 ** 31 - 1);
	const flat: unknown[] = JSON.parse(raw);
	const at = (ref: unknown): any => (typeof ref === 'string' && /^\d+$/.test(ref) ? flat[Number(ref)] : ref);
	const root = flat[0] as Record<string, unknown>;
	const resultData = at(root.resultData) ?? {};
	const runData = at(resultData.runData) ?? {};
	const nodes: Record<string, NodeRunSummary> = {};
	for (const [name, ref] of Object.entries(runData as Record<string, unknown>)) {
		const runs = at(ref) as unknown[];
		if (!Array.isArray(runs) || runs.length === 0) continue;
		const run = at(runs[0]);
		const main = at(at(run.data)?.main);
		const items = Array.isArray(main) ? main.map((output: unknown) => (Array.isArray(at(output)) ? at(output).length : 0)) : [];
		const error = at(run.error);
		const values =
			valuesOf?.node === name && Array.isArray(main) && Array.isArray(at(main[0]))
				? (at(main[0]) as unknown[]).map((item) => at(at(at(item)?.json)?.[valuesOf.field]))
				: undefined;
		nodes[name] = {
			values,
			startTime: Number(run.startTime),
			executionTime: Number(run.executionTime),
			status: String(at(run.executionStatus) ?? ''),
			items,
			error: error ? String(at(error.message) ?? 'error') : undefined,
			runs: runs.length,
		};
	}
	const execError = at(resultData.error);
	return {
		id,
		workflowId,
		mode,
		status,
		startedAt: sqliteTime(startedAt),
		stoppedAt: sqliteTime(stoppedAt),
		dataBytes: Buffer.byteLength(raw),
		nodes,
		error: execError ? String(at(execError.message) ?? 'error') : undefined,
	};
}

export interface ExecutionRow {
	id: number;
	status: string;
	startedAt: number;
	stoppedAt: number;
}

/** The executions of a workflow (id, status, times), oldest first, without their data. */
export function executionRows(instance: N8nInstance, workflowId: string): ExecutionRow[] {
	if (!/^[A-Za-z0-9]+$/.test(workflowId)) throw new Error(`bad workflow id ${workflowId}`);
	return sql(instance, `select id, status, startedAt, stoppedAt from execution_entity where workflowId = '${workflowId}' order by id;`)
		.split('\n')
		.filter(Boolean)
		.map((line) => {
			const [id, status, startedAt, stoppedAt] = line.split('|');
			return { id: Number(id), status, startedAt: startedAt ? sqliteTime(startedAt) : NaN, stoppedAt: stoppedAt ? sqliteTime(stoppedAt) : NaN };
		});
}
