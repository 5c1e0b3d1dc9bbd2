/**
 * What the saved-workflow test files share: a node as n8n saved it (test/fixtures/saved/<file>.json,
 * each node's JSON as the editor writes it on save: n8n's getNodeParameters without the default
 * values, so n8n fills them in again when the workflow loads), run in n8n's engine against the
 * simulator, and the request bodies the simulator received.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INode } from 'n8n-workflow';

import { runNode, type RunOptions } from '../../helpers/runNode';
import { serviceFor, useSimulator } from '../../helpers/simulator';

type SavedNode = Pick<INode, 'name' | 'type' | 'typeVersion' | 'parameters'>;

/** The nodes of a fixture file, by name. */
function savedNodes(file: string): Map<string, SavedNode> {
	const { nodes } = JSON.parse(readFileSync(join(__dirname, '../../fixtures/saved', `${file}.json`), 'utf8')) as { nodes: SavedNode[] };
	return new Map(nodes.map((node) => [node.name, node]));
}

/** Called once at the top of a test file; `file` names its fixture. */
export function useSavedNodes(file: string) {
	const sim = useSimulator();
	const service = serviceFor(sim);
	const nodes = savedNodes(file);

	// The bodies are the subject: the service takes any property label, so that no row is refused for it.
	beforeAll(() => sim.configure({ unregisteredProperties: 'accept' }));
	beforeEach(() => sim.clearRequests());

	/** Runs the saved node `name` on `items`, with its saved parameters and version as they are. */
	async function run(name: string, items: IDataObject[], options: Partial<RunOptions> = {}) {
		const node = nodes.get(name);
		if (!node) throw new Error(`No node "${name}" in test/fixtures/saved/${file}.json`);
		return await runNode({ service, parameters: node.parameters, typeVersion: node.typeVersion, items, ...options });
	}

	/** The bodies of the POST requests to `path` the simulator received, in order. */
	const received = (path: string) => sim.requests({ method: 'POST', path }).filter((request) => request.path === path).map((request) => request.body);

	return { sim, run, received, names: [...nodes.keys()] };
}
