/**
 * What the queue-mode tests share: the trigger workflow (the webhook ones are in
 * dev/queue/workflows.ts; the credential pointing at the simulator is in
 * dev/n8n/simulatorCredentials.ts), and reading what the trigger emitted. Each test file starts its own simulator (in the jest process) and its own
 * n8n (dev/queue/cluster.ts, or the harness for regular mode).
 */
import type { N8nInstance, WorkflowJson } from '../../dev/n8n/harness';
import { outputItems } from '../../dev/n8n/harness';
import type { CredentialRef } from '../../dev/queue/workflows';
import type { Simulator } from '../../dev/simulator';

export const PACKAGE = 'n8n-nodes-survey-feedback';
export const TRIGGER_TYPE = `${PACKAGE}.surveyFeedbackTrigger`;
/** What the trigger polls for the New Feedback event. */
export const FEEDBACK_PATH = '/api/v2/feedback';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` is true; on timeout the error names `what`. */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`not after ${timeoutMs} ms: ${what}`);
		await sleep(250);
	}
}

export const TRIGGER_NODE = 'New feedback';
/** Every 5 s: n8n refuses a poll time that fires more than once a minute, but takes several at fixed seconds. */
export const POLL_SECONDS = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55];

/** Survey Feedback Trigger (New Feedback, from now, or with the `options` given) → No Operation. */
export function triggerWorkflow(id: string, cred: CredentialRef, options: { startFrom?: string } = {}): WorkflowJson {
	return {
		id,
		name: `Queue: trigger on new feedback${options.startFrom ? ' from a moment' : ''}`,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				name: TRIGGER_NODE,
				type: TRIGGER_TYPE,
				typeVersion: 1,
				parameters: { event: 'newFeedback', pollTimes: { item: POLL_SECONDS.map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })) }, options },
				credentials: { surveyFeedbackApi: cred },
			},
			{ name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} },
		],
		connections: { [TRIGGER_NODE]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
	};
}

export interface Emission {
	id: number;
	status: string;
	mode: string;
	/** Comments of the records the trigger emitted, in item order (the tests tag records by comment). */
	comments: string[];
}

/** Every finished execution of the trigger workflow, oldest first, with what the trigger emitted. */
export async function emissions(n8n: N8nInstance, workflowId: string): Promise<Emission[]> {
	const list = await n8n.executions({ workflowId, includeData: true, limit: 250 });
	return list
		.filter((e) => e.stoppedAt && !['running', 'new', 'waiting'].includes(e.status))
		.map((e) => ({ id: Number(e.id), status: e.status, mode: e.mode, comments: outputItems(e, TRIGGER_NODE).map((r) => String(r.comment)) }))
		.sort((a, b) => a.id - b.id);
}

/**
 * Waits until every comment was emitted (by any execution); returns all emissions. On timeout
 * the error lists every execution, finished or not, the trigger's last requests to `sim`, and
 * what `context` says (the stored position, the main's log).
 */
export async function waitForEmitted(
	n8n: N8nInstance,
	workflowId: string,
	comments: string[],
	opts: { timeoutMs?: number; sim?: Simulator; context?: () => string } = {},
): Promise<Emission[]> {
	const timeoutMs = opts.timeoutMs ?? 60_000;
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const all = await emissions(n8n, workflowId);
		const seen = new Set(all.flatMap((e) => e.comments));
		const missing = comments.filter((c) => !seen.has(c));
		if (missing.length === 0) return all;
		if (Date.now() > deadline) {
			const executions = (await n8n.executions({ workflowId, limit: 250 })).map((e) => `${e.id} ${e.status}${e.stoppedAt ? '' : ' (not stopped)'}`);
			const polls = (opts.sim?.requests({ path: FEEDBACK_PATH }) ?? []).slice(-8).map((r) => `${r.time} ${r.status} ?${r.rawQuery}`);
			throw new Error(
				`not emitted after ${timeoutMs} ms: ${missing.join(', ')}; executions: ${executions.join('; ') || 'none'}` +
					(opts.sim ? `; the trigger's last requests: ${polls.join(' | ') || 'none'}` : '') +
					(opts.context ? `; ${opts.context()}` : '') +
					`; log: ${n8n.logFile}`,
			);
		}
		await sleep(500);
	}
}

/** Feedback for the trigger to find, created now, one per comment (the comment names it in the assertions). */
export function newFeedback(sim: Simulator, account: 0 | 1, comments: string[]): void {
	const now = Date.now();
	sim.insert(
		sim.accounts[account].id,
		'feedback',
		comments.map((comment, i) => ({ email: 'queue.trigger@example.com', score: 7, comment, createdDate: new Date(now + i).toISOString() })),
	);
}
