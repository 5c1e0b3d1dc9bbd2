/**
 * Scenario 3: riding the rate limit. The simulator enforces `limit` requests per `windowMs` (the
 * service's 150 per 60 s on a clock ten times faster) while each workflow reads P pages with
 * Return All. Ours versus the HTTP Request node with Retry On Fail at its maximum, three ways.
 * Then, once, the real limit (150 per 60 s), where our node's own pacing engages: Customer › Get
 * for more items than the limit admits in a minute.
 */
import type { N8nInstance } from '../../dev/n8n/harness';
import { interleaved, runVariant, variant, type Bench, type SubRun, type Variant } from '../lib/bench';
import type { ScenarioResult } from '../lib/report';
import { fmtValues, num, spread } from '../lib/stats';
import {
	customerIdItems,
	httpCustomerGet,
	httpFeedbackPaginated,
	oursCustomerGet,
	oursFeedbackReturnAll,
	splitRecords,
	type BenchCredentials,
} from '../workflows';
import { summaryOf } from './upsert';

export interface RateLimitVariants {
	/** Return All of P pages under the compressed limit. */
	compressed: Variant[];
	/** Customer › Get for N items under the real limit. */
	real: Variant[];
}

export function rateLimitVariants(
	credB: BenchCredentials,
	/** Account B again, with ours stating the compressed limit, as the HTTP Request node's pacing in (c) knows it. */
	credBStated: BenchCredentials,
	credA: BenchCredentials,
	baseUrl: string,
	paceMs: number,
	customerIds: string[],
): RateLimitVariants {
	const http = (opts: Parameters<typeof httpFeedbackPaginated>[2]) => [httpFeedbackPaginated(credB, baseUrl, opts), splitRecords];
	return {
		compressed: [
			variant('ours', 'Survey Feedback: Feedback › Get Many, Return All', 'S3Ours', [oursFeedbackReturnAll(credBStated)], ['Survey Feedback']),
			variant('httpRetry', '(a) HTTP Request, pagination as in scenario 2, Retry On Fail', 'S3Retry', http({ retry: true }), ['HTTP Request', 'Split Out']),
			variant(
				'httpGuarded',
				'(b) HTTP Request, stop condition that lets the 429 fail the node, Retry On Fail',
				'S3Guard',
				http({ retry: true, guarded: true }),
				['HTTP Request', 'Split Out'],
			),
			variant(
				'httpPaced',
				`(c) as (b), plus ${paceMs} ms between pages`,
				'S3Paced',
				http({ retry: true, guarded: true, requestInterval: paceMs }),
				['HTTP Request', 'Split Out'],
			),
		],
		real: [
			variant('ours', 'Survey Feedback: Customer › Get', 'S3RealOurs', [...customerIdItems(customerIds), oursCustomerGet(credA)], ['Survey Feedback']),
			variant(
				'httpItem',
				'HTTP Request, one GET per item, Retry On Fail',
				'S3RealHttp',
				[...customerIdItems(customerIds), httpCustomerGet(credA, baseUrl)],
				['HTTP Request'],
			),
		],
	};
}

type Outcome = 'completed' | 'failed' | 'incomplete';

interface Measured extends SubRun {
	/** completed: every record; failed: the workflow failed; incomplete: it succeeded with fewer records. */
	outcome: Outcome;
	completed: boolean;
	share: number;
	/** Records delivered per second, over the whole sub-workflow. */
	recordsPerSecond: number;
	timeMs: number;
}

/**
 * The share of the limit the successful requests used: ok requests per window, over the limit.
 * Windows = span / windowMs + 1, span = first to last request: a sliding window admits `limit`
 * at once and `limit` more every windowMs, so a client that never waits longer than it must
 * (limit requests at 0, at windowMs, at 2 windowMs, ...) scores 100 %.
 */
export function shareOfLimit(ok: number, spanMs: number, limit: number, windowMs: number): number {
	if (ok === 0) return 0;
	return ok / (limit * (spanMs / windowMs + 1));
}

interface PassConfig {
	tag: string;
	limit: number;
	windowMs: number;
	retryAfter: boolean;
	expected: number;
	runs: number;
}

