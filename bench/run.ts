/**
 * `npm run bench`: our nodes versus n8n's HTTP Request node, in a real n8n (2.41.1, installed by
 * dev/n8n/install.sh) against the in-process simulator. Prints the tables and writes
 * bench/RESULTS.md. See bench/README.md for what is measured and how.
 *
 *   npx tsx bench/run.ts                    # everything, 3 runs per figure (what npm run bench does)
 *   npx tsx bench/run.ts --quick            # small sizes, 1 run: to try changes (written under .e2e-work/bench/)
 *   npx tsx bench/run.ts --scenarios 2,3 --runs 1 --feedback 20000 --pages 20 --customers 2000 --backlog 5000
 *   npx tsx bench/run.ts --only queue      # one scenario at the default sizes: rewrites its own section of bench/RESULTS.md
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { createInstance, ensureN8n, REPO_ROOT, workRoot } from '../dev/n8n/harness';
import { SHAPES } from '../dev/pacing/simulation';
import { start } from '../dev/simulator';
import type { Bench, BenchOptions } from './lib/bench';
import { machineInfo } from './lib/machine';
import { consoleTable, markdownTable, type ScenarioResult } from './lib/report';
import { RequestRecorder } from './lib/requests';
import { num } from './lib/stats';
import { limiterShapeVariants, runLimiterShapes, SHAPE_ITEMS } from './scenarios/limiterShapes';
import { runQueue } from './scenarios/queue';
import { runQueueShapes } from './scenarios/queueShapes';
import { rateLimitVariants, runRateLimit } from './scenarios/rateLimit';
import { returnAllVariants, runReturnAll } from './scenarios/returnAll';
import { runTrigger, triggerWorkflows } from './scenarios/trigger';
import { bulkAutoParts, runBulkAuto } from './scenarios/bulkAuto';
import { runUpsert, upsertVariants } from './scenarios/upsert';
import { credentialsFor, HTTP_NODE_VERSION } from './workflows';

const DEFAULTS: BenchOptions = {
	runs: 3,
	customers: 10_000,
	feedback: 100_000,
	ratePages: 60,
	rateLimit: { limit: 15, windowMs: 6_000 },
	realLimitItems: 200,
	realLimitRuns: 1,
	backlog: 50_000,
	queueWorkers: [1, 2, 4],
	queueRealItems: 300,
	recipients: 1_000,
	responses: 2_000,
	scenarios: new Set([1, 2, 3, 4, 5, 6, 7, 8]),
};

const SCENARIO_NAMES: Record<string, number> = { upsert: 1, 'return-all': 2, 'rate-limit': 3, trigger: 4, queue: 5, 'bulk-auto': 6, 'limiter-shapes': 7, 'queue-shapes': 8 };

function parseArgs(argv: string[]): { opts: BenchOptions; quick: boolean } {
	const opts: BenchOptions = { ...DEFAULTS, rateLimit: { ...DEFAULTS.rateLimit }, queueWorkers: [...DEFAULTS.queueWorkers], scenarios: new Set(DEFAULTS.scenarios) };
	let quick = false;
	const value = (i: number) => {
		const v = argv[i + 1];
		if (v === undefined) throw new Error(`${argv[i]} needs a value`);
		return v;
	};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--quick') {
			quick = true;
			Object.assign(opts, { runs: 1, customers: 2_000, feedback: 10_000, ratePages: 20, backlog: 5_000, realLimitItems: 0, queueWorkers: [2], queueRealItems: 0, recipients: 200, responses: 400 });
		} else if (a === '--runs') opts.runs = Number(value(i++));
		else if (a === '--customers') opts.customers = Number(value(i++));
		else if (a === '--feedback') opts.feedback = Number(value(i++));
		else if (a === '--pages') opts.ratePages = Number(value(i++));
		else if (a === '--backlog') opts.backlog = Number(value(i++));
		else if (a === '--real-limit-items') opts.realLimitItems = Number(value(i++));
		else if (a === '--real-limit-runs') opts.realLimitRuns = Number(value(i++));
		else if (a === '--scenarios') opts.scenarios = new Set(value(i++).split(',').map(Number));
		else if (a === '--only') {
			const names = value(i++).split(',');
			const unknown = names.filter((n) => !(n in SCENARIO_NAMES));
			if (unknown.length) throw new Error(`--only: unknown scenario ${unknown.join(', ')} (${Object.keys(SCENARIO_NAMES).join(', ')})`);
			opts.scenarios = new Set(names.map((n) => SCENARIO_NAMES[n]));
		} else if (a === '--shapes') {
			opts.shapes = value(i++).split(',');
			const unknown = opts.shapes.filter((n) => !(n in SHAPES));
			if (unknown.length) throw new Error(`--shapes: unknown shape ${unknown.join(', ')} (${Object.keys(SHAPES).join(', ')})`);
		} else if (a === '--queue-workers') opts.queueWorkers = value(i++).split(',').map(Number);
		else if (a === '--queue-real-items') opts.queueRealItems = Number(value(i++));
		else if (a === '--recipients') opts.recipients = Number(value(i++));
		else if (a === '--responses') opts.responses = Number(value(i++));
		else if (a === '--help' || a === '-h') {
			console.log(
				'usage: tsx bench/run.ts [--quick] [--runs N] [--scenarios 1,2,3,4,5 | --only upsert,return-all,rate-limit,trigger,queue,bulk-auto,limiter-shapes,queue-shapes] [--customers N] [--feedback N] [--pages P] [--backlog N] [--real-limit-items N (0: skip)] [--real-limit-runs N] [--shapes NAME,... (scenarios 7 and 8)] [--queue-workers 1,2,4] [--queue-real-items N (0: skip)] [--recipients N] [--responses N]',
			);
			process.exit(0);
		} else throw new Error(`unknown option ${a}`);
	}
	if (opts.feedback % 1000 !== 0) throw new Error('--feedback must be a multiple of 1000');
	return { opts, quick };
}

function queueAtDefaults(opts: BenchOptions, quick: boolean): boolean {
	return !quick && opts.queueWorkers.join() === DEFAULTS.queueWorkers.join() && opts.queueRealItems === DEFAULTS.queueRealItems;
}

/**
 * Only a run at the sizes writes bench/RESULTS.md: the whole file when it ran every
 * scenario, only the sections of the scenarios it ran otherwise (`--only trigger`). Anything else
 * goes to the (git-ignored) work folder.
 */
