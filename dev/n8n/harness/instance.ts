/**
 * A throwaway n8n: its user folder, its CLI, its server, its REST and public APIs. The instance
 * puts together one part per job, each in its own file: the CLI (cli.ts), the server process
 * (server.ts), HTTP with the owner's session and API key (restClient.ts), publishing workflows
 * (publication.ts) and reading executions (executions.ts); they share the instance's site (site.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { N8nCli } from './cli';
import { ExecutionReader } from './executions';
import { workRoot } from './paths';
import { getFreePort } from './processes';
import { Publication } from './publication';
import { RestClient, type HttpOptions } from './restClient';
import { ensureN8n } from './runtime';
import { failedStart, N8nServer, type ServerStartOptions } from './server';
import { instanceSite, n8nEnv, type InstanceSite } from './site';
import type { CliResult, CreateInstanceOptions, CredentialImport, ExecuteResult, ExecutionsQuery, ImportedWorkflow, N8nRuntime, WorkflowJson } from './types';
import { prepareWorkFolder } from './workFolder';

export { ENCRYPTION_KEY } from './site';
export { OWNER } from './restClient';

let instanceCounter = 0;

/** A throwaway n8n: its own user folder, sqlite database, ports, and the package(s) loaded. */
export async function createInstance(opts: CreateInstanceOptions = {}): Promise<N8nInstance> {
	const runtime = await ensureN8n();
	const name =
		opts.name ?? `n8n-${new Date().toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}-${process.pid}-${++instanceCounter}`;
	const workDir = path.resolve(opts.workDir ?? path.join(workRoot(), name));
	const packages = prepareWorkFolder(runtime, workDir, opts);
	const port = await getFreePort();
	return new N8nInstance(runtime, name, workDir, port, packages, opts.env ?? {});
}

export class N8nInstance {
	readonly baseUrl: string;
	/** n8n start's stdout and stderr. */
	readonly logFile: string;
	/** Every CLI command's output (import, execute, publish). */
	readonly cliLogFile: string;
	/** Durations in ms of what this instance did, in order, e.g. { step: 'start', ms: 9000 }. */
	readonly timings: Array<{ step: string; ms: number }>;

	private readonly site: InstanceSite;
	private readonly cliPart: N8nCli;
	private readonly server: N8nServer;
	private readonly api: RestClient;
	private readonly publication: Publication;
	private readonly reader: ExecutionReader;

	constructor(
		readonly runtime: N8nRuntime,
		readonly name: string,
		/** Also the N8N_USER_FOLDER: n8n keeps its files in `<workDir>/.n8n`. */
		readonly workDir: string,
		readonly port: number,
		/** Names of the packages loaded; node types are `<package>.<node name>`. */
		readonly packages: string[],
		extraEnv: Record<string, string>,
	) {
		this.site = instanceSite(runtime, name, workDir, port, extraEnv);
		({ baseUrl: this.baseUrl, logFile: this.logFile, cliLogFile: this.cliLogFile, timings: this.timings } = this.site);
		const running = () => this.server.running;
		this.cliPart = new N8nCli(this.site);
		this.server = new N8nServer(this.site);
		this.api = new RestClient(this.site, running);
		this.publication = new Publication(this.site, this.cliPart, this.api, running);
		this.reader = new ExecutionReader(this.site, this.api);
	}

	/** The public API key (X-N8N-API-KEY), once start() made it. */
	get apiKey(): string | undefined {
		return this.api.apiKey;
	}

	set apiKey(key: string | undefined) {
		this.api.apiKey = key;
	}

	get running(): boolean {
		return this.server.running;
	}

	/** The pid of the running server's node process (`n8n start`, or the command start() ran); also its process group. */
	get pid(): number | undefined {
		return this.server.pid;
	}

	/** The environment of every n8n process of this instance. */
	env(brokerPort: number): NodeJS.ProcessEnv {
		return n8nEnv(this.site, brokerPort);
	}

	// ----- the CLI (cli.ts) -----------------------------------------------------------------

	/** Runs `n8n <args>` as a CLI command against this instance's folder and database. */
	cli(args: string[], opts: { timeoutMs?: number } = {}): Promise<CliResult> {
		return this.cliPart.run(args, opts);
	}

	/** Imports credentials in one `n8n import:credentials` call; `data` is plain and gets encrypted. */
	importCredentials(creds: CredentialImport[], opts: { timeoutMs?: number } = {}): Promise<void> {
		return this.cliPart.importCredentials(creds, opts);
	}

	/** Imports workflows in one `n8n import:workflow` call, unpublished, ids and names filled in: see N8nCli.importWorkflows. */
	importWorkflows(workflows: WorkflowJson[], opts: { timeoutMs?: number } = {}): Promise<ImportedWorkflow[]> {
		return this.cliPart.importWorkflows(workflows, opts);
	}

