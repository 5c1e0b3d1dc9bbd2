/**
 * Scenario 1: bulk upsert of N customers (rate limit off).
 * Ours (Customer › Create or Update, items folded 1000 per request) versus the HTTP Request node
 * sending one request per item, and versus the HTTP Request node fed pre-built batches of 1000.
 */
import type { N8nInstance } from '../../dev/n8n/harness';
import { interleaved, runVariant, variant, type Bench, type SubRun, type Variant } from '../lib/bench';
import type { ScenarioResult } from '../lib/report';
import { fmtValues, num, spread } from '../lib/stats';
import {
	customerBatchItems,
	customerItems,
	httpPostBodies,
	httpUpsertPerItem,
	oursUpsert,
	oursUpsertAuto,
	type BenchCredentials,
} from '../workflows';

export function upsertVariants(cred: BenchCredentials, baseUrl: string, n: number): Variant[] {
	return [
		variant('ours', 'Survey Feedback: Customer › Create or Update, Define Below', 'S1Ours', [...customerItems(n), oursUpsert(cred)], ['Survey Feedback']),
		variant('oursAuto', 'Survey Feedback: Customer › Create or Update, Map Automatically', 'S1Auto', [...customerItems(n), oursUpsertAuto(cred)], ['Survey Feedback']),
		variant('httpItem', 'HTTP Request, one request per item', 'S1Item', [...customerItems(n), httpUpsertPerItem(cred, baseUrl)], ['HTTP Request']),
		variant('httpBatch', 'HTTP Request, fed pre-built batches of 1000', 'S1Batch', [...customerBatchItems(n, 1000), httpPostBodies(cred, `${baseUrl}/api/v2/customers`)], ['HTTP Request']),
		variant('input', 'input only (no request node): the floor', 'S1Base', customerItems(n), ['Input items']),
	];
}

interface Measured extends SubRun {
	written: number;
}

export async function runUpsert(bench: Bench, n8n: N8nInstance, variants: Variant[]): Promise<ScenarioResult> {
	const { sim, opts, log } = bench;
	const n = opts.customers;
	const minimum = Math.ceil(n / 1000);
	sim.configure({ rateLimit: false });
	const results = new Map<string, Measured[]>(variants.map((v) => [v.key, []]));
	for (let run = 0; run < opts.runs; run++) {
		for (const v of interleaved(variants, run)) {
			sim.reset(); // the same empty-of-bench-customers account for every run
			const before = sim.state().accounts[0].counts.customers;
			const r = await runVariant(bench, n8n, v, { timeoutMs: 20 * 60_000 });
			const written = sim.state().accounts[0].counts.customers - before;
			results.get(v.key)!.push({ ...r, written });
			log(
				`  [1] run ${run + 1} ${v.key.padEnd(9)} ${r.status.padEnd(7)} requests ${r.tally.total} (429: ${r.tally.rateLimited}), ` +
					`wall ${num(r.wallMs / 1000)} s, peak ${num(r.peakMb, 0)} MB, items ${r.items}, customers written ${written}` +
					(r.error ? `; ${r.error.slice(0, 200)}` : ''),
			);
		}
	}

	const rows = variants.map((v) => {
		const rs = results.get(v.key)!;
		const ok = rs.filter((r) => r.status === 'success').length;
		const isInput = v.key === 'input';
		return [
			v.label,
			isInput ? '0' : fmtValues(rs.map((r) => r.tally.total), 0),
			isInput ? '–' : fmtValues(rs.map((r) => r.wallMs / 1000), 2),
			fmtValues(rs.map((r) => r.proc.durationMs / 1000), 1),
			fmtValues(rs.map((r) => r.peakMb), 0),
			isInput ? '–' : fmtValues(rs.map((r) => r.written), 0),
			`${ok}/${rs.length}`,
		];
	});
	const ours = results.get('ours')!;
	const med = (key: string, f: (r: Measured) => number) => spread((results.get(key) ?? []).map(f))?.median ?? NaN;
	const notes: string[] = [];
	if (results.has('httpItem')) {
		notes.push(
			`Against one request per item: ${num(med('httpItem', (r) => r.tally.total) / med('ours', (r) => r.tally.total), 0)}× fewer requests, ` +
				`${num(med('httpItem', (r) => r.wallMs) / med('ours', (r) => r.wallMs), 1)}× faster, ` +
				`${num(med('httpItem', (r) => r.peakMb) - med('ours', (r) => r.peakMb), 0)} MB less peak memory (medians).`,
		);
	}
	if (results.has('httpBatch')) {
		const ratio = (key: string) => num(med(key, (r) => r.wallMs) / med('httpBatch', (r) => r.wallMs), 2);
		if (results.has('oursAuto')) {
			notes.push(
				`Map Automatically against pre-built batches: the same ${num(med('oursAuto', (r) => r.tally.total), 0)} requests in ${ratio('oursAuto')}× the time (goal: at most 1.5×), ` +
					`${num(med('oursAuto', (r) => r.peakMb) - med('httpBatch', (r) => r.peakMb), 0)} MB more peak memory. It reads each item's JSON and validates it with the row's schema: no expression per field.`,
			);
		}
		notes.push(
			`Define Below against pre-built batches: ${ratio('ours')}× the time. Most of it is n8n evaluating the four mapped fields of every item through its expression engine, which the batches skip (they were built untimed, by one expression); see bench/README.md (Findings).`,
		);
	}
	return {
		id: 1,
		title: `Bulk upsert of ${num(n, 0)} customers`,
		setup: [
			`Each workflow gets the same ${num(n, 0)} customers as items (email, first name, last name, company), built by a Set node and a Split Out, and writes them with \`POST /api/v2/customers\`. Rate limit off. The simulator is reset before every run, so every customer is new.`,
			`Physical minimum: ceil(${num(n, 0)} / 1000) = **${minimum} requests**; our node made ${fmtValues(ours.map((r) => r.tally.total), 0)}.`,
		],
		tables: [
			{
				table: {
					columns: ['Workflow', `Requests (minimum ${minimum})`, 'Wall time, s', 'Whole n8n execute, s', 'Peak RSS of n8n, MB', 'Customers written', 'Runs OK'],
					rows,
				},
			},
		],
		notes,
		raw: Object.fromEntries([...results].map(([k, rs]) => [k, rs.map(summaryOf)])),
	};
}

export function summaryOf<T extends SubRun>(r: T): Record<string, unknown> {
	const { exec, proc, requests: _requests, ...rest } = r;
	return {
		...rest,
		processMs: proc.durationMs,
		exitCode: proc.exitCode,
		nodes: exec?.nodes,
		subExecutionMs: exec ? exec.stoppedAt - exec.startedAt : undefined,
		storedDataMb: exec ? exec.dataBytes / 1e6 : undefined,
	};
}
