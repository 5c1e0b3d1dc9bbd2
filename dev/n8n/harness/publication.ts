/** Publishing (activating) and unpublishing workflows: through the public API while the server runs, with the CLI while it does not. */
import * as fs from 'node:fs';

import type { N8nCli } from './cli';
import { readFrom, tail } from './files';
import { sleep } from './processes';
import type { RestClient } from './restClient';
import { publishes, type InstanceSite } from './site';

export class Publication {
	constructor(
		private readonly site: InstanceSite,
		private readonly cli: N8nCli,
		private readonly api: RestClient,
		private readonly isRunning: () => boolean,
	) {}

	/**
	 * Publishes (activates) a workflow.
	 *
	 * Running: `POST /api/v1/workflows/<id>/publish`, then waits until
	 * `GET /rest/workflows/<id>/publication-status` is settled: in 2.41 the publish call answers
	 * at once (active: true) and the triggers are activated in the background, with retries. A
	 * poll trigger polls once during its activation, so its first execution follows within about
	 * a second. Throws when activation fails (e.g. "The polling interval is too short"), which
	 * n8n itself only writes to its log.
	 *
	 * Not running: `n8n publish:workflow --id=<id>`; the triggers start (and a poll trigger polls)
	 * at the next start(). Errors then show only in the log.
	 *
	 * n8n 1.x: `POST /api/v1/workflows/<id>/activate`, which activates the triggers within the
	 * call and answers with the failure when activation fails; not running, `n8n update:workflow
	 * --id=<id> --active=true`.
	 */
	async activate(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<void> {
		const { logFile } = this.site;
		const started = Date.now();
		if (!this.isRunning()) return await this.setActiveByCli(workflowId, true);
		if (!publishes(this.site)) {
			// n8n 1.x: activation runs within the call (a poll trigger polls once) and a failure is its answer.
			await this.api.publicApi('POST', `/workflows/${workflowId}/activate`, undefined, { timeoutMs: opts.timeoutMs ?? 60_000 });
			this.site.timings.push({ step: 'activate', ms: Date.now() - started });
			return;
		}
		const logOffset = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
		await this.api.publicApi('POST', `/workflows/${workflowId}/publish`, {});
		const deadline = started + (opts.timeoutMs ?? 60_000);
		for (;;) {
			const st = (await this.api.rest('GET', `/workflows/${workflowId}/publication-status`)).data;
			if (st.status === 'published') break;
			if (st.status === 'failed' || st.status === 'partial') {
				const msgs = (st.triggers ?? []).map((t: any) => t.errorMessage).filter(Boolean).join('; ');
				throw new Error(`activating workflow ${workflowId} ${st.status}: ${msgs}\n${tail(logFile, 30)}`);
			}
			const problem = /There was a problem activating the workflow: .*/.exec(readFrom(logFile, logOffset).toString('utf8'));
			if (problem) {
				throw new Error(`activating workflow ${workflowId}: ${problem[0]} (n8n goes on retrying)\n${tail(logFile, 30)}`);
			}
			if (Date.now() > deadline) {
				throw new Error(`workflow ${workflowId} still "${st.status}" after ${opts.timeoutMs ?? 60_000} ms\n${tail(logFile, 30)}`);
			}
			await sleep(100);
		}
		this.site.timings.push({ step: 'activate', ms: Date.now() - started });
	}

	/**
	 * Unpublishes (deactivates) a workflow: public API `POST /workflows/<id>/unpublish` when
	 * running (then waits until it is no longer published), else `n8n unpublish:workflow`
	 * (n8n 1.x: `/deactivate`, or `n8n update:workflow --active=false`).
	 */
	async deactivate(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<void> {
		if (!this.isRunning()) return await this.setActiveByCli(workflowId, false);
		if (!publishes(this.site)) {
			await this.api.publicApi('POST', `/workflows/${workflowId}/deactivate`, undefined, { timeoutMs: opts.timeoutMs ?? 30_000 });
			return;
		}
		await this.api.publicApi('POST', `/workflows/${workflowId}/unpublish`);
		const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
		for (;;) {
			const st = (await this.api.rest('GET', `/workflows/${workflowId}/publication-status`)).data;
			if (st.status === 'not_published') return;
			if (Date.now() > deadline) {
				throw new Error(`workflow ${workflowId} still "${st.status}" after unpublishing\n${tail(this.site.logFile, 30)}`);
			}
			await sleep(100);
		}
	}

	/** Not running: `n8n publish:workflow` / `unpublish:workflow` (n8n 1.x: `n8n update:workflow --active=…`). */
	private async setActiveByCli(workflowId: string, active: boolean): Promise<void> {
		if (!publishes(this.site)) {
			await this.cli.runOrThrow('update:workflow', ['update:workflow', `--id=${workflowId}`, `--active=${active}`], () => true);
			return;
		}
		const command = active ? 'publish:workflow' : 'unpublish:workflow';
		await this.cli.runOrThrow(command, [command, `--id=${workflowId}`], () => true);
	}
}
