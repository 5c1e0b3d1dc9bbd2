/**
 * The example workflows of examples/ (what users import), as the demo, `npm run dev`, `dev:queue`,
 * the e2e tests and the version matrix read them. They name the simulator's credential by id
 * (EXAMPLES_CREDENTIAL in simulatorCredentials.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { REPO_ROOT, type WorkflowJson } from './harness';

/** examples/*.json: file name → workflow, in file-name order, as users import them. */
export function readExamples(): Record<string, WorkflowJson> {
	const dir = path.join(REPO_ROOT, 'examples');
	const out: Record<string, WorkflowJson> = {};
	for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
		out[file] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
	}
	return out;
}

/**
 * Examples built around a chat model or an MCP client (n8n's AI nodes): they import like the
 * others, but need the user's model or client to run; the AI end-to-end tests run them.
 */
export function needsModelOrMcpClient(workflow: WorkflowJson): boolean {
	return workflow.nodes.some((node) => String(node.type).startsWith('@n8n/n8n-nodes-langchain.'));
}

const SCHEDULE_TRIGGER = 'n8n-nodes-base.scheduleTrigger';

/**
 * The workflow as `n8n execute` can run it now: that command starts only from a Manual Trigger, so
 * a Schedule Trigger (the weekly report's) becomes a Manual Trigger of the same name, as the
 * editor's "Execute workflow" runs a scheduled workflow once, at once. The demo and the e2e tests
 * import this; users import the file as it is.
 */
export function runnableNow(workflow: WorkflowJson): WorkflowJson {
	if (!workflow.nodes.some((node) => node.type === SCHEDULE_TRIGGER)) return workflow;
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.type === SCHEDULE_TRIGGER ? { ...node, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} } : node,
		),
	};
}
