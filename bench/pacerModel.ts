/**
 * `npx tsx bench/pacerModel.ts --family 200 [--first 1] [--markdown]`: the pacer on 200 limiters drawn
 * from the family of dev/simulator/limiterFamily.ts, from seed --first on (distributions of share,
 * refusals, waits and the invariants' breaches); see family() below.
 * `npx tsx bench/pacerModel.ts --ten-minutes [--seeds 20] [--workers 2,4]`: bench/queueTenMinutes.ts's
 * load on 2 and 4 processes (or those given) under the clock's minute (see tenMinutes() below).
 * `npx tsx bench/pacerModel.ts [--seeds N] [--markdown]`: the "limiter shapes" scenario on virtual
 * time (dev/pacing/simulation.ts, the node's pacer against the simulator's own limiters): a few
 * seconds, no n8n. For each shape, the two loads of the scenario, on 1, 2 and 4 processes (the
 * single records split over four executions, as queue-mode workers run them), with the credential
 * at its defaults: the share of the least time the limiter allows (a perfect client sending
 * whenever the limiter admits, against the same limiter) over the time taken, and the requests
 * refused; median of the seeds and range. Then the same with Retry-After on, and a worker that
 * starts while others keep the whole limit busy.
 * A model: bench/RESULTS.md has what real n8n measured, and says which cells only the model covers.
 */
import { DEFAULT_MAX_RATE_LIMIT_WAIT_MS, DOCUMENTED, LOADS, SHAPES, SLIDING_150_PER_6S, refusedShare, simulate, type Run } from '../dev/pacing/simulation';
import { drawLimiter, longestWindowMs, windowsOfRequests, type DrawnLimiter } from '../dev/simulator/limiterFamily';
import { NGINX_LIMIT_REQ, type RateLimitConfig } from '../dev/simulator/ratelimit';
import type { RateLimit } from '../nodes/shared/transport';
import { numberListOption, numberOption } from './lib/args';
import { consoleTable, markdownTable, type Table } from './lib/report';
import { fmtSpread, num, spread } from './lib/stats';

/**
 * The goals per shape: share and refused at most, for one process (single records; Return All), and
 * for 2 and 4 workers. Workers under the clock's minute: half the least time. Each of 2 workers is
 * refused before the minute turns and its ceiling counts the refused tries, so the load takes a
 * minute wherever the minute turns (bench/RESULTS.md, scenario 8). The window of 15 fixed to the
 * clock every 6 s: a Return All at 75 % of the least time, what an earlier pacer took there.
 */
export const SHAPE_GOALS: Record<string, { one: [number, number]; oneReturnAll: [number, number]; shared?: [number, number]; label: string }> = {
	documented: { label: 'sliding 150 per 60 s (documented)', one: [0.98, 0], oneReturnAll: [0.98, 0], shared: [0.95, 0.02] },
	sliding15per6s: { label: 'sliding 15 per 6 s', one: [0.9, 0.05], oneReturnAll: [0.8, 0.08] },
	fixedMinute: { label: 'fixed 150 per clock minute', one: [0.9, 0.05], oneReturnAll: [0.8, 1], shared: [0.5, 0.1] },
	fixed15per6s: { label: 'fixed 15 per 6 s of the clock', one: [0.9, 0.05], oneReturnAll: [0.75, 0.1] },
	tokenBucket: { label: 'token bucket 2.5 per s, burst 10', one: [0.9, 0.05], oneReturnAll: [0.8, 0.08], shared: [0.8, 0.1] },
	documentedWithHeaders: { label: 'documented, with rate-limit headers (IETF)', one: [0.98, 0.01], oneReturnAll: [0.98, 0.01], shared: [0.95, 0.02] },
};

const PROCESSES = [1, 2, 4];
/** Moments of the window the clock-aligned runs start at: every tenth of a second of its 6 s. */
const CLOCK_WINDOW_STARTS = 60;

/** How a table's runs differ from the load's own: answer times, the credential's ceiling, the requests, processes starting this far apart. */
interface Variant {
	latencyMs?: [number, number];
	ceiling?: RateLimit;
	requests?: number;
	startGapMs?: number;
}

