/**
 * Proves the node as a tool of n8n's AI Agent (typeVersion 3.1) in a real n8n (`n8n execute`),
 * with n8n's OpenAI Chat Model node talking to a scripted stand-in for the Chat Completions API
 * (chat-stand-in.ts) through its credential's base URL, against the simulator:
 *
 * - turn 1: the stand-in receives the question and the tools as a model does (names,
 *   descriptions, JSON schemas of the `$fromAI()` arguments) and calls them with arguments it fills
 *   from those schemas: two good calls, a wrong metric (a model's mistake) and an unknown
 *   customer (a service error, through the credential that puts the key in the query string);
 * - the tools run with exactly those arguments; the simulator sees exactly the requests they imply;
 * - turn 2: the stand-in receives each tool's result (the simulator's data, or a readable error)
 *   and answers from them; the agent's output is that answer, and the run succeeds;
 * - no API key reaches the model;
 * - the AI agent example (examples/ai-agent.json) runs the same way: every tool once.
 */
import { outputItems, type ExecuteResult } from '../../dev/n8n/harness';
import {
	AGENT_ID,
	AGENT_NODE,
	AGENT_QUESTION,
	AGENT_TOOLS,
	agentWorkflow,
	OPENAI_STAND_IN_KEY,
} from './ai-workflows';
import { ChatStandIn, toolResults, type ChatRequest, type ChatTool } from './chat-stand-in';
import { ACCOUNT_A, ACCOUNT_B, asToolSees, context, describeRun, describeWhereNodesExist, n8nInstance, readExamples, simClient, TOOL_TYPE, type LoggedRequest } from './support';
import { UNKNOWN_CUSTOMER_ID } from './workflows';

const sim = simClient();
const n8n = n8nInstance();
const SIMULATOR_KEYS = [ACCOUNT_A.writeKey, ACCOUNT_A.readKey, ACCOUNT_B.writeKey, ACCOUNT_B.readKey];

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const SINCE = isoDay(30);

/**
 * Arguments for a tool call, the way a model fills them: only keys the tool's JSON schema offers,
 * every required one, the others left to their defaults unless wanted.
 */
function fillArguments(tool: ChatTool, wanted: Record<string, unknown>): Record<string, unknown> {
	const { properties, required = [] } = tool.function.parameters;
	for (const key of Object.keys(wanted)) {
		if (!(key in properties)) throw new Error(`tool ${tool.function.name} offers no argument "${key}" (it has: ${Object.keys(properties).join(', ')})`);
	}
	for (const key of required) {
		if (!(key in wanted)) throw new Error(`tool ${tool.function.name} requires "${key}", which the script does not fill`);
	}
	return { ...wanted };
}

function toolNamed(request: ChatRequest, name: string): ChatTool {
	const found = request.body.tools?.find((t) => t.function.name === name);
	if (!found) throw new Error(`no tool ${name} among ${request.body.tools?.map((t) => t.function.name).join(', ')}`);
	return found;
}

const parse = (content: string) => JSON.parse(content) as any[];

