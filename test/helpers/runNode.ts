/**
 * Runs the Survey Feedback node's real `execute` in-process against a service (usually the
 * simulator), the way n8n would for one node run. Returns the output items or the thrown error,
 * and every request that left.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { AUTHENTICATION_METHODS, type AuthenticationMethod } from '../../credentials/authentication';
import type { Transport } from '../../nodes/shared/transport';
import { createHarness, credentialsFor, type SentRequest } from './n8nContext';
import { testTransport } from './transport';

export interface Service {
	baseUrl: string;
	legacyBaseUrl?: string;
	apiKey: string;
}

export interface RunOptions {
	service: Service;
	/** resource, operation and the operation's parameters; a function value is evaluated per item. */
	parameters: Record<string, unknown>;
	items?: IDataObject[];
	authentication?: AuthenticationMethod;
	continueOnFail?: boolean;
	timezone?: string;
	/** Extra credential fields, e.g. maxRateLimitWait. */
	credential?: IDataObject;
	/** The node's transport; default: the test transport (no pacing, millisecond retries). */
	transport?: Transport;
}

export interface RunResult {
	output: INodeExecutionData[];
	/** The items' JSON, for short assertions. */
	json: IDataObject[];
	error?: Error & { description?: string; context?: IDataObject; httpCode?: string };
	sent: SentRequest[];
	hints: unknown[];
}

export async function runNode(options: RunOptions): Promise<RunResult> {
	const authentication = options.authentication ?? 'apiKeyHeader';
	const node = new SurveyFeedback(options.transport ?? testTransport());
	const harness = createHarness({
		nodeType: node,
		parameters: { authentication, ...options.parameters },
		credentials: credentialsFor(AUTHENTICATION_METHODS[authentication], {
			apiKey: options.service.apiKey,
			baseUrl: options.service.baseUrl,
			legacyBaseUrl: options.service.legacyBaseUrl ?? '',
			...(options.credential ?? {}),
		}),
		items: (options.items ?? [{}]).map((json) => ({ json })),
		continueOnFail: options.continueOnFail,
		timezone: options.timezone,
	});
	try {
		const [output] = await node.execute.call(harness.context);
		return { output, json: output.map((item) => item.json), sent: harness.sent, hints: harness.hints };
	} catch (error) {
		return { output: [], json: [], error: error as RunResult['error'], sent: harness.sent, hints: harness.hints };
	}
}

/** Item values as an expression would give them: `field('email')` reads the input item's `email`. */
export const field = (name: string) => (_index: number, item: INodeExecutionData) => item.json[name];
