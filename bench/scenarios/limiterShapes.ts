/**
 * Scenario 7: limiter shapes. The simulator enforces the same 150 requests a minute in different
 * shapes (dev/pacing/simulation.ts, SHAPES: the documented sliding window, 15 per 6 s, windows
 * fixed to the clock's minute and to every 6 s, a token bucket of 2.5 a second in bursts of 10,
 * and the documented window with the IETF rate-limit headers; `--shapes` picks some); our node's
 * credential stays at its defaults (Rate Limit 150 per 60 s). Two loads in one n8n process: (a) a
 * Return All of 60 pages, (b) Customer › Get for 300 items. Share = the least time the limiter allows (a perfect client sending whenever
 * the limiter admits, against the same limiter, at the load's own pace without a limit, measured
 * first) / the time taken, first request to last answer.
 */
import type { N8nInstance } from '../../dev/n8n/harness';
import { perfectClient, SHAPES } from '../../dev/pacing/simulation';
import { interleaved, runVariant, variant, type Bench, type Variant } from '../lib/bench';
import type { SeenRequest } from '../lib/requests';
import type { ScenarioResult } from '../lib/report';
import { fmtValues, num, spread } from '../lib/stats';
import { customerIdItems, oursCustomerGet, oursFeedbackReturnAll, type BenchCredentials } from '../workflows';
import { SHAPE_GOALS } from '../pacerModel';

export const SHAPE_PAGES = 60;
export const SHAPE_ITEMS = 300;
/** Requests that measure a load's own pace: fewer than the credential's ceiling lets through at once. */
const CALIBRATION_REQUESTS = 60;

export interface LimiterShapeVariants {
	returnAll: Variant;
	singles: Variant;
}

export function limiterShapeVariants(credA: BenchCredentials, credB: BenchCredentials, customerIds: string[]): LimiterShapeVariants {
	return {
		returnAll: variant('shapesAll', `Survey Feedback: Feedback › Get Many, Return All (${SHAPE_PAGES} pages)`, 'S7All', [oursFeedbackReturnAll(credB)], ['Survey Feedback']),
		singles: variant('shapesGet', `Survey Feedback: Customer › Get, ${SHAPE_ITEMS} items`, 'S7Get', [...customerIdItems(customerIds), oursCustomerGet(credA)], ['Survey Feedback']),
	};
}

/** A run under a limiter shape, as the tables of scenarios 7 and 8 read it. */
export interface ShapeRun {
	ok: boolean;
	share: number;
	refused: number;
}

/** A cell: share / refused, median (range), failed runs, ✓ ✗ against a goal of [share at least, refused at most]. */
export function shapeCell(ms: ShapeRun[], goal?: [number, number]): string {
	const share = spread(ms.map((m) => m.share))!.median;
	const refused = spread(ms.map((m) => m.refused))!.median;
	const failed = ms.filter((m) => !m.ok).length;
	const met = goal ? (share >= goal[0] && refused <= goal[1] && !failed ? ' ✓' : ' ✗') : '';
	return `${fmtValues(ms.map((m) => m.share * 100), 0, ' %')} / ${fmtValues(ms.map((m) => m.refused * 100), 1, ' %')}${failed ? `, ${failed} failed` : ''}${met}`;
}

interface Measured {
	ok: boolean;
	share: number;
	refused: number;
	requests: number;
	spanMs: number;
	leastMs: number;
	peakMb: number;
}

/** First request's arrival to the last answer, on the limiter's clock (epoch ms), from the recorder. */
export function spanOf(requests: SeenRequest[]): { startAt: number; spanMs: number } {
	const answered = requests.map((q) => ({ end: performance.timeOrigin + q.t, start: performance.timeOrigin + q.t - q.durationMs }));
	const startAt = Math.min(...answered.map((a) => a.start));
	return { startAt, spanMs: Math.max(...answered.map((a) => a.end)) - startAt };
}