export async function runShape(service: RateLimitConfig, load: keyof typeof LOADS, processes: number, seeds: number, variant: Variant = {}): Promise<Run[]> {
	const runs: Run[] = [];
	const { requests = LOADS[load].requests, latencyMs = LOADS[load].latencyMs, ceiling, startGapMs = 0 } = variant;
	// A Return All is one execution; the single records are one execution alone, or four over the workers.
	const executionsPerProcess = load === 'returnAll' || processes === 1 ? 1 : 4 / processes;
	const startsMs = Array.from({ length: processes }, (_, i) => i * startGapMs);
	for (let seed = 1; seed <= seeds; seed++) runs.push(await simulate({ processes, executionsPerProcess, requests, latencyMs, ceiling, service, startsMs, seed }));
	return runs;
}

function cell(runs: Run[], goal?: [number, number]): string {
	const share = spread(runs.map((r) => r.share));
	const refused = spread(runs.map(refusedShare));
	const failed = runs.filter((r) => r.failed.some((n) => n > 0)).length;
	const met = goal && share && refused ? (share.median >= goal[0] && refused.median <= goal[1] && failed === 0 ? ' ✓' : ' ✗') : '';
	return `${fmtSpread(scale(share), 0, ' %')} / ${fmtSpread(scale(refused), 1, ' %')}${failed ? `, ${failed} failed` : ''}${met}`;
}

const scale = (s: ReturnType<typeof spread>) => s && { ...s, median: s.median * 100, min: s.min * 100, max: s.max * 100 };

export async function shapesTable(seeds: number, retryAfter: boolean): Promise<Table> {
	const rows: string[][] = [];
	for (const [name, base] of Object.entries(SHAPES)) {
		const service = { ...base, retryAfter };
		const goal = SHAPE_GOALS[name];
		const returnAll = await runShape(service, 'returnAll', 1, seeds);
		const singles: string[] = [];
		for (const processes of PROCESSES) {
			const runs = await runShape(service, 'singles', processes, seeds);
			singles.push(cell(runs, retryAfter ? undefined : processes === 1 ? goal.one : goal.shared));
			if (processes === 1) {
				const withinCeiling = spread(runs.map((r) => r.leastWithinCeilingMs / r.spanMs));
				singles.push(fmtSpread(scale(withinCeiling), 0, ' %'));
			}
		}
		rows.push([goal.label, cell(returnAll, retryAfter ? undefined : goal.oneReturnAll), ...singles]);
	}
	return {
		columns: ['Limiter', '(a) Return All, 60 pages, 1 process', '(b) 300 × Customer › Get, 1 process', '(b) against the least time within the credential’s ceiling', '(b) 2 processes', '(b) 4 processes'],
		rows,
	};
}

/** Answers as quick as n8n's own (scenarios 7 and 8 measure 13–17 ms a request without a limit; the model's loads take 60–160 and 10–60 ms). */
const QUICK_LATENCY_MS: Record<keyof typeof LOADS, [number, number]> = { returnAll: [15, 25], singles: [10, 20] };

async function quickAnswers(seeds: number): Promise<Table> {
	const rows: string[][] = [];
	for (const [name, service] of Object.entries(SHAPES)) {
		const goal = SHAPE_GOALS[name];
		const cells = [cell(await runShape(service, 'returnAll', 1, seeds, { latencyMs: QUICK_LATENCY_MS.returnAll }), goal.oneReturnAll)];
		for (const processes of [2, 4]) cells.push(cell(await runShape(service, 'singles', processes, seeds, { latencyMs: QUICK_LATENCY_MS.singles }), goal.shared));
		rows.push([goal.label, ...cells]);
	}
	return { columns: ['Limiter', '(a) Return All, 1 process', '(b) 2 processes', '(b) 4 processes'], rows };
}

/**
 * Workers that pick up their executions a little apart, as queue mode hands them out (0.03 s
 * between one and the next, as in scenario 5's runs, 0.1 s or 1 s), at n8n's answer times: the
 * ones that start after the window filled hold little or nothing of it. Four executions on 2 or 4
 * workers; with the credential at its defaults, and with it stating 15 or 150 per 6 s (scenario 5's
 * limits; 15 per 6 s is also the queue test's).
 */
