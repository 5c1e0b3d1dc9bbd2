/**
 * The demo (`npm run demo`): the example workflows of examples/ run in a real n8n against the
 * local simulator of the service, with a short summary of each: what went in, what came out, and
 * which requests the service saw.
 */
import { start, type Simulator } from '../simulator';
import { needsModelOrMcpClient, readExamples, runnableNow } from './examples';
import { createInstance, ensureN8n, nodeError, outputEntries, REPO_ROOT, type N8nInstance, type WorkflowJson } from './harness';
import { examplesCredential } from './simulatorCredentials';

const TRIGGER_EXAMPLE = 'detractor-alert.json';

/** The workflow with these poll times on its Survey Feedback Trigger. */
function withPollTimes(workflow: WorkflowJson, pollTimes: object): WorkflowJson {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			String(node.type).endsWith('.surveyFeedbackTrigger') ? { ...node, parameters: { ...node.parameters, pollTimes } } : node,
		),
	};
}

/** Poll times that check every 10 s: n8n refuses one cron firing more than once a minute, not six. */
const EVERY_TEN_SECONDS = { item: [0, 10, 20, 30, 40, 50].map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) };

/** "POST /api/v2/customers ×3, GET /api/v2/ping ×1" */
function requestsSeen(sim: Simulator): string {
	const counts = new Map<string, number>();
	for (const request of sim.requests()) {
		const key = `${request.method} ${request.path}`;
		counts.set(key, (counts.get(key) ?? 0) + 1);
	}
	const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
	const list = [...counts].map(([key, count]) => `${key} ×${count}`).join(', ');
	return `${total} request${total === 1 ? '' : 's'}${total ? ` (${list})` : ''}`;
}

/** "25 created" or "3 items" */
function describeItems(items: Array<Record<string, any>>): string {
	const statuses = new Map<string, number>();
	for (const item of items) {
		const status = item.error ? 'failed' : item.status;
		if (status) statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
	}
	if (statuses.size) return [...statuses].map(([status, count]) => `${count} ${status}`).join(', ');
	return `${items.length} item${items.length === 1 ? '' : 's'}`;
}

function sample(item: Record<string, any> | undefined): string {
	if (!item) return '';
	const text = JSON.stringify(item);
	return text.length > 150 ? `${text.slice(0, 147)}...` : text;
}

async function runExample(n8n: N8nInstance, sim: Simulator, file: string, workflow: WorkflowJson, id: string): Promise<boolean> {
	console.log(`\n▶ ${workflow.name}  (examples/${file})`);
	if (workflow.meta?.description) console.log(`  ${workflow.meta.description}`);
	sim.clearRequests();
	const result = await n8n.execute(id);
	const failed = result.status !== 'success';
	for (const node of workflow.nodes) {
		if (node.type === 'n8n-nodes-base.manualTrigger') continue;
		const entries = outputEntries(result, node.name);
		const items = entries.map((entry: { json: Record<string, any> }) => entry.json);
		const isOurs = String(node.type).startsWith('n8n-nodes-survey-feedback.');
		const paired = entries.filter((entry: { pairedItem?: unknown }) => entry.pairedItem !== undefined).length;
		const label = isOurs ? `out of "${node.name}"` : `from "${node.name}"`;
		console.log(`  ${isOurs ? 'out' : 'in '}  ${label}: ${describeItems(items)}${isOurs && items.length ? `, ${paired} paired to their input` : ''}`);
		if (isOurs && items[0]) console.log(`       e.g. ${sample(items[0])}`);
	}
	console.log(`  service saw ${requestsSeen(sim)}`);
	if (failed) console.log(`  ✗ failed: ${nodeError(result)?.message ?? result.stderr.slice(-500)}`);
	return !failed;
}