export async function runLimiterShapes(bench: Bench, n8n: N8nInstance, variants: LimiterShapeVariants, account: { id: string }, runs: number): Promise<ScenarioResult> {
	const { sim, log } = bench;
	// Account B holds exactly the pages of load (a).
	const have = sim.state().accounts.find((a: { id: string }) => a.id === account.id)!.counts.feedback as number;
	const wanted = SHAPE_PAGES * 1000;
	if (have < wanted) {
		const customers = sim.insert(account.id, 'customers', Array.from({ length: 50 }, (_, i) => ({ email: `shapes.bench.${i}@example.com` })));
		const now = Date.now();
		sim.insert(
			account.id,
			'feedback',
			Array.from({ length: wanted - have }, (_, i) => ({ customerId: customers[i % customers.length].id, score: i % 11, createdDate: now - 3_600_000 - i * 1000 })),
		);
	}
	const loads = [
		{ key: 'a', v: variants.returnAll, expected: wanted },
		{ key: 'b', v: variants.singles, expected: SHAPE_ITEMS },
	];
	// Each load's own pace without a limit: one request's cycle, there and back with n8n's work between.
	const cycleMs: Record<string, number> = {};
	for (const load of loads) {
		sim.configure({ rateLimit: false });
		const r = await runVariant(bench, n8n, load.v, { timeoutMs: 15 * 60_000 });
		// The first requests only: after them the credential's ceiling (150 a minute) sets the pace.
		const first = r.requests.slice(0, CALIBRATION_REQUESTS);
		const { spanMs } = spanOf(first);
		cycleMs[load.key] = spanMs / first.length;
		log(`  [7] ${load.key} without a limit: the first ${first.length} requests in ${num(spanMs / 1000, 1)} s (${num(cycleMs[load.key], 0)} ms each)`);
	}
	const results = new Map<string, Measured[]>();
	const shapes = Object.entries(SHAPES).filter(([name]) => !bench.opts.shapes || bench.opts.shapes.includes(name));
	for (let run = 0; run < runs; run++) {
		for (const [name, service] of interleaved(shapes, run)) {
			for (const load of loads) {
				sim.configure({ rateLimit: service }); // fresh counters for each run
				const r = await runVariant(bench, n8n, load.v, { timeoutMs: 20 * 60_000 });
				const { startAt, spanMs } = spanOf(r.requests);
				const leastMs = perfectClient(service, [[r.tally.ok]], [], startAt, cycleMs[load.key]).spanMs;
				const m: Measured = {
					ok: r.status === 'success' && r.items === load.expected,
					share: leastMs / spanMs,
					refused: r.tally.rateLimited / Math.max(1, r.tally.total),
					requests: r.tally.total,
					spanMs,
					leastMs,
					peakMb: r.peakMb,
				};
				const key = `${name}:${load.key}`;
				results.set(key, [...(results.get(key) ?? []), m]);
				log(
					`  [7] run ${run + 1} ${name} (${load.key}): ${m.ok ? 'OK' : `FAILED (${r.status}, ${r.items} items)`}, ok ${r.tally.ok}, 429 ${r.tally.rateLimited}, ` +
						`${num(spanMs / 1000, 1)} s, least ${num(leastMs / 1000, 1)} s, share ${num(m.share * 100, 0)} %`,
				);
			}
		}
	}
	sim.configure({ rateLimit: false });
	const cell = shapeCell;
	const rows = shapes.map(([name]) => {
		const a = results.get(`${name}:a`)!;
		const b = results.get(`${name}:b`)!;
		return [
			SHAPE_GOALS[name].label,
			cell(a, SHAPE_GOALS[name].oneReturnAll),
			fmtValues(a.map((m) => m.spanMs / 1000), 1),
			cell(b, SHAPE_GOALS[name].one),
			fmtValues(b.map((m) => m.spanMs / 1000), 1),
			num(Math.max(...[...a, ...b].map((m) => m.peakMb)), 0),
		];
	});
	return {
		id: 7,
		title: 'Limiter shapes: the credential at its defaults, one n8n process',
		setup: [
			`The simulator enforces 150 requests a minute per account in these shapes: ${shapes.map(([name]) => SHAPE_GOALS[name].label).join('; ')}${shapes.some(([name]) => name === 'documentedWithHeaders') ? ' (the IETF headers: RateLimit-Limit, -Remaining, -Reset)' : ''}. No Retry-After. Our node's credential is at its defaults (Rate Limit 150 per 60 s, Max Rate Limit Wait 120 s); the counters start fresh each run, and each run is an \`n8n execute\` of its own, whose pacer starts afresh.`,
			`Loads: (a) Feedback › Get Many, Return All over ${SHAPE_PAGES} pages of 1000 (account B); (b) Customer › Get for ${SHAPE_ITEMS} items, one request each (account A). One \`n8n execute\` each.`,
			`Share = least time / time taken (first request's arrival to the last answer). Least time: a perfect client that sends whenever the limiter admits, against the same limiter from the same moment (a clock-aligned window starts where it started), each request taking the load's own time per request without a limit (measured first, over its first 60 requests, within the credential's ceiling: ${loads.map((l) => `(${l.key}) ${num(cycleMs[l.key], 0)} ms`).join(', ')}).`,
			'Cells: share / refused (429 among all requests), median of the runs (range); ✓ ✗ against the goals (bench/pacerModel.ts, SHAPE_GOALS). Peak RSS of the n8n process, the highest over the runs.',
		],
		tables: [
			{
				caption: `One process, ${runs} run${runs === 1 ? '' : 's'} per cell`,
				table: { columns: ['Limiter', '(a) Return All: share / refused', '(a) time, s', '(b) Customer › Get: share / refused', '(b) time, s', 'Peak RSS, MB'], rows },
			},
		],
		notes: [],
		raw: Object.fromEntries(results),
	};
}
