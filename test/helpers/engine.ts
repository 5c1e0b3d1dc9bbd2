/**
 * n8n's own execution engine, in process, serving this package's nodes: a real `Workflow`
 * (n8n-workflow) run by n8n-core's `WorkflowExecute`, polled through n8n-core's `PollContext`, and
 * list searches through its `LoadOptionsContext`. Parameter defaults, expressions, credentials,
 * `httpRequestWithAuthentication` (real HTTP), paired items and the error settings are n8n's.
 * Ours, as in n8n's own node tests: the catalogue of node types (our two classes and an Input
 * node whose output is pinned), the credentials store (the test's decrypted data), and a
 * recorder of the requests as they leave.
 *
 * One difference from a running n8n 2.41: expressions are evaluated by n8n-workflow's in-process
 * evaluator, as n8n runs them with N8N_EXPRESSION_ENGINE=legacy. n8n's default 'vm' engine needs
 * isolated-vm, a native module for Node.js 24; the end-to-end tests run that one.
 */
import {
	ExecuteContext,
	ExecutionLifecycleHooks,
	ExternalSecretsProxy,
	LoadOptionsContext,
	PollContext,
	PollTriggerExecutor,
	TriggersAndPollers,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IPollFunctions,
	IConnections,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IRun,
	IWorkflowExecuteAdditionalData,
	NodeExecutionHint,
} from 'n8n-workflow';
import { createRunExecutionData, ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';
import { AsyncLocalStorage } from 'node:async_hooks';
import { isDeepStrictEqual } from 'node:util';

import { SurveyFeedbackApi } from '../../credentials/SurveyFeedbackApi.credentials';
import { SurveyFeedbackLegacyHeaderApi } from '../../credentials/SurveyFeedbackLegacyHeaderApi.credentials';
import { SurveyFeedbackQueryAuthApi } from '../../credentials/SurveyFeedbackQueryAuthApi.credentials';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { SurveyFeedbackTrigger } from '../../nodes/SurveyFeedbackTrigger/SurveyFeedbackTrigger.node';
import { recording, type SentRequest } from './sentRequests';

export { pathOf, queryOf, type SentRequest } from './sentRequests';

const PACKAGE = 'n8n-nodes-survey-feedback';

/** The node that hands the test's items to the node under test (its output is pinned). */
const INPUT_TYPE = `${PACKAGE}-test.input`;
const inputNodeType: INodeType = {
	description: {
		displayName: 'Input',
		name: 'input',
		group: ['trigger'],
		version: 1,
		description: 'Emits the items pinned to it',
		defaults: { name: 'Input' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	},
	async execute() {
		return [this.getInputData()];
	},
};

export type OurNodeType = 'surveyFeedback' | 'surveyFeedbackTool' | 'surveyFeedbackTrigger';

/**
 * The node as an AI tool. n8n serves a node that is `usableAsTool` a second time as
 * `<name>Tool`: the same class and parameters, under the name that `@tool` display options and
 * the node's own tool checks read. (The agent side of a tool run is proven in a real n8n, test/e2e.)
 */
export function asTool(nodeType: INodeType): INodeType {
	const { name, displayName } = nodeType.description;
	nodeType.description = { ...nodeType.description, name: `${name}Tool`, displayName: `${displayName} Tool` };
	return nodeType;
}

/** Our node classes as n8n constructs them (with no argument). */
const nodeClasses: Record<OurNodeType, () => INodeType> = {
	surveyFeedback: () => new SurveyFeedback(),
	surveyFeedbackTool: () => asTool(new SurveyFeedback()),
	surveyFeedbackTrigger: () => new SurveyFeedbackTrigger(),
};

const NODE_NAMES: Record<OurNodeType, string> = {
	surveyFeedback: 'Survey Feedback',
	surveyFeedbackTool: 'Survey Feedback Tool',
	surveyFeedbackTrigger: 'Survey Feedback Trigger',
};

/**
 * n8n's catalogue of node types, holding only ours: `served` is the instance of the node under
 * test (a test may construct it, e.g. with a test transport), the others are constructed as n8n does.
 */
function nodeTypesServing(served?: INodeType): INodeTypes {
	const byType = new Map<string, INodeType>([[INPUT_TYPE, inputNodeType]]);
	const lookUp = (type: string): INodeType => {
		const name = type.slice(PACKAGE.length + 1) as OurNodeType;
		if (!byType.has(type) && type.startsWith(`${PACKAGE}.`) && nodeClasses[name]) {
			byType.set(type, served?.description.name === name ? served : nodeClasses[name]());
		}
		const found = byType.get(type);
		if (!found) throw new Error(`Unknown node type ${type}`);
		return found;
	};
	return { getByName: lookUp, getByNameAndVersion: lookUp, getKnownTypes: () => ({}) };
}

const credentialClasses: Record<string, ICredentialType> = Object.fromEntries(
	[new SurveyFeedbackApi(), new SurveyFeedbackLegacyHeaderApi(), new SurveyFeedbackQueryAuthApi()].map((type) => [type.name, type]),
);

/**
 * n8n's credentials store, reduced to what a node run asks of it: the test's decrypted data with
 * the credential type's defaults filled in (as n8n does), applied to each request by the
 * credential class's own `authenticate`.
 */
class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly stored: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(credentials: ICredentialDataDecryptedObject, typeName: string, requestOptions: IHttpRequestOptions) {
		const authenticate = credentialClasses[typeName]?.authenticate;
		if (typeof authenticate !== 'function') throw new Error(`The credential type ${typeName} has no authenticate function`);
		return authenticate(credentials, requestOptions);
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('Not needed by these nodes');
	}

	async getDecrypted(_additionalData: IWorkflowExecuteAdditionalData, _node: INodeCredentialsDetails, type: string) {
		const data = this.stored[type];
		if (!data) throw new Error(`No credential of type ${type} in this test`);
		const withDefaults = NodeHelpers.getNodeParameters(this.getCredentialsProperties(type), data as INodeParameters, true, false, null, null);
		return { ...data, ...(withDefaults as ICredentialDataDecryptedObject) };
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialClasses[type]?.properties ?? [];
	}
}

// ---- Requests as they left: see sentRequests.ts.

// ---- Workflows and runs.

export interface Credentials {
	[type: string]: ICredentialDataDecryptedObject;
}

const NOT_HERE = async () => {
	throw new Error('Not available in these tests');
};

/** What n8n hands every context besides the workflow: here the credentials store and URLs. */
function additionalDataFor(credentials: Credentials, hooks?: ExecutionLifecycleHooks): IWorkflowExecuteAdditionalData {
	const base = 'http://127.0.0.1:5678';
	return {
		credentialsHelper: new TestCredentialsHelper(credentials),
		hooks,
		executeWorkflow: NOT_HERE,
		getRunExecutionData: NOT_HERE,
		getRuntimeCredential: NOT_HERE,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		externalSecretsProxy: new ExternalSecretsProxy(),
		logAiEvent: () => {},
		startRunnerTask: NOT_HERE,
	};
}

/** A workflow stores parameters as JSON: a function or an object such as a DateTime is a test's mistake. */
function assertStorable(value: unknown, path: string): void {
	if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return;
	if (Array.isArray(value)) return value.forEach((entry, index) => assertStorable(entry, `${path}[${index}]`));
	if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
		return Object.entries(value as IDataObject).forEach(([key, entry]) => assertStorable(entry, `${path}.${key}`));
	}
	throw new Error(`Parameter ${path} is not JSON a workflow could store; write an expression ('={{ … }}') instead`);
}

