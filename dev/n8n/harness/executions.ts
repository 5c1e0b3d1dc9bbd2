/** Reading an instance's executions through its public API, and running a workflow manually as the editor does. */
import { randomUUID } from 'node:crypto';

import { resultDataOf } from './executionData';
import { tail } from './files';
import { sleep } from './processes';
import type { RestClient } from './restClient';
import { publishes, type InstanceSite } from './site';
import type { ExecutionsQuery, WorkflowJson } from './types';

export class ExecutionReader {
	constructor(
		private readonly site: InstanceSite,
		private readonly api: RestClient,
	) {}

	/**
	 * Executions from the public API, newest first. With includeData each has `data` (the
	 * IRunExecutionData: `data.resultData.runData`...), readable with outputItems().
	 */
	async executions(q: ExecutionsQuery = {}): Promise<any[]> {
		const limit = q.limit ?? 100;
		const out: any[] = [];
		let cursor: string | undefined;
		do {
			const params = new URLSearchParams();
			if (q.workflowId) params.set('workflowId', q.workflowId);
			if (q.includeData) params.set('includeData', 'true');
			if (q.status) params.set('status', q.status);
			params.set('limit', String(Math.min(250, limit - out.length)));
			if (cursor) params.set('cursor', cursor);
			const page = await this.api.publicApi('GET', `/executions?${params}`);
			out.push(...page.data);
			cursor = page.nextCursor ?? undefined;
		} while (cursor && out.length < limit);
		return out;
	}

	/** One execution from the public API (with its data by default; a large one needs a longer timeoutMs than 30 s). */
	async execution(id: string, includeData = true, opts: { timeoutMs?: number } = {}): Promise<any> {
		return await this.api.publicApi('GET', `/executions/${id}?includeData=${includeData}`, undefined, opts);
	}

	/**
	 * Waits until a workflow has at least `count` finished executions (any status other than
	 * running/new/waiting), polling the public API; returns them newest first, with data
	 * (`includeData: false`: without, for executions too large to read every half second).
	 */
	async waitForExecutions(q: { workflowId: string; count?: number; timeoutMs?: number; intervalMs?: number; includeData?: boolean }): Promise<any[]> {
		const count = q.count ?? 1;
		const timeoutMs = q.timeoutMs ?? 120_000;
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const all = await this.executions({ workflowId: q.workflowId, includeData: q.includeData ?? true, limit: Math.max(count, 20) });
			const done = all.filter((e) => !['running', 'new', 'waiting'].includes(e.status));
			if (done.length >= count) return done;
			if (Date.now() > deadline) {
				throw new Error(
					`workflow ${q.workflowId}: ${done.length} of ${count} executions after ${timeoutMs} ms\n${tail(this.site.logFile, 30)}`,
				);
			}
			await sleep(q.intervalMs ?? 500);
		}
	}

	/**
	 * Runs a workflow in manual mode through the REST API, as the editor's "Execute workflow"
	 * button does; returns the finished execution (with data) from the public API.
	 * `workflow`: the id of a stored workflow, or workflow JSON (then created anew via REST).
	 * `triggerNodeName`: the trigger to start from (a poll trigger polls once, in manual mode);
	 * default the first node whose type ends in "trigger" (any case).
	 */
	async runManually(workflow: string | WorkflowJson, triggerNodeName?: string, opts: { timeoutMs?: number } = {}): Promise<any> {
		const started = Date.now();
		const executionId = await this.startManually(workflow, triggerNodeName);
		const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
		for (;;) {
			const res = await this.api.http('GET', `/api/v1/executions/${executionId}?includeData=true`, undefined, {
				apiKey: true,
				auth: false,
				allowStatus: true,
			});
			// n8n 1.85 marks the execution finished a moment before its data is stored: wait for both.
			if (res.status === 200 && !['running', 'new', 'waiting'].includes(res.body.status) && res.body.stoppedAt && resultDataOf(res.body)) {
				this.site.timings.push({ step: 'runManually', ms: Date.now() - started });
				return res.body;
			}
			if (Date.now() > deadline) throw new Error(`execution ${executionId} not finished in time\n${tail(this.site.logFile, 30)}`);
			await sleep(250);
		}
	}

	/** Starts a workflow in manual mode as runManually does, and returns the execution's id at once, while it runs. */
	async startManually(workflow: string | WorkflowJson, triggerNodeName?: string): Promise<string> {
		let wf: any;
		if (typeof workflow === 'string') {
			wf = (await this.api.rest('GET', `/workflows/${workflow}`)).data;
		} else {
			const { id: _id, active: _active, ...rest } = workflow;
			wf = (
				await this.api.rest('POST', '/workflows', {
					name: `Manual ${Date.now()}`,
					connections: {},
					settings: {},
					...rest,
					nodes: workflow.nodes.map((n) => ({ id: randomUUID(), position: [0, 0], parameters: {}, ...n })),
				})
			).data;
		}
		const trigger =
			triggerNodeName ?? wf.nodes.find((n: any) => /trigger$/i.test(String(n.type)))?.name;
		if (!trigger) throw new Error(`workflow ${wf.id} has no trigger node: name one`);
		// n8n 1.x runs the workflow sent in the body; 2.x the stored one.
		const run = await this.api.rest('POST', `/workflows/${wf.id}/run`, {
			triggerToStartFrom: { name: trigger },
			...(publishes(this.site) ? {} : { workflowData: wf }),
		});
		const executionId = run.data?.executionId;
		if (!executionId) throw new Error(`run of workflow ${wf.id} gave no execution id: ${JSON.stringify(run).slice(0, 500)}`);
		return String(executionId);
	}

	/**
	 * Stops a running execution as the editor's Stop button does (REST `POST /rest/executions/<id>/stop`);
	 * returns n8n's answer (`{ mode, startedAt, stoppedAt, finished, status }`).
	 */
	async stop(executionId: string): Promise<any> {
		return (await this.api.rest('POST', `/executions/${executionId}/stop`, {})).data;
	}
}
