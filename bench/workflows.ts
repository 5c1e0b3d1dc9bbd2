/**
 * The workflows the bench runs: our node, and n8n's HTTP Request node set up as a user would.
 *
 * Every measured workflow is a sub-workflow (Execute Workflow Trigger → input → nodes under test
 * → Limit 1) called by a two-node runner (Manual Trigger → Execute Workflow). `n8n execute` prints
 * the whole run data of the workflow it runs; for 100,000 records that is more than a JavaScript
 * string can hold. The runner's run data is two small items; the sub-workflow's execution is
 * stored in the database like any other and read from there (bench/lib/executions.ts).
 */
import { randomUUID } from 'node:crypto';

import type { CredentialImport, WorkflowJson } from '../dev/n8n/harness';
import { simulatorCredential } from '../dev/n8n/simulatorCredentials';
import type { Simulator } from '../dev/simulator';

export const PACKAGE = 'n8n-nodes-survey-feedback';
export const HTTP_NODE_VERSION = 4.5; // the HTTP Request node's default version in n8n 2.41.1

export interface Account {
	id: string;
	key: string;
}

export interface BenchCredentials {
	ours: { id: string; name: string };
	http: { id: string; name: string };
}

/**
 * One credential of ours and one Header Auth credential (X-Api-Key) for the HTTP Request node, per
 * account. Ours states the account's limit when the simulator runs another than the documented one.
 */
export function credentialsFor(
	tag: string,
	sim: Pick<Simulator, 'baseUrl' | 'legacyBaseUrl'>,
	account: Account,
	limit?: { limit: number; windowMs: number },
): { imports: CredentialImport[]; refs: BenchCredentials } {
	const ours = { id: `sfBenchCred${tag}`.padEnd(16, '0').slice(0, 16), name: `Survey Feedback ${tag}` };
	const http = { id: `httpBenchCrd${tag}`.padEnd(16, '0').slice(0, 16), name: `X-Api-Key ${tag}` };
	return {
		refs: { ours, http },
		imports: [
			simulatorCredential(sim, { ...ours, apiKey: account.key, limit }),
			{ ...http, type: 'httpHeaderAuth', data: { name: 'X-Api-Key', value: account.key } },
		],
	};
}

type Node = Record<string, any>;

