/**
 * `npx tsx bench/pacerModel.ts`: what the pacer trades between using the limit and meeting 429s,
 * on virtual time (test/helpers/pacerSimulation.ts): a few seconds, no n8n. Scenario 5's
 * Customer › Get load at 15 requests per 6 s (four executions of single requests, 120 in all, on
 * 1, 2 or 4 workers), and the same load five times longer; the executions start together, or a
 * little apart as the bench's webhook starts them. Six seeds each, for the default growth-try
 * budget and larger ones; each cell gives the medians: share of the limit used / refused. Prints a
 * table; not part of the run, and a model: bench/RESULTS.md has what real workers measured.
 *
 *   npx tsx bench/pacerModel.ts [--seeds N]
 */
import { DEFAULT_TUNING } from '../nodes/shared/transport';
import { refusedShare, simulate } from '../test/helpers/pacerSimulation';
import { consoleTable } from './lib/report';
import { num, spread } from './lib/stats';
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
	const at = process.argv.indexOf('--seeds');
	const seeds = at >= 0 ? Number(process.argv[at + 1]) : 6;
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
					const share = spread(runs.map((r) => r.share))!.median;
					const refused = spread(runs.map(refusedShare))!.median;
					const met = share >= GOAL.share && refused <= GOAL.refused ? ' ✓' : '';
					cells.push(`${num(share * 100, 0)} % / ${num(refused * 100, 1)} %${met}`);
				}
				rows.push([load.name, starts.name, String(workers), ...cells]);
			}
		}
	}
	const budgets = PROBE_BUDGETS.map((b) => `growth tries ${num(b * 100, 0)} %${b === DEFAULT_TUNING.probeBudget ? ' (default)' : ''}`);
	console.log(consoleTable({ columns: ['Load', 'Starts', 'Workers', ...budgets], rows }));
	console.log(`\nMedians of ${seeds} seeds: share of the limit used / refused; ✓ = the goal (≥ ${GOAL.share * 100} % used, ≤ ${GOAL.refused * 100} % refused).`);
}

void main();
