/**
 * The column mapper of version 3.1 as a user fills it, in the n8n editor in a headless Chromium,
 * against the n8n that `npm run dev` starts: the simulator's customers carry a boolean custom
 * property, VIP, which the mapper offers under "Add column to send" (a switch has no unset look).
 * A user who maps only Email sends no VIP, so the customers keep theirs; a user who adds VIP sees
 * it off, and sends it on once switched on. A new node shows Attempt to Convert Types on; turned
 * off, it is saved off, and a true boolean is still sent.
 * Screenshots go to .browser-shots/column-mapper/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Browser } from 'playwright-core';

import { Editor, launchChromium, waitUntil } from '../../dev/browser/editor';
import { REPO_ROOT } from '../../dev/n8n/harness';
import { startDevEditor, type DevEditor } from '../../dev/n8n/devEditor';
import { EXAMPLES_CREDENTIAL } from '../../dev/n8n/simulatorCredentials';

const SHOTS = path.join(REPO_ROOT, '.browser-shots', 'column-mapper');
const NODE = 'Create or update customers'; // the node the action adds, named after it
const VIP = 'property:VIP';
const CONVERT_TYPES = 'attemptToConvertTypes';

let dev: DevEditor;
let browser: Browser;
let editor: Editor;

interface Customer {
	email: string;
	properties: Array<{ label: string; value: unknown; type: string }>;
}

/** The account's customers as the service lists them (the newest first). */
async function customers(): Promise<Customer[]> {
	const response = await fetch(`${dev.sim.baseUrl}/api/v2/customers?limit=500`, { headers: { 'X-Api-Key': dev.sim.accounts[0].readKey } });
	return ((await response.json()) as { data: { subscribers: Customer[] } }).data.subscribers;
}

const vipOf = (customer: Customer | undefined) => customer?.properties.find((property) => property.label === 'VIP')?.value;

/** The bodies of the upserts the simulator received. */
const upserts = () => dev.sim.requests({ path: '/api/v2/customers', method: 'POST' }).map((request) => request.body);

/** The saved node's `columns`, as n8n stores the workflow. */
async function savedColumns(): Promise<{ value: Record<string, unknown>; schema: Array<{ id: string; type: string; defaultValue?: unknown }>; attemptToConvertTypes?: boolean }> {
	const id = path.basename(new URL(editor.page.url()).pathname);
	const { data } = (await dev.n8n.rest('GET', `/workflows/${id}`)) as { data: { nodes: Array<{ name: string; parameters: { columns: never } }> } };
	return data.nodes.find((node) => node.name === NODE)!.parameters.columns;
}

/** A new workflow with a manual trigger and Customer › Create or Update, its panel open, the mapper listing VIP. */
async function newCustomerUpsert(): Promise<void> {
	await editor.newWorkflow();
	await editor.searchNodesPanel(editor.page.getByTestId('node-creator-plus-button'), 'Manual');
	await editor.nodesPanelItem('Manual Trigger').click();
	await editor.searchNodesPanel(editor.canvasNode('When clicking').getByTestId('canvas-handle-plus'), 'Survey');
	await editor.nodesPanelItem('Survey Feedback').click();
	await editor.page.getByText(NODE, { exact: true }).click();
	await editor.node.root.waitFor();
	await editor.selectCredential(EXAMPLES_CREDENTIAL.name); // the key that may write
	// n8n may ask for the columns before it gave the new node a credential; the list then comes as the node is opened again.
	await editor.node.close();
	await editor.node.open(NODE);
	await editor.node.expectParameters(['Email', 'Country (property)'], ['VIP (property)']);
}

/** Types a fixed value into a column of the mapper. */
async function fillColumn(id: string, value: string): Promise<void> {
	const input = editor.page.getByTestId(`parameter-input-${id}`).locator('input, textarea').first();
	await input.click();
	await editor.page.keyboard.type(value);
	await input.blur();
}

