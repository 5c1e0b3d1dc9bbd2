/**
 * A tiny throwaway community package, written on the fly, to prove the harness without this
 * repository's own nodes: `n8n-nodes-harness-echo` with
 *   - Echo (`n8n-nodes-harness-echo.echo`): returns each input item with a field added
 *     (parameters fieldName, default "echoed"; value, default "yes"; fail, to throw);
 *   - EchoTrigger (`n8n-nodes-harness-echo.echoTrigger`): a poll trigger (polling: true) that
 *     returns one item per poll, `{ counter, mode, polledAt }`, counting in
 *     getWorkflowStaticData('node').
 * Plain JavaScript, no dependencies (not even n8n-workflow).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const ECHO_PACKAGE_NAME = 'n8n-nodes-harness-echo';
export const ECHO_TYPE = `${ECHO_PACKAGE_NAME}.echo`;
export const ECHO_TRIGGER_TYPE = `${ECHO_PACKAGE_NAME}.echoTrigger`;

const ECHO_NODE = `'use strict';
class Echo {
	constructor() {
		this.description = {
			displayName: 'Echo',
			name: 'echo',
			group: ['transform'],
			version: 1,
			description: 'Returns its input items with a field added',
			defaults: { name: 'Echo' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [
				{ displayName: 'Field Name', name: 'fieldName', type: 'string', default: 'echoed' },
				{ displayName: 'Value', name: 'value', type: 'string', default: 'yes' },
				{ displayName: 'Fail', name: 'fail', type: 'boolean', default: false },
			],
		};
	}
	async execute() {
		const items = this.getInputData();
		const out = [];
		for (let i = 0; i < items.length; i++) {
			if (this.getNodeParameter('fail', i)) throw new Error('Echo was asked to fail (item ' + i + ')');
			const fieldName = this.getNodeParameter('fieldName', i);
			const value = this.getNodeParameter('value', i);
			out.push({ json: { ...items[i].json, [fieldName]: value }, pairedItem: { item: i } });
		}
		return [out];
	}
}
module.exports = { Echo };
`;

const ECHO_TRIGGER_NODE = `'use strict';
class EchoTrigger {
	constructor() {
		this.description = {
			displayName: 'Echo Trigger',
			name: 'echoTrigger',
			group: ['trigger'],
			version: 1,
			description: 'Emits one item per poll, numbered by a counter kept in static data',
			polling: true,
			defaults: { name: 'Echo Trigger' },
			inputs: [],
			outputs: ['main'],
			properties: [],
		};
	}
	async poll() {
		const data = this.getWorkflowStaticData('node');
		data.counter = (data.counter || 0) + 1;
		return [[{ json: { counter: data.counter, mode: this.getMode(), polledAt: new Date().toISOString() } }]];
	}
}
module.exports = { EchoTrigger };
`;

/** Writes the package into `dir` (default a new temp folder) and returns the folder. */
export function writeEchoPackage(dir?: string): string {
	const root = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-echo-pkg-'));
	const pkg = {
		name: ECHO_PACKAGE_NAME,
		version: '0.0.1',
		description: 'Throwaway package for the e2e harness smoke test',
		keywords: ['n8n-community-node-package'],
		license: 'MIT',
		files: ['dist'],
		n8n: {
			n8nNodesApiVersion: 1,
			credentials: [],
			nodes: ['dist/nodes/Echo/Echo.node.js', 'dist/nodes/EchoTrigger/EchoTrigger.node.js'],
		},
	};
	fs.mkdirSync(path.join(root, 'dist', 'nodes', 'Echo'), { recursive: true });
	fs.mkdirSync(path.join(root, 'dist', 'nodes', 'EchoTrigger'), { recursive: true });
	fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify(pkg, null, 2));
	fs.writeFileSync(path.join(root, 'dist', 'nodes', 'Echo', 'Echo.node.js'), ECHO_NODE);
	fs.writeFileSync(path.join(root, 'dist', 'nodes', 'EchoTrigger', 'EchoTrigger.node.js'), ECHO_TRIGGER_NODE);
	return root;
}