async function startsApart(seeds: number): Promise<Table> {
	const rows: string[][] = [];
	const cases = [
		{ service: SHAPES.documented, ceiling: DOCUMENTED, requests: 300, label: SHAPE_GOALS.documented.label },
		{ service: SHAPES.tokenBucket, ceiling: DOCUMENTED, requests: 300, label: SHAPE_GOALS.tokenBucket.label },
		{ service: SHAPES.sliding15per6s, ceiling: DOCUMENTED, requests: 300, label: SHAPE_GOALS.sliding15per6s.label },
		{ service: SHAPES.sliding15per6s, ceiling: { requests: 15, windowMs: 6_000 }, requests: 120, label: `${SHAPE_GOALS.sliding15per6s.label}, the credential stating it (120 requests)` },
		{ service: SLIDING_150_PER_6S, ceiling: { requests: 150, windowMs: 6_000 }, requests: 600, label: 'sliding 150 per 6 s, the credential stating it (600 requests)' },
	];
	for (const { service, ceiling, requests, label } of cases) {
		const cells: string[] = [];
		for (const [processes, startGapMs] of [[2, 30], [4, 30], [2, 100], [4, 100], [4, 1_000]]) {
			cells.push(cell(await runShape(service, 'singles', processes, seeds, { latencyMs: QUICK_LATENCY_MS.singles, ceiling, requests, startGapMs })));
		}
		rows.push([label, ...cells]);
	}
	return { columns: ['Limiter', '2 workers, 0.03 s apart', '4 workers, 0.03 s apart', '2 workers, 0.1 s apart', '4 workers, 0.1 s apart', '4 workers, 1 s apart'], rows };
}

/**
 * Behind nginx's `limit_req` (2 a second, burst 10, nodelay: NGINX_LIMIT_REQ), which refuses with a
 * 503 and an HTML page without headers: 120 single reads in one process (as a user's first run), and
 * 300 over four executions on 1, 2 and 4 processes; share / refused, and requests sent within 0.5 s of a refusal.
 */
async function behindNginx(seeds: number): Promise<Table> {
	const cells: string[] = [];
	const soon = (runs: Run[]) => runs.reduce((n, r) => n + r.sentSoonAfterRefusal, 0);
	const first = await runShape(NGINX_LIMIT_REQ, 'singles', 1, seeds, { requests: 120 });
	cells.push(`${cell(first)}; ${soon(first)}`);
	for (const processes of PROCESSES) {
		const runs = await runShape(NGINX_LIMIT_REQ, 'singles', processes, seeds);
		cells.push(`${cell(runs)}; ${soon(runs)}`);
	}
	return { columns: ['Limiter', '120 × Customer › Get, 1 process', '300, 1 process', '300, 2 processes', '300, 4 processes'], rows: [["nginx's limit_req, 2 per s, burst 10, nodelay (503, HTML, no headers)", ...cells]] };
}

/** Workers that each run a long load (1,500 single records) on the documented limit; 10 s or 100 s later a short one (20) starts on another. */
async function lateWorker(seeds: number): Promise<Table> {
	const rows: string[][] = [];
	for (const [name, service] of [['documented', SHAPES.documented], ['sliding15per6s', SHAPES.sliding15per6s]] as const) {
		for (const startMs of [10_000, 100_000]) {
			for (const holders of [1, 2, 3]) {
				const runs: Run[] = [];
				for (let seed = 1; seed <= seeds; seed++) {
					runs.push(
						await simulate({
							processes: holders + 1,
							requests: holders * 1_500 + 20,
							requestsPerProcess: [...Array<number>(holders).fill(1_500), 20],
							service,
							startsMs: [...Array<number>(holders).fill(0), startMs],
							seed,
						}),
					);
				}
				const failed = runs.filter((r) => r.failed[holders] > 0).length;
				rows.push([
					SHAPE_GOALS[name].label,
					`${startMs / 1000} s`,
					String(holders),
					fmtSpread(spread(runs.map((r) => r.firstAcceptedMs[holders] / 1000)), 0, ' s'),
					fmtSpread(spread(runs.map((r) => (r.finishedMs[holders] - startMs) / 1000)), 0, ' s'),
					`${failed} of ${seeds}`,
				]);
			}
		}
	}
	return { columns: ['Limiter', 'Starts after', 'Workers with long loads', 'Its first request through after', 'Its last answered after', 'Runs in which it failed'], rows };
}

/** Ten minutes of work under the clock's minute, bench/queueTenMinutes.ts's load: at least 85 % of the least time, at most 10 % refused. */
const TEN_MINUTES_GOAL: [number, number] = [0.85, 0.1];

