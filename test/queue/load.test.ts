/**
 * Four executions at once on two workers against ONE simulator account with its rate limit on,
 * at a clock ten times faster than the service's (15 requests per 6 s for 150 per 60 s). Each
 * reads all 30,000 feedback records (Return All, 30 pages) and upserts 3,000 customers of its
 * own; the credential states that limit, as for an account that had it. Every execution
 * succeeds, every record is read once by each, every customer is written once, no item fails,
 * and both workers ran executions.
 *
 * Twice: as the live service answers (no rate-limit headers), where the 429s the account
 * answered are reported, not asserted; and with the IETF rate-limit headers, the one way the
 * workers see the account's shared state, where few of the requests are refused.
 *
 * Then at the documented limit itself (150 per 60 s) with the IETF headers and the credential at
 * its defaults: 300 single Customer › Get requests over the same four executions, more than the
 * limit admits in a minute. Every item comes back once, and at most 2 % of the requests are refused.
 */
import { outputItems } from '../../dev/n8n/harness';
import { simulatorCredential } from '../../dev/n8n/simulatorCredentials';
import { createQueueCluster, type QueueCluster } from '../../dev/queue/cluster';
import { start, type Simulator } from '../../dev/simulator';
import { callWebhook, customerGetWorkflow, loadWorkflow } from '../../dev/queue/workflows';

const EXECUTIONS = 4;
const PAGES = 30;
const RECORDS = PAGES * 1000;
const CUSTOMERS = 3000;
const LIMIT = { limit: 15, windowMs: 6000 };
const CRED = { id: 'sfQueueLoadCredA', name: 'Survey Feedback (account A)' };
const WORKFLOW_ID = 'queueLoad0000001';
/** The credential at its defaults: the documented limit is its ceiling. */
const CRED_DEFAULTS = { id: 'sfQueueLoadCredD', name: 'Survey Feedback (account A, defaults)' };
const GET_WORKFLOW_ID = 'queueLoadGet0001';
const GETS = 300;

let sim: Simulator;
let cluster: QueueCluster;
let feedbackIds: string[];
let customerIds: string[];

beforeAll(async () => {
	sim = await start({ seed: 'empty', rateLimit: false });
	const A = sim.accounts[0];
	const customers = sim.insert(A.id, 'customers', Array.from({ length: 50 }, (_, i) => ({ email: `queue.reader.${i}@example.com` })));
	customerIds = sim.insert(A.id, 'customers', Array.from({ length: GETS }, (_, i) => ({ email: `queue.get.${i}@example.com` }))).map((c) => String(c.id));
	const now = Date.now();
	feedbackIds = sim
		.insert(
			A.id,
			'feedback',
			Array.from({ length: RECORDS }, (_, i) => ({ customerId: customers[i % customers.length].id, score: i % 11, createdDate: now - 3_600_000 - i * 1000 })),
		)
		.map((f) => String(f.id))
		.sort();

	// Two executions per worker at most: four at once must land on both.
	cluster = await createQueueCluster({ name: 'test-load', workers: 2, concurrency: 2 });
	await cluster.main.importCredentials([
		simulatorCredential(sim, { ...CRED, apiKey: sim.accounts[0].writeKey, limit: LIMIT }),
		simulatorCredential(sim, { ...CRED_DEFAULTS, apiKey: sim.accounts[0].writeKey }),
	]);
	await cluster.main.importWorkflows([loadWorkflow(WORKFLOW_ID, 'queue-load', CRED, CUSTOMERS), customerGetWorkflow(GET_WORKFLOW_ID, 'queue-get', CRED_DEFAULTS)]);
	await cluster.main.activate(WORKFLOW_ID);
	await cluster.main.activate(GET_WORKFLOW_ID);
	await cluster.start();
});

afterAll(async () => {
	await cluster?.stop();
	await sim?.close();
});

it('four executions at once on two workers share one rate-limited account: all complete, nothing twice, nothing lost', async () => {
	await load(0, 'none');
});

it('the same under the rate-limit headers: few refused', async () => {
	const { refused, all } = await load(1, 'ietf');
	// The workers read the same Remaining of a 15-slot window: on virtual time 4 % to 7 % of this
	// load's requests are refused (docs/rate-limit.md); at the documented 150 per 60 s, 1 %.
	expect(refused / all).toBeLessThanOrEqual(0.1);
});

it('at the documented limit with the rate-limit headers: every item once, at most 2 % refused', async () => {
	sim.clearRequests();
	sim.configure({ rateLimit: { limit: 150, windowMs: 60_000, retryAfter: false, headers: 'ietf' } });
	const per = GETS / EXECUTIONS;
	const { executions } = await runAtOnce(
		GET_WORKFLOW_ID,
		'queue-get',
		Array.from({ length: EXECUTIONS }, (_, i) => ({ ids: customerIds.slice(i * per, (i + 1) * per) })),
		6 * 60_000,
	);
	expect(executions.map((e) => e.status)).toEqual(Array(EXECUTIONS).fill('success'));
	const got = executions.flatMap((e) => outputItems(e, 'Get customers').map((item) => String(item.id)));
	expect(got.sort()).toEqual([...customerIds].sort());

	const requests = sim.requests().filter((r) => r.path.startsWith('/api/v2/customers/'));
	const answered = requests.filter((r) => r.status === 200);
	const refused = requests.filter((r) => r.status === 429).length;
	expect(answered).toHaveLength(GETS);
	console.log(`queue Customer › Get at 150 per 60 s with the IETF headers: ${requests.length} requests, ${refused} refused (${((refused / requests.length) * 100).toFixed(1)} %)`);
	expect(refused / requests.length).toBeLessThanOrEqual(0.02);
});

