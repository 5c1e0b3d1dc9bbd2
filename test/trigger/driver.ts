/**
 * Drives the trigger's real `poll` against the simulator the way n8n does: each poll gets a
 * copy of the static data, and the copy is kept only when the poll succeeded (n8n saves static
 * data after a successful poll of an active workflow, never after a failed one, never in
 * manual runs). A hook can act before any request of a poll: insert records while the poll
 * walks its pages, inject a fault, turn the rate limit on.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { SurveyFeedbackTrigger } from '../../nodes/SurveyFeedbackTrigger/SurveyFeedbackTrigger.node';
import { createHarness, credentialsFor, type SentRequest } from '../helpers/n8nContext';
import { testTransport } from '../helpers/transport';
import type { Simulator } from '../../dev/simulator';

export interface PollResult {
	/** The emitted items' JSON; empty when the poll returned null. */
	items: IDataObject[];
	/** Whether poll returned null (rather than items). */
	returnedNull: boolean;
	error?: Error & { description?: string };
	sent: SentRequest[];
	/** The static data after the poll (the kept state on success, a discarded copy on failure). */
	staticData: IDataObject;
}

export type RequestHook = (index: number, options: IHttpRequestOptions) => void | Promise<void>;

export interface DriverOptions {
	sim: Simulator;
	apiKey: string;
	parameters: Record<string, unknown>;
	/** Credential fields, e.g. maxRateLimitWait in seconds. */
	credential?: IDataObject;
	timezone?: string;
}

export class TriggerDriver {
	/** The static data as n8n would have saved it. */
	state: IDataObject = {};
	/** Tiny backoff and no client-side pacing, so retries and many polls run in milliseconds. */
	readonly node = new SurveyFeedbackTrigger(testTransport());

	constructor(private readonly options: DriverOptions) {}

	setParameters(parameters: Record<string, unknown>) {
		this.options.parameters = parameters;
	}

	async poll(
		opts: { mode?: 'manual' | 'trigger'; beforeRequest?: RequestHook; pollBudgetMs?: number } = {},
	): Promise<PollResult> {
		const mode = opts.mode ?? 'trigger';
		const staticData = structuredClone(this.state);
		const harness = createHarness({
			nodeType: this.node,
			parameters: { authentication: 'apiKeyHeader', ...this.options.parameters },
			credentials: credentialsFor('surveyFeedbackApi', {
				apiKey: this.options.apiKey,
				baseUrl: this.options.sim.baseUrl,
				// Three retries of 1, 2 and 4 ms with the test transport.
				maxRetryWait: 0.007,
				...(this.options.credential ?? {}),
			}),
			mode,
			staticData,
			timezone: this.options.timezone,
		});
		const send = harness.context.helpers.httpRequestWithAuthentication;
		let index = 0;
		harness.context.helpers.httpRequestWithAuthentication = async function (this: unknown, type: string, request: IHttpRequestOptions) {
			await opts.beforeRequest?.(index++, request);
			return send.call(this, type, request);
		};
		if (opts.pollBudgetMs !== undefined) harness.context.getPollBudgetMs = () => opts.pollBudgetMs;
		try {
			const output = await this.node.poll.call(harness.context);
			if (mode !== 'manual') this.state = staticData;
			return { items: output ? output[0].map((item) => item.json) : [], returnedNull: output === null, sent: harness.sent, staticData };
		} catch (error) {
			return { items: [], returnedNull: false, error: error as PollResult['error'], sent: harness.sent, staticData };
		}
	}
}

/** The query of a sent request, as a plain object (bracket keys kept as they are). */
export function queryOf(request: SentRequest): Record<string, string> {
	return Object.fromEntries(new URL(request.url).searchParams);
}

export const pathOf = (request: SentRequest) => new URL(request.url).pathname;

/** A resource locator value as the editor stores it. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
