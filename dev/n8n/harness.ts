/**
 * A harness that runs a real n8n (installed by dev/n8n/install.sh) headless, with a
 * community package loaded from a folder, for the e2e tests, the demo and the benchmarks.
 *
 * Uses only Node.js built-ins. Run by jest (ts-jest) or by `npx tsx`.
 *
 *   const rt = await ensureN8n();                       // installs n8n on first use
 *   const n8n = await createInstance({ packageDir: REPO_ROOT });
 *   await n8n.importCredentials([{ id: 'cred1', name: 'Api', type: 'surveyFeedbackApi', data: {...} }]);
 *   const [wf] = await n8n.importWorkflows([workflowJson]);
 *   const res = await n8n.execute(wf.id);              // `n8n execute --id=... --rawOutput`
 *   outputItems(res, 'Survey Feedback');                 // the JSON items that node emitted
 *
 *   await n8n.start();                                  // `n8n start`, owner, session, API key
 *   await n8n.activate(wf.id);                          // publish: polls once at once
 *   const execs = await n8n.waitForExecutions({ workflowId: wf.id, count: 1 });
 *   await n8n.stop();                                   // kills the whole process tree
 *
 * See dev/n8n/README.md for what n8n's JSON looks like and the traps.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const INSTALL_SCRIPT = path.join(__dirname, 'install.sh');
/** The n8n versions the project runs (dev/n8n/versions.json): the pinned one, and the matrix of `npm run test:compat`. */
export const N8N_VERSIONS: { pinned: string; matrix: Array<{ label: string; version: string }> } = JSON.parse(
	fs.readFileSync(path.join(__dirname, 'versions.json'), 'utf8'),
);
/** The n8n version the e2e tests, the demo and the benchmarks run by default. */
export const PINNED_N8N_VERSION = N8N_VERSIONS.pinned;

/** Where throwaway user folders go: `<repo>/.e2e-work`, or N8N_E2E_WORK_DIR. */
export function workRoot(): string {
	return process.env.N8N_E2E_WORK_DIR
		? path.resolve(process.env.N8N_E2E_WORK_DIR)
		: path.join(REPO_ROOT, '.e2e-work');
}

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

// ---------------------------------------------------------------------------------------------
// Types

export interface N8nRuntime {
	/** The Node.js binary n8n runs on (24 for n8n 2.x, 22 for 1.x). */
	nodeBin: string;
	/** n8n's bin script: run as `nodeBin n8nBin <command>`. */
	n8nBin: string;
	/** e.g. "2.41.1". */
	version: string;
	/** e.g. "v24.21.0". */
	nodeVersion: string;
	/** Which n8n this is and why it was chosen (install.sh's N8N_VERSION_NOTE). */
	note: string;
	runtimeDir: string;
}

/** Whether a runtime's n8n is `version` or newer (plain x.y.z versions). */
export function n8nAtLeast(runtime: Pick<N8nRuntime, 'version'>, version: string): boolean {
	const have = runtime.version.split('.').map(Number);
	const want = version.split('.').map(Number);
	for (let i = 0; i < 3; i++) {
		if ((have[i] ?? 0) !== (want[i] ?? 0)) return (have[i] ?? 0) > (want[i] ?? 0);
	}
	return true;
}

/** Whether a runtime's n8n has a backend module of that name (`n8n/dist/modules/<name>`). */
export function hasModule(runtime: Pick<N8nRuntime, 'runtimeDir'>, name: string): boolean {
	return fs.existsSync(path.join(runtime.runtimeDir, 'node_modules', 'n8n', 'dist', 'modules', name));
}

/** The node packages whose type lists (`dist/types/nodes.json`) nodeTypeVersions() reads, by type prefix. */
const NODE_PACKAGES: Record<string, string> = {
	'n8n-nodes-base': 'n8n-nodes-base',
	'@n8n/n8n-nodes-langchain': '@n8n/n8n-nodes-langchain',
};

/**
 * The versions a runtime's n8n has of one of its own node types (e.g.
 * `@n8n/n8n-nodes-langchain.agent` → [1, 1.1, …, 3.1]); [] when it lacks the type.
 */