function chain(nodes: Node[]): Record<string, any> {
	const connections: Record<string, any> = {};
	for (let i = 0; i + 1 < nodes.length; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	return connections;
}

const subTrigger: Node = {
	name: 'Start',
	type: 'n8n-nodes-base.executeWorkflowTrigger',
	typeVersion: 1.1,
	parameters: { inputSource: 'passthrough' },
};

/** Keeps the sub-workflow's answer to its caller (and so the printed output) to one item. */
const limitOne: Node = { name: 'Limit', type: 'n8n-nodes-base.limit', typeVersion: 1, parameters: { maxItems: 1 } };

/** A sub-workflow: Start → nodes → Limit. */
export function subWorkflow(id: string, name: string, nodes: Node[]): WorkflowJson {
	const all = [subTrigger, ...nodes, limitOne];
	return { id, name, nodes: all, connections: chain(all), settings: { executionOrder: 'v1' } };
}

/** The runner `n8n execute` starts: Manual Trigger → Execute Workflow (waits for the sub-workflow, once). */
export function runnerWorkflow(id: string, name: string, subId: string): WorkflowJson {
	const nodes: Node[] = [
		{ name: 'Run', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		{
			name: 'Execute',
			type: 'n8n-nodes-base.executeWorkflow',
			typeVersion: 1.2,
			parameters: {
				source: 'database',
				workflowId: { __rl: true, mode: 'id', value: subId },
				workflowInputs: { mappingMode: 'defineBelow', value: {}, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: true },
				// "Run once for each item" (one item here): with "once", the node reads the whole
				// sub-execution back from the database afterwards (to trace paired items), which
				// would add a second copy of every record to the memory measured.
				mode: 'each',
				options: { waitForSubWorkflow: true },
			},
		},
	];
	return { id, name, nodes, connections: chain(nodes), settings: { executionOrder: 'v1' } };
}

// ---- Input: customers as a CRM node would hand them over, built by an expression.

/** A Set node whose one field is an array built by an expression, then a Split Out into items. */
function generated(field: string, expression: string): Node[] {
	return [
		{
			name: 'Build input',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			parameters: {
				mode: 'manual',
				assignments: { assignments: [{ id: randomUUID(), name: field, value: `={{ ${expression} }}`, type: 'array' }] },
				includeOtherFields: false,
				options: {},
			},
		},
		{
			name: 'Input items',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			parameters: { fieldToSplitOut: field, include: 'noOtherFields', options: {} },
		},
	];
}

/** `count` customers, one item each: { email, firstName, lastName, company }. */
export function customerItems(count: number): Node[] {
	return generated(
		'customers',
		`Array.from({ length: ${count} }, (_, i) => ({ email: 'bench.customer.' + i + '@example.com', firstName: 'Bench', lastName: 'Customer ' + i, company: 'Company ' + (i % 50) }))`,
	);
}

/** The same customers, pre-built into items of `batchSize`, each { subscribers: [...] } in the API's own shape. */
export function customerBatchItems(count: number, batchSize: number): Node[] {
	return generated(
		'batches',
		`Array.from({ length: Math.ceil(${count} / ${batchSize}) }, (_, b) => ({ subscribers: Array.from({ length: Math.min(${batchSize}, ${count} - b * ${batchSize}) }, (_, j) => { const i = b * ${batchSize} + j; return { email: 'bench.customer.' + i + '@example.com', first_name: 'Bench', last_name: 'Customer ' + i, company: 'Company ' + (i % 50) }; }) }))`,
	);
}

/** `count` recipients, one item each, in the service's own field names (what Map Automatically reads as is). */
export function recipientItems(count: number): Node[] {
	return generated('recipients', `Array.from({ length: ${count} }, (_, i) => ({ email: 'bench.recipient.' + i + '@example.com', first_name: 'Bench', last_name: 'Recipient ' + i }))`);
}

/** The same recipients pre-built into whole request bodies of `batchSize`: { campaign, subscribers }. */
export function recipientBodies(count: number, batchSize: number, campaign: string): Node[] {
	return generated(
		'bodies',
		`Array.from({ length: Math.ceil(${count} / ${batchSize}) }, (_, b) => ({ campaign: '${campaign}', subscribers: Array.from({ length: Math.min(${batchSize}, ${count} - b * ${batchSize}) }, (_, j) => { const i = b * ${batchSize} + j; return { email: 'bench.recipient.' + i + '@example.com', first_name: 'Bench', last_name: 'Recipient ' + i }; }) }))`,
	);
}

/** `count` responses to import, one item each: { email, score, comment }. */
export function responseItems(count: number): Node[] {
	return generated('responses', `Array.from({ length: ${count} }, (_, i) => ({ email: 'bench.import.' + i + '@example.com', score: i % 11, comment: 'Imported ' + i }))`);
}

/** The same responses pre-built into whole request bodies of `batchSize`: { campaign_id, feedback }. */
export function responseBodies(count: number, batchSize: number, campaign: string): Node[] {
	return generated(
		'bodies',
		`Array.from({ length: Math.ceil(${count} / ${batchSize}) }, (_, b) => ({ campaign_id: '${campaign}', feedback: Array.from({ length: Math.min(${batchSize}, ${count} - b * ${batchSize}) }, (_, j) => { const i = b * ${batchSize} + j; return { email: 'bench.import.' + i + '@example.com', score: i % 11, comment: 'Imported ' + i }; }) }))`,
	);
}

/** One item per customer ID: { id }. */
export function customerIdItems(ids: string[]): Node[] {
	return generated('ids', `${JSON.stringify(ids)}.map((id) => ({ id }))`);
}

// ---- The nodes under test.

export function oursUpsert(cred: BenchCredentials): Node {
	return {
		name: 'Survey Feedback',
		type: `${PACKAGE}.surveyFeedback`,
		typeVersion: 1,
		parameters: {
			resource: 'customer',
			operation: 'upsert',
			email: '={{ $json.email }}',
			additionalFields: {
				firstName: '={{ $json.firstName }}',
				lastName: '={{ $json.lastName }}',
				company: '={{ $json.company }}',
			},
		},
		credentials: { surveyFeedbackApi: cred.ours },
	};
}

/** Customer › Create or Update, Map Automatically: the items' JSON read by name, no expression per field. */
export function oursUpsertAuto(cred: BenchCredentials): Node {
	return {
		name: 'Survey Feedback',
		type: `${PACKAGE}.surveyFeedback`,
		typeVersion: 1,
		parameters: { resource: 'customer', operation: 'upsert', inputMode: 'itemJson' },
		credentials: { surveyFeedbackApi: cred.ours },
	};
}

/** Survey › Send or Feedback › Import, Map Automatically, into one campaign. */
export function oursAutoInto(cred: BenchCredentials, resource: 'survey' | 'feedback', operation: 'send' | 'import', campaign: string): Node {
	return {
		name: 'Survey Feedback',
		type: `${PACKAGE}.surveyFeedback`,
		typeVersion: 1,
		parameters: { resource, operation, inputMode: 'itemJson', campaign: { __rl: true, mode: 'id', value: campaign } },
		credentials: { surveyFeedbackApi: cred.ours },
	};
}

function httpBase(cred: BenchCredentials, extra: Record<string, any>, nodeProps: Record<string, any> = {}): Node {
	return {
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: HTTP_NODE_VERSION,
		parameters: {
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			...extra,
		},
		credentials: { httpHeaderAuth: cred.http },
		...nodeProps,
	};
}

/** One POST per input item, as a user maps one item to one request. */
export function httpUpsertPerItem(cred: BenchCredentials, baseUrl: string): Node {
	return httpBase(cred, {
		method: 'POST',
		url: `${baseUrl}/api/v2/customers`,
		sendBody: true,
		contentType: 'json',
		specifyBody: 'json',
		jsonBody:
			'={{ JSON.stringify({ subscribers: [{ email: $json.email, first_name: $json.firstName, last_name: $json.lastName, company: $json.company }] }) }}',
		options: {},
	});
}

/** One POST per input item, each item a whole pre-built request body. */
export function httpPostBodies(cred: BenchCredentials, url: string): Node {
	return httpBase(cred, {
		method: 'POST',
		url,
		sendBody: true,
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: '={{ JSON.stringify($json) }}',
		options: {},
	});
}

/** Customer › Get, one request per item. */
export function oursCustomerGet(cred: BenchCredentials): Node {
	return {
		name: 'Survey Feedback',
		type: `${PACKAGE}.surveyFeedback`,
		typeVersion: 1,
		parameters: { resource: 'customer', operation: 'get', customerId: '={{ $json.id }}' },
		credentials: { surveyFeedbackApi: cred.ours },
	};
}

/** GET /customers/{id}, one request per item, Retry On Fail at its maximum. */
export function httpCustomerGet(cred: BenchCredentials, baseUrl: string): Node {
	return httpBase(
		cred,
		{ method: 'GET', url: `=${baseUrl}/api/v2/customers/{{ $json.id }}`, options: {} },
		{ retryOnFail: true, maxTries: 5, waitBetweenTries: 5000 },
	);
}

/**
 * Feedback › Get Many, Return All. Version 1 returns whole records; version 2 and later (3.1 is what
 * a node added anew is) have Simplify on by default (the ten fields workflows use most).
 */
export function oursFeedbackReturnAll(cred: BenchCredentials, typeVersion: 1 | 2 | 3.1 = 1): Node {
	return {
		name: 'Survey Feedback',
		type: `${PACKAGE}.surveyFeedback`,
		typeVersion,
		parameters: { resource: 'feedback', operation: 'getMany', returnAll: true, ...(typeVersion >= 2 ? { simple: true } : {}) },
		credentials: { surveyFeedbackApi: cred.ours },
	};
}

/**
 * The stop condition of the paginated HTTP Request: the answer's own page count, or a short page
 * (which also covers an empty one). Stops on the last page, so it needs ceil(N/1000) requests.
 */
export const HTTP_COMPLETE_EXPRESSION =
	'={{ $response.body.data.page >= $response.body.data.pages || $response.body.data.responses.length < 1000 }}';

/**
 * The same condition, written so that an answer without `data` (an error such as a 429) counts as
 * complete. n8n turns a TypeError inside an expression into null; with the plain condition, a 429's
 * `data: null` makes the whole "continue?" expression n8n builds around it (which also checks the
 * status code) null, and pagination ends quietly, with the 429's body as the last page. With this
 * one, the status check runs and the node fails on the 429, which Retry On Fail can then retry.
 */
export const HTTP_COMPLETE_EXPRESSION_GUARDED =
	'={{ !$response.body.data || $response.body.data.page >= $response.body.data.pages || $response.body.data.responses.length < 1000 }}';

export interface HttpPagingOptions {
	/** Use HTTP_COMPLETE_EXPRESSION_GUARDED. */
	guarded?: boolean;
	/** Pagination's "Interval Between Requests (ms)". */
	requestInterval?: number;
	/** Retry On Fail at n8n's maximum: 5 tries, 5000 ms apart. */
	retry?: boolean;
}

/** GET /feedback with n8n's built-in pagination: limit=1000, page = $pageCount + 1, stop condition, max pages 1000. */
export function httpFeedbackPaginated(cred: BenchCredentials, baseUrl: string, opts: HttpPagingOptions = {}): Node {
	return httpBase(
		cred,
		{
			method: 'GET',
			url: `${baseUrl}/api/v2/feedback`,
			sendQuery: true,
			queryParameters: { parameters: [{ name: 'limit', value: '1000' }] },
			options: {
				pagination: {
					pagination: {
						paginationMode: 'updateAParameterInEachRequest',
						parameters: { parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }] },
						paginationCompleteWhen: 'other',
						completeExpression: opts.guarded ? HTTP_COMPLETE_EXPRESSION_GUARDED : HTTP_COMPLETE_EXPRESSION,
						limitPagesFetched: true,
						maxRequests: 1000,
						...(opts.requestInterval ? { requestInterval: opts.requestInterval } : {}),
					},
				},
			},
		},
		opts.retry ? { retryOnFail: true, maxTries: 5, waitBetweenTries: 5000 } : {},
	);
}

/** Split Out of each page's records, so that both sides end with one item per record. */
export const splitRecords: Node = {
	name: 'Split Out',
	type: 'n8n-nodes-base.splitOut',
	typeVersion: 1,
	parameters: { fieldToSplitOut: 'data.responses', include: 'noOtherFields', options: {} },
};

// ---- The trigger.

/** New Feedback, polled at the given seconds of every minute (several poll times, one second each). */
export function triggerWorkflow(id: string, cred: BenchCredentials, seconds: number[]): WorkflowJson {
	const nodes: Node[] = [
		{
			name: 'Survey Feedback Trigger',
			type: `${PACKAGE}.surveyFeedbackTrigger`,
			typeVersion: 1,
			parameters: {
				pollTimes: { item: seconds.map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })) },
				event: 'newFeedback',
			},
			credentials: { surveyFeedbackApi: cred.ours },
		},
	];
	return { id, name: 'Bench: trigger backlog', nodes, connections: {}, settings: { executionOrder: 'v1' } };
}
