/**
 * Proves the node as tools of n8n's MCP Server Trigger in a real n8n server (`n8n start`, the
 * workflow published), reached with the official MCP client (`@modelcontextprotocol/sdk`, the
 * version n8n 2.41.1's server uses) over Streamable HTTP and over SSE, against the simulator:
 *
 * - the client lists the tools as a model sees them: names, descriptions, input schemas;
 * - calls with arguments return the simulator's data, and the simulator sees exactly the requests
 *   those calls imply (Score › Get, Customer › Get Many by email, Feedback › Get Many, Survey › Send);
 * - calls with bad arguments come back as readable tool errors (`isError`), the server goes on
 *   answering, and no API key appears in anything the client received;
 * - the MCP server example (examples/mcp-server.json) refuses a client without its bearer token
 *   and serves its read tools to one with it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { MCP_BEARER_TOKEN, MCP_ID, MCP_PATH, MCP_TOOLS, mcpWorkflow } from './ai-workflows';
import { ACCOUNT_A, ACCOUNT_B, asToolSees, CAMPAIGN_A1, context, describeWhereNodesExist, n8nInstance, readExamples, simClient, TOOL_TYPE } from './support';
import { UNKNOWN_CUSTOMER_ID } from './workflows';

const sim = simClient();
const n8n = n8nInstance();
const SIMULATOR_KEYS = [ACCOUNT_A.writeKey, ACCOUNT_A.readKey, ACCOUNT_B.writeKey, ACCOUNT_B.readKey];
const SINCE = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const SURVEYED = 'mcp.survey@e2e.example.com';

interface ToolResult {
	isError?: boolean;
	content: Array<{ type: string; text: string }>;
}

/** Everything any client received, to look for keys in. */
const received: unknown[] = [];
/** Tool calls made so far (each starts an execution of the workflow serving it). */
let toolCalls = 0;

async function connect(transport: 'streamable' | 'sse', path = MCP_PATH, headers: Record<string, string> = {}): Promise<Client> {
	const url = new URL(`${n8n.baseUrl}/mcp/${path}`);
	const client = new Client({ name: 'survey-feedback-e2e', version: '1.0.0' });
	await client.connect(
		transport === 'sse' ? new SSEClientTransport(url, { requestInit: { headers } }) : new StreamableHTTPClientTransport(url, { requestInit: { headers } }),
	);
	return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
	toolCalls++;
	const result = (await client.callTool({ name, arguments: args })) as ToolResult;
	received.push(result);
	return result;
}

/** The records a successful call returned (n8n sends a tool's output items as one JSON text). */
function records(result: ToolResult): any[] {
	expect(result.isError).toBeFalsy();
	expect(result.content).toHaveLength(1);
	return JSON.parse(result.content[0].text);
}

/** The text of a failed call. */
function errorText(result: ToolResult): string {
	expect(result.isError).toBe(true);
	return result.content.map((c) => c.text).join('\n');
}

const toolName = (node: Record<string, any>) => String(node.name).replace(/[^a-zA-Z0-9_-]+/g, '_');