describeWhereNodesExist([agentWorkflow, readExamples()['ai-agent.json']])('the node as a tool of the AI Agent, with a scripted chat model', () => {
	const standIn = new ChatStandIn(() => ({ text: 'no script yet' }));

	beforeAll(async () => {
		await standIn.listen(context().chatModelPort);
	});

	afterAll(async () => {
		await standIn.close();
	});

	describe('a question answered with three tools', () => {
		/** Turn 1: the calls the "model" makes; turn 2: an answer built from what the tools returned. */
		const CALLS = [
			{ tool: 'NPS_score', wanted: { metric: 'nps' } },
			{ tool: 'Recent_feedback', wanted: { limit: 5, startDate: SINCE } },
			{ tool: 'NPS_score', wanted: { metric: 'promoters' } },
			{ tool: 'Customer_by_ID', wanted: { customerId: UNKNOWN_CUSTOMER_ID } },
		];
		function answer(request: ChatRequest): string {
			const results = toolResults(request);
			const [score] = parse(results.find((r) => r.tool === 'NPS_score' && r.arguments.metric === 'nps')!.content);
			const feedback = parse(results.find((r) => r.tool === 'Recent_feedback')!.content);
			const detractors = feedback.filter((f) => f.ratingCategory === 'detractor').map((f) => `${f.email} (${f.score})`);
			return `Our NPS is ${score.nps} over ${score.totalResponses} responses. Latest detractors: ${detractors.join(', ') || 'none'}.`;
		}

		let res: ExecuteResult;
		let log: LoggedRequest[];

		beforeAll(async () => {
			standIn.requests.length = 0;
			standIn.script = (request, turn) =>
				turn === 1
					? { toolCalls: CALLS.map((call) => ({ name: call.tool, arguments: fillArguments(toolNamed(request, call.tool), call.wanted) })) }
					: { text: answer(request) };
			const mark = await sim.mark();
			res = await n8n.execute(AGENT_ID);
			log = await sim.requests({ after: mark });
		});

		it('the run succeeds after two turns of the chat model, without streaming, with the credential’s key', () => {
			expect(describeRun(res)).toMatch(/^status success/);
			expect(standIn.requests).toHaveLength(2);
			for (const request of standIn.requests) {
				expect(request.authorization).toBe(`Bearer ${OPENAI_STAND_IN_KEY}`);
				expect(request.body).toMatchObject({ model: 'gpt-e2e', stream: false });
			}
			expect(standIn.requests[0].body.messages).toEqual([{ role: 'user', content: AGENT_QUESTION }]);
		});

		it('the model receives each tool with its name, description and the JSON schema of its $fromAI arguments', () => {
			const tools = Object.fromEntries((standIn.requests[0].body.tools ?? []).map((t) => [t.function.name, t.function]));
			expect(Object.keys(tools).sort()).toEqual(['Customer_by_ID', 'NPS_score', 'Recent_feedback']);
			expect(tools.NPS_score.description).toBe(AGENT_TOOLS.score.parameters.toolDescription);
			expect(tools.NPS_score.parameters).toMatchObject({
				type: 'object',
				properties: { metric: { type: 'string', description: 'Which score: nps, csat, ces or star' } },
				required: ['metric'],
			});
			expect(tools.Recent_feedback.description).toBe(AGENT_TOOLS.feedback.parameters.toolDescription);
			expect(tools.Recent_feedback.parameters.properties).toEqual({
				limit: { type: 'number', description: 'How many responses to return, 1 to 50', default: 10 },
				startDate: { type: 'string', description: 'Only responses given on or after this day, as YYYY-MM-DD; empty for no lower bound', default: '' },
			});
			expect(tools.Recent_feedback.parameters.required ?? []).toEqual([]);
			expect(tools.Customer_by_ID.parameters).toMatchObject({ properties: { customerId: { type: 'string' } }, required: ['customerId'] });
		});

		it('each tool runs with the arguments the model filled', () => {
			const inputs = (node: string) =>
				(res.data.data.resultData.runData[node] ?? []).map((run: any) => run.inputOverride.ai_tool[0][0].json);
			expect(inputs(AGENT_TOOLS.score.name)).toEqual([{ metric: 'nps' }, { metric: 'promoters' }]);
			expect(inputs(AGENT_TOOLS.feedback.name)).toEqual([{ limit: 5, startDate: SINCE }]);
			expect(inputs(AGENT_TOOLS.customerById.name)).toEqual([{ customerId: UNKNOWN_CUSTOMER_ID }]);
		});

		it('the simulator sees exactly the requests those calls imply, and none for the wrong metric', () => {
			expect(log.map((r) => `${r.method} ${r.path} ${r.status}`).sort()).toEqual([
				`GET /api/v2/customers/${UNKNOWN_CUSTOMER_ID} 404`,
				'GET /api/v2/feedback 200',
				'GET /api/v2/nps/score 200',
			]);
			const feedback = log.find((r) => r.path === '/api/v2/feedback')!;
			expect(feedback.query).toEqual({ page: '1', limit: '5', sort: '-createdDate', startDate: `${SINCE}T00:00:00Z` });
			expect(log.find((r) => r.path.startsWith('/api/v2/customers/'))!.auth).toBe('query');
		});

		it('the model receives the simulator’s data, and readable errors, as tool results', async () => {
			const results = toolResults(standIn.requests[1]);
			expect(results.map((r) => r.tool).sort()).toEqual(['Customer_by_ID', 'NPS_score', 'NPS_score', 'Recent_feedback']);
			const score = (await sim.get('/api/v2/nps/score', ACCOUNT_A.readKey)).data;
			expect(parse(results.find((r) => r.arguments.metric === 'nps')!.content)).toEqual([asToolSees(score)]);
			const feedback = (await sim.get(`/api/v2/feedback?page=1&limit=5&sort=-createdDate&startDate=${SINCE}T00:00:00.000Z`, ACCOUNT_A.readKey)).data.responses;
			expect(parse(results.find((r) => r.tool === 'Recent_feedback')!.content)).toEqual(feedback.map(asToolSees));
			// A wrong argument: what was wrong and what is allowed.
			const [wrongMetric] = parse(results.find((r) => r.arguments.metric === 'promoters')!.content);
			expect(wrongMetric.error).toMatch(/Metric: "promoters" is not one of ces, csat, nps, star/);
			// A service error: what was wrong.
			const [notFound] = parse(results.find((r) => r.tool === 'Customer_by_ID')!.content);
			expect(notFound.error).toMatch(/Customer: Get failed: no such record in this account \[HTTP 404\]/);
		});

		it('the agent’s answer is the model’s, built from the tools’ data', async () => {
			const score = (await sim.get('/api/v2/nps/score', ACCOUNT_A.readKey)).data;
			const feedback = (await sim.get(`/api/v2/feedback?limit=5&startDate=${SINCE}T00:00:00.000Z`, ACCOUNT_A.readKey)).data.responses;
			const [output] = outputItems(res, AGENT_NODE);
			expect(output.output).toBe(answer(standIn.requests[1]));
			expect(output.output).toContain(`Our NPS is ${score.nps} over ${score.totalResponses} responses.`);
			for (const f of feedback.filter((f: any) => f.ratingCategory === 'detractor')) expect(output.output).toContain(`${f.email} (${f.score})`);
		});

		it('no API key reaches the model', () => {
			const sent = JSON.stringify(standIn.requests);
			for (const key of SIMULATOR_KEYS) expect(sent).not.toContain(key);
		});

		// The agent passes a thrown error's message to the model and drops its description: in tool
		// mode the node puts what to change into the message.
		it('a service error reaches the model with what to change, not only what was wrong', () => {
			const [notFound] = parse(toolResults(standIn.requests[1]).find((r) => r.tool === 'Customer_by_ID')!.content);
			expect(notFound.error).toMatch(/may not exist/);
		});
	});

	describe('the AI agent example (examples/ai-agent.json), run for its example question', () => {
		const file = 'ai-agent.json';
		const example = readExamples()[file];
		const tools = example.nodes.filter((node) => node.type === TOOL_TYPE);
		let values: Record<string, unknown>;
		/** The "model's" final answer: how many records each tool returned. */
		const summary = (request: ChatRequest) => toolResults(request).map((r) => `${r.tool}: ${parse(r.content).length}`).join('; ');
		let res: ExecuteResult;
		let log: LoggedRequest[];

		beforeAll(async () => {
			const [customer] = (await sim.get('/api/v2/customers?limit=1', ACCOUNT_A.readKey)).data.subscribers;
			values = { metric: 'nps', limit: 5, startDate: SINCE, endDate: isoDay(1), email: customer.email };
			standIn.requests.length = 0;
			// Turn 1: every tool once, each argument its schema offers filled from `values`; turn 2: a summary.
			standIn.script = (request, turn) =>
				turn === 1
					? {
							toolCalls: (request.body.tools ?? []).map((t) => ({
								name: t.function.name,
								arguments: fillArguments(t, Object.fromEntries(Object.keys(t.function.parameters.properties).filter((k) => k in values).map((k) => [k, values[k]]))),
							})),
						}
					: { text: summary(request) };
			const mark = await sim.mark();
			res = await n8n.execute(context().examples[file]);
			log = await sim.requests({ after: mark });
		});

		it('runs green: the model gets the system message, the question and every tool, with the example’s descriptions', () => {
			expect(describeRun(res)).toMatch(/^status success/);
			expect(standIn.requests).toHaveLength(2);
			const [system, question] = standIn.requests[0].body.messages;
			// LangChain sends the system message as "developer" to the reasoning models (the example's gpt-5-mini).
			expect(system).toEqual({ role: 'developer', content: expect.stringContaining('never guess') });
			expect(system.content).toMatch(/today is \d{4}-\d{2}-\d{2}\./);
			expect(question).toEqual({ role: 'user', content: 'What is our NPS, and who are the latest detractors?' });
			const offered = (standIn.requests[0].body.tools ?? []).map((t) => [t.function.name, t.function.description]);
			expect(offered.sort()).toEqual(tools.map((t) => [t.name.replace(/[^a-zA-Z0-9_-]+/g, '_'), t.parameters.toolDescription]).sort());
		});

		it('every tool ran once, and the simulator saw one successful request for each', () => {
			for (const t of tools) expect(res.data.data.resultData.runData[t.name]).toHaveLength(1);
			expect(log.map((r) => `${r.method} ${r.path} ${r.status}`).sort()).toEqual([
				'GET /api/v2/customers 200',
				'GET /api/v2/feedback 200',
				'GET /api/v2/nps/score 200',
				'GET /api/v2/reports/ 200',
			]);
			expect(log.find((r) => r.path === '/api/v2/customers')!.query.email).toBe(values.email);
			expect(log.find((r) => r.path === '/api/v2/reports/')!.query).toEqual({ startDate: SINCE, endDate: values.endDate });
		});

		it('the agent answers with what the tools returned', () => {
			const [output] = outputItems(res, 'AI Agent');
			expect(output.output).toBe(summary(standIn.requests[1]));
			expect(output.output).toMatch(/Get_score: 1/);
			expect(output.output).toMatch(/Get_recent_feedback: 5/);
			expect(output.output).toMatch(/Find_customer_by_email: 1/);
		});
	});
});