/** A node of ours as a workflow stores it; `settings` are the node's settings (onError…). */
export function nodeOf(type: OurNodeType, parameters: INode['parameters'], settings: Partial<INode> = {}): INode {
	assertStorable(parameters, 'parameters');
	return {
		id: `${type}-under-test`,
		name: NODE_NAMES[type],
		type: `${PACKAGE}.${type}`,
		typeVersion: 1,
		position: [200, 0],
		parameters,
		...settings,
	};
}

/** The node with the test's credentials selected on it, as a user picks them in the editor. */
function withCredentials(node: INode, credentials: Credentials): INode {
	const selected = Object.fromEntries(Object.keys(credentials).map((type) => [type, { id: `${type}-1`, name: `Test ${type}` }]));
	return { ...node, credentials: selected };
}

interface WorkflowOptions {
	/** Default 'engine-test'. */
	id?: string;
	nodes: INode[];
	/** The instance of the node under test; default: one constructed as n8n does. */
	nodeType?: INodeType;
	connections?: IConnections;
	active?: boolean;
	staticData?: IDataObject;
	timezone?: string;
}

function workflowOf(options: WorkflowOptions): Workflow {
	return new Workflow({
		id: options.id ?? 'engine-test',
		name: 'Engine test',
		nodes: options.nodes,
		connections: options.connections ?? {},
		active: options.active ?? false,
		nodeTypes: nodeTypesServing(options.nodeType),
		staticData: options.staticData,
		settings: { timezone: options.timezone ?? 'UTC', executionOrder: 'v1' },
	});
}