export function nodeTypeVersions(runtime: Pick<N8nRuntime, 'runtimeDir'>, type: string): number[] {
	const dot = type.lastIndexOf('.');
	const pkg = NODE_PACKAGES[type.slice(0, dot)];
	if (!pkg) throw new Error(`${type}: not a type of n8n's own node packages`);
	const file = path.join(runtime.runtimeDir, 'node_modules', pkg, 'dist', 'types', 'nodes.json');
	const types = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ name: string; version: number | number[] }>;
	return types.filter((t) => t.name === type.slice(dot + 1)).flatMap((t) => (Array.isArray(t.version) ? t.version : [t.version]));
}

/**
 * The nodes of n8n's own packages that some workflows use and a runtime's n8n lacks (the type,
 * or the typeVersion the workflow names), as "type vX" strings; [] when it has them all.
 */
export function missingNodeTypes(runtime: Pick<N8nRuntime, 'runtimeDir'>, workflows: WorkflowJson[]): string[] {
	const missing = new Set<string>();
	for (const node of workflows.flatMap((wf) => wf.nodes)) {
		const type = String(node.type);
		if (!Object.keys(NODE_PACKAGES).some((prefix) => type.startsWith(`${prefix}.`))) continue;
		if (!nodeTypeVersions(runtime, type).includes(Number(node.typeVersion ?? 1))) missing.add(`${type} v${node.typeVersion ?? 1}`);
	}
	return [...missing];
}

export interface CredentialImport {
	id: string;
	name: string;
	/** Credential type name, e.g. "surveyFeedbackApi". */
	type: string;
	/** Plain data: n8n encrypts it on import. */
	data: Record<string, unknown>;
	[key: string]: unknown;
}

/**
 * The fields of a Survey Feedback credential that state an account's limit, for a simulator that
 * runs another limit than the documented one (none when it runs the documented one).
 */
export function statedRateLimit(limit?: { limit: number; windowMs: number }): Record<string, number> {
	return limit ? { rateLimitRequests: limit.limit, rateLimitWindow: limit.windowMs / 1000 } : {};
}

/** A workflow as n8n exports it; id, name, active, connections, settings and node ids are filled in when absent. */
export interface WorkflowJson {
	id?: string;
	name?: string;
	nodes: Array<Record<string, any>>;
	connections?: Record<string, any>;
	settings?: Record<string, any>;
	[key: string]: any;
}

export type ImportedWorkflow = WorkflowJson & { id: string; name: string };

export interface CliResult {
	/** The process' exit code; 128 + signal number when killed by a signal (e.g. 139 = SIGSEGV). */
	exitCode: number;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	durationMs: number;
	timedOut: boolean;
}

export interface ExecuteResult extends CliResult {
	/**
	 * The IRun n8n printed: `{ data: { resultData: { runData, lastNodeExecuted, error? }, ... },
	 * mode: 'cli', status: 'success' | 'error' | ..., finished, startedAt, stoppedAt }`,
	 * or null when no JSON was printed (n8n failed before running the workflow).
	 */
	data: any | null;
	/**
	 * `data.status` ('success', 'error', ...), null without data. Trust it over exitCode: n8n
	 * 2.41.1 now and then crashes with SIGSEGV (exit 139) while exiting, after printing (about 1
	 * run in 10 with the default expression engine; not seen with N8N_EXPRESSION_ENGINE=legacy).
	 */
	status: string | null;
}

export interface CreateInstanceOptions {
	/** Folder(s) holding a package.json with an `n8n` block, and its built dist/. */
	packageDir?: string | string[];
	/** The user folder (N8N_USER_FOLDER); default `<workRoot>/<name>`. Emptied first. */
	workDir?: string;
	/** Name of the work folder under workRoot(); default unique per call. */
	name?: string;
	/**
	 * 'copy' (default): copies package.json and the package's `files` (dist) into
	 * `<userFolder>/.n8n/nodes/node_modules/<name>`, and links n8n's own n8n-workflow and luxon beside it,
	 * as a community install has it. 'link': a symlink to packageDir (its imports then resolve
	 * from packageDir's node_modules: a second n8n-workflow; needed if it has runtime dependencies).
	 */
	mode?: 'copy' | 'link';
	/** Extra environment for every n8n process of this instance (wins over the defaults). */
	env?: Record<string, string>;
}