async function runTriggerExample(n8n: N8nInstance, sim: Simulator, workflow: WorkflowJson, id: string): Promise<boolean> {
	console.log(`\n▶ ${workflow.name}  (examples/${TRIGGER_EXAMPLE})`);
	if (workflow.meta?.description) console.log(`  ${workflow.meta.description}`);
	await n8n.start();
	try {
		sim.clearRequests();
		await n8n.activate(id);
		await waitFor(() => sim.requests({ path: '/api/v2/feedback' }).length > 0, 30_000);
		console.log('  activated: the first poll remembers the newest feedback and emits nothing');
		const now = new Date();
		sim.insert(sim.accounts[0].id, 'feedback', [
			{ email: 'unhappy.one@example.com', score: 2, comment: 'Support never answered', createdDate: now.toISOString() },
			{ email: 'fan@example.com', score: 10, comment: 'Love it', createdDate: now.toISOString() },
			{ email: 'unhappy.two@example.com', score: 5, comment: 'Too slow', createdDate: new Date(now.getTime() + 1).toISOString() },
		]);
		console.log('  inserted 3 new responses (scores 2, 10 and 5); waiting for the next poll (every 10 s here)');
		const [execution] = await n8n.waitForExecutions({ workflowId: id, count: 1, timeoutMs: 90_000 });
		const alerts = outputEntries(execution, 'Format alert').map((entry: { json: Record<string, any> }) => entry.json.alert);
		for (const alert of alerts) console.log(`  alert: ${alert}`);
		console.log(`  service saw ${requestsSeen(sim)}`);
		const ok = alerts.length === 2 && alerts.every((alert: string) => /unhappy\.(one|two)/.test(alert));
		if (!ok) console.log('  ✗ expected one alert for each of the two detractors');
		return ok;
	} finally {
		await n8n.stop();
	}
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error('timed out waiting for the trigger to poll');
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/**
 * Runs every example that runs without a model or an MCP client in a fresh n8n against a fresh
 * simulator (demo seed), printing what each did; true when each did what it shows.
 */
export async function runDemo(): Promise<boolean> {
	console.log('Survey Feedback for n8n: demo');
	const runtime = await ensureN8n();
	console.log(`n8n ${runtime.version} (Node.js 24) from ${runtime.runtimeDir}`);
	const sim = await start({ seed: 'demo' });
	console.log(`simulator: v2 ${sim.baseUrl}, legacy ${sim.legacyBaseUrl}, demo account "${sim.accounts[0].name}"`);
	const n8n = await createInstance({ packageDir: REPO_ROOT, name: 'demo' });
	try {
		// A scheduled example runs once, now, from a Manual Trigger in its place (runnableNow).
		const examples = Object.entries(readExamples()).map(([file, workflow]) => ({ file, workflow: runnableNow(workflow) }));
		await n8n.importCredentials([examplesCredential(sim)]);
		// The trigger example polls every minute; the demo makes it poll every 10 s so nobody waits.
		const workflows = examples.map(({ file, workflow }) =>
			file === TRIGGER_EXAMPLE ? withPollTimes(workflow, EVERY_TEN_SECONDS) : workflow,
		);
		const imported = await n8n.importWorkflows(workflows);
		let ok = true;
		for (const [index, { file, workflow }] of examples.entries()) {
			if (file === TRIGGER_EXAMPLE) continue;
			if (needsModelOrMcpClient(workflow)) {
				console.log(`\n▷ ${workflow.name}  (examples/${file})\n  not run here: it needs your chat model or MCP client (README: "AI agents and MCP")`);
				continue;
			}
			ok = (await runExample(n8n, sim, file, workflow, imported[index].id)) && ok;
		}
		const trigger = examples.findIndex(({ file }) => file === TRIGGER_EXAMPLE);
		ok = (await runTriggerExample(n8n, sim, examples[trigger].workflow, imported[trigger].id)) && ok;
		console.log(ok ? '\nAll examples ran as shown. Import them into your n8n from examples/.' : '\nSome examples failed: see above.');
		return ok;
	} finally {
		await n8n.dispose();
		await sim.close();
	}
}