export interface NodeRun {
	/** The node's outputs, one list of items per output (two with the error output). */
	outputs: INodeExecutionData[][];
	/** The error the node failed with, as n8n recorded it (a copy of the error's fields). */
	error?: ExecutionError;
	hints: NodeExecutionHint[];
	sent: SentRequest[];
	/** The runs of the nodes `after` it, in order (absent where n8n did not run one). */
	after: Array<{ outputs: INodeExecutionData[][]; error?: ExecutionError } | undefined>;
}

/** A node's error as n8n records it in the run data: the thrown error's own fields. */
export type ExecutionError = Error & { description?: string; context?: IDataObject; httpCode?: string };

/**
 * A manual execution, the way the editor runs a workflow: with `items`, a workflow Input → node
 * where the items are Input's pinned output; without, the node (a trigger) alone. Returns the
 * node's run data. A workflow n8n refuses to start (a required parameter left empty) comes back
 * as the error too.
 */
export async function runWorkflow(options: {
	node: INode;
	nodeType?: INodeType;
	items?: IDataObject[];
	credentials: Credentials;
	timezone?: string;
	staticData?: IDataObject;
	/** Nodes that run after it in the same execution, each fed by the one before (names of their own). */
	after?: INode[];
	/** Stops the execution when it aborts, as n8n's Stop does: n8n-core cancels the run, which aborts the nodes' signal. */
	stop?: AbortSignal;
}): Promise<NodeRun> {
	const node = withCredentials(options.node, options.credentials);
	const after = (options.after ?? []).map((next) => withCredentials(next, options.credentials));
	const input: INode = { id: 'input', name: 'Input', type: INPUT_TYPE, typeVersion: 1, position: [0, 0], parameters: {} };
	const withInput = options.items !== undefined;
	// A chain: Input (with items), the node, the nodes after it.
	const nodes = [...(withInput ? [input] : []), node, ...after];
	const connections: IConnections = Object.fromEntries(nodes.slice(0, -1).map((from, i) => [from.name, { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] }]));
	const workflow = workflowOf({ nodes, nodeType: options.nodeType, connections, staticData: options.staticData, timezone: options.timezone });
	const hooks = new ExecutionLifecycleHooks('manual', 'engine-test-execution', {
		id: workflow.id,
		name: 'Engine test',
		nodes,
		connections,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	});
	const execution = new WorkflowExecute(additionalDataFor(options.credentials, hooks), 'manual');
	const pinData = withInput ? { [input.name]: (options.items ?? []).map((json) => ({ json })) } : undefined;
	const sent: SentRequest[] = [];
	let run: IRun;
	try {
		run = await recording.run(sent, () => {
			const running = execution.run({ workflow, startNode: withInput ? input : node, pinData });
			options.stop?.addEventListener('abort', () => running.cancel(), { once: true });
			return running;
		});
	} catch (error) {
		return { outputs: [], error: error as ExecutionError, hints: [], sent, after: [] };
	}
	const taskOf = (name: string) => run.data.resultData.runData[name]?.[0];
	const outputsOf = (name: string) => (taskOf(name)?.data?.main ?? []).map((items) => items ?? []);
	return {
		outputs: outputsOf(node.name),
		error: run.data.resultData.error as ExecutionError | undefined,
		hints: taskOf(node.name)?.hints ?? [],
		sent,
		after: after.map((next) => taskOf(next.name) && { outputs: outputsOf(next.name), error: taskOf(next.name)?.error as ExecutionError | undefined }),
	};
}

