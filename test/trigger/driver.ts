/**
 * Drives the trigger against the simulator the way n8n does (test/helpers/engine.ts). An active
 * workflow: each poll runs through n8n-core's PollContext in 'trigger' mode and its
 * PollTriggerExecutor, over the static data of the workflow's activation, which the workflow
 * keeps from poll to poll. Fetch Test Event: a manual execution of the trigger in n8n-core's
 * WorkflowExecute, over a copy of the static data that n8n does not keep. A hook can act before
 * any request of a poll: insert records while the poll walks its pages, inject a fault, turn the
 * rate limit on.
 *
 * The host is n8n 2.41 with its defaults, or as the test chooses:
 * - `before 2.37`: n8n calls the poll function alone (no staging scope, no check of its own for a
 *   superseded activation), as the n8n 1.x versions the package supports do;
 * - `durable cursors`: n8n 2.41's durable poll cursors: each poll reads and writes a copy of the
 *   stored position of its own, committed when it emits or finds nothing new; the activation's
 *   own poll commits nothing unless it emits.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { SurveyFeedbackTrigger } from '../../nodes/SurveyFeedbackTrigger/SurveyFeedbackTrigger.node';
import { PollGuard } from '../../nodes/SurveyFeedbackTrigger/pollGuard';
import { nodeOf, pollOnce, runWorkflow, type ExecutionError, type PollOptions, type SentRequest, type StoredCursor } from '../helpers/engine';
import { testTransport } from '../helpers/transport';
import type { Simulator } from '../../dev/simulator';

export interface PollResult {
	/** The emitted items' JSON; empty when the poll returned null. */
	items: IDataObject[];
	/** Whether poll returned null (rather than items). */
	returnedNull: boolean;
	error?: ExecutionError;
	sent: SentRequest[];
	/** The node's static data after the poll: the active workflow's, or the manual run's copy. */
	staticData: IDataObject;
	/** The lines the trigger wrote to n8n's log during an active workflow's poll. */
	logged: Array<{ level: string; message: string }>;
}

export type RequestHook = NonNullable<PollOptions['beforeRequest']>;

export interface DriverOptions {
	sim: Simulator;
	apiKey: string;
	parameters: Record<string, unknown>;
	/** Credential fields, e.g. maxRateLimitWait in seconds. */
	credential?: IDataObject;
	timezone?: string;
	host?: Host;
}

export type Host = 'n8n 2.41' | 'before 2.37' | 'durable cursors';

export class TriggerDriver {
	/** The workflow's static data, as the active workflow holds it between polls. */
	private staticData: IDataObject = {};
	/** The durable poll cursor of the trigger (durable cursors only). */
	private readonly cursor: StoredCursor = { value: {} };
	/** Counts the workflow's activations: a poll of an older one is superseded. */
	private activation = 0;
	/**
	 * Tiny backoff and no client-side pacing, so retries and many polls run in milliseconds; a poll
	 * guard of this driver's own, as one n8n process has one.
	 */
	private readonly nodeType = new SurveyFeedbackTrigger(testTransport(), new PollGuard(() => Date.now() + this.clockAhead));
	/** How far the guard's clock is ahead of the real one (see later()). */
	private clockAhead = 0;

	constructor(private readonly options: DriverOptions) {}

	/** The trigger node's static data (a copy), as n8n keeps it. */
	get state(): IDataObject {
		return this.host === 'durable cursors' ? structuredClone(this.cursor.value) : this.nodeData(this.staticData);
	}

	private get host(): Host {
		return this.options.host ?? 'n8n 2.41';
	}

	/** The node's part of a workflow's static data, copied out of n8n's observable wrappers. */
	private nodeData(workflowStaticData: IDataObject): IDataObject {
		const kept = workflowStaticData[`node:${this.node().name}`];
		return kept === undefined ? {} : JSON.parse(JSON.stringify(kept));
	}

