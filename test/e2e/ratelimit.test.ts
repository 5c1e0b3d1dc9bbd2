/**
 * In a real n8n, against the simulator: a Return All of 60 pages while the service enforces a
 * token bucket (2.5 requests a second, in bursts of up to 10) that the credential knows nothing
 * of (its Rate Limit fields at their defaults, 150 per 60 s). Every page is read once, every record
 * comes out once, and the pages are read within twice the least time the bucket allows: asserted
 * on the simulator's request log (when each request arrived), not on the test's own clock.
 *
 * Then the same Return All under limiters drawn from the family the pacer's model is judged on
 * (dev/simulator/limiterFamily.ts): every record once, nothing sent within 0.5 s of a 429 (at least
 * 1 s, Retry-After's least, where the limiter sends one).
 *
 * And n8n's Stop: an execution waiting on the limit (refused again and again, backing off between
 * tries), stopped through n8n's REST API as the editor's Stop button does, ends within a couple of
 * seconds (n8n's own log says when the node finished) and sends nothing more. It runs while n8n is
 * started for the sub-workflow's publication: the file starts n8n once.
 *
 * The records are in account B (which only the trigger test otherwise uses), dated in 2019 so that
 * no poll of that test, which reads newer records, ever sees them; the limits apply to account B
 * only, and only while this test runs.
 */
import * as fs from 'node:fs';

import { N8nInstance, outputItems, readFrom, type ExecuteResult } from '../../dev/n8n/harness';
import { drawLimiter } from '../../dev/simulator/limiterFamily';
import { describeRateLimit } from '../../dev/simulator/ratelimit';

import { ACCOUNT_B, CREDENTIALS, NODE_TYPE, context, describeRun, n8nInstance, simClient, type LoggedRequest } from './support';

const sim = simClient();
const n8n = n8nInstance();
/** The same n8n, its server logging at debug level: where n8n says when a node finished. */
const n8nServer = (() => {
	const { runtime, name, workDir, port, packages } = context().n8n;
	return new N8nInstance(runtime, name, workDir, port, packages, { N8N_LOG_LEVEL: 'debug' });
})();
const WORKFLOW_ID = 'e2eReturnAllTokenBucket';
const PAGES = 60;
const RECORDS = PAGES * 1000;
const BUCKET = { shape: 'tokenBucket', ratePerSecond: 2.5, burst: 10, retryAfter: false, headers: 'none' } as const;
const YEAR = { start: Date.parse('2019-01-01T00:00:00Z'), end: Date.parse('2019-12-31T23:59:59Z') };