export interface PollRun {
	/** What the poll returned; null for "nothing new". */
	output: INodeExecutionData[][] | null;
	error?: ExecutionError;
	sent: SentRequest[];
}

export interface PollOptions {
	/**
	 * The workflow's ID: a trigger is its workflow's ID and its node's, for its poll guard. Default:
	 * a new one for each call, so that polls of separate tests never meet in the shared guard.
	 */
	workflowId?: string;
	node: INode;
	nodeType?: INodeType;
	credentials: Credentials;
	/** The workflow's static data, carried from poll to poll as an active workflow keeps it. */
	staticData: IDataObject;
	timezone?: string;
	/**
	 * The host's poll budget (n8n hands one to leased polls); null: a host without one (n8n
	 * before 2.38, whose poll context has no getPollBudgetMs).
	 */
	pollBudgetMs?: number | null;
	/** Runs before each call of the helper `httpRequestWithAuthentication`, retries included. */
	beforeRequest?: (index: number, request: IHttpRequestOptions) => void | Promise<void>;
	/** Hears every line the node writes to n8n's log (`this.logger`), which still receives it. */
	onLog?: (level: LogLevel, message: string) => void;
	/**
	 * n8n's part around the poll of an active workflow, as n8n 2.41 has it (default: the poll
	 * function called alone). The poll runs through n8n-core's PollTriggerExecutor, which drops
	 * its result when `isCurrent()` says a newer activation superseded it; `activation` marks the
	 * activation's own first poll (its errors are thrown; n8n commits no cursor of it). With
	 * `cursor`, the durable poll cursors: each poll reads and writes a copy of the stored position
	 * of its own, which n8n commits with the execution when the poll emits, or alone when it finds
	 * nothing new (n8n 2.41's TriggerExecutionContextFactory.getExecutePollFunctions); the copy is
	 * `prefetched`, the position as n8n read it when it started the poll's task, when given.
	 */
	scheduled?: { isCurrent: () => boolean; activation?: boolean; cursor?: StoredCursor; prefetched?: IDataObject };
	/** false: a poll context without n8n's staging scope (`__runPoll`), as n8n before 2.37 has it. */
	stagingScope?: false;
}

/** The position the durable poll cursors keep for one trigger (n8n's `poller_state` row). */
export interface StoredCursor {
	value: IDataObject;
}

/** n8n-core's PollTriggerExecutor, from n8n-core's own service container. */
function pollTriggerExecutor(): PollTriggerExecutor {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Container } = require(require.resolve('@n8n/di', { paths: [require.resolve('n8n-core')] })) as { Container: { get<T>(type: new (...args: never[]) => T): T } };
	return Container.get(PollTriggerExecutor);
}

type LogLevel = 'error' | 'warn' | 'info' | 'debug';

/**
 * A probe around n8n's logger for one context: each line goes to n8n's own logger (n8n-core's
 * `logger` getter, from the context's class) and to `onLog`.
 */
