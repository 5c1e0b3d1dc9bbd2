/**
 * The package as it is published: what `npm pack` makes of the build, installed into a fresh n8n
 * user folder with `npm install --omit=peer <tarball>` in `.n8n/nodes`, as the README's manual
 * install does (Settings › Community Nodes installs from the registry, where an unreleased
 * version is not yet). n8n started on that folder loads both nodes and the three credentials,
 * each credential's test reaches the simulator, an example workflow runs green, and the stack of
 * a node error names the package's TypeScript sources through the maps it ships.
 *
 *   npm run test:packed          # build, then this file alone
 *
 * The other e2e files load the build copied into n8n's folder (createInstance's copy mode); this
 * one installs the tarball, with its own simulator and n8n.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { createInstance, nodeError, nodesThatRan, outputItems, REPO_ROOT, workRoot, type N8nInstance } from '../../dev/n8n/harness';
import { readExamples } from '../../dev/n8n/examples';
import { EXAMPLES_CREDENTIAL, simulatorCredential, type SurveyFeedbackCredentialType } from '../../dev/n8n/simulatorCredentials';
import { start, type Simulator } from '../../dev/simulator';
import { NODE_TYPE, PACKAGE_NAME, pairedIndexes, TOOL_TYPE, TRIGGER_TYPE } from './support';

const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));

/** One credential of each type, and the way the simulator sees its key arrive. */
const CREDENTIALS: Array<{ id: string; name: string; type: SurveyFeedbackCredentialType; auth: string }> = [
	{ ...EXAMPLES_CREDENTIAL, type: 'surveyFeedbackApi', auth: 'x-api-key' },
	{ id: 'sfPackedLegacyHdr', name: 'Survey Feedback legacy header (simulator)', type: 'surveyFeedbackLegacyHeaderApi', auth: 'authorization' },
	{ id: 'sfPackedQueryAuth', name: 'Survey Feedback query parameter (simulator)', type: 'surveyFeedbackQueryAuthApi', auth: 'query' },
];

/** `npm pack` of the build, as `npm publish` packs it; the tarball's path. */
function packBuild(): string {
	const dir = path.join(workRoot(), 'packed-tarball');
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
	return path.join(dir, packed.filename);
}

describe('the packed package in a real n8n', () => {
	let sim: Simulator;
	let n8n: N8nInstance;
	const credential = (c: (typeof CREDENTIALS)[number]) =>
		simulatorCredential(sim, { id: c.id, name: c.name, type: c.type, apiKey: sim.accounts[0].writeKey });

	beforeAll(async () => {
		sim = await start({ seed: 'demo', rateLimit: false });
		n8n = await createInstance({ packageTarball: packBuild(), name: 'packed' });
		await n8n.importCredentials(CREDENTIALS.map(credential));
		await n8n.start();
	});

	afterAll(async () => {
		await n8n?.stop();
		await sim?.close();
	});

	it('npm installs the tarball alone: n8n-workflow and the libraries it brings are n8n\'s own', () => {
		const nodeModules = path.join(n8n.workDir, '.n8n', 'nodes', 'node_modules');
		expect(n8n.packages).toEqual([PACKAGE_NAME]);
		expect(fs.readdirSync(nodeModules).filter((name) => !name.startsWith('.'))).toEqual([PACKAGE_NAME]);
		const installed = JSON.parse(fs.readFileSync(path.join(nodeModules, PACKAGE_NAME, 'package.json'), 'utf8'));
		expect(installed.version).toBe(pkg.version);
		expect(fs.existsSync(path.join(nodeModules, PACKAGE_NAME, 'node_modules'))).toBe(false);
	});

	it('n8n loads both nodes, the tool and the three credentials', async () => {
		const nodeTypes: Array<{ name: string; version: number | number[] }> = (await n8n.http('GET', '/types/nodes.json')).body;
		const ours = Object.fromEntries(nodeTypes.filter((t) => t.name.startsWith(`${PACKAGE_NAME}.`)).map((t) => [t.name, t.version]));
		expect(Object.keys(ours).sort()).toEqual([NODE_TYPE, TOOL_TYPE, TRIGGER_TYPE].sort());
		expect(ours[NODE_TYPE]).toEqual(expect.arrayContaining([1, 2, 3, 3.1]));
		const credentialTypes: Array<{ name: string }> = (await n8n.http('GET', '/types/credentials.json')).body;
		expect(credentialTypes.map((t) => t.name)).toEqual(expect.arrayContaining(CREDENTIALS.map((c) => c.type)));
	});

	it.each(CREDENTIALS)('the $type test reaches the simulator with the key', async (c) => {
		sim.clearRequests();
		const { id, name, type, data } = credential(c);
		const answer = await n8n.rest('POST', '/credentials/test', { credentials: { id, name, type, data } });
		expect(answer.data).toMatchObject({ status: 'OK' });
		expect(sim.requests({ path: '/api/v2/ping' }).map((r) => [r.auth, r.accountId])).toEqual([[c.auth, sim.accounts[0].id]]);
	});

	it('an example workflow (node version 3.1, the column mapper) runs green, as the editor runs it', async () => {
		sim.clearRequests();
		const example = readExamples()['crm-custom-properties.json'];
		const run = await n8n.runManually(example, 'Run');
		expect(nodeError(run)).toBeUndefined();
		expect(run.status).toBe('success');
		expect(nodesThatRan(run)).toEqual(expect.arrayContaining(example.nodes.map((node) => node.name)));
		const contacts = outputItems(run, 'CRM contacts');
		// Every contact its own output item, in its place.
		expect(pairedIndexes(run, 'Sync with custom properties')).toEqual(contacts.map((_, i) => i));
		const posts = sim.requests({ path: '/api/v2/customers', method: 'POST' });
		expect(posts).toHaveLength(1);
		expect(posts[0].auth).toBe('x-api-key');
		expect((posts[0].body as any).subscribers.map((s: any) => s.email)).toEqual(contacts.map((c) => c.email));
		// Read back by a custom property: the contacts in Germany the service took (the others carry a label it refuses).
		const synced = contacts.filter((c) => c.country === 'DE' && !c.referralCode).map((c) => c.email);
		expect(synced.length).toBeGreaterThan(0);
		expect(outputItems(run, 'Customers in Germany').map((c) => c.email)).toEqual(expect.arrayContaining(synced));
	});

	it('the stack of a node error names the TypeScript source and line, through the shipped source maps', async () => {
		const run = await n8n.runManually(
			{
				name: 'Packed: a customer the account does not have',
				nodes: [
					{ name: 'Run', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
					{
						name: 'Get customer',
						type: NODE_TYPE,
						typeVersion: 3.1,
						position: [220, 0],
						parameters: { resource: 'customer', operation: 'get', customer: { __rl: true, mode: 'email', value: 'nobody@example.com' } },
						credentials: { surveyFeedbackApi: { id: EXAMPLES_CREDENTIAL.id, name: EXAMPLES_CREDENTIAL.name } },
					},
				],
				connections: { Run: { main: [[{ node: 'Get customer', type: 'main', index: 0 }]] } },
			},
			'Run',
		);
		expect(run.status).toBe('error');
		expect(nodeError(run, 'Get customer')?.message).toContain('no customer has the email nobody@example.com');
		const stack = String(nodeError(run, 'Get customer')?.stack);
		expect(stack).toMatch(new RegExp(`/node_modules/${PACKAGE_NAME}/nodes/[\\w/.]+\\.ts:\\d+:\\d+`));
	});
});
