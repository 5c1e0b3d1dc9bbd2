/**
 * What the e2e test files share: the simulator (started once by global-setup.ts, reached over
 * its control API), the n8n user folder global-setup.ts prepared (every credential and workflow
 * imported), the credentials, and helpers to read the simulator's request log and n8n's output.
 *
 * global-setup.ts runs in jest's parent context; it hands its results to the test files through
 * the environment variable SF_E2E_CONTEXT (JSON).
 */
import { missingNodeTypes, N8nInstance, outputEntries, outputItems, type N8nRuntime, type WorkflowJson } from '../../dev/n8n/harness';
import { EXAMPLES_CREDENTIAL, type SurveyFeedbackCredentialType } from '../../dev/n8n/simulatorCredentials';

export const PACKAGE_NAME = 'n8n-nodes-survey-feedback';
export const NODE_TYPE = `${PACKAGE_NAME}.surveyFeedback`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.surveyFeedbackTrigger`;
/** The node as an AI tool: n8n derives this type from `usableAsTool` (name + "Tool", output ai_tool). */
export const TOOL_TYPE = `${PACKAGE_NAME}.surveyFeedbackTool`;

/** The simulator's demo accounts (dev/simulator/README.md). */
export const ACCOUNT_A = { id: '6a0000000000000000000001', writeKey: 'sf_demo_write_a', readKey: 'sf_demo_read_a' };
export const ACCOUNT_B = { id: '6b0000000000000000000002', writeKey: 'sf_demo_write_b', readKey: 'sf_demo_read_b' };
/** "NPS Relationship (email)" of account A, active. */
export const CAMPAIGN_A1 = '6aca00000000000000000001';

export interface CredentialSpec {
	id: string;
	name: string;
	type: SurveyFeedbackCredentialType;
	/** The node's `authentication` value that selects this credential type. */
	authentication: 'apiKeyHeader' | 'legacyHeader' | 'queryParameter';
	account: typeof ACCOUNT_A;
	key: 'writeKey' | 'readKey';
	/** Credential fields other than the key and the addresses, e.g. maxRetryWait in seconds. */
	data?: Record<string, number>;
}

/**
 * Every credential the tests use. `write` is the one the example workflows reference
 * (id sfSimulatorCredential). Account B is only used by the trigger test, so that the writes of
 * the other tests (all in account A) cannot reach it.
 */
export const CREDENTIALS = {
	write: { ...EXAMPLES_CREDENTIAL, type: 'surveyFeedbackApi', authentication: 'apiKeyHeader', account: ACCOUNT_A, key: 'writeKey' },
	readOnly: { id: 'sfE2eReadOnlyKeyA', name: 'Survey Feedback read-only key (A)', type: 'surveyFeedbackApi', authentication: 'apiKeyHeader', account: ACCOUNT_A, key: 'readKey' },
	legacyHeader: { id: 'sfE2eLegacyHeaderA', name: 'Survey Feedback legacy header (A)', type: 'surveyFeedbackLegacyHeaderApi', authentication: 'legacyHeader', account: ACCOUNT_A, key: 'writeKey' },
	query: { id: 'sfE2eQueryParamA', name: 'Survey Feedback query parameter (A)', type: 'surveyFeedbackQueryAuthApi', authentication: 'queryParameter', account: ACCOUNT_A, key: 'writeKey' },
	triggerB: { id: 'sfE2eLegacyHeaderB', name: 'Survey Feedback legacy header (B)', type: 'surveyFeedbackLegacyHeaderApi', authentication: 'legacyHeader', account: ACCOUNT_B, key: 'writeKey' },
	// Retries for up to two minutes: a poll that rides out half a minute of failures.
	patientB: {
		id: 'sfE2ePatientB',
		name: 'Survey Feedback, patient retries (B)',
		type: 'surveyFeedbackApi',
		authentication: 'apiKeyHeader',
		account: ACCOUNT_B,
		key: 'writeKey',
		data: { maxRetryWait: 120 },
	},
} satisfies Record<string, CredentialSpec>;
export type CredentialName = keyof typeof CREDENTIALS;

export { readExamples } from '../../dev/n8n/examples';

// ---------------------------------------------------------------------------------------------
// The context global-setup.ts prepared

export interface E2eContext {
	sim: { baseUrl: string; legacyBaseUrl: string; controlUrl: string };
	n8n: { runtime: N8nRuntime; name: string; workDir: string; port: number; packages: string[] };
	/** Workflow file name → id, for the example workflows imported from examples/. */
	examples: Record<string, string>;
	/** The port the OpenAI credential's base URL points at (the chat-completions stand-in of ai-agent.test.ts). */
	chatModelPort: number;
}

export const CONTEXT_ENV = 'SF_E2E_CONTEXT';

export function context(): E2eContext {
	const raw = process.env[CONTEXT_ENV];
	if (!raw) throw new Error(`${CONTEXT_ENV} is not set: run the e2e tests with -c test/e2e/jest.config.js (its global setup prepares them)`);
	return JSON.parse(raw) as E2eContext;
}

/** The n8n instance global-setup.ts prepared (its user folder, database and imports). */
export function n8nInstance(): N8nInstance {
	const { runtime, name, workDir, port, packages } = context().n8n;
	return new N8nInstance(runtime, name, workDir, port, packages, {});
}

// ---------------------------------------------------------------------------------------------
// The simulator, over its control API (dev/simulator/README.md, "Control API")

export interface LoggedRequest {
	id: number;
	time: string;
	api: 'v2' | 'legacy';
	method: string;
	path: string;
	query: Record<string, any>;
	rawQuery: string;
	body: any;
	auth: 'x-api-key' | 'authorization' | 'query' | 'none';
	accountId: string | null;
	status: number | null;
}

export interface RequestQuery {
	/** Exact path (the control API filters by prefix; this helper then keeps exact matches). */
	path?: string;
	/** Path prefix. */
	pathPrefix?: string;
	method?: string;
	account?: string;
	api?: 'v2' | 'legacy';
	/** Only requests logged after this id (see `mark()`). */
	after?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SimClient {
	constructor(readonly baseUrl: string, readonly legacyBaseUrl: string, readonly controlUrl: string) {}

	private async control(method: string, path: string, body?: unknown): Promise<any> {
		const res = await fetch(this.controlUrl + path, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const json = await res.json();
		if (!res.ok) throw new Error(`simulator ${method} /__sim${path} answered ${res.status}: ${JSON.stringify(json)}`);
		return json;
	}

	state(): Promise<any> {
		return this.control('GET', '/state');
	}

	/** Changes the simulator's settings (faults, rate limit...); returns the whole configuration. */
	async configure(settings: Record<string, unknown>): Promise<any> {
		return (await this.control('POST', '/config', settings)).config;
	}

	/** Inserts records in the read-side shape; returns them as stored (with ids and ISO dates). */
	async insert(account: string, kind: string, records: Array<Record<string, unknown>>): Promise<any[]> {
		return (await this.control('POST', '/records', { account, kind, records })).records;
	}

	/** The request log, oldest first. */
	async requests(q: RequestQuery = {}): Promise<LoggedRequest[]> {
		const params = new URLSearchParams();
		const prefix = q.path ?? q.pathPrefix;
		if (prefix) params.set('path', prefix);
		if (q.method) params.set('method', q.method);
		if (q.account) params.set('account', q.account);
		if (q.api) params.set('api', q.api);
		const { requests } = (await this.control('GET', `/requests?${params}`)) as { requests: LoggedRequest[] };
		return requests.filter((r) => (q.path === undefined || r.path === q.path) && (q.after === undefined || r.id > q.after));
	}

	/** The id of the newest logged request (0 when none): pass it as `after` to see what came next. */
	async mark(): Promise<number> {
		const all = await this.requests();
		return all.length ? all[all.length - 1].id : 0;
	}

	/** Waits until at least `count` requests match; returns them. */
	async waitForRequests(q: RequestQuery, count = 1, timeoutMs = 60_000): Promise<LoggedRequest[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const found = await this.requests(q);
			if (found.length >= count) return found;
			if (Date.now() > deadline) {
				throw new Error(`simulator: ${found.length} of ${count} requests matching ${JSON.stringify(q)} after ${timeoutMs} ms`);
			}
			await sleep(250);
		}
	}

	/** A GET on the v2 API with a key, for computing what a test expects (it shows in the log too). */
	async get(path: string, key: string): Promise<any> {
		const res = await fetch(this.baseUrl + path, { headers: { 'X-Api-Key': key } });
		const json = await res.json();
		if (!res.ok) throw new Error(`simulator GET ${path} answered ${res.status}: ${JSON.stringify(json)}`);
		return json;
	}
}

export function simClient(): SimClient {
	const { baseUrl, legacyBaseUrl, controlUrl } = context().sim;
	return new SimClient(baseUrl, legacyBaseUrl, controlUrl);
}

// ---------------------------------------------------------------------------------------------
// Reading n8n's output

/** The `pairedItem.item` of each item a node emitted on one output. */
export function pairedIndexes(result: any, node: string, output = 0): number[] {
	return outputEntries(result, node, output).map((entry) => {
		const paired = Array.isArray(entry.pairedItem) ? entry.pairedItem[0] : entry.pairedItem;
		return typeof paired === 'number' ? paired : paired?.item;
	});
}

/** A short account of a failed execution for assertion messages. */
export function describeRun(result: any): string {
	const resultData = result?.data?.data?.resultData ?? result?.data?.resultData;
	const error = resultData?.error;
	const ran = Object.keys(resultData?.runData ?? {}).join(', ');
	return `status ${result?.status}; nodes that ran: ${ran}${error ? `; error in ${resultData?.lastNodeExecuted}: ${error.message} ${error.description ?? ''}` : ''}`;
}

/**
 * A record as the node returns it to a model (Simplify Output, on by default in tool mode): empty
 * values left out at any depth, and the fields that repeat another one (feedbackId, feedbackTags,
 * feedbackTopics beside id, tags, topics) left out.
 */
export function asToolSees(record: Record<string, unknown>): Record<string, unknown> {
	const repeats: Record<string, string> = { feedbackId: 'id', feedbackTags: 'tags', feedbackTopics: 'topics' };
	const empty = (value: unknown) =>
		value === null || value === undefined || value === '' || (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && Object.keys(value as object).length === 0);
	const clean = (value: unknown): unknown =>
		Array.isArray(value) ? value.map(clean).filter((entry) => !empty(entry)) : value && typeof value === 'object' ? asToolSees(value as Record<string, unknown>) : value;
	const result: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(record)) {
		if (repeats[key] && JSON.stringify(record[repeats[key]]) === JSON.stringify(value)) continue;
		const cleaned = clean(value);
		if (!empty(cleaned)) result[key] = cleaned;
	}
	return result;
}

// ---------------------------------------------------------------------------------------------
// What a trigger emitted

export interface Emission {
	id: number;
	status: string;
	/** Record IDs the trigger emitted in this execution, in item order. */
	ids: string[];
}

/** The executions a trigger started in a running n8n, read through the public API as they finish. */
export class TriggerEmissions {
	private readonly seen = new Map<number, Emission>();

	constructor(
		private readonly n8n: N8nInstance,
		private readonly workflowId: string,
		private readonly triggerNode: string,
	) {}

	/** The trigger's executions so far (mode "trigger", finished), oldest first, with the IDs each emitted. */
	async all(): Promise<Emission[]> {
		const list = await this.n8n.executions({ workflowId: this.workflowId, limit: 250 });
		for (const execution of list) {
			const id = Number(execution.id);
			if (this.seen.has(id) || execution.mode !== 'trigger' || !execution.stoppedAt) continue;
			const full = await this.n8n.execution(String(execution.id), true, { timeoutMs: 120_000 });
			const items = outputItems(full, this.triggerNode);
			if (outputItems(full, 'Received').length !== items.length) {
				throw new Error(`execution ${id}: the trigger emitted ${items.length} items, the next node received ${outputItems(full, 'Received').length}`);
			}
			this.seen.set(id, { id, status: full.status, ids: items.map((item) => item.id) });
		}
		return [...this.seen.values()].sort((a, b) => a.id - b.id);
	}

	/** Waits until every one of `ids` was emitted by some execution; returns every emission so far. */
	async waitFor(ids: string[], timeoutMs = 90_000): Promise<Emission[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const all = await this.all();
			const emitted = new Set(all.flatMap((e) => e.ids));
			const missing = ids.filter((id) => !emitted.has(id));
			if (missing.length === 0) return all;
			if (Date.now() > deadline) {
				throw new Error(`${missing.length} of ${ids.length} records not emitted after ${timeoutMs} ms (executions: ${all.length})\nlog: ${this.n8n.logFile}`);
			}
			await sleep(500);
		}
	}
}

/**
 * `describe` when the n8n under test has every node of n8n's own packages that these workflows
 * use (type and typeVersion), else `describe.skip`, saying which nodes that n8n lacks (older n8n
 * has older AI Agent and MCP Server Trigger versions, or none).
 */
export function describeWhereNodesExist(workflows: WorkflowJson[]): jest.Describe {
	const { runtime } = context().n8n;
	const missing = missingNodeTypes(runtime, workflows);
	if (missing.length === 0) return describe;
	// Straight to stderr: jest shows no console output of a suite whose tests are all skipped.
	process.stderr.write(`[e2e] n8n ${runtime.version} lacks ${missing.join(', ')}: skipping the tests that use them\n`);
	return describe.skip;
}
