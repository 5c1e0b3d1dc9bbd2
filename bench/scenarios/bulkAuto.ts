/**
 * Scenario 6: bulk writes mapped automatically (rate limit off). Survey › Send of N recipients and
 * Feedback › Import of M responses, items read by name, against the HTTP Request node fed
 * pre-built request bodies of the endpoint's batch size (100 and 200).
 */
import type { N8nInstance } from '../../dev/n8n/harness';
import { interleaved, runVariant, variant, type Bench, type SubRun, type Variant } from '../lib/bench';
import type { ScenarioResult } from '../lib/report';
import { fmtValues, num, spread } from '../lib/stats';
import { httpPostBodies, oursAutoInto, recipientBodies, recipientItems, responseBodies, responseItems, type BenchCredentials } from '../workflows';
import { summaryOf } from './upsert';

/** The demo seed's active NPS campaign that sends by email: it can take a survey and an import. */
export const BENCH_CAMPAIGN = '6aca00000000000000000001';

interface Part {
	title: string;
	path: string;
	count: number;
	batch: number;
	/** What the service stored afterwards, to count what was written. */
	written: (bench: Bench) => number;
	variants: Variant[];
}

export function bulkAutoParts(cred: BenchCredentials, baseUrl: string, recipients: number, responses: number): Part[] {
	const outbox = (bench: Bench) => bench.sim.state().accounts[0].counts.outbox;
	const feedback = (bench: Bench) => bench.sim.state().accounts[0].counts.feedback;
	return [
		{
			title: `Survey › Send to ${num(recipients, 0)} recipients`,
			path: '/api/v2/survey',
			count: recipients,
			batch: 100,
			written: outbox,
			variants: [
				variant('sendAuto', 'Survey Feedback: Survey › Send, Map Automatically', 'S6Send', [...recipientItems(recipients), oursAutoInto(cred, 'survey', 'send', BENCH_CAMPAIGN)], ['Survey Feedback']),
				variant('sendHttp', 'HTTP Request, fed pre-built bodies of 100', 'S6SendH', [...recipientBodies(recipients, 100, BENCH_CAMPAIGN), httpPostBodies(cred, `${baseUrl}/api/v2/survey`)], ['HTTP Request']),
			],
		},
		{
			title: `Feedback › Import of ${num(responses, 0)} responses`,
			path: '/api/v2/import',
			count: responses,
			batch: 200,
			written: feedback,
			variants: [
				variant('importAuto', 'Survey Feedback: Feedback › Import, Map Automatically', 'S6Imp', [...responseItems(responses), oursAutoInto(cred, 'feedback', 'import', BENCH_CAMPAIGN)], ['Survey Feedback']),
				variant('importHttp', 'HTTP Request, fed pre-built bodies of 200', 'S6ImpH', [...responseBodies(responses, 200, BENCH_CAMPAIGN), httpPostBodies(cred, `${baseUrl}/api/v2/import`)], ['HTTP Request']),
			],
		},
	];
}

interface Measured extends SubRun {
	written: number;
}

export async function runBulkAuto(bench: Bench, n8n: N8nInstance, parts: Part[]): Promise<ScenarioResult> {
	const { sim, opts, log } = bench;
	sim.configure({ rateLimit: false });
	const results = new Map<string, Measured[]>();
	for (const part of parts) {
		for (let run = 0; run < opts.runs; run++) {
			for (const v of interleaved(part.variants, run)) {
				sim.reset(); // no recipient or response of an earlier run (imports would be skipped as duplicates)
				const before = part.written(bench);
				const r = await runVariant(bench, n8n, v, { timeoutMs: 20 * 60_000 });
				const written = part.written(bench) - before;
				results.set(v.key, [...(results.get(v.key) ?? []), { ...r, written }]);
				log(
					`  [6] run ${run + 1} ${v.key.padEnd(10)} ${r.status.padEnd(7)} requests ${r.tally.total}, wall ${num(r.wallMs / 1000)} s, ` +
						`peak ${num(r.peakMb, 0)} MB, written ${written}` + (r.error ? `; ${r.error.slice(0, 200)}` : ''),
				);
			}
		}
	}
	const med = (key: string, f: (r: Measured) => number) => spread((results.get(key) ?? []).map(f))?.median ?? NaN;
	return {
		id: 6,
		title: 'Bulk writes mapped automatically: Survey › Send and Feedback › Import',
		setup: [
			'Each workflow gets the same items, built by a Set node and a Split Out: recipients `{ email, first_name, last_name }`, responses `{ email, score, comment }`, in the service\'s own field names, or the same data as whole request bodies for the HTTP Request node. Rate limit off; the simulator is reset before every run.',
			'Our node reads each item with Map Automatically (no expression per field) and validates it with the row\'s schema; the HTTP Request node posts bodies that were built before it, untimed.',
		],
		tables: parts.map((part) => {
			const minimum = Math.ceil(part.count / part.batch);
			return {
				title: `${part.title} (\`POST ${part.path}\`, at most ${part.batch} per request)`,
				table: {
					columns: ['Workflow', `Requests (minimum ${minimum})`, 'Wall time, s', 'Whole n8n execute, s', 'Peak RSS of n8n, MB', 'Written', 'Runs OK'],
					rows: part.variants.map((v) => {
						const rs = results.get(v.key) ?? [];
						return [
							v.label,
							fmtValues(rs.map((r) => r.tally.total), 0),
							fmtValues(rs.map((r) => r.wallMs / 1000), 2),
							fmtValues(rs.map((r) => r.proc.durationMs / 1000), 1),
							fmtValues(rs.map((r) => r.peakMb), 0),
							fmtValues(rs.map((r) => r.written), 0),
							`${rs.filter((r) => r.status === 'success').length}/${rs.length}`,
						];
					}),
				},
			};
		}),
		notes: parts.map((part) => {
			const [ours, http] = part.variants.map((v) => v.key);
			return `${part.title}: ${num(med(ours, (r) => r.wallMs) / med(http, (r) => r.wallMs), 2)}× the time of the pre-built bodies, with the same ${num(med(ours, (r) => r.tally.total), 0)} requests (medians).`;
		}),
		raw: Object.fromEntries([...results].map(([k, rs]) => [k, rs.map(summaryOf)])),
	};
}