/**
 * Starts one execution of the workflow per body at once and waits for them (without their data
 * while they run: each load execution holds 30,000 records); then turns the limit off and reads them
 * back whole. Seconds: from the start to the last one finished.
 */
async function runAtOnce(workflowId: string, webhookPath: string, bodies: unknown[], timeoutMs: number): Promise<{ executions: any[]; seconds: number }> {
	const before = new Set((await cluster.main.executions({ workflowId })).map((e: { id: string }) => e.id));
	const started = Date.now();
	await callWebhook(cluster.webhookUrl(webhookPath), bodies);
	const finished = (
		await cluster.main.waitForExecutions({ workflowId, count: before.size + bodies.length, timeoutMs, intervalMs: 2000, includeData: false })
	).filter((e: { id: string }) => !before.has(e.id));
	const seconds = (Date.now() - started) / 1000;
	sim.configure({ rateLimit: false });
	const executions: any[] = [];
	for (const { id } of finished) executions.push(await cluster.main.execution(id, true, { timeoutMs: 5 * 60_000 }));
	return { executions, seconds };
}

/** Runs the load once (round 0, 1, … tags its customers apart); returns the 429s among all requests. */
async function load(round: number, headers: 'none' | 'ietf'): Promise<{ refused: number; all: number }> {
	sim.clearRequests();
	sim.configure({ rateLimit: { ...LIMIT, retryAfter: false, headers } });
	const tags = Array.from({ length: EXECUTIONS }, (_, i) => round * EXECUTIONS + i);
	const { executions, seconds } = await runAtOnce(
		WORKFLOW_ID,
		'queue-load',
		tags.map((run) => ({ run })),
		8 * 60_000,
	);

	// Every execution succeeded: a failed item would have failed its node (no Continue On Fail).
	expect(executions.map((e) => [e.mode, e.status])).toEqual(Array(EXECUTIONS).fill(['webhook', 'success']));

	// Every record read once by each execution: 30,000 items, 30,000 distinct IDs, the account's.
	for (const execution of executions) {
		const [read] = outputItems(execution, 'Records read');
		expect(read.count).toBe(RECORDS);
		expect(read.ids).toEqual(feedbackIds);
	}

	// Every customer written once, none failed: each execution's 3,000 rows came back created.
	const runs = new Set<number>();
	for (const execution of executions) {
		const rows = outputItems(execution, 'Upsert customers');
		expect(rows).toHaveLength(CUSTOMERS);
		expect(rows.filter((row) => row.status !== 'created')).toEqual([]);
		runs.add(Number(outputItems(execution, 'Webhook')[0].body.run));
	}
	expect([...runs].sort()).toEqual(tags);

	// The service's side: each page answered once per execution, each email accepted once.
	const requests = sim.requests();
	const answered = requests.filter((r) => r.status === 200);
	const pages = answered.filter((r) => r.path === '/api/v2/feedback').map((r) => Number(r.query.page));
	expect(pages).toHaveLength(EXECUTIONS * PAGES);
	for (let page = 1; page <= PAGES; page++) expect(pages.filter((p) => p === page)).toHaveLength(EXECUTIONS);
	const subscribers = answered
		.filter((r) => r.method === 'POST' && r.path === '/api/v2/customers')
		.flatMap((r) => (r.body as { subscribers: Array<{ email: string; first_name?: string; last_name?: string }> }).subscribers);
	const written = subscribers.map((s) => s.email);
	expect(written).toHaveLength(EXECUTIONS * CUSTOMERS);
	// Mapped automatically: the items' camelCase names went out under the service's.
	const misnamed = subscribers.filter((s) => {
		const [, run, index] = /^queue\.(\d+)\.(\d+)@/.exec(s.email) ?? [];
		return s.first_name !== `Run ${run}` || s.last_name !== `Customer ${index}`;
	});
	expect(misnamed).toEqual([]);
	expect(new Set(written).size).toBe(EXECUTIONS * CUSTOMERS);
	expect(sim.state().accounts[0].counts.customers).toBe(50 + GETS + (round + 1) * EXECUTIONS * CUSTOMERS);

	// Both workers ran executions (n8n's records name no worker: the workers' logs do).
	const byWorker = cluster.executionsByWorker();
	const ids = executions.map((e) => Number(e.id));
	const ranNow = [...byWorker.values()].flat().filter((id) => ids.includes(id));
	expect(ranNow.sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
	for (const [, ran] of byWorker) expect(ran.some((id) => ids.includes(id))).toBe(true);

	const refused = requests.filter((r) => r.status === 429).length;
	const ok = answered.length;
	console.log(
		`queue load (rate-limit headers: ${headers}): ${EXECUTIONS} executions on ${[...byWorker].map(([w, ran]) => `${w} (${ran.join(', ')})`).join(', ')} in ${seconds.toFixed(1)} s; ` +
			`${requests.length} requests, ${ok} answered, ${refused} refused with 429 (${((refused / requests.length) * 100).toFixed(1)} %); ` +
			`peak memory ${cluster.peakMemory().map((m) => `${m.worker} ${m.peakMb.toFixed(0)} MB`).join(', ')}`,
	);
	return { refused, all: requests.length };
}
