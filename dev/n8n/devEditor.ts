/**
 * The n8n a person works in (`npm run dev`), which the browser tests and the screenshots start
 * too, so they run against the very n8n that `npm run dev` shows: the simulator (demo seed) and a
 * real n8n editor on 127.0.0.1, with this package loaded, the simulator's credentials and the
 * examples imported.
 */
import { start, type Simulator, type SimulatorOptions } from '../simulator';
import { readExamples } from './examples';
import { createInstance, ensureN8n, REPO_ROOT, type ImportedWorkflow, type N8nInstance } from './harness';
import { devCredentials } from './simulatorCredentials';

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
	/** The simulator's ports (startDemoSimulator): 'fixed' (default) tries 4010/4011 first, 'free' takes any. */
	ports?: 'fixed' | 'free';
}

/** The simulator with the demo seed, on 4010/4011 (what the README and the simulator's CLI name) when they are free, else on any. */
export async function startDemoSimulator(ports: 'fixed' | 'free' = 'fixed'): Promise<Simulator> {
	const options: SimulatorOptions = { seed: 'demo' };
	if (ports === 'free') return start(options);
	try {
		return await start({ ...options, port: 4010, legacyPort: 4011 });
	} catch {
		return start(options); // 4010/4011 taken: any free ports
	}
}

/** Starts the simulator and the n8n editor, with the simulator's credentials and the examples imported. */
export async function startDevEditor(opts: DevEditorOptions = {}): Promise<DevEditor> {
	await ensureN8n();
	const sim = await startDemoSimulator(opts.ports);
	let n8n: N8nInstance | undefined;
	try {
		n8n = await createInstance({ packageDir: REPO_ROOT, name: opts.name ?? 'dev' });
		await n8n.importCredentials(devCredentials(sim));
		const files = Object.entries(readExamples());
		const imported = await n8n.importWorkflows(files.map(([, workflow]) => workflow));
		await n8n.start();
		const examples = Object.fromEntries(files.map(([file], index) => [file, imported[index]]));
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