export interface ExecutionsQuery {
	workflowId?: string;
	includeData?: boolean;
	status?: 'canceled' | 'error' | 'running' | 'success' | 'waiting';
	/** Most executions to return, newest first; default 100. */
	limit?: number;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The last `lines` lines of a text (or of a file, when given a path that exists). */
export function tail(textOrFile: string, lines = 60): string {
	let text = textOrFile;
	if (!textOrFile.includes('\n') && textOrFile.startsWith('/') && fs.existsSync(textOrFile)) {
		text = readTail(textOrFile, 256 * 1024);
	}
	return text.split('\n').slice(-lines).join('\n');
}

function readTail(file: string, bytes: number): string {
	try {
		const fd = fs.openSync(file, 'r');
		try {
			const size = fs.fstatSync(fd).size;
			const start = Math.max(0, size - bytes);
			const buf = Buffer.alloc(size - start);
			fs.readSync(fd, buf, 0, buf.length, start);
			return buf.toString('utf8');
		} finally {
			fs.closeSync(fd);
		}
	} catch {
		return '';
	}
}

/** Ports handed out by this process, so two servers started together never get the same one. */
const portsGiven = new Set<number>();

/** Where the kernel picks the local ports of outgoing connections (Linux; 32768 elsewhere). */
function outgoingPortsStart(): number {
	try {
		return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
	} catch {
		return 32768;
	}
}

/** Binds `port` on 127.0.0.1 (0: any) and lets it go again: the port bound, or undefined if taken. */
function tryPort(port: number): Promise<number | undefined> {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', () => resolve(undefined));
		srv.listen(port, '127.0.0.1', () => {
			const addr = srv.address();
			const bound = typeof addr === 'object' && addr ? addr.port : undefined;
			srv.close(() => resolve(bound));
		});
	});
}

/**
 * A free port below the range of outgoing connections. A port is often chosen well before its
 * server binds it (a worker's health port, a main restarted on its own port); in that range any
 * connection to Postgres, Redis or the simulator may take it meanwhile, and n8n then exits.
 */
export async function getFreePort(): Promise<number> {
	const low = 12_000;
	const high = Math.min(outgoingPortsStart(), 32768) - 1;
	for (let attempt = 0; high - low > 1000 && attempt < 200; attempt++) {
		const port = low + Math.floor(Math.random() * (high - low));
		if (portsGiven.has(port) || (await tryPort(port)) === undefined) continue;
		portsGiven.add(port);
		return port;
	}
	// No room below the outgoing range: let the kernel choose.
	const port = await tryPort(0);
	if (port === undefined) throw new Error('no free port on 127.0.0.1');
	return port;
}

const SIGNAL_NUMBERS: Record<string, number> = {
	SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGBUS: 7, SIGFPE: 8,
	SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15,
};

/** Kills a process group (the child was spawned detached, so its pid is the group id). */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
	if (!pid) return;
	try {
		process.kill(-pid, signal);
	} catch {
		// ESRCH: the group is gone already.
	}
}

