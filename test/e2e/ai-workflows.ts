/**
 * The workflows and credentials of the AI tests (ai-mcp.test.ts, ai-agent.test.ts), imported by
 * global-setup.ts with the others: the node as a tool (`surveyFeedbackTool`) under an MCP Server
 * Trigger, and under an AI Agent whose OpenAI Chat Model's credential points at the scripted
 * chat-completions stand-in of ai-agent.test.ts.
 *
 * What a model sees of a tool: its name (the node's name, every run of characters other than
 * letters, digits, `_` and `-` turned into `_`), its description (the node's Description when set
 * to manual, else "<operation's action> in Survey Feedback"), and one argument per `$fromAI()` key
 * in its parameters, with the type and description given there.
 */
import type { CredentialImport, WorkflowJson } from '../../dev/n8n/harness';
import { CREDENTIALS, TOOL_TYPE, type CredentialName } from './support';

type Node = Record<string, any>;

/** The OpenAI credential the AI examples name; global-setup points it at the stand-in. */
export const OPENAI_CREDENTIAL = { id: 'sfExampleOpenAi', name: 'OpenAI account', type: 'openAiApi' };
/** Its API key: a model sees nothing of it, the stand-in checks it arrives. */
export const OPENAI_STAND_IN_KEY = 'sk-e2e-stand-in';
/** The bearer token the MCP server example asks of its clients (httpBearerAuth). */
export const MCP_BEARER_CREDENTIAL = { id: 'sfExampleMcpBearer', name: 'MCP clients (bearer token)', type: 'httpBearerAuth' };
export const MCP_BEARER_TOKEN = 'e2e-mcp-client-token';

/** The credentials of the AI tests, for global-setup's one import call. */
export function aiCredentials(chatModelPort: number): CredentialImport[] {
	return [
		{ ...OPENAI_CREDENTIAL, data: { apiKey: OPENAI_STAND_IN_KEY, url: `http://127.0.0.1:${chatModelPort}/v1` } },
		{ ...MCP_BEARER_CREDENTIAL, data: { token: MCP_BEARER_TOKEN } },
	];
}

/** A Survey Feedback node as an AI tool, with the credential (and the `authentication`) of `cred`. */
function tool(name: string, parameters: Record<string, unknown>, cred: CredentialName = 'write', typeVersion = 1): Node {
	const spec = CREDENTIALS[cred];
	return {
		name,
		type: TOOL_TYPE,
		typeVersion,
		parameters: { authentication: spec.authentication, ...parameters },
		credentials: { [spec.type]: { id: spec.id, name: spec.name } },
	};
}

/** A description written for a model (n8n's own "Set Manually"). */
const described = (toolDescription: string) => ({ descriptionType: 'manual', toolDescription });
const fromAI = (key: string, description: string, type = 'string', defaultValue?: string | number) =>
	`={{ $fromAI('${key}', ${JSON.stringify(description)}, '${type}'${defaultValue === undefined ? '' : `, ${JSON.stringify(defaultValue)}`}) }}`;

/** Connects each tool to `target` on the ai_tool input. */
function toolConnections(tools: Node[], target: string) {
	return Object.fromEntries(tools.map((t) => [t.name, { ai_tool: [[{ node: target, type: 'ai_tool', index: 0 }]] }]));
}

function layout(nodes: Node[]): Node[] {
	return nodes.map((n, i) => ({ position: [i === 0 ? 0 : 300 + (i - 1) * 200, i === 0 ? 0 : 240], ...n }));
}

// ---------------------------------------------------------------------------------------------
// Proof 1: an MCP server with four operations as tools, and two more for the defaults and errors

export const MCP_ID = 'e2eAiMcpServer';
export const MCP_PATH = 'e2e-survey-feedback';
const MCP_TRIGGER = 'MCP Server Trigger';