async function pass(bench: Bench, n8n: N8nInstance, variants: Variant[], c: PassConfig): Promise<Map<string, Measured[]>> {
	const { sim, log } = bench;
	const results = new Map<string, Measured[]>(variants.map((v) => [v.key, []]));
	for (let run = 0; run < c.runs; run++) {
		for (const v of interleaved(variants, run)) {
			sim.configure({ rateLimit: { limit: c.limit, windowMs: c.windowMs, retryAfter: c.retryAfter } }); // a fresh window for each run
			const r = await runVariant(bench, n8n, v, { timeoutMs: 15 * 60_000 });
			const timeMs = r.exec ? r.exec.stoppedAt - r.exec.startedAt : r.proc.durationMs;
			const completed = r.status === 'success' && r.items === c.expected;
			const outcome: Outcome = completed ? 'completed' : r.status === 'success' ? 'incomplete' : 'failed';
			const m: Measured = {
				...r,
				outcome,
				completed,
				timeMs,
				share: shareOfLimit(r.tally.ok, r.tally.spanMs, c.limit, c.windowMs),
				recordsPerSecond: completed ? r.items / (timeMs / 1000) : 0,
			};
			results.get(v.key)!.push(m);
			log(
				`  [3] ${c.tag} run ${run + 1} ${v.key.padEnd(11)} ${outcome.toUpperCase()} (${r.status}): ` +
					`ok ${r.tally.ok}, 429 ${r.tally.rateLimited}, other ${r.tally.otherErrors}, span ${num(r.tally.spanMs / 1000)} s, ` +
					`share ${num(m.share * 100, 0)}%, time ${num(timeMs / 1000)} s, items ${r.items}` + (r.error && !completed ? `; ${r.error.slice(0, 160)}` : ''),
			);
		}
	}
	sim.configure({ rateLimit: false });
	return results;
}

function outcomeCell(rs: Measured[]): string {
	const count = (o: Outcome) => rs.filter((r) => r.outcome === o).length;
	const parts = [`${count('completed')}/${rs.length} completed`];
	if (count('incomplete')) parts.push(`${count('incomplete')} ended "successfully" with records missing`);
	if (count('failed')) parts.push(`${count('failed')} failed`);
	return parts.join('; ');
}

function rows(variants: Variant[], results: Map<string, Measured[]>): string[][] {
	return variants.map((v) => {
		const rs = results.get(v.key)!;
		return [
			v.label,
			outcomeCell(rs),
			fmtValues(rs.map((r) => r.items), 0),
			fmtValues(rs.map((r) => r.tally.ok), 0),
			fmtValues(rs.map((r) => r.tally.rateLimited), 0),
			fmtValues(rs.map((r) => r.share * 100), 0, ' %'),
			fmtValues(rs.map((r) => r.timeMs / 1000), 1),
			fmtValues(rs.map((r) => r.peakMb), 0),
		];
	});
}

const COLUMNS = ['Workflow', 'Outcome', 'Records out', 'Requests OK', 'Requests refused (429)', 'Share of the limit used', 'Time, s', 'Peak RSS, MB'];

