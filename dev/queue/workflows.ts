/**
 * The webhook workflows queue mode is exercised with (the queue tests, the queue benchmark and
 * `npm run dev:queue`). A Webhook that answers at once, so that many executions can be started
 * together; in queue mode the main takes the call and a worker runs the execution.
 */
import type { WorkflowJson } from '../n8n/harness';

const PACKAGE = 'n8n-nodes-survey-feedback';
const NODE_TYPE = `${PACKAGE}.surveyFeedback`;

export interface CredentialRef {
	id: string;
	name: string;
}

const link = (from: string, to: string) => ({ [from]: { main: [[{ node: to, type: 'main', index: 0 }]] } });

function webhook(webhookPath: string, webhookId: string): Record<string, unknown> {
	return {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId,
		parameters: { httpMethod: 'POST', path: webhookPath, responseMode: 'onReceived', options: {} },
	};
}

/**
 * The Return All + upsert load, one execution per call (body `{ "run": <tag> }`): Feedback › Get Many with
 * Return All → a Code node that reduces the records to their count and sorted IDs ("Records
 * read") → a Code node that makes `customers` customers whose emails carry the run's tag →
 * Customer › Create or Update, in bulk ("Upsert customers"), mapped automatically, as the README
 * advises when the items already carry the fields: with Define Below, n8n's expressions for 3,000
 * customers take seconds of the worker's CPU in each execution, time no request waits on the limit.
 */
export function loadWorkflow(id: string, webhookPath: string, cred: CredentialRef, customers: number): WorkflowJson {
	const credentials = { surveyFeedbackApi: cred };
	return {
		id,
		name: 'Queue: read all feedback, upsert customers',
		settings: { executionOrder: 'v1' },
		nodes: [
			webhook(webhookPath, '5a7e0c1d-0000-4000-8000-00000000000a'),
			{ name: 'Read feedback', type: NODE_TYPE, typeVersion: 1, parameters: { resource: 'feedback', operation: 'getMany', returnAll: true }, credentials },
			{
				name: 'Records read',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: {
					mode: 'runOnceForAllItems',
					jsCode: 'const ids = $input.all().map((item) => item.json.id);\nreturn [{ json: { count: ids.length, ids: [...ids].sort() } }];',
				},
			},
			{
				name: 'Customers',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: {
					mode: 'runOnceForAllItems',
					jsCode:
						`const run = $('Webhook').first().json.body.run;\n` +
						`return Array.from({ length: ${customers} }, (_, i) => ({ json: { email: 'queue.' + run + '.' + i + '@example.com', firstName: 'Run ' + run, lastName: 'Customer ' + i } }));`,
				},
			},
			{
				name: 'Upsert customers',
				type: NODE_TYPE,
				typeVersion: 1,
				parameters: {
					resource: 'customer',
					operation: 'upsert',
					inputMode: 'itemJson',
				},
				credentials,
			},
		],
		connections: {
			...link('Webhook', 'Read feedback'),
			...link('Read feedback', 'Records read'),
			...link('Records read', 'Customers'),
			...link('Customers', 'Upsert customers'),
		},
	};
}

/**
 * Many small requests, one execution per call (body `{ "ids": [...] }`): one item per customer
 * ID → Customer › Get ("Get customers"), one request each.
 */
export function customerGetWorkflow(id: string, webhookPath: string, cred: CredentialRef): WorkflowJson {
	return {
		id,
		name: 'Queue: get customers one by one',
		settings: { executionOrder: 'v1' },
		nodes: [
			webhook(webhookPath, '5a7e0c1d-0000-4000-8000-00000000000b'),
			{
				name: 'Customer IDs',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: { mode: 'runOnceForAllItems', jsCode: `return $('Webhook').first().json.body.ids.map((id) => ({ json: { id } }));` },
			},
			{
				name: 'Get customers',
				type: NODE_TYPE,
				typeVersion: 1,
				parameters: { resource: 'customer', operation: 'get', customerId: '={{ $json.id }}' },
				credentials: { surveyFeedbackApi: cred },
			},
		],
		connections: { ...link('Webhook', 'Customer IDs'), ...link('Customer IDs', 'Get customers') },
	};
}

/** Starts one execution per body at once; resolves when the main has taken every call (answers 200 at once). */
export async function callWebhook(url: string, bodies: unknown[]): Promise<void> {
	const answers = await Promise.all(
		bodies.map((body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })),
	);
	const refused = answers.filter((a) => a.status !== 200);
	if (refused.length) throw new Error(`the webhook ${url} answered ${refused.map((a) => a.status).join(', ')}`);
}
