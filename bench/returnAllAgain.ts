/**
 * `npx tsx bench/returnAllAgain.ts [--runs N] [--gaps 5,20,45]`: not part of the run. A Return All
 * of 40 pages (Feedback › Get Many, version 2, Simplify on) run manually in one long-running n8n (`n8n
 * start`, as a user runs a workflow from the editor) under a window of 15 fixed to the clock every
 * 6 s, no Retry-After, the credential at its defaults: once, then again 5, 20 and 45 s after the
 * last one ended (`--gaps`), so that each run meets what the process's pacer kept of the run before.
 * Scenarios 7 and 8 start every run afresh; this is the case they leave out. Each set of runs starts
 * after the account has been idle for more than the credential's window. Share as in scenario 7:
 * the least time a perfect client takes for the same requests against the same limiter, from the
 * same moment and as the run before left it, each request taking the load's own time (measured first
 * without a limit, on another key of the account, so with a pacer of its own), over the time taken. About 3 minutes a run; prints
 * a markdown table for bench/RESULTS.md. Needs the build (dist/).
 */
import { performance } from 'node:perf_hooks';

import { createInstance, REPO_ROOT } from '../dev/n8n/harness';
import { perfectClient, SHAPES } from '../dev/pacing/simulation';
import { start } from '../dev/simulator';
import { numberListOption, numberOption } from './lib/args';
import { RequestRecorder, tally } from './lib/requests';
import { fmtValues } from './lib/stats';
import { markdownTable } from './lib/report';
import { spanOf } from './scenarios/limiterShapes';
import { credentialsFor, oursFeedbackReturnAll, type BenchCredentials } from './workflows';

const PAGES = 40;
const LIMITER = SHAPES.fixed15per6s;
/** Longer than the credential's window (60 s at its defaults): the next set of runs starts afresh. */
const IDLE_BETWEEN_SETS_MS = 65_000;

function workflow(id: string, cred: BenchCredentials) {
	return {
		id,
		name: `Return All again (${id})`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ name: 'Run', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {}, position: [0, 0] },
			{ ...oursFeedbackReturnAll(cred, 2), position: [220, 0] },
			{ name: 'Count', type: 'n8n-nodes-base.code', typeVersion: 2, position: [440, 0], parameters: { jsCode: 'return [{ json: { count: $input.all().length } }];' } },
		],
		connections: { Run: { main: [[{ node: 'Survey Feedback', type: 'main', index: 0 }]] }, 'Survey Feedback': { main: [[{ node: 'Count', type: 'main', index: 0 }]] } },
	};
}

async function main(): Promise<void> {
	const runs = numberOption('--runs', 3);
	const gaps = numberListOption('--gaps', [5, 20, 45]);
	const rec = new RequestRecorder();
	const sim = await start({ seed: 'demo', rateLimit: false, onRequest: rec.hook });
	const n8n = await createInstance({ packageDir: REPO_ROOT, name: 'bench-return-all-again' });
	try {
		const account = sim.accounts[1];
		const have = sim.state().accounts.find((a: { id: string }) => a.id === account.id)!.counts.feedback as number;
		const customers = sim.insert(account.id, 'customers', Array.from({ length: 20 }, (_, i) => ({ email: `again.bench.${i}@example.com` })));
		const now = Date.now();
		sim.insert(account.id, 'feedback', Array.from({ length: PAGES * 1000 - have }, (_, i) => ({ customerId: customers[i % customers.length].id, score: i % 11, createdDate: now - 3_600_000 - i * 1000 })));
		const pace = credentialsFor('AgainPace', sim, { id: account.id, key: account.readKey });
		const measured = credentialsFor('AgainRun', sim, { id: account.id, key: account.writeKey });
		await n8n.importCredentials([...pace.imports, ...measured.imports]);
		await n8n.importWorkflows([workflow('benchAgainPace01', pace.refs), workflow('benchAgainRuns01', measured.refs)]);
		await n8n.start();
		const run = async (workflowId: string) => {
			rec.clear();
			const execution = await n8n.runManually(workflowId, 'Run', { timeoutMs: 10 * 60_000 });
			return { requests: rec.all().filter((r) => r.accountId === account.id), ok: execution.status === 'success' };
		};
		const free = await run('benchAgainPace01');
		const cycleMs = spanOf(free.requests).spanMs / free.requests.length;
		console.log(`the load's own pace without a limit: ${free.requests.length} requests, ${cycleMs.toFixed(0)} ms each`);
		const labels = ['alone (the first in its process)', ...gaps.map((g) => `again, ${g} s after the last`)];
		const cells = labels.map(() => ({ shares: [] as number[], refused: [] as number[], spans: [] as number[], failed: 0 }));
		sim.configure({ rateLimit: LIMITER });
		for (let set = 0; set < runs; set++) {
			if (set > 0) await new Promise((resolve) => setTimeout(resolve, IDLE_BETWEEN_SETS_MS));
			/** When the limiter admitted the run before's requests (as they arrived): what it may still count. */
			let admittedBefore: number[] = [];
			for (let i = 0; i < labels.length; i++) {
				if (i > 0) await new Promise((resolve) => setTimeout(resolve, gaps[i - 1] * 1000));
				const r = await run('benchAgainRuns01');
				const t = tally(r.requests);
				const { startAt, spanMs } = spanOf(r.requests);
				const leastMs = perfectClient(LIMITER, [[t.ok]], [], startAt, cycleMs, undefined, admittedBefore).spanMs;
				admittedBefore = r.requests.filter((q) => q.status === 200).map((q) => performance.timeOrigin + q.t - q.durationMs);
				cells[i].shares.push((leastMs / spanMs) * 100);
				cells[i].refused.push((t.rateLimited / t.total) * 100);
				cells[i].spans.push(spanMs / 1000);
				if (!r.ok || t.ok !== PAGES) cells[i].failed++;
				console.log(`set ${set + 1}, ${labels[i]}: ${r.ok ? 'OK' : 'FAILED'}, ok ${t.ok}, 429 ${t.rateLimited}, ${(spanMs / 1000).toFixed(1)} s, least ${(leastMs / 1000).toFixed(1)} s`);
			}
		}
		const rows = labels.map((label, i) => [label, `${fmtValues(cells[i].shares, 0, ' %')} / ${fmtValues(cells[i].refused, 1, ' %')}`, fmtValues(cells[i].spans, 1), `${runs - cells[i].failed} of ${runs}`]);
		console.log(`\n${markdownTable({ columns: [`Return All of ${PAGES} pages`, 'Share of the least time / refused', 'Time, s', 'Runs complete'], rows })}`);
	} finally {
		sim.configure({ rateLimit: false });
		await n8n.stop().catch(() => undefined);
		await sim.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