/** Saves the workflow (waiting until n8n stored the Email typed in: the workflow may have been saved before) and runs it. */
async function saveAndRun(email: string): Promise<void> {
	await editor.node.close();
	await editor.save();
	// The editor may show the workflow's new ID before n8n has stored it (a 404 until then).
	const stored = () => savedColumns().catch((error: Error) => ({ notYet: error.message }));
	await waitUntil(
		async () => {
			const columns = await stored();
			return 'value' in columns && columns.value?.email === email;
		},
		async () => `n8n saved the columns ${JSON.stringify(await stored())}`,
	);
	await editor.executeWorkflow();
}

beforeAll(async () => {
	fs.rmSync(SHOTS, { recursive: true, force: true });
	fs.mkdirSync(SHOTS, { recursive: true });
	dev = await startDevEditor({ name: 'browser-column-mapper', ports: 'free' });
	browser = await launchChromium();
	editor = await Editor.signIn(browser, dev.n8n.baseUrl);
}, 10 * 60_000);

afterAll(async () => {
	await browser?.close();
	await dev?.stop();
});

describe("the column mapper's boolean property column", () => {
	let customer: Customer;

	beforeAll(async () => {
		const vips = (await customers()).filter((entry) => vipOf(entry) === true);
		expect(vips.length).toBeGreaterThan(1);
		customer = vips[0];
	});

	it('not added, it is hidden, left out of the saved values, and the run sends no VIP: the customer keeps its VIP', async () => {
		await newCustomerUpsert();
		await fillColumn('email', customer.email);
		expect(await editor.node.switchIsOn(CONVERT_TYPES)).toBe(true);
		await editor.pictures.screenshot(path.join(SHOTS, '01-only-email.png'));
		const before = upserts().length;
		await saveAndRun(customer.email);

		const columns = await savedColumns();
		expect(columns.value).toEqual({ email: customer.email });
		expect(columns.attemptToConvertTypes).toBe(true);
		expect(columns.schema.find((field) => field.id === VIP)).toMatchObject({ type: 'boolean', removed: true });
		expect(upserts().slice(before)).toEqual([{ subscribers: [{ email: customer.email }] }]);
		expect(vipOf((await customers()).find((entry) => entry.email === customer.email))).toBe(true);
	});

	it('added, it shows off; switched on, it is saved and sent as true, with Attempt to Convert Types off too', async () => {
		await newCustomerUpsert();
		await fillColumn('email', 'vip.from.the.browser@example.com');
		await editor.node.parameters.getByTestId('add-fields-select').click();
		// One column to add is a button; more are a list to pick from.
		const item = editor.page.getByRole('menuitem', { name: 'VIP (property)' }).or(editor.page.getByText('VIP (property)', { exact: true })).filter({ visible: true });
		if (!(await editor.node.expectParameters(['VIP (property)'], []).then(() => true, () => false))) await item.first().click();
		await editor.node.expectParameters(['VIP (property)'], []);
		expect(await editor.node.switchIsOn(VIP)).toBe(false);
		await editor.page.getByTestId(`parameter-input-${VIP}`).locator('.el-switch, [role="switch"]').first().click();
		await waitUntil(
			() => editor.node.switchIsOn(VIP),
			() => 'the VIP switch stays off',
		);
		await editor.node.toggleSwitch(CONVERT_TYPES);
		await editor.pictures.screenshot(path.join(SHOTS, '02-vip-on.png'));
		const before = upserts().length;
		await saveAndRun('vip.from.the.browser@example.com');

		const columns = await savedColumns();
		expect(columns.value).toEqual({ email: 'vip.from.the.browser@example.com', [VIP]: true });
		expect(columns.attemptToConvertTypes).toBe(false);
		expect(upserts().slice(before)).toEqual([
			{ subscribers: [{ email: 'vip.from.the.browser@example.com', properties: [{ label: 'VIP', value: true, type: 'boolean' }] }] },
		]);
	});
});
