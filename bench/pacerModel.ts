/**
 * `npx tsx bench/pacerModel.ts`: what the pacer trades between using the limit and meeting 429s,
 * on virtual time (test/helpers/pacerSimulation.ts): a few seconds, no n8n. Scenario 5's
 * Customer › Get load at 15 requests per 6 s (four executions of single requests, 120 in all, on
 * 1, 2 or 4 workers), and the same load five times longer; the executions start together, or a
 * little apart as the bench's webhook starts them. Six seeds each, for the default growth-try
 * budget and larger ones; each cell gives the medians: share of the limit used / refused (and the
 * runs in which an execution failed, if any). Then the same load at the default budget with 16 and
 * 150 slots per 6 s instead of 15, eight and forty windows long.
 * Then, at the real limit and at 15 per 6 s, a short execution that starts on another worker 10 s
 * or 100 s after 1 to 3 workers began long loads: how long it waits for its first request and for
 * its last, and how often it fails because a request would wait longer than the credential's default
 * Max Rate Limit Wait.
 * Prints tables; not part of the run, and a model: bench/RESULTS.md has what real workers measured.
 *
 *   npx tsx bench/pacerModel.ts [--seeds N]
 */
import { DEFAULT_TUNING } from '../nodes/shared/transport';
import { DEFAULT_MAX_RATE_LIMIT_WAIT_MS, DOCUMENTED, NEWCOMER, refusedShare, simulate, simulateNewcomer, type Run } from '../test/helpers/pacerSimulation';
import { numberOption } from './lib/args';
import { consoleTable } from './lib/report';
import { fmtSpread, num, spread } from './lib/stats';
import { GOAL } from './scenarios/queue';

const EXECUTIONS = 4;
const LOADS = [
	{ name: 'Customer › Get, 120 requests, 15 per 6 s', requests: 120, limit: { requests: 15, windowMs: 6_000 } },
	{ name: 'Customer › Get, 600 requests, 15 per 6 s', requests: 600, limit: { requests: 15, windowMs: 6_000 } },
];
const STARTS = [
	{ name: 'together', startsMs: [] },
	{ name: '0, 0.1, 0.3, 0.6 s', startsMs: [0, 100, 300, 600] },
];
const WORKERS = [1, 2, 4];
const PROBE_BUDGETS = [DEFAULT_TUNING.probeBudget, 0.05, 0.1, 0.2];

async function main(): Promise<void> {
	const seeds = numberOption('--seeds', 6);
	const rows: string[][] = [];
	for (const load of LOADS) {
		for (const starts of STARTS) {
			for (const workers of WORKERS) {
				const cells: string[] = [];
				for (const probeBudget of PROBE_BUDGETS) {
					const runs = [];
					for (let seed = 1; seed <= seeds; seed++) {
						runs.push(
							await simulate({
								processes: workers,
								loopsPerProcess: EXECUTIONS / workers,
								requests: load.requests,
								limit: load.limit,
								// One start per execution; a worker with several starts with its first.
								startsMs: starts.startsMs.filter((_, i) => i % (EXECUTIONS / workers) === 0),
								seed,
								tuning: { ...DEFAULT_TUNING, probeBudget },
							}),
						);
					}
					cells.push(cell(runs));
				}
				rows.push([load.name, starts.name, String(workers), ...cells]);
			}
		}
	}
	const budgets = PROBE_BUDGETS.map((b) => `growth tries ${num(b * 100, 0)} %${b === DEFAULT_TUNING.probeBudget ? ' (default)' : ''}`);
	console.log(consoleTable({ columns: ['Load', 'Starts', 'Workers', ...budgets], rows }));
	console.log(
		`\nMedians of ${seeds} seeds: share of the limit used / refused (and the runs in which an execution failed, if any); ✓ = the goal (≥ ${GOAL.share * 100} % used, ≤ ${GOAL.refused * 100} % refused, nothing failed).`,
	);
	await slotsAndLength(seeds);
	await lateWorker();
}

/** Medians of the runs: share of the limit used / refused, the runs in which an execution failed, ✓ where the goal is met. */
function cell(runs: Run[]): string {
	const share = spread(runs.map((r) => r.share))!.median;
	const refused = spread(runs.map(refusedShare))!.median;
	const failed = runs.filter((r) => r.failed.some((n) => n > 0)).length;
	const met = share >= GOAL.share && refused <= GOAL.refused && failed === 0 ? ' ✓' : '';
	return `${num(share * 100, 0)} % / ${num(refused * 100, 1)} %${failed ? `, ${failed} failed` : ''}${met}`;
}

