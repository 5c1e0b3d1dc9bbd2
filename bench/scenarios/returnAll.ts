/**
 * Scenario 2: Return All over N feedback records (rate limit off).
 * Ours (Feedback › Get Many, Return All) at version 3.1 with Simplify on, as a node added anew is,
 * and at version 1 (whole records, as saved workflows have it), versus the HTTP Request node with
 * its pagination option (limit=1000, page = $pageCount + 1, a stop condition) followed by a Split Out.
 */
import type { N8nInstance } from '../../dev/n8n/harness';
import { interleaved, runVariant, variant, type Bench, type SubRun, type Variant } from '../lib/bench';
import type { ScenarioResult } from '../lib/report';
import { fmtValues, num, spread } from '../lib/stats';
import { HTTP_COMPLETE_EXPRESSION, httpFeedbackPaginated, oursFeedbackReturnAll, splitRecords, type BenchCredentials } from '../workflows';
import { summaryOf } from './upsert';

export function returnAllVariants(cred: BenchCredentials, baseUrl: string): Variant[] {
	return [
		variant('oursV3', 'Survey Feedback 3.1 (a node added anew): Feedback › Get Many, Return All, Simplify on', 'S2OursV3', [oursFeedbackReturnAll(cred, 3.1)], ['Survey Feedback']),
		variant('ours', 'Survey Feedback v1: Feedback › Get Many, Return All, whole records', 'S2Ours', [oursFeedbackReturnAll(cred)], ['Survey Feedback']),
		variant('httpPaged', 'HTTP Request with pagination + Split Out', 'S2Http', [httpFeedbackPaginated(cred, baseUrl), splitRecords], ['HTTP Request', 'Split Out']),
		variant('empty', 'empty sub-workflow: the floor', 'S2Base', [], []),
	];
}

export async function runReturnAll(bench: Bench, n8n: N8nInstance, variants: Variant[]): Promise<ScenarioResult> {
	const { sim, opts, log } = bench;
	const n = opts.feedback;
	const pages = n / 1000;
	const minimum = Math.ceil(n / 1000);
	// Back to the seed, exactly n responses: the scenarios before this one import feedback.
	sim.reset();
	sim.configure({ rateLimit: false });
	// The two sides' wall times are close and move with machine load: a few more runs here (cheap).
	const runs = opts.runs >= 3 ? Math.max(opts.runs, 5) : opts.runs;
	const results = new Map<string, SubRun[]>(variants.map((v) => [v.key, []]));
	for (let run = 0; run < runs; run++) {
		for (const v of interleaved(variants, run)) {
			const r = await runVariant(bench, n8n, v, { timeoutMs: 15 * 60_000 });
			results.get(v.key)!.push(r);
			log(
				`  [2] run ${run + 1} ${v.key.padEnd(9)} ${r.status.padEnd(7)} requests ${r.tally.total}, wall ${num(r.wallMs / 1000)} s, ` +
					`peak ${num(r.peakMb, 0)} MB, records out ${r.items}` + (r.error ? `; ${r.error.slice(0, 200)}` : ''),
			);
		}
	}
	const rows = variants.map((v) => {
		const rs = results.get(v.key)!;
		const ok = rs.filter((r) => r.status === 'success' && (v.key === 'empty' || r.items === n)).length;
		const isFloor = v.key === 'empty';
		return [
			v.label,
			isFloor ? '0' : fmtValues(rs.map((r) => r.tally.total), 0),
			isFloor ? '–' : fmtValues(rs.map((r) => r.wallMs / 1000), 2),
			isFloor ? '–' : fmtValues(rs.map((r) => r.wallMs / pages), 0),
			fmtValues(rs.map((r) => r.proc.durationMs / 1000), 1),
			fmtValues(rs.map((r) => r.peakMb), 0),
			isFloor ? '–' : fmtValues(rs.map((r) => r.items), 0),
			`${ok}/${rs.length}`,
		];
	});
	const ours = results.get('ours')!;
	const med = (key: string, f: (r: SubRun) => number) => spread((results.get(key) ?? []).map(f))?.median ?? NaN;
	const notes: string[] = [];
	if (results.has('httpPaged')) {
		const wallRatio = med('httpPaged', (r) => r.wallMs) / med('ours', (r) => r.wallMs);
		notes.push(
			`Our node (version 1) against the HTTP Request node: ${num(med('ours', (r) => r.tally.total), 0)} against ${num(med('httpPaged', (r) => r.tally.total), 0)} requests; ` +
				(wallRatio >= 1 ? `${num(wallRatio, 2)}× faster` : `${num(1 / wallRatio, 2)}× slower`) +
				` (wall time of the nodes, medians); ${num(med('httpPaged', (r) => r.peakMb) - med('ours', (r) => r.peakMb), 0)} MB less peak memory; ` +
				`${num((med('httpPaged', (r) => r.proc.durationMs) - med('ours', (r) => r.proc.durationMs)) / 1000, 1)} s less for the whole \`n8n execute\`, most of it n8n storing the execution: the HTTP variant stores every page as an item and then every record again after Split Out.`,
		);
		if (results.has('oursV3')) {
			notes.push(
				`Version 3.1 with Simplify on (what a node added anew returns: ten fields a record) against the HTTP Request node: ` +
					`${num(med('httpPaged', (r) => r.peakMb) - med('oursV3', (r) => r.peakMb), 0)} MB less peak memory, ` +
					`${num((med('httpPaged', (r) => r.proc.durationMs) - med('oursV3', (r) => r.proc.durationMs)) / 1000, 1)} s less for the whole \`n8n execute\`; ` +
					`against version 1 (whole records): ${num(med('ours', (r) => r.peakMb) - med('oursV3', (r) => r.peakMb), 0)} MB less peak memory.`,
			);
		}
		notes.push(
			'Both sides read pages one after the other and spend most of their time waiting for the simulator (serializing about 1.2 MB per page) and parsing JSON, so the wall times are close and move with machine load; the request count and the memory are the stable differences.',
		);
	}
	return {
		id: 2,
		title: `Return All over ${num(n, 0)} feedback records`,
		setup: [
			`\`GET /api/v2/feedback\` of one account holding exactly ${num(n, 0)} responses, to the end, one output item per record on both sides. Rate limit off. ${runs} runs (the wall times of the two sides are close and noisy).`,
			`HTTP Request: Pagination "Update a Parameter in Each Request" (\`page\` = \`{{ $pageCount + 1 }}\` in the query, \`limit=1000\` as a query parameter), complete when \`${HTTP_COMPLETE_EXPRESSION.slice(4, -3)}\` (the answer's own page count, or a short page), max pages 1000; then Split Out on \`data.responses\`.`,
			`Our node at version 3.1 (a node added anew: Simplify on, ten fields a record) and at version 1 (whole records, as workflows saved with it keep).`,
			`Physical minimum: ceil(${num(n, 0)} / 1000) = **${minimum} requests**; our node made ${fmtValues(ours.map((r) => r.tally.total), 0)}.`,
		],
		tables: [
			{
				table: {
					columns: ['Workflow', `Requests (minimum ${minimum})`, 'Wall time, s', 'ms per 1,000 records', 'Whole n8n execute, s', 'Peak RSS of n8n, MB', 'Records out', 'Runs OK'],
					rows,
				},
			},
		],
		notes,
		raw: Object.fromEntries([...results].map(([k, rs]) => [k, rs.map((r) => summaryOf(r))])),
	};
}
