/**
 * `npm run dev`: the simulator and a real n8n editor on 127.0.0.1, with this package loaded, a
 * credential pointing at the simulator and the examples imported (dev/n8n/devEditor.ts). Stops
 * with Ctrl-C.
 */
import { startDevEditor } from '../dev/n8n/devEditor';
import { OWNER } from '../dev/n8n/harness';

async function main(): Promise<void> {
	const { n8n, sim, stop } = await startDevEditor();

	console.log(`
n8n editor:  ${n8n.baseUrl}
  log in as  ${OWNER.email}
  password   ${OWNER.password}

Simulator of the service: ${sim.baseUrl} (v2), ${sim.legacyBaseUrl} (legacy v1)
  keys: write ${sim.accounts[0].writeKey}, read ${sim.accounts[0].readKey} (account "${sim.accounts[0].name}")
  the credentials "Survey Feedback (simulator)" and "... (read-only key)" point at it
  add records while the trigger runs: POST ${sim.controlUrl}/records (see dev/simulator/README.md)

The example workflows are imported. Ctrl-C stops everything.`);

	const onSignal = async () => {
		console.log('\nstopping…');
		await stop();
		process.exit(0);
	};
	process.on('SIGINT', () => void onSignal());
	process.on('SIGTERM', () => void onSignal());
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