/**
 * 1,500 single records in four executions (one a worker beyond four) on each number of workers under
 * a window of 150 fixed to the clock's minute; answers in 10–60 ms on odd seeds, 100–400 ms on even
 * ones (a slow service's). The refused tries a worker makes in a minute, against the number of
 * workers, show where the refusals come from.
 */
async function tenMinutes(seeds: number, workers: number[]): Promise<Table> {
	const rows: string[][] = [];
	for (const processes of workers) {
		const runs: Run[] = [];
		for (let seed = 1; seed <= seeds; seed++) {
			const latencyMs: [number, number] = seed % 2 ? [10, 60] : [100, 400];
			const executionsPerProcess = Math.max(1, Math.floor(4 / processes));
			runs.push(await simulate({ processes, executionsPerProcess, requests: 1_500, latencyMs, service: SHAPES.fixedMinute, seed }));
		}
		const perWorkerMinute = spread(runs.map((r) => r.refused / processes / (r.spanMs / 60_000)));
		rows.push([String(processes), cell(runs, TEN_MINUTES_GOAL), perWorkerMinute ? fmtSpread(perWorkerMinute, 1, '') : '']);
	}
	return { columns: ['Workers', 'Share of the least time / refused', 'Refused tries a worker a minute'], rows };
}

/** The family's loads, by name: each one execution per process, its requests one after the other. */
const FAMILY_LOADS: Record<string, (drawn: DrawnLimiter, processes: number) => number> = {
	'short (40)': () => 40,
	'few windows (4)': (drawn, processes) => Math.min(1_200, Math.max(40, windowsOfRequests(drawn, processes, 4))),
	'long (10)': (drawn, processes) => Math.min(3_000, Math.max(100, windowsOfRequests(drawn, processes, 10))),
};

/** The p-th quantile of values (0 to 1), nearest rank. */
const quantile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.round(p * (values.length - 1))];

/**
 * The pacer on `count` limiters drawn from the family (dev/simulator/limiterFamily.ts, seeds `first`
 * to first + count - 1), for 1, 2 and 4 processes, each one execution sending its requests one after the other:
 * short loads of 40 requests, loads of a few windows (four of the limiter's longest windows at the rate
 * it admits within the credentials' ceilings, 40 to 1,200 requests: a workflow run's usual size, where
 * the first refusals are not amortised), and long ones of ten such windows (100 to 3,000). Max Rate Limit Wait is 1.5 of
 * the longest window (at least the default), as a user facing such a limit would set it. Share:
 * the least time of a perfect client within the ceiling over the time taken (at most 100 %).
 */