export const MCP_TOOLS = {
	score: tool('Get score', { resource: 'score', operation: 'get', metric: fromAI('metric', 'Which score: nps, csat, ces or star') }),
	customers: tool('Find customers by email', {
		...described('Finds the customers with exactly this email address. Returns their records (id, email, names, company, tags, properties); an empty list when nobody has it.'),
		resource: 'customer',
		operation: 'getMany',
		limit: 10,
		filters: { email: fromAI('email', "The customer's email address, e.g. jane@example.com") },
	}),
	feedback: tool('Recent feedback', {
		...described('Returns feedback responses, newest first: score, rating category (promoter, passive or detractor), comment, date, and who answered.'),
		resource: 'feedback',
		operation: 'getMany',
		limit: fromAI('limit', 'How many responses to return, 1 to 50', 'number', 10),
		filters: {
			startDate: fromAI('startDate', 'Only responses given on or after this day, as YYYY-MM-DD; empty for no lower bound', 'string', ''),
			sort: '-createdDate',
		},
	}),
	send: tool('Send survey', {
		...described("Sends a campaign's survey to one customer by email, in the campaign's sending hours. Returns the survey's status and ID."),
		resource: 'survey',
		operation: 'send',
		campaign: { __rl: true, mode: 'id', value: fromAI('campaignId', 'ID of an active campaign: 24 hexadecimal characters') },
		email: fromAI('email', 'Email address of the customer to survey'),
	}),
	/** The user changed nothing but the operation: what a list gives a model by default. */
	feedbackDefaults: tool('Feedback with defaults', { resource: 'feedback', operation: 'getMany' }),
	/** Version 2 with the defaults: simplified records, and a description that names their fields. */
	feedbackV2: tool('Feedback version 2', { resource: 'feedback', operation: 'getMany', limit: 5 }, 'write', 2),
	/** Version 2, Output: Selected Fields. */
	feedbackV2Selected: tool('Feedback version 2 selected', { resource: 'feedback', operation: 'getMany', limit: 5, output: 'selected', fields: ['score', 'comment'] }, 'write', 2),
	/** The key travels in the query string here: errors must not show it. */
	customerById: tool('Customer by ID', {
		...described('Returns one customer by ID.'),
		resource: 'customer',
		operation: 'get',
		customerId: fromAI('customerId', 'The customer ID: 24 hexadecimal characters'),
	}, 'query'),
};

export const mcpWorkflow: WorkflowJson = {
	id: MCP_ID,
	name: 'E2E: MCP server with Survey Feedback tools',
	nodes: layout([
		// Without a webhookId n8n registers the path under `<workflow id>/<node name>/`, not as given.
		{ name: MCP_TRIGGER, type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2.1, webhookId: '0e2e5f0c-1a52-4d0e-9c1e-2b4f7c3d9e10', parameters: { path: MCP_PATH } },
		...Object.values(MCP_TOOLS),
	]),
	connections: toolConnections(Object.values(MCP_TOOLS), MCP_TRIGGER),
	settings: { executionOrder: 'v1' },
};

// ---------------------------------------------------------------------------------------------
// Proof 2: an AI Agent with the OpenAI Chat Model (pointed at the stand-in) and three tools

export const AGENT_ID = 'e2eAiAgent';
export const AGENT_NODE = 'AI Agent';
export const AGENT_QUESTION = 'What is our NPS, and who are the latest detractors?';

export const AGENT_TOOLS = {
	score: tool('NPS score', {
		...described('Returns the current score of a metric over all feedback: the score, the shares and counts of promoters, passives and detractors, and the number of responses.'),
		resource: 'score',
		operation: 'get',
		metric: fromAI('metric', 'Which score: nps, csat, ces or star'),
	}),
	feedback: MCP_TOOLS.feedback,
	customerById: MCP_TOOLS.customerById,
};

export const agentWorkflow: WorkflowJson = {
	id: AGENT_ID,
	name: 'E2E: AI Agent with Survey Feedback tools',
	nodes: layout([
		{ name: 'Run', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		{ name: AGENT_NODE, type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 3.1, parameters: { promptType: 'define', text: AGENT_QUESTION, options: {} } },
		{
			name: 'Chat model',
			type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
			typeVersion: 1.3,
			// The Chat Completions API (not the Responses API, 1.3's default): what the stand-in speaks.
			parameters: { model: { __rl: true, mode: 'id', value: 'gpt-e2e' }, responsesApiEnabled: false, options: {} },
			credentials: { openAiApi: { id: OPENAI_CREDENTIAL.id, name: OPENAI_CREDENTIAL.name } },
		},
		...Object.values(AGENT_TOOLS),
	]),
	connections: {
		Run: { main: [[{ node: AGENT_NODE, type: 'main', index: 0 }]] },
		'Chat model': { ai_languageModel: [[{ node: AGENT_NODE, type: 'ai_languageModel', index: 0 }]] },
		...toolConnections(Object.values(AGENT_TOOLS), AGENT_NODE),
	},
	settings: { executionOrder: 'v1' },
};

export const AI_WORKFLOWS: WorkflowJson[] = [mcpWorkflow, agentWorkflow];