function hearLog(context: object, onLog: (level: LogLevel, message: string) => void): void {
	let getter: (() => unknown) | undefined;
	for (let proto = Object.getPrototypeOf(context); proto && !getter; proto = Object.getPrototypeOf(proto)) {
		getter = Object.getOwnPropertyDescriptor(proto, 'logger')?.get;
	}
	if (!getter) throw new Error('n8n-core no longer gives contexts a logger getter');
	// The getter memoizes onto the object it is called on; call it on a throwaway one.
	const n8nLogger = getter.call({}) as Record<LogLevel, (message: string, meta?: object) => void>;
	const logger = Object.fromEntries(
		(['error', 'warn', 'info', 'debug'] as const).map((level) => [
			level,
			(message: string, meta?: object) => {
				onLog(level, message);
				n8nLogger[level](message, meta);
			},
		]),
	);
	Object.defineProperty(context, 'logger', { value: logger });
}

/**
 * One poll of an active workflow as n8n's poll trigger runs it: n8n-core's PollContext in
 * 'trigger' mode over the workflow's static data, through TriggersAndPollers.
 */
let pollCalls = 0;

export async function pollOnce(options: PollOptions): Promise<PollRun> {
	const node = withCredentials(options.node, options.credentials);
	const id = options.workflowId ?? `engine-test-poll-${++pollCalls}`;
	const workflow = workflowOf({ id, nodes: [node], nodeType: options.nodeType, active: true, staticData: options.staticData, timezone: options.timezone });
	const budget = options.pollBudgetMs;
	const pollBudgetMs = budget === undefined || budget === null ? undefined : () => budget;
	const emitted: { output: INodeExecutionData[][] | null; error?: ExecutionError } = { output: null };
	const cursor = options.scheduled?.cursor;
	const staging = new AsyncLocalStorage<{ snapshot: IDataObject; seed: IDataObject }>();
	const commitStaged = () => {
		const staged = staging.getStore();
		if (!cursor || !staged || isDeepStrictEqual(staged.snapshot, staged.seed)) return;
		cursor.value = structuredClone(staged.snapshot);
		staged.seed = structuredClone(staged.snapshot);
	};
	const context = new PollContext(
		workflow,
		node,
		additionalDataFor(options.credentials),
		'trigger',
		'activate',
		(data) => {
			emitted.output = data;
			commitStaged();
		},
		(error) => {
			emitted.error = error as ExecutionError;
		},
		cursor ? async () => commitStaged() : undefined,
		cursor
			? async (poll) => {
					const read = options.scheduled?.prefetched ?? cursor.value;
					return await staging.run({ snapshot: structuredClone(read), seed: structuredClone(read) }, poll);
				}
			: undefined,
		cursor ? () => staging.getStore()!.snapshot : undefined,
		// …and the host's poll budget, when the test sets one.
		pollBudgetMs,
	);
	if (budget === null) Object.defineProperty(context, 'getPollBudgetMs', { value: undefined });
	if (options.stagingScope === false) Object.defineProperty(context, '__runPoll', { value: undefined });
	if (options.onLog) hearLog(context, options.onLog);
	if (options.beforeRequest) {
		// A probe around n8n's own helper: the test acts between the requests of one poll.
		const send = context.helpers.httpRequestWithAuthentication;
		const before = options.beforeRequest;
		let index = 0;
		context.helpers.httpRequestWithAuthentication = async function (this: IPollFunctions, ...args: Parameters<typeof send>) {
			await before(index++, args[1]);
			return await send.apply(this, args);
		} as typeof send;
	}
	const sent: SentRequest[] = [];
	try {
		if (!options.scheduled) {
			const output = await recording.run(sent, () => new TriggersAndPollers().runPollFunction(workflow, node, context));
			return { output, sent };
		}
		const { isCurrent, activation = false } = options.scheduled;
		await recording.run(sent, () => pollTriggerExecutor().create(workflow, node, context, isCurrent)(activation));
		return { output: emitted.error ? null : emitted.output, error: emitted.error, sent };
	} catch (error) {
		return { output: null, error: error as ExecutionError, sent };
	}
}

