/**
 * The n8n version matrix: installs each n8n of dev/n8n/versions.json (one runtime folder per
 * version, dev/n8n/install.sh) and runs the matrix's set of end-to-end tests in it, one version
 * after another; prints which n8n each entry used and why, and a summary.
 *
 *   npm run test:compat                         # build, then every version of the matrix
 *   npm run test:compat -- 1.123.81 newest      # only these (a matrix entry's version or label, or any n8n version)
 *   npm run test:compat -- --skip-pinned        # all but the pinned version (CI runs the full suite there)
 *
 * Honors N8N_RUNTIME_DIR (the pinned version's folder; the others go beside it, `<dir>-<version>`).
 * Each version gets its own throwaway user folders under `<N8N_E2E_WORK_DIR or .e2e-work>/compat-<version>`.
 * Exit code 1 when an entry could not be installed or a test failed.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

import { readExamples } from './examples';
import { INSTALL_SCRIPT, missingNodeTypes, N8N_VERSIONS, REPO_ROOT, workRoot } from './harness';

/**
 * What runs on every version: the example workflows, the trigger's exactly-once test and its
 * polls slower than their interval, the error and pairing checks (errors, and the bulk upsert of
 * 2,500 items with Return All), and the AI Agent and MCP tests (skipped, saying so, where the
 * version lacks the nodes they use).
 */
export const COMPAT_TESTS = ['examples', 'trigger', 'trigger-slow-poll', 'errors', 'bulk', 'ai-agent', 'ai-mcp'].map((name) => `test/e2e/${name}.test.ts`);

interface Outcome {
	label: string;
	asked: string;
	version?: string;
	nodeVersion?: string;
	note?: string;
	result: string;
	seconds: number;
	ok: boolean;
}

function install(spec: string): { ok: boolean; vars: Record<string, string> } {
	const res = spawnSync('bash', [INSTALL_SCRIPT, spec], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
	const vars: Record<string, string> = {};
	for (const line of (res.stdout ?? '').split('\n')) {
		const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
		if (m) vars[m[1]] = m[2];
	}
	return { ok: res.status === 0 && Boolean(vars.N8N_VERSION), vars };
}

function runTests(version: string): boolean {
	const res = spawnSync('npx', ['jest', '-c', 'test/e2e/jest.config.js', '--runInBand', ...(process.env.CI ? ['--ci'] : []), ...COMPAT_TESTS], {
		cwd: REPO_ROOT,
		stdio: 'inherit',
		env: { ...process.env, N8N_TEST_VERSION: version, N8N_E2E_WORK_DIR: path.join(workRoot(), `compat-${version}`) },
	});
	return res.status === 0;
}

function main(): void {
	const args = process.argv.slice(2);
	const skipPinned = args.includes('--skip-pinned');
	const wanted = args.filter((a) => !a.startsWith('--'));
	// The matrix, or the entries named; a version the matrix does not hold runs as asked.
	const entries = wanted.length
		? wanted.map((w) => N8N_VERSIONS.matrix.find((e) => e.version === w || e.label === w) ?? { label: 'asked', version: w })
		: N8N_VERSIONS.matrix;

	const outcomes: Outcome[] = [];
	const ran = new Map<string, string>();
	for (const entry of entries) {
		const started = Date.now();
		const seconds = () => Math.round((Date.now() - started) / 1000);
		console.log(`\n==> n8n ${entry.label} (${entry.version})`);
		const { ok, vars } = install(entry.version);
		const outcome: Outcome = { label: entry.label, asked: entry.version, version: vars.N8N_VERSION, nodeVersion: vars.NODE_VERSION, note: vars.N8N_VERSION_NOTE, result: '', seconds: 0, ok: true };
		if (!ok) {
			Object.assign(outcome, { result: 'not installed (see the output above)', ok: false });
		} else if (skipPinned && vars.N8N_VERSION === N8N_VERSIONS.pinned) {
			outcome.result = 'the pinned version: the full e2e suite runs there';
		} else if (ran.has(vars.N8N_VERSION)) {
			outcome.result = `same n8n as "${ran.get(vars.N8N_VERSION)}": not run twice`;
		} else {
			console.log(`[compat] ${vars.N8N_VERSION_NOTE} on Node.js ${vars.NODE_VERSION}`);
			// The AI tests run n8n's nodes in the versions the AI examples use, and skip where these are missing.
			const missing = missingNodeTypes({ runtimeDir: vars.N8N_RUNTIME_DIR }, Object.values(readExamples()));
			const skipped = missing.length ? ` (AI tests skipped: n8n ${vars.N8N_VERSION} lacks ${missing.join(', ')})` : '';
			if (skipped) console.log(`[compat]${skipped}`);
			ran.set(vars.N8N_VERSION, entry.label);
			const passed = runTests(vars.N8N_VERSION);
			Object.assign(outcome, { result: `${passed ? 'passed' : 'FAILED'}${skipped}`, ok: passed });
		}
		outcome.seconds = seconds();
		outcomes.push(outcome);
	}

	console.log('\n==> n8n version matrix');
	for (const o of outcomes) {
		console.log(`${o.ok ? 'ok  ' : 'FAIL'} ${o.label.padEnd(17)} ${(o.version ?? o.asked).padEnd(9)} node ${(o.nodeVersion ?? '-').padEnd(9)} ${String(o.seconds).padStart(4)} s  ${o.result}`);
		if (o.note) console.log(`     ${o.note}`);
	}
	process.exitCode = outcomes.every((o) => o.ok) ? 0 : 1;
}

main();