function atDefaultSizes(opts: BenchOptions, quick: boolean): boolean {
	return (
		!quick &&
		opts.runs >= 3 &&
		!opts.shapes &&
		queueAtDefaults(opts, quick) &&
		opts.customers === DEFAULTS.customers &&
		opts.feedback === DEFAULTS.feedback &&
		opts.ratePages === DEFAULTS.ratePages &&
		opts.realLimitItems === DEFAULTS.realLimitItems &&
		opts.backlog === DEFAULTS.backlog &&
		opts.recipients === DEFAULTS.recipients &&
		opts.responses === DEFAULTS.responses
	);
}

async function main(): Promise<void> {
	const { opts, quick } = parseArgs(process.argv.slice(2));
	const began = Date.now();
	const log = (msg: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${msg}`);
	const machine = machineInfo();
	const runtime = await ensureN8n();
	log(`n8n ${runtime.version}; ${machine.cores} cores, ${num(machine.memTotalGb, 1)} GB; runs per figure: ${opts.runs}`);

	const rec = new RequestRecorder();
	const queueOnly = [...opts.scenarios].every((s) => s === 5 || s === 8);
	// Scenarios 5 and 8 fill their own accounts: alone, they need no 100,000 records in the other.
	const sim = await start({ seed: queueOnly ? 'demo' : { feedback: opts.feedback }, rateLimit: false, onRequest: rec.hook });
	const bench: Bench = { sim, rec, opts, log };
	const [A, B] = sim.accounts;
	const credA = credentialsFor('A', sim, { id: A.id, key: A.writeKey });
	const credB = credentialsFor('B', sim, { id: B.id, key: B.writeKey });
	const credBStated = credentialsFor('BStated', sim, { id: B.id, key: B.writeKey }, opts.rateLimit);
	const paceMs = Math.ceil(opts.rateLimit.windowMs / opts.rateLimit.limit);

	const results: ScenarioResult[] = [];
	try {
		if ([1, 2, 3, 6, 7].some((s) => opts.scenarios.has(s))) {
			const n8n = await createInstance({ packageDir: REPO_ROOT, name: 'bench' });
			const s1 = opts.scenarios.has(1) ? upsertVariants(credA.refs, sim.baseUrl, opts.customers) : [];
			const s2 = opts.scenarios.has(2) ? returnAllVariants(credA.refs, sim.baseUrl) : [];
			const s3 = opts.scenarios.has(3)
				? rateLimitVariants(credB.refs, credBStated.refs, credA.refs, sim.baseUrl, paceMs, opts.realLimitItems ? await customerIds(sim.baseUrl, A.readKey, opts.realLimitItems) : [])
				: undefined;
			if (s3 && !opts.realLimitItems) s3.real = [];
			const s6 = opts.scenarios.has(6) ? bulkAutoParts(credA.refs, sim.baseUrl, opts.recipients, opts.responses) : [];
			const s7 = opts.scenarios.has(7) ? limiterShapeVariants(credA.refs, credB.refs, await customerIds(sim.baseUrl, A.readKey, SHAPE_ITEMS)) : undefined;
			const all = [...s1, ...s2, ...(s3 ? [...s3.compressed, ...s3.real] : []), ...s6.flatMap((part) => part.variants), ...(s7 ? [s7.returnAll, s7.singles] : [])];
			log(`setting up n8n in ${n8n.workDir}: ${all.length} sub-workflows and their runners`);
			await n8n.importCredentials([...credA.imports, ...credB.imports, ...credBStated.imports]);
			await n8n.importWorkflows(all.flatMap((v) => [v.sub, v.runner]));
			// Execute Workflow runs only published sub-workflows, and only the server publishes them fully.
			await n8n.start();
			try {
				for (const v of all) await n8n.activate(v.sub.id!);
			} finally {
				await n8n.stop();
			}
			if (s1.length) {
				log(`scenario 1: bulk upsert of ${opts.customers} customers`);
				results.push(await runUpsert(bench, n8n, s1));
			}
			if (s6.length) {
				log(`scenario 6: Survey › Send to ${opts.recipients} and Import of ${opts.responses}, mapped automatically`);
				results.push(await runBulkAuto(bench, n8n, s6));
			}
			if (s2.length) {
				log(`scenario 2: Return All over ${opts.feedback} feedback`);
				results.push(await runReturnAll(bench, n8n, s2));
			}
			if (s3) {
				log(`scenario 3: ${opts.ratePages} pages at ${opts.rateLimit.limit} per ${opts.rateLimit.windowMs} ms; ${opts.realLimitItems} items at 150 per 60 s`);
				results.push(await runRateLimit(bench, n8n, s3, { compressed: { id: B.id } }));
			}
			if (s7) {
				log(`scenario 7: limiter shapes, the credential at its defaults`);
				results.push(await runLimiterShapes(bench, n8n, s7, { id: B.id }, opts.runs));
			}
		}
		if (opts.scenarios.has(4)) {
			log(`scenario 4: the trigger and a backlog of ${opts.backlog}`);
			const n8n = await createInstance({ packageDir: REPO_ROOT, name: 'bench-trigger' });
			const workflows = triggerWorkflows(credB.refs, opts.runs);
			await n8n.importCredentials(credB.imports);
			await n8n.importWorkflows(workflows);
			results.push(await runTrigger(bench, n8n, workflows, { id: B.id, key: B.writeKey }));
		}
		if (opts.scenarios.has(5)) {
			log(`scenario 5: queue mode with ${opts.queueWorkers.join(', ')} workers; ${opts.queueRealItems} requests at 150 per 60 s`);
			results.push(await runQueue(bench, opts.queueWorkers, opts.queueRealItems, opts.runs));
		}
		if (opts.scenarios.has(8)) {
			log(`scenario 8: limiter shapes in queue mode, the credential at its defaults`);
			results.push(await runQueueShapes(bench, opts.runs));
		}
	} finally {
		await sim.close();
	}

	const minutes = (Date.now() - began) / 60_000;
	results.sort((a, b) => a.id - b.id);
	for (const r of results) {
		console.log(`\n== ${r.id}. ${r.title}`);
		for (const t of r.tables) {
			if (t.caption) console.log(`\n${t.caption}`);
			console.log(consoleTable(t.table));
		}
		for (const note of r.notes) console.log(`* ${note}`);
	}

	const atDefaults = atDefaultSizes(opts, quick);
	const official = atDefaults && [1, 2, 3, 4, 5, 6, 7, 8].every((s) => opts.scenarios.has(s));
	const outDir = atDefaults ? path.join(REPO_ROOT, 'bench') : path.join(workRoot(), 'bench');
	fs.mkdirSync(outDir, { recursive: true });
	if (atDefaults && !official) {
		// Some scenarios alone rewrite only their own sections: the others stay as the last full run left them.
		const stamp = `Written by \`npx tsx bench/run.ts ${process.argv.slice(2).join(' ')}\` on ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC (${num(minutes, 1)} minutes), after the rest of this file.`;
		for (const r of results) replaceSection(path.join(outDir, 'RESULTS.md'), r.id, renderScenario(r), stamp);
	} else {
		const md = renderMarkdown({ results, opts, machine, n8nVersion: runtime.version, minutes, official });
		fs.writeFileSync(path.join(outDir, 'RESULTS.md'), md);
	}
	fs.writeFileSync(path.join(workRoot(), 'bench-results.json'), JSON.stringify({ opts: { ...opts, scenarios: [...opts.scenarios] }, machine, results }, null, 1));
	console.log(`\nwrote ${path.relative(process.cwd(), path.join(outDir, 'RESULTS.md'))} (${num(minutes, 1)} min)`);
	if (!atDefaults) console.log('(not bench/RESULTS.md: only a run at the default sizes writes there)');
}