	/**
	 * Deactivates and activates the workflow again: n8n builds a new workflow whose static data is
	 * what its database holds, a copy of the state the last finished poll left.
	 */
	reactivate() {
		this.staticData = JSON.parse(JSON.stringify(this.staticData)) as IDataObject;
		this.activation++;
	}

	/** Moves the trigger's clock `ms` ahead, as time passing between polls would. */
	later(ms: number) {
		this.clockAhead += ms;
	}

	/** The stored durable cursor as n8n reads it when it starts a poll's task (durable cursors only). */
	cursorCopy(): IDataObject {
		return structuredClone(this.cursor.value);
	}

	setParameters(parameters: Record<string, unknown>) {
		this.options.parameters = parameters;
	}

	private node(): INode {
		return nodeOf('surveyFeedbackTrigger', { authentication: 'apiKeyHeader', ...this.options.parameters } as INode['parameters']);
	}

	/**
	 * One poll; `activation`: the activation's own first poll, which n8n runs before scheduling the
	 * others; `prefetched` (durable cursors): the copy n8n read when it started the poll's task.
	 */
	async poll(
		opts: { mode?: 'manual' | 'trigger'; activation?: boolean; prefetched?: IDataObject; beforeRequest?: RequestHook; pollBudgetMs?: number | null } = {},
	): Promise<PollResult> {
		const credentials = {
			surveyFeedbackApi: {
				apiKey: this.options.apiKey,
				baseUrl: this.options.sim.baseUrl,
				// Three retries of 1, 2 and 4 ms with the test transport.
				maxRetryWait: 0.007,
				...(this.options.credential ?? {}),
			},
		};
		if (opts.mode === 'manual') {
			if (opts.beforeRequest || opts.pollBudgetMs !== undefined) throw new Error('Hooks and budgets are for trigger-mode polls');
			const copy = JSON.parse(JSON.stringify(this.staticData)) as IDataObject;
			const run = await runWorkflow({ node: this.node(), nodeType: this.nodeType, credentials, timezone: this.options.timezone, staticData: copy });
			const items = (run.outputs[0] ?? []).map((item) => item.json);
			return { items, returnedNull: run.outputs.length === 0 && !run.error, error: run.error, sent: run.sent, staticData: this.nodeData(copy), logged: [] };
		}
		const logged: PollResult['logged'] = [];
		const activation = this.activation;
		const host = this.host;
		const { output, error, sent } = await pollOnce({
			// One trigger: one workflow from poll to poll.
			workflowId: 'engine-test',
			...(host === 'before 2.37'
				? { stagingScope: false }
				: {
						scheduled: {
							isCurrent: () => activation === this.activation,
							activation: opts.activation,
							cursor: host === 'durable cursors' ? this.cursor : undefined,
							prefetched: opts.prefetched,
						},
					}),
			node: this.node(),
			nodeType: this.nodeType,
			credentials,
			staticData: this.staticData,
			timezone: this.options.timezone,
			pollBudgetMs: opts.pollBudgetMs,
			beforeRequest: opts.beforeRequest,
			onLog: (level, message) => logged.push({ level, message }),
		});
		return { items: output ? output[0].map((item) => item.json) : [], returnedNull: output === null && !error, error, sent, staticData: this.state, logged };
	}
}

/** Starts a poll of `trigger` and holds it at its first request until `release()`; resolves once the poll is held there, running. */
export async function heldPoll(trigger: TriggerDriver): Promise<{ result: Promise<PollResult>; release: () => void }> {
	let release!: () => void;
	let reached!: () => void;
	const released = new Promise<void>((resolve) => (release = resolve));
	const arrived = new Promise<void>((resolve) => (reached = resolve));
	const result = trigger.poll({
		beforeRequest: async (index) => {
			if (index !== 0) return;
			reached();
			await released;
		},
	});
	await arrived;
	return { result, release };
}
