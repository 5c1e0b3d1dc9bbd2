/**
 * Runs the Survey Feedback node in n8n's own engine (test/helpers/engine.ts) against a service,
 * usually the simulator: a manual execution of Input → Survey Feedback with the test's items.
 * Returns the node's output items or its error, and every request that left.
 */
import type { IDataObject, INode, INodeExecutionData, NodeExecutionHint } from 'n8n-workflow';

import { AUTHENTICATION_METHODS, type AuthenticationMethod } from '../../credentials/authentication';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import type { Transport } from '../../nodes/shared/transport';
import { asTool, nodeOf, runWorkflow, type ExecutionError, type SentRequest } from './engine';
import { testTransport } from './transport';

export type { SentRequest } from './engine';

export interface Service {
	baseUrl: string;
	legacyBaseUrl?: string;
	apiKey: string;
}

export interface RunOptions {
	service: Service;
	/** resource, operation and the operation's parameters, as a workflow stores them ('={{ … }}' for expressions). */
	parameters: Record<string, unknown>;
	items?: IDataObject[];
	authentication?: AuthenticationMethod;
	/** The node setting "On Error": Continue (true is the regular output), or Continue using the error output. */
	continueOnFail?: boolean | 'errorOutput';
	timezone?: string;
	/** Extra credential fields, e.g. maxRateLimitWait. */
	credential?: IDataObject;
	/** The node's transport; default: the test transport (no pacing, millisecond retries). */
	transport?: Transport;
	/** The node's version as the workflow stores it; default 1. */
	typeVersion?: number;
	/** Run the node as an AI tool (`surveyFeedbackTool`). */
	tool?: boolean;
	/** Survey Feedback nodes that run after it in the same execution, each with these parameters and the same credential. */
	after?: Array<Record<string, unknown>>;
	/** Stops the execution when it aborts, as n8n's Stop does. */
	stop?: AbortSignal;
}

export interface RunResult {
	/** The node's (first) output. */
	output: INodeExecutionData[];
	/** The items' JSON, for short assertions. */
	json: IDataObject[];
	/** The error output's items, with continueOnFail: 'errorOutput'. */
	errorOutput: INodeExecutionData[];
	error?: ExecutionError;
	sent: SentRequest[];
	hints: NodeExecutionHint[];
	/** The nodes `after` it: their items' JSON and their errors (undefined where n8n did not run one). */
	after: Array<{ json: IDataObject[]; error?: ExecutionError } | undefined>;
}

const ON_ERROR = { true: 'continueRegularOutput', errorOutput: 'continueErrorOutput' } as const;

export async function runNode(options: RunOptions): Promise<RunResult> {
	const authentication = options.authentication ?? 'apiKeyHeader';
	const onError = options.continueOnFail ? ON_ERROR[String(options.continueOnFail) as keyof typeof ON_ERROR] : undefined;
	const settings: Partial<INode> = { typeVersion: options.typeVersion ?? 1, ...(onError ? { onError } : {}) };
	const node = nodeOf(options.tool ? 'surveyFeedbackTool' : 'surveyFeedback', { authentication, ...options.parameters } as INode['parameters'], settings);
	const nodeType = new SurveyFeedback(options.transport ?? testTransport());
	const after = (options.after ?? []).map((parameters, i) => ({ ...nodeOf('surveyFeedback', { authentication, ...parameters } as INode['parameters'], { typeVersion: settings.typeVersion }), id: `next-${i + 1}`, name: `Next ${i + 1}` }));
	const run = await runWorkflow({
		node,
		nodeType: options.tool ? asTool(nodeType) : nodeType,
		items: options.items ?? [{}],
		after,
		stop: options.stop,
		timezone: options.timezone,
		credentials: {
			[AUTHENTICATION_METHODS[authentication]]: {
				apiKey: options.service.apiKey,
				baseUrl: options.service.baseUrl,
				legacyBaseUrl: options.service.legacyBaseUrl ?? '',
				...(options.credential ?? {}),
			},
		},
	});
	const { outputs, error, sent, hints } = run;
	const output = outputs[0] ?? [];
	const later = run.after.map((next) => next && { json: (next.outputs[0] ?? []).map((item) => item.json), error: next.error });
	return { output, json: output.map((item) => item.json), errorOutput: outputs[1] ?? [], error, sent, hints, after: later };
}

/** runNode against one service: `run(parameters)`, and the other options where a test needs them. */
export function runNodeOn(service: Service) {
	return (parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) => runNode({ service, parameters, ...options });
}