/** The first `count` customer IDs of an account (read before anything is measured). */
async function customerIds(baseUrl: string, key: string, count: number): Promise<string[]> {
	const res = await fetch(`${baseUrl}/api/v2/customers?limit=${Math.min(1000, count)}&sort=createdDate`, { headers: { 'X-Api-Key': key } });
	const body = (await res.json()) as { data: { subscribers: Array<{ id: string }> } };
	const ids = body.data.subscribers.map((c) => c.id);
	if (ids.length < count) throw new Error(`the simulator has only ${ids.length} customers in account A`);
	return ids.slice(0, count);
}

function renderMarkdown(x: {
	results: ScenarioResult[];
	opts: BenchOptions;
	machine: ReturnType<typeof machineInfo>;
	n8nVersion: string;
	minutes: number;
	official: boolean;
}): string {
	const { results, opts, machine } = x;
	const date = new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
	const lines: string[] = [
		'# Benchmark results',
		'',
		`Written by \`npm run bench\` (bench/run.ts) on ${date}; the run took ${num(x.minutes, 1)} minutes. What is measured and how: [README.md](README.md).`,
		'',
		'| | |',
		'| --- | --- |',
		`| Machine | ${machine.cores} cores, ${machine.cpuModel}, ${num(machine.memTotalGb, 1)} GB RAM (${num(machine.memAvailableGb, 1)} GB available at the end), ${machine.kernel}, load average at the end ${machine.loadAverage} |`,
		`| n8n | ${x.n8nVersion} on Node.js 24 (dev/n8n), sqlite, default settings; \`n8n execute\` for scenarios 1–3, \`n8n start\` for 4; queue mode (PostgreSQL, Redis, \`n8n start\` + \`n8n worker\`) for 5 |`,
		`| Bench and simulator | Node.js ${machine.benchNode.replace(/^v/, '')}, one process; the simulator in process, on 127.0.0.1 |`,
		`| HTTP Request node | \`n8n-nodes-base.httpRequest\` version ${HTTP_NODE_VERSION} (its default in this n8n), Generic Credential Type › Header Auth (\`X-Api-Key\`) |`,
		`| Figures | median of ${opts.runs} runs (scenario 2: ${opts.runs >= 3 ? Math.max(opts.runs, 5) : opts.runs}; the real-limit part of 3: ${opts.realLimitRuns}), (min–max) beside it when the runs differ; the workflows of a scenario take turns within each run |`,
		`| Simulator | rate limit **off** for scenarios 1, 2 and 4 (they measure throughput: 10,000 single requests at 150 a minute would take over an hour); scenario 3: ${opts.rateLimit.limit} requests per ${opts.rateLimit.windowMs} ms, without and with Retry-After, then 150 per 60 s |`,
		'',
	];
	if (!x.official) lines.push('> A partial or reduced run (not the issue\'s sizes): for trying changes only.', '');
	for (const r of results) lines.push(...renderScenario(r));
	return lines.join('\n');
}