/** n8n-core's ExecuteContext for the node, as a node run gets it: for code that takes a context. */
export function executeContext(options: { node: INode; nodeType?: INodeType; credentials: Credentials; items?: IDataObject[]; timezone?: string }): IExecuteFunctions {
	const node = withCredentials(options.node, options.credentials);
	const workflow = workflowOf({ nodes: [node], nodeType: options.nodeType, timezone: options.timezone });
	const items = (options.items ?? [{}]).map((json) => ({ json }));
	const inputData = { main: [items] };
	const executeData = { node, data: inputData, source: null };
	const additionalData = additionalDataFor(options.credentials);
	return new ExecuteContext(workflow, node, additionalData, 'manual', createRunExecutionData(), 0, items, inputData, executeData, []);
}

/**
 * A list search of the node, the way the editor asks for one: n8n-core's LoadOptionsContext for
 * the parameter at `path`, with the node's current parameters.
 */
export async function listSearch(options: { node: INode; nodeType?: INodeType; credentials: Credentials; path: string; method: string; filter?: string }) {
	const node = withCredentials(options.node, options.credentials);
	const workflow = workflowOf({ nodes: [node], nodeType: options.nodeType });
	const additionalData = { ...additionalDataFor(options.credentials), currentNodeParameters: node.parameters };
	const context = new LoadOptionsContext(workflow, node, additionalData, options.path);
	const search = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion).methods?.listSearch?.[options.method];
	if (!search) throw new Error(`The node has no list search ${options.method}`);
	const sent: SentRequest[] = [];
	const result = await recording.run(sent, () => search.call(context as ILoadOptionsFunctions, options.filter));
	return { ...result, sent };
}

/**
 * A load-options list of the node (a dropdown's choices), the way the editor asks for one:
 * n8n-core's LoadOptionsContext for the parameter at `path`, with the node's current parameters
 * (those a list depends on, such as the campaign).
 */
export async function loadOptions(options: { node: INode; nodeType?: INodeType; credentials: Credentials; path: string; method: string }) {
	const node = withCredentials(options.node, options.credentials);
	const workflow = workflowOf({ nodes: [node], nodeType: options.nodeType });
	const additionalData = { ...additionalDataFor(options.credentials), currentNodeParameters: node.parameters };
	const context = new LoadOptionsContext(workflow, node, additionalData, options.path);
	const load = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion).methods?.loadOptions?.[options.method];
	if (!load) throw new Error(`The node has no load-options method ${options.method}`);
	const sent: SentRequest[] = [];
	const results = await recording.run(sent, () => load.call(context as ILoadOptionsFunctions));
	return { results, sent };
}

/**
 * A column mapper's list of fields, the way the editor asks for it when it opens the mapper:
 * n8n-core's LoadOptionsContext for the `columns` parameter, with the node's current parameters.
 */
export async function resourceMapping(options: { node: INode; nodeType?: INodeType; credentials: Credentials; method: string; path?: string }) {
	const node = withCredentials(options.node, options.credentials);
	const workflow = workflowOf({ nodes: [node], nodeType: options.nodeType });
	const additionalData = { ...additionalDataFor(options.credentials), currentNodeParameters: node.parameters };
	const context = new LoadOptionsContext(workflow, node, additionalData, options.path ?? 'columns');
	const method = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion).methods?.resourceMapping?.[options.method];
	if (!method) throw new Error(`The node has no column mapper method ${options.method}`);
	const sent: SentRequest[] = [];
	const result = await recording.run(sent, () => method.call(context as ILoadOptionsFunctions));
	return { ...result, sent };
}