function groupAlive(pid: number): boolean {
	try {
		process.kill(-pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** Every process group this module started and has not seen end: killed if the test process exits. */
const liveGroups = new Set<number>();
process.once('exit', () => {
	for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
});

interface SpawnOptions {
	cwd: string;
	env: NodeJS.ProcessEnv;
	timeoutMs: number;
	/** A file to append the output to, as it comes. */
	logFile?: string;
	/** Stop collecting output in memory past this many bytes (the log file still gets all). */
	maxBuffer?: number;
	/** Also show what the command writes to stderr, as it comes (progress of long steps). */
	echoStderr?: boolean;
}

/** Runs a command in its own process group; kills the whole group on timeout. Never rejects. */
function runProcess(cmd: string, args: string[], opts: SpawnOptions): Promise<CliResult> {
	const started = Date.now();
	const maxBuffer = opts.maxBuffer ?? 256 * 1024 * 1024;
	return new Promise((resolve) => {
		const child = spawn(cmd, args, {
			cwd: opts.cwd,
			env: opts.env,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		if (child.pid) liveGroups.add(child.pid);
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		let outLen = 0;
		let errLen = 0;
		const log = opts.logFile ? fs.createWriteStream(opts.logFile, { flags: 'a' }) : undefined;
		log?.write(`\n===== ${new Date().toISOString()} ${[cmd, ...args].join(' ')}\n`);
		child.stdout!.on('data', (d: Buffer) => {
			log?.write(d);
			if (outLen < maxBuffer) out.push(d);
			outLen += d.length;
		});
		child.stderr!.on('data', (d: Buffer) => {
			log?.write(d);
			if (opts.echoStderr) process.stderr.write(d);
			if (errLen < maxBuffer) err.push(d);
			errLen += d.length;
		});
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child.pid, 'SIGKILL');
		}, opts.timeoutMs);
		const finish = (code: number | null, signal: NodeJS.Signals | null) => {
			clearTimeout(timer);
			// Whatever the command left behind in its group (task runners...) goes too.
			killGroup(child.pid, 'SIGKILL');
			if (child.pid) liveGroups.delete(child.pid);
			const exitCode = code ?? (signal ? 128 + (SIGNAL_NUMBERS[signal] ?? 0) : 1);
			log?.end(`\n===== exit ${exitCode}${signal ? ` (${signal})` : ''}${timedOut ? ' (timed out)' : ''} after ${Date.now() - started} ms\n`);
			resolve({
				exitCode,
				signal,
				stdout: Buffer.concat(out).toString('utf8'),
				stderr: Buffer.concat(err).toString('utf8'),
				durationMs: Date.now() - started,
				timedOut,
			});
		};
		child.on('error', (e) => {
			err.push(Buffer.from(String(e)));
			finish(127, null);
		});
		child.on('close', finish);
	});
}

/** A long-lived process in its own process group, started by startBackground(). */
export interface BackgroundProcess {
	pid: number;
	/** Resolves with how it ended ("exit code 0", "signal SIGTERM", or the spawn error). */
	exited: Promise<string>;
	/** Set once it ended. */
	exit: string | undefined;
	/** `signal` (default SIGTERM) to its group, SIGKILL after graceMs (default 15 s); resolves when none of the group is left. */
	stop(opts?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<void>;
}

/**
 * Starts a server process (a database, a queue...) in its own process group, its output
 * appended to `logFile`; killed with the other groups of this module when the test process
 * exits. `uid`/`gid` run it as another user (root only), e.g. PostgreSQL, which refuses root.
 */
export function startBackground(
	cmd: string,
	args: string[],
	opts: { cwd: string; env?: NodeJS.ProcessEnv; logFile: string; uid?: number; gid?: number },
): BackgroundProcess {
	const fd = fs.openSync(opts.logFile, 'a');
	fs.writeSync(fd, `\n===== ${new Date().toISOString()} ${[cmd, ...args].join(' ')}\n`);
	const child = spawn(cmd, args, {
		cwd: opts.cwd,
		env: opts.env ?? process.env,
		detached: true,
		stdio: ['ignore', fd, fd],
		uid: opts.uid,
		gid: opts.gid,
	});
	fs.closeSync(fd);
	if (!child.pid) throw new Error(`could not start ${cmd}`);
	const pid = child.pid;
	liveGroups.add(pid);
	const proc: BackgroundProcess = {
		pid,
		exit: undefined,
		exited: new Promise((resolve) => {
			child.on('exit', (code, signal) => resolve((proc.exit = signal ? `signal ${signal}` : `exit code ${code}`)));
			child.on('error', (e) => resolve((proc.exit = String(e))));
		}),
		async stop({ signal = 'SIGTERM', graceMs = 15_000 } = {}) {
			killGroup(pid, signal);
			const deadline = Date.now() + graceMs;
			while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
			killGroup(pid, 'SIGKILL');
			const hardDeadline = Date.now() + 5_000;
			while (groupAlive(pid) && Date.now() < hardDeadline) await sleep(50);
			liveGroups.delete(pid);
		},
	};
	return proc;
}

/**
 * Parses the JSON n8n prints after its log lines: from the first line that is exactly `{` to
 * the first line after it that is exactly `}` (JSON.stringify(..., null, 2) closes the top
 * object at column 0; nested lines are indented). Null when there is none.
 */
export function parseJsonAfterLogs(stdout: string): any | null {
	const lines = stdout.split(/\r?\n/);
	const start = lines.indexOf('{');
	if (start < 0) return null;
	const end = lines.indexOf('}', start + 1);
	if (end < 0) return null;
	try {
		return JSON.parse(lines.slice(start, end + 1).join('\n'));
	} catch {
		return null;
	}
}

// ---------------------------------------------------------------------------------------------
// Reading execution data

/** Finds `resultData` in an execute result, an IRun, an execution from the public API, or IRunExecutionData. */
export function resultDataOf(x: any): any | undefined {
	if (!x || typeof x !== 'object') return undefined;
	if (x.resultData) return x.resultData;
	if (x.data?.resultData) return x.data.resultData;
	if (x.data?.data?.resultData) return x.data.data.resultData;
	return undefined;
}

/** The task data of one run of a node: `{ startTime, executionTime, executionStatus, source, data: { main: [[items]] }, error? }`. */
export function nodeRun(result: any, nodeName: string, runIndex = 0): any {
	const resultData = resultDataOf(result);
	if (!resultData) {
		throw new Error(`no execution data in this result (was it read without includeData, or did n8n fail before running?)`);
	}
	const runs = resultData.runData?.[nodeName];
	if (!runs) {
		const ran = Object.keys(resultData.runData ?? {}).join(', ') || 'none';
		const err = resultData.error ? `; execution error: ${resultData.error.message}` : '';
		throw new Error(`node "${nodeName}" did not run (nodes that ran: ${ran})${err}`);
	}
	const run = runs[runIndex < 0 ? runs.length + runIndex : runIndex];
	if (!run) throw new Error(`node "${nodeName}" has ${runs.length} run(s); no run ${runIndex}`);
	return run;
}

/** Full items (`{ json, binary?, pairedItem }`) that a node emitted on one output in one run. */
export function outputEntries(result: any, nodeName: string, outputIndex = 0, runIndex = 0): any[] {
	const run = nodeRun(result, nodeName, runIndex);
	return run.data?.main?.[outputIndex] ?? [];
}

/** The JSON of the items a node emitted on one output (default the first) in one run (default the first; -1 for the last). */
export function outputItems(result: any, nodeName: string, outputIndex = 0, runIndex = 0): any[] {
	return outputEntries(result, nodeName, outputIndex, runIndex).map((item) => item.json);
}

/**
 * The error a node failed with (`{ message, description?, name?, httpCode?, stack, ... }`),
 * or undefined when it ran without one. With no node name: the execution's error
 * (`resultData.error`), set when any node failed without continueOnFail.
 */
export function nodeError(result: any, nodeName?: string, runIndex = 0): any | undefined {
	if (!nodeName) return resultDataOf(result)?.error;
	return nodeRun(result, nodeName, runIndex).error;
}

/**
 * How a run printed by `n8n execute` ended: its `status`, except that n8n 1.85 prints every
 * finished run as "running" (then `finished` is true on success, and a failure has its error).
 */
function runStatus(data: any): string | null {
	if (typeof data?.status !== 'string') return null;
	if (data.status !== 'running' || !data.stoppedAt) return data.status;
	return data.finished ? 'success' : resultDataOf(data)?.error ? 'error' : data.status;
}

/** Names of the nodes that ran, in no particular order. */
export function nodesThatRan(result: any): string[] {
	return Object.keys(resultDataOf(result)?.runData ?? {});
}

// ---------------------------------------------------------------------------------------------
// Installing

let runtimePromise: Promise<N8nRuntime> | undefined;

/**
 * Locates the n8n to run, running dev/n8n/install.sh first if needed (a few minutes; at once
 * when installed): the pinned one, or the version N8N_TEST_VERSION names (a version such as
 * 1.123.81, `pinned`, or `newest`: see dev/n8n/README.md). Honors N8N_RUNTIME_DIR. Memoized per
 * process: one process runs one n8n version.
 */
export function ensureN8n(opts: { timeoutMs?: number } = {}): Promise<N8nRuntime> {
	runtimePromise ??= (async () => {
		fs.mkdirSync(workRoot(), { recursive: true });
		const logFile = path.join(workRoot(), 'install.log');
		const res = await runProcess('bash', [INSTALL_SCRIPT, process.env.N8N_TEST_VERSION || 'pinned'], {
			cwd: REPO_ROOT,
			env: process.env,
			timeoutMs: opts.timeoutMs ?? 30 * 60_000,
			logFile,
			// The first install takes minutes: its progress lines show where it is.
			echoStderr: true,
		});
		const vars: Record<string, string> = {};
		for (const line of res.stdout.split('\n')) {
			const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
			if (m) vars[m[1]] = m[2];
		}
		if (res.exitCode !== 0 || !vars.NODE_BIN || !vars.N8N_BIN) {
			throw new Error(
				`dev/n8n/install.sh failed (exit ${res.exitCode}${res.timedOut ? ', timed out' : ''}); log: ${logFile}\n` +
					tail(res.stdout + '\n' + res.stderr, 40),
			);
		}
		return {
			nodeBin: vars.NODE_BIN,
			n8nBin: vars.N8N_BIN,
			version: vars.N8N_VERSION,
			nodeVersion: vars.NODE_VERSION,
			note: vars.N8N_VERSION_NOTE,
			runtimeDir: vars.N8N_RUNTIME_DIR,
		};
	})();
	runtimePromise.catch(() => (runtimePromise = undefined));
	return runtimePromise;
}

// ---------------------------------------------------------------------------------------------
// Instances

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

	private server: ChildProcess | undefined;
	private serverExit: Promise<void> | undefined;
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
		const fd = fs.openSync(this.logFile, 'a');
		fs.writeSync(fd, `\n===== ${new Date().toISOString()} n8n ${command.join(' ')} on port ${this.port}\n`);
		const child = spawn(this.runtime.nodeBin, [this.runtime.n8nBin, ...command], {
			cwd: this.workDir,
			env: this.env(brokerPort),
			detached: true,
			stdio: ['ignore', fd, fd],
		});
		fs.closeSync(fd);
		this.server = child;
		if (child.pid) liveGroups.add(child.pid);
		let exited: string | undefined;
		this.serverExit = new Promise((resolve) => {
			child.on('exit', (code, signal) => {
				exited = `exit code ${code}${signal ? `, signal ${signal}` : ''}`;
				resolve();
			});
			child.on('error', (e) => {
				exited = String(e);
				resolve();
			});
		});

		try {
			// Ready when the log says so (the REST API answers only then; /healthz earlier).
			for (;;) {
				if (exited) throw new Error(`n8n ${command[0]} ended before it was ready (${exited})`);
				if (Date.now() - started > timeoutMs) throw new Error(`n8n ${command[0]} not ready after ${timeoutMs} ms`);
				if (readFrom(this.logFile, logStart).includes(readyLine)) break;
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
		const child = this.server;
		if (!child) return;
		const pid = child.pid!;
		killGroup(pid, 'SIGTERM');
		const graceMs = opts.graceMs ?? 15_000;
		const deadline = Date.now() + graceMs;
		let timer: NodeJS.Timeout | undefined;
		await Promise.race([this.serverExit, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
		clearTimeout(timer);
		// The main process may be gone while its task runner lingers: wait, then kill the group.
		while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
		killGroup(pid, 'SIGKILL');
		const hardDeadline = Date.now() + 5_000;
		while (groupAlive(pid) && Date.now() < hardDeadline) await sleep(50);
		liveGroups.delete(pid);
		this.server = undefined;
		this.serverExit = undefined;
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
		if (!this.server) {
			if (this.publishes) await this.cliOrThrow('publish:workflow', ['publish:workflow', `--id=${workflowId}`], () => true);
			else await this.cliOrThrow('update:workflow', ['update:workflow', `--id=${workflowId}`, '--active=true'], () => true);
			return;
		}
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
			const problem = /There was a problem activating the workflow: .*/.exec(readFrom(this.logFile, logOffset));
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

	/**
	 * Unpublishes (deactivates) a workflow: public API `POST /workflows/<id>/unpublish` when
	 * running (then waits until it is no longer published), else `n8n unpublish:workflow`
	 * (n8n 1.x: `/deactivate`, or `n8n update:workflow --active=false`).
	 */
	async deactivate(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<void> {
		if (!this.server) {
			if (this.publishes) await this.cliOrThrow('unpublish:workflow', ['unpublish:workflow', `--id=${workflowId}`], () => true);
			else await this.cliOrThrow('update:workflow', ['update:workflow', `--id=${workflowId}`, '--active=false'], () => true);
			return;
		}
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

function readFrom(file: string, offset: number): string {
	try {
		const fd = fs.openSync(file, 'r');
		try {
			const size = fs.fstatSync(fd).size;
			if (size <= offset) return '';
			const buf = Buffer.alloc(size - offset);
			fs.readSync(fd, buf, 0, buf.length, offset);
			return buf.toString('utf8');
		} finally {
			fs.closeSync(fd);
		}
	} catch {
		return '';
	}
}
