/** The shapes the harness takes and gives: a runtime, workflows and credentials to import, CLI results. */

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

export interface CredentialImport {
	id: string;
	name: string;
	/** Credential type name, e.g. "surveyFeedbackApi". */
	type: string;
	/** Plain data: n8n encrypts it on import. */
	data: Record<string, unknown>;
	[key: string]: unknown;
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
	/**
	 * A tarball `npm pack` made, installed with `npm install --omit=peer <tarball>` in
	 * `<userFolder>/.n8n/nodes`, as the README's manual install does. Nothing is linked beside it:
	 * the package finds n8n-workflow, luxon and zod in n8n's own node_modules, which n8n puts on the
	 * module path of community packages (as after an install from Settings › Community Nodes, which
	 * drops peer dependencies too).
	 */
	packageTarball?: string;
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
