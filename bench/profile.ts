/**
 * `npx tsx bench/profile.ts`: where the time of Customer › Create or Update goes, per input mode.
 * Runs scenario 1's workflows (10,000 customers, rate limit off) once each in `n8n execute` with
 * V8's CPU profiler on, then splits the samples taken while our node ran into: n8n resolving the
 * node's parameters (its expression engine included), our own code, and everything else (HTTP,
 * JSON, garbage collection…). Prints a table; the profiles stay in .e2e-work/profile/.
 *
 *   npx tsx bench/profile.ts [--customers N]
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { createInstance, getFreePort, REPO_ROOT, workRoot, type N8nInstance } from '../dev/n8n/harness';
import { start } from '../dev/simulator';
import { upsertVariants } from './scenarios/upsert';
import { credentialsFor } from './workflows';
import { numberOption } from './lib/args';
import { num } from './lib/stats';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string };
	children?: number[];
}
interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

/** Our package, wherever the instance loads it from. */
const OURS = /n8n-nodes-survey-feedback\/dist\//;
/** n8n resolving a parameter: getNodeParameter and what it calls (expressions, their sandbox, tmpl). */
const PARAMETER_ENTRY = /^(getNodeParameter|_getNodeParameter)$/;

function categorize(profile: CpuProfile): Record<'parameters' | 'ours' | 'other', number> {
	const parent = new Map<number, number>();
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const totals = { parameters: 0, ours: 0, other: 0 };
	profile.samples.forEach((sampleId, i) => {
		const ms = (profile.timeDeltas[i] ?? 0) / 1000;
		let inOurNode = false;
		let inParameters = false;
		for (let id: number | undefined = sampleId; id !== undefined; id = parent.get(id)) {
			const frame = byId.get(id)!.callFrame;
			if (OURS.test(frame.url)) inOurNode = true;
			else if (!inOurNode && PARAMETER_ENTRY.test(frame.functionName)) inParameters = true;
		}
		if (!inOurNode) return;
		const leaf = byId.get(sampleId)!.callFrame;
		if (inParameters) totals.parameters += ms;
		else if (OURS.test(leaf.url)) totals.ours += ms;
		else totals.other += ms;
	});
	return totals;
}

async function executeProfiled(instance: N8nInstance, workflowId: string, dir: string): Promise<string> {
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	const env = instance.env(await getFreePort());
	await new Promise<void>((resolve, reject) => {
		const child = spawn(instance.runtime.nodeBin, ['--cpu-prof', `--cpu-prof-dir=${dir}`, instance.runtime.n8nBin, 'execute', `--id=${workflowId}`], {
			cwd: instance.workDir,
			env,
			stdio: 'ignore',
		});
		child.on('error', reject);
		child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`n8n execute exited with ${code}`))));
	});
	// The largest profile is n8n's own process (the task runner writes a small one beside it).
	const files = fs.readdirSync(dir).map((file) => path.join(dir, file));
	return files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
}

async function main(): Promise<void> {
	const customers = numberOption('--customers', 10_000);
	const sim = await start({ seed: 'demo', rateLimit: false });
	try {
		const [account] = sim.accounts;
		const cred = credentialsFor('A', sim, { id: account.id, key: account.writeKey });
		const variants = upsertVariants(cred.refs, sim.baseUrl, customers).filter((v) => v.key === 'ours' || v.key === 'oursAuto');
		const n8n = await createInstance({ packageDir: REPO_ROOT, name: 'profile' });
		await n8n.importCredentials(cred.imports);
		await n8n.importWorkflows(variants.flatMap((v) => [v.sub, v.runner]));
		await n8n.start(); // Execute Workflow runs only published sub-workflows
		try {
			for (const v of variants) await n8n.activate(v.sub.id!);
		} finally {
			await n8n.stop();
		}
		const rows: string[][] = [];
		for (const v of variants) {
			sim.reset();
			const file = await executeProfiled(n8n, v.runner.id!, path.join(workRoot(), 'profile', v.key));
			const t = categorize(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
			const all = t.parameters + t.ours + t.other;
			const share = (ms: number) => `${num(ms / 1000)} s (${num((100 * ms) / all, 0)} %)`;
			rows.push([v.label, num(all / 1000), share(t.parameters), share(t.ours), share(t.other)]);
			console.log(`${v.key}: ${path.relative(REPO_ROOT, file)}`);
		}
		const header = ['Workflow', 'CPU in the node, s', 'n8n resolving parameters', 'our code', 'the rest (HTTP, JSON, GC…)'];
		console.log(`\n${customers} customers, CPU samples taken while our node ran:\n`);
		for (const row of [header, ...rows]) console.log(`| ${row.join(' | ')} |`);
	} finally {
		await sim.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
