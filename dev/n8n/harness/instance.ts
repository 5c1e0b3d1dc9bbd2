/** A throwaway n8n: its user folder, its CLI, its server, its REST and public APIs. */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { parseJsonAfterLogs, resultDataOf, runStatus } from './executionData';
import { readFrom, tail } from './files';
import { workRoot } from './paths';
import { getFreePort, runProcess, sleep, startBackground, type BackgroundProcess } from './processes';
import { ensureN8n, n8nAtLeast, hasModule } from './runtime';
import type { CliResult, CreateInstanceOptions, CredentialImport, ExecuteResult, ExecutionsQuery, ImportedWorkflow, N8nRuntime, WorkflowJson } from './types';

/** The encryption key every instance uses, so imported credentials decrypt the same way. */
export const ENCRYPTION_KEY = 'n8n-e2e-harness-fixed-encryption-key-0001';
export const OWNER = {
	email: 'owner@e2e.example.com',
	firstName: 'E2E',
	lastName: 'Owner',
	password: 'E2e-Harness-Pass-1',
};
const BROWSER_ID = 'n8n-e2e-harness';
const READY_LINE = 'Editor is now accessible via';

let instanceCounter = 0;

/** A throwaway n8n: its own user folder, sqlite database, ports, and the package(s) loaded. */
export async function createInstance(opts: CreateInstanceOptions = {}): Promise<N8nInstance> {
	const runtime = await ensureN8n();
	const name =
		opts.name ?? `n8n-${new Date().toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}-${process.pid}-${++instanceCounter}`;
	const workDir = path.resolve(opts.workDir ?? path.join(workRoot(), name));
	fs.rmSync(workDir, { recursive: true, force: true });
	const nodesModules = path.join(workDir, '.n8n', 'nodes', 'node_modules');
	fs.mkdirSync(nodesModules, { recursive: true });

	const packageDirs = opts.packageDir === undefined ? [] : Array.isArray(opts.packageDir) ? opts.packageDir : [opts.packageDir];
	const packages: string[] = [];
	const mode = opts.mode ?? 'copy';
	for (const dir of packageDirs) {
		const pkgDir = path.resolve(dir);
		const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
		if (!pkg.name || !pkg.n8n) throw new Error(`${pkgDir}/package.json has no name or no n8n block`);
		const target = path.join(nodesModules, pkg.name);
		fs.mkdirSync(path.dirname(target), { recursive: true });
		if (mode === 'link') {
			fs.symlinkSync(pkgDir, target, 'dir');
		} else {
			fs.mkdirSync(target, { recursive: true });
			fs.copyFileSync(path.join(pkgDir, 'package.json'), path.join(target, 'package.json'));
			const files: string[] = Array.isArray(pkg.files) && pkg.files.length ? pkg.files : ['dist'];
			for (const f of files) {
				const from = path.join(pkgDir, f);
				if (fs.existsSync(from)) fs.cpSync(from, path.join(target, f), { recursive: true });
			}
			for (const file of (pkg.n8n.nodes ?? []).concat(pkg.n8n.credentials ?? [])) {
				if (!fs.existsSync(path.join(target, file))) {
					throw new Error(`${pkg.name}: ${file} (listed in its n8n block) is missing: build the package first`);
				}
			}
		}
		packages.push(pkg.name);
	}
	// The package's `require('n8n-workflow')` then finds n8n's own copy, as in a community install;
	// likewise `luxon`, which npm installs beside it as n8n-workflow's dependency (without the
	// link, a work folder inside the repo would resolve the repo's own luxon, and one outside none).
	for (const lib of ['n8n-workflow', 'luxon']) {
		const ownLib = path.join(runtime.runtimeDir, 'node_modules', lib);
		if (mode === 'copy' && fs.existsSync(ownLib) && !fs.existsSync(path.join(nodesModules, lib))) {
			fs.symlinkSync(ownLib, path.join(nodesModules, lib), 'dir');
		}
	}

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
	readonly timings: Array<{ step: string; ms: number }> = [];
	/** The public API key (X-N8N-API-KEY), once start() made it. */
	apiKey: string | undefined;

	private server: BackgroundProcess | undefined;
	private cookie: string | undefined;
	private wfCounter = 0;

	constructor(
		readonly runtime: N8nRuntime,
		readonly name: string,
		/** Also the N8N_USER_FOLDER: n8n keeps its files in `<workDir>/.n8n`. */
		readonly workDir: string,
		readonly port: number,
		/** Names of the packages loaded; node types are `<package>.<node name>`. */
		readonly packages: string[],
		private readonly extraEnv: Record<string, string>,
	) {
		this.baseUrl = `http://127.0.0.1:${port}`;
		this.logFile = path.join(workDir, 'n8n.log');
		this.cliLogFile = path.join(workDir, 'cli.log');
	}

	get running(): boolean {
		return this.server !== undefined;
	}

	/** The pid of the running server's node process (`n8n start`, or the command start() ran); also its process group. */
	get pid(): number | undefined {
		return this.server?.pid;
	}

	/** The environment of every n8n process of this instance. */
	env(brokerPort: number): NodeJS.ProcessEnv {
		const inherited: NodeJS.ProcessEnv = {};
		for (const [k, v] of Object.entries(process.env)) {
			// A hermetic n8n: nothing of the caller's n8n settings, node options or npm's env.
			if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|WEBHOOK_URL$|GENERIC_TIMEZONE$|NODE_OPTIONS$|NODE_ENV$|npm_)/.test(k)) continue;
			inherited[k] = v;
		}
		return {
			...inherited,
			// The task runner is spawned as plain `node` from PATH: it must find n8n's Node.js.
			PATH: `${path.dirname(this.runtime.nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`,
			TZ: 'UTC',
			GENERIC_TIMEZONE: 'UTC',
			N8N_USER_FOLDER: this.workDir,
			N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
			DB_TYPE: 'sqlite',
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_PORT: String(this.port),
			N8N_RUNNERS_BROKER_PORT: String(brokerPort),
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
			N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			// It fetches a catalogue from api.n8n.io at start; nothing outside is reachable here. (An
			// n8n without that module refuses to start when told to disable it.)
			...(hasModule(this.runtime, 'mcp-registry') ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
			N8N_SECURE_COOKIE: 'false',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
			N8N_REINSTALL_MISSING_PACKAGES: 'false',
			N8N_PUBLIC_API_DISABLED: 'false',
			N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
			N8N_LOG_LEVEL: 'info',
			N8N_LOG_OUTPUT: 'console',
			...this.extraEnv,
		};
	}

	/** Runs `n8n <args>` as a CLI command against this instance's folder and database. */
	async cli(args: string[], opts: { timeoutMs?: number } = {}): Promise<CliResult> {
		// Each CLI command starts its own task broker: give it a port of its own.
		const brokerPort = await getFreePort();
		return await runProcess(this.runtime.nodeBin, [this.runtime.n8nBin, ...args], {
			cwd: this.workDir,
			env: this.env(brokerPort),
			timeoutMs: opts.timeoutMs ?? 120_000,
			logFile: this.cliLogFile,
		});
	}

	private async cliOrThrow(what: string, args: string[], ok: (r: CliResult) => boolean, timeoutMs?: number): Promise<CliResult> {
		const started = Date.now();
		const r = await this.cli(args, { timeoutMs });
		this.timings.push({ step: what, ms: Date.now() - started });
		if (r.exitCode !== 0 || !ok(r)) {
			throw new Error(
				`n8n ${args[0]} failed (exit ${r.exitCode}${r.timedOut ? ', timed out' : ''}); log: ${this.cliLogFile}\n` +
					tail(r.stdout + '\n' + r.stderr, 40),
			);
		}
		return r;
	}

	private writeInputFile(kind: string, content: unknown): string {
		const dir = path.join(this.workDir, 'input');
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
		await this.cliOrThrow('import:credentials', ['import:credentials', `--input=${file}`], (r) => /Successfully imported/.test(r.stdout + r.stderr), opts.timeoutMs);
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
		await this.cliOrThrow('import:workflow', ['import:workflow', `--input=${file}`], (r) => {
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
		const r = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], { timeoutMs: opts.timeoutMs ?? 180_000 });
		this.timings.push({ step: 'execute', ms: r.durationMs });
		const data = parseJsonAfterLogs(r.stdout);
		if (data === null) {
			throw new Error(
				`n8n execute --id=${workflowId} printed no execution JSON (exit ${r.exitCode}${r.timedOut ? ', timed out' : ''}); log: ${this.cliLogFile}\n` +
					tail(r.stdout + '\n' + r.stderr, 40),
			);
		}
		return { ...r, data, status: runStatus(data) };
	}

	// ----- the server ---------------------------------------------------------------------

	/**
	 * Starts `n8n start` in the background, waits for "Editor is now accessible", sets up the
	 * owner (or logs in, on a second start), keeps the session cookie and creates a public API key.
	 *
	 * `command` runs another long-lived n8n command instead (e.g. `['worker', '--concurrency=2']`
	 * in queue mode), ready at `readyLine`; `login: false` skips the owner, session and API key
	 * (a worker serves no REST API).
	 */
	async start(opts: { timeoutMs?: number; command?: string[]; readyLine?: string; login?: boolean } = {}): Promise<void> {
		if (this.server) throw new Error(`instance ${this.name} is running already`);
		const timeoutMs = opts.timeoutMs ?? 180_000;
		const command = opts.command ?? ['start'];
		const readyLine = opts.readyLine ?? READY_LINE;
		const started = Date.now();
		const brokerPort = await getFreePort();
		const logStart = fs.existsSync(this.logFile) ? fs.statSync(this.logFile).size : 0;
		const server = startBackground(this.runtime.nodeBin, [this.runtime.n8nBin, ...command], {
			cwd: this.workDir,
			env: this.env(brokerPort),
			logFile: this.logFile,
			title: `n8n ${command.join(' ')} on port ${this.port}`,
		});
		this.server = server;

		try {
			// Ready when the log says so (the REST API answers only then; /healthz earlier).
			for (;;) {
				if (server.exit) throw new Error(`n8n ${command[0]} ended before it was ready (${server.exit})`);
				if (Date.now() - started > timeoutMs) throw new Error(`n8n ${command[0]} not ready after ${timeoutMs} ms`);
				if (readFrom(this.logFile, logStart).toString('utf8').includes(readyLine)) break;
				await sleep(200);
			}
			const ready = Date.now();
			this.timings.push({ step: `${command[0]}: until ready`, ms: ready - started });
			if (opts.login === false) return;
			await this.login();
			await this.createApiKey();
			this.timings.push({ step: 'start: owner, session, API key', ms: Date.now() - ready });
		} catch (e) {
			await this.stop();
			throw new Error(`${(e as Error).message}; log: ${this.logFile}\n${tail(this.logFile, 60)}`);
		}
	}

	/** Stops n8n: SIGTERM to its process group, SIGKILL after `graceMs`; then nothing of it is left. */
	async stop(opts: { graceMs?: number } = {}): Promise<void> {
		if (!this.server) return;
		// Waits for the whole group: the main process may be gone while its task runner lingers.
		await this.server.stop({ graceMs: opts.graceMs ?? 15_000 });
		this.server = undefined;
		this.cookie = undefined;
	}

	private async login(): Promise<void> {
		const setup = await this.http('POST', '/rest/owner/setup', OWNER, { auth: false, allowStatus: true });
		if (setup.status >= 400) {
			// Set up on an earlier start: log in instead.
			await this.http('POST', '/rest/login', { emailOrLdapLoginId: OWNER.email, password: OWNER.password }, { auth: false });
		}
		if (!this.cookie) throw new Error('n8n gave no session cookie');
	}

	private async createApiKey(): Promise<void> {
		// Ask for every scope the owner may give a key (n8n 1.85 has no scopes, and no such list).
		const scopes = await this.http('GET', '/rest/api-keys/scopes', undefined, { allowStatus: true });
		const key = await this.rest('POST', '/api-keys', {
			label: `e2e-${Date.now()}`,
			expiresAt: null,
			...(scopes.status === 200 ? { scopes: scopes.body.data } : {}),
		});
		this.apiKey = key.data.rawApiKey;
	}

	/** n8n 2.x publishes workflows (in the background); 1.x activates them (at once). */
	private get publishes(): boolean {
		return n8nAtLeast(this.runtime, '2.0.0');
	}

	/**
	 * An HTTP request to this instance with the session cookie (and the browser-id header the
	 * session is bound to). Resolves to `{ status, body }`; throws on a status >= 400 unless
	 * allowStatus, and on a timeout (default 30 s).
	 */
	async http(
		method: string,
		urlPath: string,
		body?: unknown,
		opts: { auth?: boolean; apiKey?: boolean; allowStatus?: boolean; timeoutMs?: number; headers?: Record<string, string> } = {},
	): Promise<{ status: number; body: any; headers: Headers }> {
		if (!this.server) throw new Error(`instance ${this.name} is not running: call start() first`);
		const headers: Record<string, string> = { 'browser-id': BROWSER_ID, accept: 'application/json', ...opts.headers };
		if (opts.auth !== false && this.cookie) headers.cookie = this.cookie;
		if (opts.apiKey) {
			if (!this.apiKey) throw new Error('no API key yet');
			headers['x-n8n-api-key'] = this.apiKey;
		}
		if (body !== undefined) headers['content-type'] = 'application/json';
		const timeoutMs = opts.timeoutMs ?? 30_000;
		let res: Response;
		try {
			res = await fetch(this.baseUrl + urlPath, {
				method,
				headers,
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(timeoutMs),
			});
		} catch (e) {
			throw new Error(`${method} ${urlPath} failed: ${(e as Error).message}\n${tail(this.logFile, 30)}`);
		}
		const setCookies = res.headers.getSetCookie?.() ?? [];
		for (const c of setCookies) {
			const m = /^n8n-auth=([^;]*)/.exec(c);
			if (m) this.cookie = m[1] ? `n8n-auth=${m[1]}` : undefined;
		}
		const text = await res.text();
		let parsed: any = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			// not JSON: keep the text
		}
		if (res.status >= 400 && !opts.allowStatus) {
			throw new Error(`${method} ${urlPath} answered ${res.status}: ${text.slice(0, 2000)}`);
		}
		return { status: res.status, body: parsed, headers: res.headers };
	}

	/** The internal REST API (what the editor uses), path relative to /rest. Returns the body (mostly `{ data }`). */
	async rest(method: string, restPath: string, body?: unknown, opts: { timeoutMs?: number } = {}): Promise<any> {
		return (await this.http(method, `/rest${restPath}`, body, opts)).body;
	}

	/** The public API, path relative to /api/v1, with the API key. Returns the body. */
	async publicApi(method: string, apiPath: string, body?: unknown, opts: { timeoutMs?: number } = {}): Promise<any> {
		return (await this.http(method, `/api/v1${apiPath}`, body, { ...opts, apiKey: true, auth: false })).body;
	}

	/**
	 * Publishes (activates) a workflow.
	 *
	 * Running: `POST /api/v1/workflows/<id>/publish`, then waits until
	 * `GET /rest/workflows/<id>/publication-status` is settled: in 2.41 the publish call answers
	 * at once (active: true) and the triggers are activated in the background, with retries. A
	 * poll trigger polls once during its activation, so its first execution follows within about
	 * a second. Throws when activation fails (e.g. "The polling interval is too short"), which
	 * n8n itself only writes to its log.
	 *
	 * Not running: `n8n publish:workflow --id=<id>`; the triggers start (and a poll trigger polls)
	 * at the next start(). Errors then show only in the log.
	 *
	 * n8n 1.x: `POST /api/v1/workflows/<id>/activate`, which activates the triggers within the
	 * call and answers with the failure when activation fails; not running, `n8n update:workflow
	 * --id=<id> --active=true`.
	 */
	async activate(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<void> {
		const started = Date.now();
		if (!this.server) return await this.setActiveByCli(workflowId, true);
		if (!this.publishes) {
			// n8n 1.x: activation runs within the call (a poll trigger polls once) and a failure is its answer.
			await this.publicApi('POST', `/workflows/${workflowId}/activate`, undefined, { timeoutMs: opts.timeoutMs ?? 60_000 });
			this.timings.push({ step: 'activate', ms: Date.now() - started });
			return;
		}
		const logOffset = fs.existsSync(this.logFile) ? fs.statSync(this.logFile).size : 0;
		await this.publicApi('POST', `/workflows/${workflowId}/publish`, {});
		const deadline = started + (opts.timeoutMs ?? 60_000);
		for (;;) {
			const st = (await this.rest('GET', `/workflows/${workflowId}/publication-status`)).data;
			if (st.status === 'published') break;
			if (st.status === 'failed' || st.status === 'partial') {
				const msgs = (st.triggers ?? []).map((t: any) => t.errorMessage).filter(Boolean).join('; ');
				throw new Error(`activating workflow ${workflowId} ${st.status}: ${msgs}\n${tail(this.logFile, 30)}`);
			}
			const problem = /There was a problem activating the workflow: .*/.exec(readFrom(this.logFile, logOffset).toString('utf8'));
			if (problem) {
				throw new Error(`activating workflow ${workflowId}: ${problem[0]} (n8n goes on retrying)\n${tail(this.logFile, 30)}`);
			}
			if (Date.now() > deadline) {
				throw new Error(`workflow ${workflowId} still "${st.status}" after ${opts.timeoutMs ?? 60_000} ms\n${tail(this.logFile, 30)}`);
			}
			await sleep(100);
		}
		this.timings.push({ step: 'activate', ms: Date.now() - started });
	}

	/** Not running: `n8n publish:workflow` / `unpublish:workflow` (n8n 1.x: `n8n update:workflow --active=…`). */
	private async setActiveByCli(workflowId: string, active: boolean): Promise<void> {
		if (!this.publishes) {
			await this.cliOrThrow('update:workflow', ['update:workflow', `--id=${workflowId}`, `--active=${active}`], () => true);
			return;
		}
		const command = active ? 'publish:workflow' : 'unpublish:workflow';
		await this.cliOrThrow(command, [command, `--id=${workflowId}`], () => true);
	}

	/**
	 * Unpublishes (deactivates) a workflow: public API `POST /workflows/<id>/unpublish` when
	 * running (then waits until it is no longer published), else `n8n unpublish:workflow`
	 * (n8n 1.x: `/deactivate`, or `n8n update:workflow --active=false`).
	 */
	async deactivate(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<void> {
		if (!this.server) return await this.setActiveByCli(workflowId, false);
		if (!this.publishes) {
			await this.publicApi('POST', `/workflows/${workflowId}/deactivate`, undefined, { timeoutMs: opts.timeoutMs ?? 30_000 });
			return;
		}
		await this.publicApi('POST', `/workflows/${workflowId}/unpublish`);
		const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
		for (;;) {
			const st = (await this.rest('GET', `/workflows/${workflowId}/publication-status`)).data;
			if (st.status === 'not_published') return;
			if (Date.now() > deadline) {
				throw new Error(`workflow ${workflowId} still "${st.status}" after unpublishing\n${tail(this.logFile, 30)}`);
			}
			await sleep(100);
		}
	}

	/**
	 * Executions from the public API, newest first. With includeData each has `data` (the
	 * IRunExecutionData: `data.resultData.runData`...), readable with outputItems().
	 */
	async executions(q: ExecutionsQuery = {}): Promise<any[]> {
		const limit = q.limit ?? 100;
		const out: any[] = [];
		let cursor: string | undefined;
		do {
			const params = new URLSearchParams();
			if (q.workflowId) params.set('workflowId', q.workflowId);
			if (q.includeData) params.set('includeData', 'true');
			if (q.status) params.set('status', q.status);
			params.set('limit', String(Math.min(250, limit - out.length)));
			if (cursor) params.set('cursor', cursor);
			const page = await this.publicApi('GET', `/executions?${params}`);
			out.push(...page.data);
			cursor = page.nextCursor ?? undefined;
		} while (cursor && out.length < limit);
		return out;
	}

	/** One execution from the public API (with its data by default; a large one needs a longer timeoutMs than 30 s). */
	async execution(id: string, includeData = true, opts: { timeoutMs?: number } = {}): Promise<any> {
		return await this.publicApi('GET', `/executions/${id}?includeData=${includeData}`, undefined, opts);
	}

	/**
	 * Waits until a workflow has at least `count` finished executions (any status other than
	 * running/new/waiting), polling the public API; returns them newest first, with data
	 * (`includeData: false`: without, for executions too large to read every half second).
	 */
	async waitForExecutions(q: { workflowId: string; count?: number; timeoutMs?: number; intervalMs?: number; includeData?: boolean }): Promise<any[]> {
		const count = q.count ?? 1;
		const timeoutMs = q.timeoutMs ?? 120_000;
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const all = await this.executions({ workflowId: q.workflowId, includeData: q.includeData ?? true, limit: Math.max(count, 20) });
			const done = all.filter((e) => !['running', 'new', 'waiting'].includes(e.status));
			if (done.length >= count) return done;
			if (Date.now() > deadline) {
				throw new Error(
					`workflow ${q.workflowId}: ${done.length} of ${count} executions after ${timeoutMs} ms\n${tail(this.logFile, 30)}`,
				);
			}
			await sleep(q.intervalMs ?? 500);
		}
	}

	/**
	 * Runs a workflow in manual mode through the REST API, as the editor's "Execute workflow"
	 * button does; returns the finished execution (with data) from the public API.
	 * `workflow`: the id of a stored workflow, or workflow JSON (then created anew via REST).
	 * `triggerNodeName`: the trigger to start from (a poll trigger polls once, in manual mode);
	 * default the first node whose type ends in "trigger" (any case).
	 */
	async runManually(workflow: string | WorkflowJson, triggerNodeName?: string, opts: { timeoutMs?: number } = {}): Promise<any> {
		const started = Date.now();
		let wf: any;
		if (typeof workflow === 'string') {
			wf = (await this.rest('GET', `/workflows/${workflow}`)).data;
		} else {
			const { id: _id, active: _active, ...rest } = workflow;
			wf = (
				await this.rest('POST', '/workflows', {
					name: `Manual ${Date.now()}`,
					connections: {},
					settings: {},
					...rest,
					nodes: workflow.nodes.map((n) => ({ id: randomUUID(), position: [0, 0], parameters: {}, ...n })),
				})
			).data;
		}
		const trigger =
			triggerNodeName ?? wf.nodes.find((n: any) => /trigger$/i.test(String(n.type)))?.name;
		if (!trigger) throw new Error(`workflow ${wf.id} has no trigger node: name one`);
		// n8n 1.x runs the workflow sent in the body; 2.x the stored one.
		const run = await this.rest('POST', `/workflows/${wf.id}/run`, {
			triggerToStartFrom: { name: trigger },
			...(this.publishes ? {} : { workflowData: wf }),
		});
		const executionId = run.data?.executionId;
		if (!executionId) throw new Error(`run of workflow ${wf.id} gave no execution id: ${JSON.stringify(run).slice(0, 500)}`);
		const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
		for (;;) {
			const res = await this.http('GET', `/api/v1/executions/${executionId}?includeData=true`, undefined, {
				apiKey: true,
				auth: false,
				allowStatus: true,
			});
			// n8n 1.85 marks the execution finished a moment before its data is stored: wait for both.
			if (res.status === 200 && !['running', 'new', 'waiting'].includes(res.body.status) && res.body.stoppedAt && resultDataOf(res.body)) {
				this.timings.push({ step: 'runManually', ms: Date.now() - started });
				return res.body;
			}
			if (Date.now() > deadline) throw new Error(`execution ${executionId} not finished in time\n${tail(this.logFile, 30)}`);
			await sleep(250);
		}
	}

	/** Stops the server if running and deletes the work folder (keep it to read logs: don't call this). */
	async dispose(): Promise<void> {
		await this.stop();
		fs.rmSync(this.workDir, { recursive: true, force: true });
	}
}