async function family(first: number, count: number): Promise<{ all: Table; byTwist: Table }> {
	const rows: string[][] = [];
	const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
	/** Per twist and number of processes, per load: the runs' shares and refused parts. */
	const twisted = new Map<string, Map<string, { shares: number[]; refused: number[] }>>();
	const twistRows = new Map<string, { soon: number; failedRuns: number }>();
	for (const processes of PROCESSES) {
		for (const [load, requestsOf] of Object.entries(FAMILY_LOADS)) {
			const shares: number[] = [];
			const refused: number[] = [];
			const waits: number[] = [];
			let soon = 0;
			let failedRuns = 0;
			let ceilingExceeded = 0;
			let retryAfterUndercut = 0;
			for (let seed = first; seed < first + count; seed++) {
				const drawn = drawLimiter(seed);
				const windowMs = longestWindowMs(drawn.service);
				const requests = requestsOf(drawn, processes);
				const run = await simulate({ processes, requests, service: drawn.service, latencyMs: drawn.latencyMs, seed, maxRateLimitWaitMs: Math.max(DEFAULT_MAX_RATE_LIMIT_WAIT_MS, 1.5 * windowMs) });
				const share = Math.min(1, run.leastWithinCeilingMs / run.spanMs);
				shares.push(share);
				refused.push(refusedShare(run));
				waits.push(run.longestWaitMs / 1000);
				soon += run.sentSoonAfterRefusal;
				if (run.failed.some((n) => n > 0)) failedRuns++;
				if (run.mostInCeilingWindow > DOCUMENTED.requests) ceilingExceeded++;
				retryAfterUndercut += run.retryAfterUndercut;
				for (const twist of twistsOf(drawn)) {
					const key = `${twist}\u0000${processes}`;
					const perLoad = twisted.get(key) ?? new Map<string, { shares: number[]; refused: number[] }>();
					twisted.set(key, perLoad);
					const cellRuns = perLoad.get(load) ?? { shares: [], refused: [] };
					perLoad.set(load, cellRuns);
					cellRuns.shares.push(share);
					cellRuns.refused.push(refusedShare(run));
					const totals = twistRows.get(key) ?? { soon: 0, failedRuns: 0 };
					twistRows.set(key, { soon: totals.soon + run.sentSoonAfterRefusal, failedRuns: totals.failedRuns + (run.failed.some((n) => n > 0) ? 1 : 0) });
				}
			}
			rows.push([
				String(processes),
				load,
				`${pct(quantile(shares, 0.5))} / ${pct(quantile(shares, 0.1))}`,
				`${(quantile(refused, 0.5) * 100).toFixed(1)} % / ${(quantile(refused, 0.9) * 100).toFixed(1)} %`,
				`${quantile(waits, 0.5).toFixed(1)} s / ${Math.max(...waits).toFixed(0)} s`,
				String(soon),
				String(retryAfterUndercut),
				String(ceilingExceeded),
				String(failedRuns),
			]);
		}
	}
	const byTwistRows: string[][] = [];
	for (const twist of TWISTS) {
		for (const processes of PROCESSES) {
			const key = `${twist}\u0000${processes}`;
			const perLoad = twisted.get(key);
			if (!perLoad) continue;
			const cells = Object.keys(FAMILY_LOADS).map((load) => {
				const { shares, refused } = perLoad.get(load)!;
				return `${pct(quantile(shares, 0.5))} / ${pct(Math.min(...shares))}; ${(quantile(refused, 0.5) * 100).toFixed(1)} %`;
			});
			const totals = twistRows.get(key)!;
			byTwistRows.push([twist, String(perLoad.get(Object.keys(FAMILY_LOADS)[0])!.shares.length), String(processes), ...cells, String(totals.soon), String(totals.failedRuns)]);
		}
	}
	return {
		all: {
			columns: ['Processes', 'Load', 'Share: median / 10th percentile', 'Refused: median / 90th percentile', 'Longest wait: median / most', 'Sent < 0.5 s after a refusal', 'Sent before Retry-After', 'Runs above the ceiling', 'Runs with a request given up'],
			rows,
		},
		byTwist: {
			columns: ['Limiters', 'Drawn', 'Processes', ...Object.keys(FAMILY_LOADS).map((load) => `${load}: share median / least; refused median`), 'Sent < 0.5 s after a refusal', 'Runs with a request given up'],
			rows: byTwistRows,
		},
	};
}

/**
 * A Return All of 40 pages under a window of 15 fixed to the clock every 6 s, in one process with the
 * credential at its defaults, at n8n's answer times: started at each of `starts` moments spread over
 * the window, alone, and run again 5, 20 and 45 s after the same Return All ended in the same process
 * (as a user runs a workflow again in one n8n, whose pacer keeps what it learnt). Windows used: the
 * limiter's windows from the first request to the last answer, beside a perfect client's.
 */
async function clockWindow(starts: number): Promise<Table> {
	const rows: string[][] = [];
	const service = SHAPES.fixed15per6s;
	const windowMs = (service as { windowMs: number }).windowMs;
	const windows = (from: number, spanMs: number) => Math.floor((from + spanMs) / windowMs) - Math.floor(from / windowMs) + 1;
	const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
	for (const againAfterMs of [undefined, 5_000, 20_000, 45_000]) {
		const runs: Run[] = [];
		for (let i = 0; i < starts; i++) {
			const startAt = 1_700_000_040_000 + Math.round((i * windowMs) / starts);
			runs.push(await simulate({ processes: 1, requests: 40, service, latencyMs: QUICK_LATENCY_MS.returnAll, seed: i + 1, startAt, againAfterMs }));
		}
		const shares = runs.map((r) => r.share);
		const refused = runs.map((r) => r.refused);
		const extra = runs.map((r) => windows(r.firstSentAt, r.spanMs) - windows(r.firstSentAt, r.leastMs));
		rows.push([
			againAfterMs === undefined ? 'alone (the first in its process)' : `again, ${againAfterMs / 1000} s after it`,
			`${pct(quantile(shares, 0.5))} / ${pct(quantile(shares, 0.1))} / ${pct(Math.min(...shares))}`,
			`${quantile(refused, 0.5)} / ${Math.max(...refused)}`,
			`${extra.filter((n) => n === 0).length} / ${extra.filter((n) => n === 1).length} / ${extra.filter((n) => n >= 2).length}`,
			String(runs.filter((r) => r.failed.some((n) => n > 0)).length),
		]);
	}
	return {
		columns: ['Return All of 40 pages', 'Share of the least time: median / 10th percentile / least', 'Refused: median / most', 'Windows used beyond a perfect client: none / one / more', 'Runs with a request given up'],
		rows,
	};
}