	/** Runs a workflow with `n8n execute --id=<id> --rawOutput`; never throws for a failed workflow: see N8nCli.execute. */
	execute(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<ExecuteResult> {
		return this.cliPart.execute(workflowId, opts);
	}

	// ----- the server (server.ts, restClient.ts) ----------------------------------------------

	/**
	 * Starts `n8n start` in the background, waits for "Editor is now accessible", sets up the
	 * owner (or logs in, on a second start), keeps the session cookie and creates a public API key.
	 *
	 * `command` runs another long-lived n8n command instead (e.g. `['worker', '--concurrency=2']`
	 * in queue mode), ready at `readyLine`; `login: false` skips the owner, session and API key
	 * (a worker serves no REST API).
	 */
	async start(opts: ServerStartOptions & { login?: boolean } = {}): Promise<void> {
		await this.server.start(opts);
		if (opts.login === false) return;
		const ready = Date.now();
		try {
			await this.api.signIn();
		} catch (e) {
			await this.stop();
			throw failedStart(this.site, e);
		}
		this.timings.push({ step: 'start: owner, session, API key', ms: Date.now() - ready });
	}

	/**
	 * Stops n8n: SIGTERM to its process group, SIGKILL after `graceMs`; then nothing of it is left.
	 * `signal: 'SIGKILL'` kills it at once, as a crash would: n8n finishes nothing.
	 */
	async stop(opts: { signal?: NodeJS.Signals; graceMs?: number } = {}): Promise<void> {
		if (!this.server.running) return;
		await this.server.stop(opts);
		this.api.endSession();
	}

	/** An HTTP request with the session cookie; `{ status, body }`, throws on a status >= 400 unless allowStatus: see RestClient.http. */
	http(method: string, urlPath: string, body?: unknown, opts: HttpOptions = {}): Promise<{ status: number; body: any; headers: Headers }> {
		return this.api.http(method, urlPath, body, opts);
	}

	/** The internal REST API (what the editor uses), path relative to /rest. Returns the body (mostly `{ data }`). */
	rest(method: string, restPath: string, body?: unknown, opts: { timeoutMs?: number } = {}): Promise<any> {
		return this.api.rest(method, restPath, body, opts);
	}

	/** The public API, path relative to /api/v1, with the API key. Returns the body. */
	publicApi(method: string, apiPath: string, body?: unknown, opts: { timeoutMs?: number } = {}): Promise<any> {
		return this.api.publicApi(method, apiPath, body, opts);
	}

	// ----- workflows (publication.ts) and executions (executions.ts) ---------------------------

	/** Publishes (activates) a workflow, and waits until its triggers are active or failed: see Publication.activate. */
	activate(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<void> {
		return this.publication.activate(workflowId, opts);
	}

	/** Unpublishes (deactivates) a workflow: see Publication.deactivate. */
	deactivate(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<void> {
		return this.publication.deactivate(workflowId, opts);
	}

	/** Executions from the public API, newest first (with `data` when includeData). */
	executions(q: ExecutionsQuery = {}): Promise<any[]> {
		return this.reader.executions(q);
	}

	/** One execution from the public API (with its data by default; a large one needs a longer timeoutMs than 30 s). */
	execution(id: string, includeData = true, opts: { timeoutMs?: number } = {}): Promise<any> {
		return this.reader.execution(id, includeData, opts);
	}

	/** Waits until a workflow has at least `count` finished executions; returns them newest first: see ExecutionReader.waitForExecutions. */
	waitForExecutions(q: { workflowId: string; count?: number; timeoutMs?: number; intervalMs?: number; includeData?: boolean }): Promise<any[]> {
		return this.reader.waitForExecutions(q);
	}

	/** Runs a workflow in manual mode through the REST API, as the editor does; returns the finished execution: see ExecutionReader.runManually. */
	runManually(workflow: string | WorkflowJson, triggerNodeName?: string, opts: { timeoutMs?: number } = {}): Promise<any> {
		return this.reader.runManually(workflow, triggerNodeName, opts);
	}

	/** Starts a workflow in manual mode through the REST API and returns the execution's id while it runs: see ExecutionReader.startManually. */
	startManually(workflow: string | WorkflowJson, triggerNodeName?: string): Promise<string> {
		return this.reader.startManually(workflow, triggerNodeName);
	}

	/** Stops a running execution as the editor's Stop button does: see ExecutionReader.stop. */
	stopExecution(executionId: string): Promise<any> {
		return this.reader.stop(executionId);
	}

	/** Stops the server if running and deletes the work folder (keep it to read logs: don't call this). */
	async dispose(): Promise<void> {
		await this.stop();
		fs.rmSync(this.workDir, { recursive: true, force: true });
	}
}
