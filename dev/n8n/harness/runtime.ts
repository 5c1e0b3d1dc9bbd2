/**
 * The n8n to run: installing it (dev/n8n/install.sh) and what an installed one has (its version,
 * its backend modules, the versions of its own node types).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { tail } from './files';
import { INSTALL_SCRIPT, REPO_ROOT, workRoot } from './paths';
import { runProcess } from './processes';
import type { N8nRuntime, WorkflowJson } from './types';

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
