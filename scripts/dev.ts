/**
 * `npm run dev`: the simulator and a real n8n editor on 127.0.0.1, with this package loaded, a
 * credential pointing at the simulator and the examples imported. Stops with Ctrl-C.
 */
import { createInstance, ensureN8n, OWNER, REPO_ROOT } from '../dev/n8n/harness';
import { start } from '../dev/simulator';
import { loadExamples, simulatorCredential } from './demo';

async function startSimulator() {
	try {
		return await start({ seed: 'demo', port: 4010, legacyPort: 4011 });
	} catch {
		return start({ seed: 'demo' }); // 4010/4011 taken: any free ports
	}
}

async function main(): Promise<void> {
	await ensureN8n();
	const sim = await startSimulator();
	const n8n = await createInstance({ packageDir: REPO_ROOT, name: 'dev' });
	await n8n.importCredentials([
		simulatorCredential(sim),
		{ ...simulatorCredential(sim), id: 'sfSimulatorReadOnly', name: 'Survey Feedback (simulator, read-only key)', data: { ...simulatorCredential(sim).data, apiKey: sim.accounts[0].readKey } },
	]);
	await n8n.importWorkflows(loadExamples().map(({ workflow }) => workflow));
	await n8n.start();

	console.log(`
n8n editor:  ${n8n.baseUrl}
  log in as  ${OWNER.email}
  password   ${OWNER.password}

Simulator of the service: ${sim.baseUrl} (v2), ${sim.legacyBaseUrl} (legacy v1)
  keys: write ${sim.accounts[0].writeKey}, read ${sim.accounts[0].readKey} (account "${sim.accounts[0].name}")
  the credentials "Survey Feedback (simulator)" and "... (read-only key)" point at it
  add records while the trigger runs: POST ${sim.controlUrl}/records (see dev/simulator/README.md)

The example workflows are imported. Ctrl-C stops everything.`);

	const stop = async () => {
		console.log('\nstopping…');
		await n8n.stop();
		await sim.close();
		process.exit(0);
	};
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
