/**
 * `npm run dev`: the simulator and a real n8n editor on 127.0.0.1, with this package loaded, a
 * credential pointing at the simulator and the examples imported. Stops with Ctrl-C.
 *
 * The same set-up is `startDevEditor()`, which the browser tests and the screenshots call, so they
 * run against the very n8n that `npm run dev` shows a person.
 */
import { createInstance, ensureN8n, OWNER, REPO_ROOT, type ImportedWorkflow, type N8nInstance } from '../dev/n8n/harness';
import { start, type Simulator, type SimulatorOptions } from '../dev/simulator';
import { loadExamples, simulatorCredential } from './demo';

export const READ_ONLY_CREDENTIAL_ID = 'sfSimulatorReadOnly';

export interface DevEditor {
	n8n: N8nInstance;
	sim: Simulator;
	/** The imported examples by file name (e.g. 'weekly-report.json'), with their workflow ids. */
	examples: Record<string, ImportedWorkflow>;
	stop(): Promise<void>;
}

export interface DevEditorOptions {
	/** The n8n user folder's name under the harness's work folder (default 'dev'). */
	name?: string;
	/** Simulator ports: 'fixed' tries 4010/4011 first (what the README and the simulator's CLI name), 'free' any. */
	ports?: 'fixed' | 'free';
}

async function startSimulator(opts: DevEditorOptions): Promise<Simulator> {
	const options: SimulatorOptions = { seed: 'demo' };
	if (opts.ports === 'free') return start(options);
	try {
		return await start({ ...options, port: 4010, legacyPort: 4011 });
	} catch {
		return start(options); // 4010/4011 taken: any free ports
	}
}

/** Starts the simulator and the n8n editor, with the simulator's credentials and the examples imported. */
export async function startDevEditor(opts: DevEditorOptions = {}): Promise<DevEditor> {
	await ensureN8n();
	const sim = await startSimulator(opts);
	let n8n: N8nInstance | undefined;
	try {
		n8n = await createInstance({ packageDir: REPO_ROOT, name: opts.name ?? 'dev' });
		const credential = simulatorCredential(sim);
		await n8n.importCredentials([
			credential,
			{
				...credential,
				id: READ_ONLY_CREDENTIAL_ID,
				name: 'Survey Feedback (simulator, read-only key)',
				data: { ...credential.data, apiKey: sim.accounts[0].readKey },
			},
		]);
		const files = loadExamples();
		const imported = await n8n.importWorkflows(files.map(({ workflow }) => workflow));
		await n8n.start();
		const examples = Object.fromEntries(files.map(({ file }, index) => [file, imported[index]]));
		const instance = n8n;
		return {
			n8n: instance,
			sim,
			examples,
			async stop() {
				await instance.stop();
				await sim.close();
			},
		};
	} catch (error) {
		await n8n?.stop();
		await sim.close();
		throw error;
	}
}

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

if (require.main === module) {
	main().catch((error) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