/** Slots per window: a few, as many as four workers can share evenly, and as many as at the real limit. */
const SLOTS = [15, 16, 150];
/** Loads as long as scenario 5's Customer › Get at 15 per 6 s, and five times longer. */
const LOAD_WINDOWS = [8, 40];

/**
 * Whether the goal is missed at 15 per 6 s because 15 slots cannot be split evenly, or because a
 * load of eight windows leaves no time to even out a split: the load starts together, on a 6 s
 * window, with as many requests as `windows` full windows hold.
 */
async function slotsAndLength(seeds: number): Promise<void> {
	const rows: string[][] = [];
	for (const requests of SLOTS) for (const windows of LOAD_WINDOWS) {
		const cells: string[] = [];
		for (const workers of WORKERS) {
			const runs = [];
			for (let seed = 1; seed <= seeds; seed++) {
				runs.push(await simulate({ processes: workers, loopsPerProcess: EXECUTIONS / workers, requests: requests * windows, limit: { requests, windowMs: 6_000 }, seed }));
			}
			cells.push(cell(runs));
		}
		rows.push([`${requests} per 6 s`, String(windows), ...cells]);
	}
	console.log(`\nThe same load (four executions starting together) at the default budget, by slots per window and length, ${seeds} seeds:`);
	console.log(consoleTable({ columns: ['Limit', 'Load in full windows', ...WORKERS.map((w) => `${w} worker${w > 1 ? 's' : ''}`)], rows }));
}

/** The newcomer starts right after the long loads began, or once their workers lend slots. */
const LATE_STARTS_MS = [10_000, 100_000];
const LATE_SEEDS = 20;
/** Where workers lend (the real limit), and where they do not (a window of 30 s or less). */
const LATE_LIMITS = [DOCUMENTED, LOADS[0].limit];

/**
 * Workers that each run a long load (1,500 single requests, ten windows at the real limit) hold
 * the whole limit; 10 s or 100 s later a short execution (20 requests) starts on another worker.
 */
async function lateWorker(): Promise<void> {
	const rows: string[][] = [];
	for (const limit of LATE_LIMITS) for (const startMs of LATE_STARTS_MS) for (const holders of [1, 2, 3]) {
		const runs = [];
		for (let seed = 1; seed <= LATE_SEEDS; seed++) runs.push(await simulateNewcomer({ holders, startMs, seed, limit }));
		const late = runs.map((r) => ({
			firstMs: r.firstAcceptedMs[holders],
			doneMs: r.finishedMs[holders] - startMs,
			waitMs: r.longestRefusedWaitMs[holders],
		}));
		const failed = runs.filter((r) => r.failed[holders] > 0).length;
		rows.push([
			`${limit.requests} per ${limit.windowMs / 1000} s`,
			`${startMs / 1000} s`,
			String(holders),
			fmtSpread(spread(late.map((l) => l.firstMs / 1000)), 0, ' s'),
			fmtSpread(spread(late.map((l) => l.doneMs / 1000)), 0, ' s'),
			fmtSpread(spread(late.map((l) => l.waitMs / 1000)), 0, ' s'),
			`${failed} of ${LATE_SEEDS}`,
			num(spread(runs.map((r) => r.share))!.median * 100, 0) + ' %',
			num(spread(runs.map(refusedShare))!.median * 100, 1) + ' %',
		]);
	}
	console.log(
		`\nA short execution (${NEWCOMER.requests} requests) starting after workers with long loads (${num(NEWCOMER.longLoad)} requests each), ${LATE_SEEDS} seeds:`,
	);
	console.log(
		consoleTable({
			columns: [
				'Limit',
				'Starts after',
				'Workers with long loads',
				'Its first request through after',
				'Its last request answered after',
				'Its longest wait from a 429',
				'Runs in which it failed',
				'Share used',
				'Refused',
			],
			rows,
		}),
	);
	console.log(
		`Times: median (range). Max Rate Limit Wait counts from a request's first 429 until it is accepted; a request that would wait past it (default ${DEFAULT_MAX_RATE_LIMIT_WAIT_MS / 1000} s) fails, after a last try at that moment if only the pacer's own backoff held it back.`,
	);
}

void main();