/** One scenario's section: `## N. Title`, its setup, tables and notes. */
function renderScenario(r: ScenarioResult): string[] {
	const lines = [`## ${r.id}. ${r.title}`, ''];
	for (const s of r.setup) lines.push(`- ${s}`);
	lines.push('');
	for (const t of r.tables) {
		if (t.caption) lines.push(`**${t.caption}**`, '');
		lines.push(markdownTable(t.table), '');
	}
	for (const note of r.notes) lines.push(`- ${note}`);
	if (r.notes.length) lines.push('');
	return lines;
}

/** Replaces section `## <id>.` of a RESULTS.md (up to the next `## ` or the end), or appends it. */
function replaceSection(file: string, id: number, section: string[], stamp: string): void {
	const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
	const lines = text.replace(/\n+$/, '').split('\n');
	const start = lines.findIndex((line) => line.startsWith(`## ${id}. `));
	const body = [...section.slice(0, 2), stamp, '', ...section.slice(2)];
	if (start < 0) {
		lines.push('', ...body);
	} else {
		const next = lines.findIndex((line, i) => i > start && line.startsWith('## '));
		lines.splice(start, (next < 0 ? lines.length : next) - start, ...body);
	}
	fs.writeFileSync(file, lines.join('\n').replace(/\n+$/, '') + '\n');
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