export async function runRateLimit(
	bench: Bench,
	n8n: N8nInstance,
	variants: RateLimitVariants,
	accounts: { compressed: { id: string } },
): Promise<ScenarioResult> {
	const { sim, opts } = bench;
	const { limit, windowMs } = opts.rateLimit;
	const expected = opts.ratePages * 1000;
	const account = accounts.compressed;
	// Account B holds exactly P pages of feedback.
	sim.reset();
	const have = sim.state().accounts.find((a: { id: string }) => a.id === account.id)!.counts.feedback as number;
	const customers = sim.insert(account.id, 'customers', Array.from({ length: 50 }, (_, i) => ({ email: `rate.bench.${i}@example.com` })));
	const now = Date.now();
	sim.insert(
		account.id,
		'feedback',
		Array.from({ length: expected - have }, (_, i) => ({
			customerId: customers[i % customers.length].id,
			score: i % 11,
			comment: `Rate-limit bench ${i}`,
			createdDate: now - 3_600_000 - i * 1000,
		})),
	);

	const base = { limit, windowMs, expected, runs: opts.runs };
	const plain = await pass(bench, n8n, variants.compressed, { ...base, tag: 'compressed', retryAfter: false });
	const oursOnly = variants.compressed.filter((v) => v.key === 'ours');
	const withRetryAfter = await pass(bench, n8n, oursOnly, { ...base, tag: 'compressed, Retry-After', retryAfter: true });
	const realItems = opts.realLimitItems;
	const real = variants.real.length
		? await pass(bench, n8n, variants.real, { tag: 'real limit', limit: 150, windowMs: 60_000, retryAfter: false, expected: realItems, runs: opts.realLimitRuns })
		: new Map<string, Measured[]>();

	const med = (m: Map<string, Measured[]>, key: string, f: (r: Measured) => number) => spread((m.get(key) ?? []).map(f))?.median ?? NaN;
	const notes: string[] = [];
	const ours = plain.get('ours') ?? [];
	notes.push(
		`Our node completed ${ours.filter((r) => r.completed).length} of ${ours.length} runs, using ${num(med(plain, 'ours', (r) => r.share * 100), 0)} % of the limit (median) with ${num(med(plain, 'ours', (r) => r.tally.rateLimited), 0)} refused requests: ` +
			`its credential states the compressed limit (Rate Limit ${limit}, Rate Limit Window ${windowMs / 1000} s), so it sends its first ${limit} at once and then one whenever one of its own requests leaves the window. ` +
			`With Retry-After sent it does the same: ${num(med(withRetryAfter, 'ours', (r) => r.share * 100), 0)} % of the limit, ${num(med(withRetryAfter, 'ours', (r) => r.tally.rateLimited), 0)} refused.`,
	);
	if (plain.has('httpRetry')) {
		const a = plain.get('httpRetry')!;
		notes.push(
			`(a) ended "successfully" in ${a.filter((r) => r.outcome === 'incomplete').length} of ${a.length} runs with ${num(med(plain, 'httpRetry', (r) => r.items), 0)} of ${num(expected, 0)} records: ` +
				'the 429 answer became its last page (an item `{ "message": "Too many requests…", "code": 429, "data": null }`), nothing failed, so Retry On Fail never ran and the workflow went on with ' +
				`${num(100 - (med(plain, 'httpRetry', (r) => r.items) / expected) * 100, 0)} % of the records missing.`,
		);
	}
	if (plain.has('httpGuarded')) {
		const b = plain.get('httpGuarded')!;
		notes.push(
			`(b) failed in ${b.filter((r) => r.outcome === 'failed').length} of ${b.length} runs after its 5 tries, each starting again at page 1 (${num(med(plain, 'httpGuarded', (r) => r.tally.ok), 0)} pages read, ${num(med(plain, 'httpGuarded', (r) => r.tally.rateLimited), 0)} refused): Retry On Fail cannot carry a Return All past the first window.`,
		);
	}
	if (plain.has('httpPaced')) {
		notes.push(
			`(c) completes without a 429, at ${num(med(plain, 'httpPaced', (r) => r.share * 100), 0)} % of the limit (the interval comes on top of each request's own time); the user has to know the limit and work out the interval, and it paces only that one node run.`,
		);
	}
	if (real.size) {
		notes.push(
			`At the real limit our node's pacing engages: ${num(med(real, 'ours', (r) => r.tally.ok), 0)} requests, ${num(med(real, 'ours', (r) => r.tally.rateLimited), 0)} refused, in ${num(med(real, 'ours', (r) => r.timeMs) / 1000, 1)} s, ` +
				`where the limit allows no less than ${num((Math.ceil(realItems / 150) - 1) * 60, 0)} s. The HTTP Request node sends all ${realItems} at once; Retry On Fail repeats all of them. ` +
				`${opts.realLimitRuns === 1 ? 'One run (each takes over a minute).' : ''}`,
		);
	}

	const idealSeconds = (Math.ceil(opts.ratePages / limit) - 1) * (windowMs / 1000);
	const tables: ScenarioResult['tables'] = [
		{ caption: 'Without Retry-After (as the live service answers)', table: { columns: COLUMNS, rows: rows(variants.compressed, plain) } },
		{ caption: 'With Retry-After sent on 429 (our node only: the HTTP Request node does not read it)', table: { columns: COLUMNS, rows: rows(oursOnly, withRetryAfter) } },
	];
	if (real.size) {
		tables.push({
			caption: `At the real limit, 150 requests per 60 s: ${realItems} items, one request each (${opts.realLimitRuns} run${opts.realLimitRuns === 1 ? '' : 's'})`,
			table: {
				columns: ['Workflow', 'Outcome', 'Items out', 'Requests OK', 'Requests refused (429)', 'Time, s', `Least time the limit allows, s`],
				rows: variants.real.map((v) => {
					const rs = real.get(v.key)!;
					return [
						v.label,
						outcomeCell(rs),
						fmtValues(rs.map((r) => r.items), 0),
						fmtValues(rs.map((r) => r.tally.ok), 0),
						fmtValues(rs.map((r) => r.tally.rateLimited), 0),
						fmtValues(rs.map((r) => r.timeMs / 1000), 1),
						num((Math.ceil(realItems / 150) - 1) * 60, 0),
					];
				}),
			},
		});
	}
	return {
		id: 3,
		title: `Riding the rate limit: Return All of ${opts.ratePages} pages at ${limit} requests per ${windowMs / 1000} s`,
		setup: [
			`The simulator enforces ${limit} requests per ${num(windowMs, 0)} ms per account (sliding window): the service's 150 per 60 s on a clock ten times faster. Refused requests get HTTP 429 and do not count. Each workflow reads all ${num(expected, 0)} feedback records (${opts.ratePages} pages of 1000) of one account; the window is fresh at the start of each run.`,
			`Share of the limit used = successful requests per window / ${limit}, windows = span / ${windowMs / 1000} s + 1 (span = first to last request; the + 1 is the burst the limit admits at once). A client that never waits longer than it must scores 100 %: it reads ${opts.ratePages} pages in ${num(idealSeconds, 0)} s.`,
			`Our node's credential states the account's limit: ${limit} per ${windowMs / 1000} s here (Rate Limit, Rate Limit Window), as it would for an account with that limit; the documented 150 per 60 s in the last table. It sends up to the limit at once, then one request whenever one of its own leaves the window; on a 429 it waits for Retry-After, else backs off (0.5–1 s, growing 1.6-fold to 12 s at most, with jitter), then paces at a rate CUBIC sets from the refusals (docs/rate-limit.md), for up to the credential's Max Rate Limit Wait (120 s). The HTTP Request node in (c) knows the limit too: its pause between pages is the window over the limit.`,
			`HTTP Request, three ways, each with Retry On Fail at n8n's maximum (5 tries, 5000 ms apart), which reruns the whole node, so every try starts again at page 1. (a) The pagination of scenario 2: its stop condition \`$response.body.data.page >= …\` meets the 429's \`{ "data": null }\`; n8n evaluates an expression that throws a TypeError to null, so the whole "continue?" expression it builds around the condition (which would also check the status code) is null and pagination stops without an error. (b) A stop condition that treats an answer without \`data\` as complete (\`!$response.body.data || …\`): then n8n's status check fails the node on the 429 and Retry On Fail engages. (c) As (b), plus the pagination's "Interval Between Requests" at the limit's pace, ${Math.ceil(windowMs / limit)} ms (${windowMs} ms / ${limit}): what a user who knows the limit can do.`,
		],
		tables,
		notes,
		raw: {
			withoutRetryAfter: Object.fromEntries([...plain].map(([k, rs]) => [k, rs.map((r) => summaryOf(r))])),
			withRetryAfter: Object.fromEntries([...withRetryAfter].map(([k, rs]) => [k, rs.map((r) => summaryOf(r))])),
			realLimit: Object.fromEntries([...real].map(([k, rs]) => [k, rs.map((r) => summaryOf(r))])),
		},
	};
}