/** How a drawn limiter answers, beside its shape: the family report's rows by twist (a limiter may have several). */
const TWISTS = ['refusals counted', 'a proxy: 503 with an HTML page, no headers', 'Retry-After', 'rate-limit headers', 'none of these'] as const;

function twistsOf(drawn: DrawnLimiter): Array<(typeof TWISTS)[number]> {
	const { service } = drawn;
	const twists: Array<(typeof TWISTS)[number]> = [];
	if (service.countRefused) twists.push('refusals counted');
	if (service.proxy) twists.push('a proxy: 503 with an HTML page, no headers');
	if (service.retryAfter) twists.push('Retry-After');
	if (service.headers !== 'none') twists.push('rate-limit headers');
	return twists.length ? twists : ['none of these'];
}

async function main(): Promise<void> {
	const seeds = numberOption('--seeds', 7);
	const markdown = process.argv.includes('--markdown');
	const print = (caption: string, table: Table) => console.log(`\n${caption}\n\n${markdown ? markdownTable(table) : consoleTable(table)}`);
	if (process.argv.includes('--ten-minutes')) {
		const tenSeeds = numberOption('--seeds', 20);
		print(`Ten minutes of work under the clock's minute; median of ${tenSeeds} seeds (range); ✓ ✗ against the goal.`, await tenMinutes(tenSeeds, numberListOption('--workers', [2, 4])));
		return;
	}
	const drawn = numberOption('--family', 0);
	if (drawn > 0) {
		const first = numberOption('--first', 1);
		const { all, byTwist } = await family(first, drawn);
		print(`The pacer on ${drawn} limiters drawn from the family (seeds ${first} to ${first + drawn - 1}), credential at its defaults.`, all);
		print(`The same runs by how the limiter answers (a limiter counts in each row it fits): share median / least, refused median, per load.`, byTwist);
		print(`A window of 15 fixed to the clock every 6 s, a Return All of 40 pages in one process, pages answered in ${QUICK_LATENCY_MS.returnAll.join('–')} ms, started at ${CLOCK_WINDOW_STARTS} moments spread over the window.`, await clockWindow(CLOCK_WINDOW_STARTS));
		return;
	}
	print(
		`Without Retry-After (as the live service answers). Share of the least time the limiter allows / refused; median of ${seeds} seeds (range); ✓ ✗ against the goal.`,
		await shapesTable(seeds, false),
	);
	print(`With Retry-After (whole seconds). Same columns; no goal set.`, await shapesTable(seeds, true));
	print(
		`Answers as quick as n8n's (pages ${QUICK_LATENCY_MS.returnAll.join('–')} ms, single records ${QUICK_LATENCY_MS.singles.join('–')} ms there and back), without Retry-After. Same cells.`,
		await quickAnswers(seeds),
	);
	print(
		`Workers picking up the four executions 0.03 s, 0.1 s or 1 s apart, at n8n's answer times (single records ${QUICK_LATENCY_MS.singles.join('–')} ms; all at once: the table above); no goal set.`,
		await startsApart(seeds),
	);
	print(`Behind nginx's limit_req. Share of the least time / refused, median of ${seeds} seeds (range); requests sent within 0.5 s of a refusal, all seeds.`, await behindNginx(seeds));
	print(
		`A short execution (20 requests) starting after workers with long loads (1,500 requests each), ${seeds} seeds; it fails if a request would wait longer than the credential's Max Rate Limit Wait (${DEFAULT_MAX_RATE_LIMIT_WAIT_MS / 1000} s).`,
		await lateWorker(seeds),
	);
	console.log(`\n${num(seeds, 0)} seeds; the loads' latencies: pages ${LOADS.returnAll.latencyMs.join('–')} ms, single records ${LOADS.singles.latencyMs.join('–')} ms there and back.`);
}

if (require.main === module) void main();