describeWhereNodesExist([mcpWorkflow, readExamples()['mcp-server.json']])('the node as tools of the MCP Server Trigger, with the official MCP client', () => {
	let client: Client;
	let tools: Awaited<ReturnType<Client['listTools']>>['tools'];

	beforeAll(async () => {
		await n8n.start();
		await n8n.activate(MCP_ID);
		client = await connect('streamable');
		tools = (await client.listTools()).tools;
		received.push(tools);
	});

	afterAll(async () => {
		await client?.close();
		await n8n.deactivate(MCP_ID).catch(() => undefined);
		await n8n.stop();
	});

	it('lists every tool with the name, description and input schema a model sees', () => {
		const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
		expect(Object.keys(byName).sort()).toEqual([
			'Customer_by_ID',
			'Feedback_version_2',
			'Feedback_version_2_selected',
			'Feedback_with_defaults',
			'Find_customers_by_email',
			'Get_score',
			'Recent_feedback',
			'Send_survey',
		]);
		for (const t of tools) expect(t.description).toEqual(expect.any(String));
		expect(byName.Find_customers_by_email.description).toBe(MCP_TOOLS.customers.parameters.toolDescription);
		expect(byName.Recent_feedback.description).toBe(MCP_TOOLS.feedback.parameters.toolDescription);
		expect(byName.Send_survey.description).toBe(MCP_TOOLS.send.parameters.toolDescription);
		// One argument per $fromAI() key; those without a default are required.
		expect(byName.Get_score.inputSchema).toMatchObject({
			type: 'object',
			properties: { metric: { type: 'string', description: 'Which score: nps, csat, ces or star' } },
			required: ['metric'],
		});
		expect(byName.Find_customers_by_email.inputSchema).toMatchObject({
			properties: { email: { type: 'string', description: "The customer's email address, e.g. jane@example.com" } },
			required: ['email'],
		});
		expect(byName.Recent_feedback.inputSchema.properties).toEqual({
			limit: { type: 'number', description: 'How many responses to return, 1 to 50', default: 10 },
			startDate: { type: 'string', description: 'Only responses given on or after this day, as YYYY-MM-DD; empty for no lower bound', default: '' },
		});
		expect(byName.Recent_feedback.inputSchema.required ?? []).toEqual([]);
		expect(byName.Send_survey.inputSchema).toMatchObject({
			properties: { campaignId: { type: 'string' }, email: { type: 'string', description: 'Email address of the customer to survey' } },
		});
		expect([...(byName.Send_survey.inputSchema.required ?? [])].sort()).toEqual(['campaignId', 'email']);
		expect(byName.Feedback_with_defaults.inputSchema.properties).toEqual({});
	});

	it('calls return the simulator’s data, and the simulator sees exactly the requests they imply', async () => {
		const [customer] = (await sim.get('/api/v2/customers?limit=1', ACCOUNT_A.readKey)).data.subscribers;
		const mark = await sim.mark();

		const score = records(await call(client, 'Get_score', { metric: 'nps' }));
		const customers = records(await call(client, 'Find_customers_by_email', { email: customer.email }));
		const feedback = records(await call(client, 'Recent_feedback', { limit: 3, startDate: SINCE }));
		const sent = records(await call(client, 'Send_survey', { campaignId: CAMPAIGN_A1, email: SURVEYED }));

		const log = await sim.requests({ after: mark });
		expect(log.map((r) => ({ method: r.method, path: r.path, query: r.query, body: r.body, status: r.status }))).toEqual([
			{ method: 'GET', path: '/api/v2/nps/score', query: {}, body: null, status: 200 },
			{ method: 'GET', path: '/api/v2/customers', query: { email: customer.email, page: '1', limit: '10' }, body: null, status: 200 },
			{ method: 'GET', path: '/api/v2/feedback', query: { page: '1', limit: '3', sort: '-createdDate', startDate: `${SINCE}T00:00:00Z` }, body: null, status: 200 },
			{ method: 'POST', path: '/api/v2/survey', query: {}, body: { campaign: CAMPAIGN_A1, subscribers: [{ email: SURVEYED }] }, status: 200 },
		]);

		expect(score).toEqual([asToolSees((await sim.get('/api/v2/nps/score', ACCOUNT_A.readKey)).data)]);
		expect(customers).toEqual((await sim.get(`/api/v2/customers?email=${encodeURIComponent(customer.email)}`, ACCOUNT_A.readKey)).data.subscribers.map(asToolSees));
		expect(customers.map((c) => c.email)).toEqual([customer.email]);
		expect(feedback).toEqual((await sim.get(`/api/v2/feedback?limit=3&startDate=${SINCE}T00:00:00Z`, ACCOUNT_A.readKey)).data.responses.map(asToolSees));
		expect(sent).toEqual([
			// The simulator's default answer for account A: a row keyed by email with the status and the survey's ID.
			{ email: SURVEYED, campaign: CAMPAIGN_A1, status: 'queued', surveyId: expect.any(String) },
		]);
		const outbox = (await sim.get(`/api/v2/outbox?email=${encodeURIComponent(SURVEYED)}`, ACCOUNT_A.readKey)).data.surveys;
		expect(outbox.map((s: { surveyId: string }) => s.surveyId)).toContain(sent[0].surveyId);
	});

	it('bad arguments come back as readable tool errors, and the server goes on answering', async () => {
		const mark = await sim.mark();

		// Refused by the tool's schema, before the node runs.
		const wrongType = errorText(await call(client, 'Get_score', { metric: 7 }));
		expect(wrongType).toMatch(/did not match expected schema/);
		expect(wrongType).toMatch(/Expected string, received number\s+→ at metric/);
		const missing = errorText(await call(client, 'Send_survey', {}));
		expect(missing).toMatch(/Required\s+→ at campaignId/);
		expect(missing).toMatch(/Required\s+→ at email/);
		// Refused by the node, before anything is sent.
		expect(errorText(await call(client, 'Get_score', { metric: 'promoters' }))).toMatch(/Metric: "promoters" is not one of ces, csat, nps, star/);
		expect(errorText(await call(client, 'Send_survey', { campaignId: CAMPAIGN_A1, email: 'not-an-email' }))).toMatch(
			/Email: "not-an-email" is not an email address/,
		);
		// Refused by the service (the key in the query string here): what was wrong, and what to check.
		const notFound = errorText(await call(client, 'Customer_by_ID', { customerId: UNKNOWN_CUSTOMER_ID }));
		expect(notFound).toMatch(/Customer: Get failed: no such record in this account \[HTTP 404\]/);
		expect(notFound).toMatch(/it may not exist, may have been deleted, or may belong to another account/);

		// The session still works, and every call ended in a successful execution (none crashed).
		expect(records(await call(client, 'Get_score', { metric: 'csat' }))[0]).toHaveProperty('csat');
		const log = await sim.requests({ after: mark });
		expect(log.map((r) => `${r.method} ${r.path} ${r.status} ${r.auth}`)).toEqual([
			`GET /api/v2/customers/${UNKNOWN_CUSTOMER_ID} 404 query`,
			'GET /api/v2/csat/score 200 x-api-key',
		]);
		// Each call is an execution of its own, stored just after the answer.
		const executions = await n8n.waitForExecutions({ workflowId: MCP_ID, count: toolCalls, timeoutMs: 30_000 });
		expect(executions.filter((e) => e.status !== 'success').map((e) => `${e.id} ${e.status}`)).toEqual([]);
	});

	it('a list with default parameters returns at most 50 records, from one request', async () => {
		const mark = await sim.mark();
		const list = records(await call(client, 'Feedback_with_defaults', {}));
		const log = await sim.requests({ after: mark });
		expect(log).toHaveLength(1);
		expect(Number(log[0].query.limit)).toBeLessThanOrEqual(50);
		expect(list.length).toBeGreaterThan(0);
		expect(list.length).toBeLessThanOrEqual(50);
	});

	it('version 2: the description names the simplified fields and the records have only those; Selected Fields gives the ID and the chosen ones', async () => {
		const fields = ['id', 'email', 'firstName', 'lastName', 'score', 'comment', 'campaignId', 'campaignName', 'tags', 'createdDate'];
		const byName = Object.fromEntries(tools.map((t) => [t.name, t.description ?? '']));
		expect(byName.Feedback_version_2.endsWith(`Each record returned has only these fields: ${fields.join(', ')}.`)).toBe(true);
		// Version 1's description stays as it was.
		expect(byName.Feedback_with_defaults).not.toMatch(/has only these fields/);

		const simplified = records(await call(client, 'Feedback_version_2', {}));
		expect(simplified).toHaveLength(5);
		for (const record of simplified) {
			expect(Object.keys(record).filter((key) => !fields.includes(key))).toEqual([]);
			expect(record).toHaveProperty('id');
			expect(record).toHaveProperty('score');
		}
		const selected = records(await call(client, 'Feedback_version_2_selected', {}));
		expect(selected.map((record) => record.id)).toEqual(simplified.map((record) => record.id));
		for (const record of selected) expect(Object.keys(record).sort()).toEqual(['comment', 'id', 'score']);
	});

	it('the SSE transport serves the same tools', async () => {
		const sse = await connect('sse');
		try {
			const listed = (await sse.listTools()).tools;
			received.push(listed);
			expect(listed.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
			expect(records(await call(sse, 'Get_score', { metric: 'nps' }))).toEqual([(await sim.get('/api/v2/nps/score', ACCOUNT_A.readKey)).data]);
		} finally {
			await sse.close();
		}
	});

	describe('the MCP server example (examples/mcp-server.json)', () => {
		const file = 'mcp-server.json';
		const example = readExamples()[file];
		const trigger = example.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger')!;
		const exampleTools = example.nodes.filter((node) => node.type === TOOL_TYPE);

		beforeAll(async () => {
			await n8n.activate(context().examples[file]);
		});

		afterAll(async () => {
			await n8n.deactivate(context().examples[file]).catch(() => undefined);
		});

		it('refuses a client without its bearer token', async () => {
			for (const headers of [{}, { Authorization: 'Bearer wrong-token' }] as Array<Record<string, string>>) {
				await expect(connect('streamable', trigger.parameters.path, headers)).rejects.toThrow(/403|Authorization/);
			}
		});

		it('serves its read tools, with their descriptions and its instructions, to a client with the token', async () => {
			const mcp = await connect('streamable', trigger.parameters.path, { Authorization: `Bearer ${MCP_BEARER_TOKEN}` });
			try {
				expect(mcp.getInstructions()).toBe(trigger.parameters.instructions);
				const listed = (await mcp.listTools()).tools;
				received.push(listed);
				expect(listed.map((t) => [t.name, t.description]).sort()).toEqual(exampleTools.map((t) => [toolName(t), t.parameters.toolDescription]).sort());

				const campaigns = (await sim.get('/api/v2/campaigns', ACCOUNT_A.readKey)).campaigns;
				expect(records(await call(mcp, 'List_campaigns', {})).map((c) => c.id)).toEqual(campaigns.map((c: { id: string }) => c.id));
				const reports = records(await call(mcp, 'Get_campaign_reports', { startDate: SINCE, endDate: SINCE }));
				expect(reports.map((r) => r.campaignId).sort()).toEqual(campaigns.map((c: { id: string }) => c.id).sort());
				const [score] = records(await call(mcp, 'Get_score', {}));
				expect(score).toEqual((await sim.get('/api/v2/nps/score', ACCOUNT_A.readKey)).data);
			} finally {
				await mcp.close();
			}
		});
	});

	it('no API key appears in anything the clients received', () => {
		expect(received.length).toBeGreaterThan(10);
		const text = JSON.stringify(received);
		for (const key of SIMULATOR_KEYS) expect(text).not.toContain(key);
	});

	// What a model reads: the node's own tool descriptions, and simplified records.
	describe('what the node gives a model in tool mode', () => {
		it('descriptions n8n sets automatically say what the tool returns', () => {
			const byName = Object.fromEntries(tools.map((t) => [t.name, t.description ?? '']));
			// n8n's generic description would be "Get a score in Survey Feedback".
			for (const description of [byName.Get_score, byName.Feedback_with_defaults]) expect(description).not.toMatch(/ in Survey Feedback$/);
			expect(byName.Get_score).toMatch(/promoters/i);
			expect(byName.Get_score).toMatch(/detractors/i);
			expect(byName.Feedback_with_defaults).toMatch(/score/i);
			expect(byName.Feedback_with_defaults).toMatch(/comment/i);
		});

		it('a list with default parameters returns compact records', async () => {
			const list = records(await call(client, 'Feedback_with_defaults', {}));
			const text = JSON.stringify(list);
			// Whole, 50 records are about 62 KB: each with nulls, empty lists and duplicated fields.
			expect(text).not.toMatch(/:null[,}]|:\[\][,}]|:\{\}[,}]/);
			for (const record of list) {
				expect(record).not.toHaveProperty('feedbackId');
				expect(record).not.toHaveProperty('feedbackTags');
				expect(record).not.toHaveProperty('feedbackTopics');
			}
		});
	});
});
