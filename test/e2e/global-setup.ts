/**
 * Jest global setup of the e2e tests: starts ONE simulator (in the jest process, demo seed, rate
 * limit off) and prepares ONE n8n user folder with this package installed the way a community
 * install has it (createInstance's copy mode), every credential imported in one call and every
 * workflow (workflows.ts and examples/*.json) in one call. The test files reach both through
 * support.ts (SF_E2E_CONTEXT). dist/ must be built (`npm run test:e2e` builds first).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { start } from '../../dev/simulator';
import { createInstance, getFreePort, REPO_ROOT } from '../../dev/n8n/harness';
import { simulatorCredential } from '../../dev/n8n/simulatorCredentials';
import { AI_WORKFLOWS, aiCredentials } from './ai-workflows';
import { runnableNow } from '../../dev/n8n/examples';
import { CONTEXT_ENV, CREDENTIALS, readExamples, type CredentialSpec, type E2eContext } from './support';
import { ALL_WORKFLOWS } from './workflows';

export const SIM_GLOBAL = '__SF_E2E_SIMULATOR__';

export default async function globalSetup(): Promise<void> {
	if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'nodes'))) {
		throw new Error('dist/ is missing: run `npm run build` first (npm run test:e2e does)');
	}
	const sim = await start({ seed: 'demo', rateLimit: false });
	(globalThis as Record<string, unknown>)[SIM_GLOBAL] = sim;
	try {
		const n8n = await createInstance({ packageDir: REPO_ROOT, name: 'e2e' });
		console.log(`\n[e2e] ${n8n.runtime.note} on Node.js ${n8n.runtime.nodeVersion}`);
		// ai-agent.test.ts starts its chat-completions stand-in there; the OpenAI credential points at it.
		const chatModelPort = await getFreePort();
		await n8n.importCredentials([
			...Object.values(CREDENTIALS).map((c: CredentialSpec) =>
				simulatorCredential(sim, { id: c.id, name: c.name, type: c.type, apiKey: c.account[c.key], data: c.data }),
			),
			...aiCredentials(chatModelPort),
		]);
		const examples = readExamples();
		// A scheduled example is imported with a Manual Trigger in its place, so that `n8n execute` runs it now.
		await n8n.importWorkflows([...ALL_WORKFLOWS, ...AI_WORKFLOWS, ...Object.values(examples).map(runnableNow)]);
		const ctx: E2eContext = {
			sim: { baseUrl: sim.baseUrl, legacyBaseUrl: sim.legacyBaseUrl, controlUrl: sim.controlUrl },
			n8n: { runtime: n8n.runtime, name: n8n.name, workDir: n8n.workDir, port: n8n.port, packages: n8n.packages },
			examples: Object.fromEntries(Object.entries(examples).map(([file, wf]) => [file, String(wf.id)])),
			chatModelPort,
		};
		process.env[CONTEXT_ENV] = JSON.stringify(ctx);
	} catch (error) {
		await sim.close();
		throw error;
	}
}
