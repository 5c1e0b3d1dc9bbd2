/** An instance's CLI: `n8n <command>` against its folder and database (import, execute, publish). */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { parseJsonAfterLogs, runStatus } from './executionData';
import { tail } from './files';
import { getFreePort, runProcess } from './processes';
import { n8nEnv, type InstanceSite } from './site';
import type { CliResult, CredentialImport, ExecuteResult, ImportedWorkflow, WorkflowJson } from './types';

export class N8nCli {
	private wfCounter = 0;

	constructor(private readonly site: InstanceSite) {}

	/** Runs `n8n <args>` as a CLI command against this instance's folder and database. */
	async run(args: string[], opts: { timeoutMs?: number } = {}): Promise<CliResult> {
		// Each CLI command starts its own task broker: give it a port of its own.
		const brokerPort = await getFreePort();
		return await runProcess(this.site.runtime.nodeBin, [this.site.runtime.n8nBin, ...args], {
			cwd: this.site.workDir,
			env: n8nEnv(this.site, brokerPort),
			timeoutMs: opts.timeoutMs ?? 120_000,
			logFile: this.site.cliLogFile,
			// Through a file: `execute` prints whole executions, megabytes, just before it exits.
			stdoutFile: path.join(this.site.workDir, `cli-stdout-${brokerPort}.txt`),
		});
	}

	/** Runs a command, timed as `what`; throws with the end of its output when it fails or `ok` says it did not do its job. */
	async runOrThrow(what: string, args: string[], ok: (r: CliResult) => boolean, timeoutMs?: number): Promise<CliResult> {
		const started = Date.now();
		const r = await this.run(args, { timeoutMs });
		this.site.timings.push({ step: what, ms: Date.now() - started });
		if (r.exitCode !== 0 || !ok(r)) {
			throw new Error(
				`n8n ${args[0]} failed (exit ${r.exitCode}${r.timedOut ? ', timed out' : ''}); log: ${this.site.cliLogFile}\n` +
					tail(r.stdout + '\n' + r.stderr, 40),
			);
		}
		return r;
	}

	private writeInputFile(kind: string, content: unknown): string {
		const dir = path.join(this.site.workDir, 'input');
		fs.mkdirSync(dir, { recursive: true });
		const file = path.join(dir, `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
		fs.writeFileSync(file, JSON.stringify(content, null, 2));
		return file;
	}

	/** Imports credentials in one `n8n import:credentials` call; `data` is plain and gets encrypted. */
	async importCredentials(creds: CredentialImport[], opts: { timeoutMs?: number } = {}): Promise<void> {
		if (creds.length === 0) return;
		for (const c of creds) {
			if (!c.id || !c.name || !c.type) throw new Error('each credential needs id, name and type');
		}
		const file = this.writeInputFile('credentials', creds);
		await this.runOrThrow('import:credentials', ['import:credentials', `--input=${file}`], (r) => /Successfully imported/.test(r.stdout + r.stderr), opts.timeoutMs);
	}

	/**
	 * Imports workflows in one `n8n import:workflow` call. Missing ids are assigned
	 * (`<prefix>000000001`..., 16 characters), as are missing names, node ids, connections and
	 * settings. Imported workflows are unpublished (inactive). Returns them with their ids.
	 */
	async importWorkflows(workflows: WorkflowJson[], opts: { timeoutMs?: number } = {}): Promise<ImportedWorkflow[]> {
		if (workflows.length === 0) return [];
		const prepared: ImportedWorkflow[] = workflows.map((wf) => {
			const id = wf.id ?? `e2eWf${String(++this.wfCounter).padStart(11, '0')}`;
			return {
				...wf,
				id,
				name: wf.name ?? `Workflow ${id}`,
				active: false,
				nodes: wf.nodes.map((n) => ({ id: randomUUID(), position: [0, 0], parameters: {}, ...n })),
				connections: wf.connections ?? {},
				settings: wf.settings ?? {},
			};
		});
		const file = this.writeInputFile('workflows', prepared);
		await this.runOrThrow('import:workflow', ['import:workflow', `--input=${file}`], (r) => {
			const m = /Successfully imported (\d+) workflow/.exec(r.stdout + r.stderr);
			return !!m && Number(m[1]) === prepared.length;
		}, opts.timeoutMs);
		return prepared;
	}

	/**
	 * Runs a workflow with `n8n execute --id=<id> --rawOutput` (a cold start of n8n: seconds).
	 * The workflow must start with a Manual Trigger (or an Execute Workflow Trigger).
	 * exitCode: 0 success, 1 a node failed (data is still there); data.status says the same.
	 * Never throws for a failed workflow; does throw when n8n printed no JSON at all.
	 */
	async execute(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<ExecuteResult> {
		const r = await this.run(['execute', `--id=${workflowId}`, '--rawOutput'], { timeoutMs: opts.timeoutMs ?? 180_000 });
		this.site.timings.push({ step: 'execute', ms: r.durationMs });
		const data = parseJsonAfterLogs(r.stdout);
		if (data === null) {
			throw new Error(
				`n8n execute --id=${workflowId} printed no execution JSON (exit ${r.exitCode}${r.timedOut ? ', timed out' : ''}); log: ${this.site.cliLogFile}\n` +
					tail(r.stdout + '\n' + r.stderr, 40),
			);
		}
		return { ...r, data, status: runStatus(data) };
	}
}