async function configure(body: unknown): Promise<void> {
	const res = await fetch(`${context().sim.controlUrl}/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	if (!res.ok) throw new Error(`simulator POST /__sim/config answered ${res.status}: ${await res.text()}`);
}

const cred = CREDENTIALS.triggerB;
const SUB_ID = 'e2eReturnAllTokenBucketSub';
const connect = (names: string[]) =>
	Object.fromEntries(names.slice(0, -1).map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]));
/** The Return All runs in a sub-workflow that answers one summary item: the printed execution stays small. */
const subWorkflow = {
	id: SUB_ID,
	name: 'E2E: Return All under a token bucket (reads)',
	nodes: [
		{ name: 'Start', type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1.1, parameters: { inputSource: 'passthrough' }, position: [0, 0] },
		{
			name: 'All of 2019',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [260, 0],
			parameters: { authentication: cred.authentication, resource: 'feedback', operation: 'getMany', returnAll: true, filters: { startDate: '2019-01-01', endDate: '2019-12-31T23:59:59Z' } },
			credentials: { [cred.type]: { id: cred.id, name: cred.name } },
		},
		{
			name: 'Summary',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [520, 0],
			parameters: { jsCode: 'const ids = $input.all().map((item) => String(item.json.id)).sort();\nreturn [{ json: { count: ids.length, ids: ids.join(",") } }];' },
		},
	],
	connections: connect(['Start', 'All of 2019', 'Summary']),
	settings: { executionOrder: 'v1' },
};
const runner = {
	id: WORKFLOW_ID,
	name: 'E2E: Return All under a token bucket',
	nodes: [
		{ name: 'Run', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {}, position: [0, 0] },
		{
			name: 'Read all of 2019',
			type: 'n8n-nodes-base.executeWorkflow',
			typeVersion: 1.2,
			position: [260, 0],
			parameters: {
				source: 'database',
				workflowId: { __rl: true, mode: 'id', value: SUB_ID },
				workflowInputs: { mappingMode: 'defineBelow', value: {}, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: true },
				mode: 'each',
				options: { waitForSubWorkflow: true },
			},
		},
	],
	connections: connect(['Run', 'Read all of 2019']),
	settings: { executionOrder: 'v1' },
};

const STOP_ID = 'e2eStopWhileRateLimited';
/** Five Account › Get Status items on account B: the first is answered, the others wait on the limit. */
const stopWorkflow = {
	id: STOP_ID,
	name: 'E2E: Stop while waiting on the rate limit',
	nodes: [
		{ name: 'Run', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {}, position: [0, 0] },
		{ name: 'Five items', type: 'n8n-nodes-base.code', typeVersion: 2, position: [260, 0], parameters: { jsCode: 'return [1, 2, 3, 4, 5].map((n) => ({ json: { n } }));' } },
		{
			name: 'Status',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [520, 0],
			parameters: { authentication: cred.authentication, resource: 'account', operation: 'getStatus' },
			credentials: { [cred.type]: { id: cred.id, name: cred.name } },
		},
	],
	connections: connect(['Run', 'Five items', 'Status']),
	settings: { executionOrder: 'v1' },
};
/** The pacer's longest backoff (DEFAULT_TUNING): a node still waiting on the limit tries again at least this often. */
const LONGEST_BACKOFF_MS = 12_000;

let ids: string[];

/** When a line of n8n's log was written, in ms of its day (the log writes HH:MM:SS.mmm). */
function loggedAt(log: string, pattern: RegExp): number | undefined {
	const line = log.split('\n').find((l) => pattern.test(l));
	const time = line && /^(\d\d):(\d\d):(\d\d)\.(\d{3})/.exec(line);
	return time ? ((Number(time[1]) * 60 + Number(time[2])) * 60 + Number(time[3])) * 1000 + Number(time[4]) : undefined;
}

interface StopRun {
	/** n8n's answer to the stop. */
	answer: { status: string };
	/** Account B's requests before the stop, and after n8n answered it. */
	before: LoggedRequest[];
	after: LoggedRequest[];
	/** From n8n cancelling the execution to the node's end, by n8n's log; undefined when the node did not end. */
	endedAfterMs: number | undefined;
	log: string;
	/** What the scenario took, start to end. */
	tookMs: number;
}

/** Starts the workflow, stops it through n8n's REST API once its node waits on the limit, and watches for longer than the longest backoff. */
async function stopWhileWaiting(logStart: number): Promise<StopRun> {
	// One request in ten minutes, without Retry-After: the node's requests after the first are refused, and it backs off.
	await configure({ accountRateLimits: { [ACCOUNT_B.id]: { shape: 'sliding', limit: 1, windowMs: 600_000, retryAfter: false, headers: 'none' } } });
	const began = Date.now();
	try {
		const mark = await sim.mark();
		const executionId = await n8nServer.startManually(STOP_ID, 'Run');
		const query = { path: '/api/v2/ping', account: ACCOUNT_B.id, after: mark };
		// Answered once, then refused three times: it waits on the limit.
		await sim.waitForRequests(query, 4);
		const answer = await n8nServer.stopExecution(executionId);
		const stoppedAt = Date.now();
		await new Promise((resolve) => setTimeout(resolve, LONGEST_BACKOFF_MS + 1_000));
		const requests = (await sim.requests(query)) as Array<LoggedRequest & { receivedMs: number }>;
		const log = readFrom(n8nServer.logFile, logStart).toString('utf8');
		const cancelled = loggedAt(log, new RegExp(`Execution cancelled.*"executionId": "${executionId}"`));
		const ended = loggedAt(log, new RegExp(`Running node "Status" finished.*"workflowId": "${STOP_ID}"`));
		return {
			answer,
			before: requests.filter((r) => r.receivedMs <= stoppedAt),
			after: requests.filter((r) => r.receivedMs > stoppedAt),
			endedAfterMs: cancelled !== undefined && ended !== undefined ? ended - cancelled : undefined,
			log,
			tookMs: Date.now() - began,
		};
	} finally {
		await configure({ accountRateLimits: { [ACCOUNT_B.id]: null } });
	}
}

let stopRun: StopRun;

beforeAll(async () => {
	await n8n.importWorkflows([subWorkflow, runner, stopWorkflow] as never);
	// Execute Workflow runs only published sub-workflows, and only the server publishes them fully.
	const logStart = fs.existsSync(n8nServer.logFile) ? fs.statSync(n8nServer.logFile).size : 0;
	await n8nServer.start();
	try {
		await n8nServer.activate(SUB_ID);
		stopRun = await stopWhileWaiting(logStart);
	} finally {
		await n8nServer.stop();
	}
});

describe('Stop, while an execution waits on the limit', () => {
	it('n8n records it canceled, and the node ends within a couple of seconds, by n8n\'s log', () => {
		expect(stopRun.answer.status).toBe('canceled');
		console.log(`Stop: the node ended ${stopRun.endedAfterMs} ms after n8n cancelled the execution; ${stopRun.before.length} requests before the stop; the scenario took ${(stopRun.tookMs / 1000).toFixed(1)} s`);
		expect(stopRun.endedAfterMs).toBeDefined();
		expect(stopRun.endedAfterMs!).toBeLessThanOrEqual(2_000);
		expect(stopRun.log).toMatch(/Account: Get Status failed: the execution was stopped/);
	});

	it(`sends nothing more (watched for ${(LONGEST_BACKOFF_MS + 1_000) / 1000} s, past the longest backoff)`, () => {
		// Answered once, then only refused: it was waiting on the limit when stopped.
		expect(stopRun.before[0].status).toBe(200);
		expect(stopRun.before.slice(1).map((r) => r.status)).toEqual(stopRun.before.slice(1).map(() => 429));
		expect(stopRun.after).toEqual([]);
	});
});

/** Runs the Return All while account B has this rate limit; its execution and the pages' requests. */
async function runUnder(rateLimit: unknown): Promise<{ res: ExecuteResult; log: LoggedRequest[] }> {
	await configure({ accountRateLimits: { [ACCOUNT_B.id]: rateLimit } });
	const mark = await sim.mark();
	let res: ExecuteResult;
	try {
		res = await n8n.execute(WORKFLOW_ID);
	} finally {
		await configure({ accountRateLimits: { [ACCOUNT_B.id]: null } });
	}
	return { res, log: (await sim.requests({ after: mark, path: '/api/v2/feedback', account: ACCOUNT_B.id })) as LoggedRequest[] };
}

describe('a Return All under a token bucket, the credential at its defaults', () => {
	let res: ExecuteResult;
	let log: LoggedRequest[];

	beforeAll(async () => {
		const emails = Array.from({ length: 20 }, (_, i) => ({ email: `e2e.bucket.${i}@bucket-e2e.example.com` }));
		await sim.insert(ACCOUNT_B.id, 'customers', emails.map((e) => ({ ...e, createdDate: YEAR.start })));
		const step = (YEAR.end - YEAR.start) / RECORDS;
		const inserted = await sim.insert(
			ACCOUNT_B.id,
			'feedback',
			Array.from({ length: RECORDS }, (_, i) => ({ email: emails[i % emails.length].email, score: i % 11, createdDate: Math.round(YEAR.start + i * step) })),
		);
		ids = inserted.map((f) => String(f.id)).sort();
		({ res, log } = await runUnder(BUCKET));
	});

	it('runs green, every record out once', () => {
		expect(describeRun(res)).toMatch(/^status success/);
		const [summary] = outputItems(res, 'Read all of 2019');
		expect(summary.count).toBe(RECORDS);
		expect(summary.ids).toBe(ids.join(','));
	});

	it('reads every page once, and within twice the least time the bucket allows', () => {
		const answered = log.filter((r) => r.status === 200);
		expect(answered.map((r) => Number(r.query.page)).sort((a, b) => a - b)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
		const arrivals = answered.map((r) => (r as LoggedRequest & { receivedMs: number }).receivedMs);
		const spanMs = Math.max(...arrivals) - Math.min(...arrivals);
		// The first `burst` at once, then one per 1/rate s: the least time from the first request to the last.
		const leastMs = ((PAGES - BUCKET.burst) / BUCKET.ratePerSecond) * 1000;
		const refused = log.filter((r) => r.status === 429).length;
		console.log(`token bucket Return All: ${PAGES} pages in ${(spanMs / 1000).toFixed(1)} s (least ${(leastMs / 1000).toFixed(1)} s), ${refused} refused`);
		expect(spanMs).toBeLessThanOrEqual(2 * leastMs);
	});
});

/** Drawn limiters whose windows are a minute or less, so that 60 pages take about a minute at most: one with Retry-After, one counting refusals. */
const DRAWN_SEEDS = [25, 12];

describe.each(DRAWN_SEEDS)('a Return All under the family\'s limiter of seed %i, the credential at its defaults', (seed) => {
	let res: ExecuteResult;
	let log: LoggedRequest[];
	const { service } = drawLimiter(seed);

	beforeAll(async () => {
		({ res, log } = await runUnder({ draw: seed }));
	});

	it(`runs green, every record out once (${describeRateLimit(service)})`, () => {
		expect(describeRun(res)).toMatch(/^status success/);
		const [summary] = outputItems(res, 'Read all of 2019');
		expect(summary.count).toBe(RECORDS);
		expect(summary.ids).toBe(ids.join(','));
	});

	it('sends nothing within 0.5 s of a 429 (1 s when it says Retry-After)', () => {
		const arrivals = log.map((r) => ({ status: r.status, at: (r as LoggedRequest & { receivedMs: number }).receivedMs })).sort((a, b) => a.at - b.at);
		const least = service.retryAfter ? 1_000 : 500;
		const gaps = arrivals.flatMap((r, i) => (r.status === 429 && i + 1 < arrivals.length ? [arrivals[i + 1].at - r.at] : []));
		console.log(`drawn limiter ${seed} (${describeRateLimit(service)}): ${arrivals.length} requests, ${gaps.length} refused; shortest gap after a 429 ${gaps.length ? Math.min(...gaps) : '-'} ms`);
		for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(least);
	});
});
