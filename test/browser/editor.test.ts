/**
 * The package as a user meets it: the n8n editor in a headless Chromium, against the n8n that
 * `npm run dev` starts (simulator, package, credentials, examples). Seven steps, each as a user
 * clicks, in one browser session; a screenshot of every step goes to .browser-shots/.
 *
 * The steps build on each other (the node added in step 1 is the one steps 2 to 5 edit).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Browser, Locator } from 'playwright-core';

import { SurveyFeedbackApi } from '../../credentials/SurveyFeedbackApi.credentials';
import { Editor, launchChromium, waitUntil, type Theme } from '../../dev/browser/editor';
import { REPO_ROOT } from '../../dev/n8n/harness';
import { startDevEditor, type DevEditor } from '../../dev/n8n/devEditor';

const SHOTS = path.join(REPO_ROOT, '.browser-shots');
const NODE = 'Create or update customers'; // the node step 1 adds, named after the action picked
const MANUAL_TRIGGER = 'When clicking';

let dev: DevEditor;
let browser: Browser;
let editor: Editor;
let shotCount = 0;

async function shot(name: string): Promise<void> {
	await editor.pictures.screenshot(path.join(SHOTS, `${String(++shotCount).padStart(2, '0')}-${name}.png`));
}

/** A test whose failure leaves a screenshot and names the folder (CI's log then says where to look). */
function step(title: string, run: () => Promise<void>): void {
	it(title, async () => {
		try {
			await run();
		} catch (error) {
			await shot('FAILED').catch(() => undefined);
			console.error(`step failed: "${title}"; screenshots of this run in ${SHOTS}`);
			throw error;
		}
	});
}

/** The node icon inside `scope` is the package's own file for that theme, served and decoded. */
async function expectIcon(scope: Locator, theme: Theme): Promise<void> {
	const icon = await editor.pictures.iconOf(scope);
	const file = theme === 'dark' ? 'surveyFeedback.dark.svg' : 'surveyFeedback.svg';
	expect(icon.src).toMatch(new RegExp(`/${file.replace(/\./g, '\\.')}$`));
	expect(icon.width).toBeGreaterThan(0);
	expect(icon.height).toBeGreaterThan(0);
	const served = await editor.page.request.get(icon.src);
	expect(served.status()).toBe(200);
	expect((await served.body()).toString()).toBe(fs.readFileSync(path.join(REPO_ROOT, 'icons', file), 'utf8'));
}

/** The pings the simulator answered since the request log had `since` of them. */
function pingsSince(since: number) {
	return dev.sim.requests({ path: '/api/v2/ping' }).slice(since);
}

async function campaignsOfTheAccount(): Promise<string[]> {
	const response = await fetch(`${dev.sim.baseUrl}/api/v2/campaigns`, { headers: { 'X-Api-Key': dev.sim.accounts[0].readKey } });
	const body = (await response.json()) as { campaigns: Array<{ name: string }> };
	return body.campaigns.map((campaign) => campaign.name);
}

beforeAll(async () => {
	fs.rmSync(SHOTS, { recursive: true, force: true });
	fs.mkdirSync(SHOTS, { recursive: true });
	dev = await startDevEditor({ name: 'browser', ports: 'free' });
	browser = await launchChromium();
	editor = await Editor.signIn(browser, dev.n8n.baseUrl);
}, 10 * 60_000);

afterAll(async () => {
	await browser?.close();
	await dev?.stop();
});

/** The reads of the account's customers, by which the column mapper finds the account's custom properties. */
const customerReads = () => dev.sim.requests({ path: '/api/v2/customers', method: 'GET' });
/** How many there were before the node was added. */
let customerReadsBeforeNode = 0;

describe('the editor in a browser', () => {
	step('1. the nodes panel finds "Survey Feedback" and adds it; its icon renders in the light and the dark theme', async () => {
		customerReadsBeforeNode = customerReads().length;
		await editor.newWorkflow();
		// A workflow starts with a trigger: a user adds the manual one first.
		await editor.searchNodesPanel(editor.page.getByTestId('node-creator-plus-button'), 'Manual');
		await editor.nodesPanelItem('Manual Trigger').click();
		await editor.searchNodesPanel(editor.canvasNode(MANUAL_TRIGGER).getByTestId('canvas-handle-plus'), 'Survey');
		const item = editor.nodesPanelItem('Survey Feedback');
		await expectIcon(item, 'light');
		await shot('nodes-panel-search');
		await item.click();
		await editor.page.getByText(NODE, { exact: true }).click();
		await editor.node.root.waitFor();
		await editor.node.close();
		await expectIcon(editor.canvasNode(NODE), 'light');
		await shot('node-added-light');

		await editor.save();
		const workflow = new URL(editor.page.url()).pathname;
		await editor.setTheme('dark');
		await editor.page.goto(workflow);
		await expectIcon(editor.canvasNode(NODE), 'dark');
		await shot('node-added-dark');
		await editor.setTheme('light');
		await editor.page.goto(workflow);
		await expectIcon(editor.canvasNode(NODE), 'light');
	});

	step("2. a new node (version 3) maps Customer › Create or Update with n8n's column mapper: the customer's fields, then the account's custom properties as columns", async () => {
		await editor.node.open(NODE);
		expect(await editor.page.getByTestId('parameter-input-resource').locator('input').inputValue()).toBe('Customer');
		expect(await editor.page.getByTestId('parameter-input-operation').locator('input').inputValue()).toBe('Create or Update');
		// The simulator's customers carry Country, Plan, Group and Seats: the mapper lists each as a column of its own.
		const properties = ['Country', 'Group', 'Plan', 'Seats'].map((label) => `${label} (property)`);
		await editor.node.expectParameters(['Email', 'First Name', 'Last Name', 'Company', 'Tags', ...properties], ['Input Mode', 'Additional Fields', 'Custom Properties', 'Campaign', 'Simplify']);
		await editor.node.parameters.getByText('are the account', { exact: false }).first().waitFor();
		// The properties come from a read of the account's newest customers, by the node's credential: made when
		// the mapper first showed, which may be as the node was added (n8n keeps the listed columns in the node).
		const read = customerReads().slice(customerReadsBeforeNode);
		expect(read.length).toBeGreaterThan(0);
		expect(read.every((request) => request.accountId === dev.sim.accounts[0].id)).toBe(true);
		await shot('customer-column-mapper');
	});

	step('3. each operation shows its own fields and hides the others', async () => {
		await editor.node.selectOption('resource', 'Feedback');
		await editor.node.selectOption('operation', 'Import');
		await editor.node.expectParameters(['Campaign', 'Email', 'Score', 'Comment', 'Import Options', 'Options'], ['Input Mode', 'Start Date', 'End Date', 'Return All']);
		await editor.node.parameters.getByText('Imported feedback counts toward scores').waitFor();
		await shot('feedback-import');

		await editor.node.selectOption('resource', 'Report');
		await editor.node.selectOption('operation', 'Get');
		// A node added anew is version 3: reads of big records have Simplify, on; the dates start as Custom.
		await editor.node.expectParameters(
			['Campaign', 'Date Range', 'Start Date', 'End Date', 'Simplify'],
			['Email', 'Input Mode', 'Score', 'Custom Properties', 'Import Options', 'Output'],
		);
		expect(await editor.node.switchIsOn('simple')).toBe(true);
		await shot('report-get');

		// The Date Range presets, each with the days it covers; a preset hides the two dates, Custom shows them again.
		const presets = await editor.node.optionsOf('dateRange');
		const names = [
			'Today', 'Yesterday', 'Last 7 Days', 'Last 30 Days', 'Last Complete Calendar Week', 'Last Complete Calendar Month', 'This Month So Far', 'Custom',
		];
		expect(presets.map((text) => names.find((name) => text.startsWith(name)))).toEqual(names);
		expect(presets.find((text) => text.startsWith('Last Complete Calendar Week'))).toContain('Monday to Sunday');
		await editor.node.selectOption('dateRange', 'Last Complete Calendar Week');
		await editor.node.expectParameters(['Campaign', 'Date Range', 'Simplify'], ['Start Date', 'End Date']);
		await shot('report-get-last-week');
		await editor.node.selectOption('dateRange', 'Custom');
		await editor.node.expectParameters(['Date Range', 'Start Date', 'End Date'], []);
	});

	step("4. the campaign picker lists the simulator's campaigns, filters as you type, and fills the field", async () => {
		const campaigns = await campaignsOfTheAccount();
		expect(campaigns.length).toBeGreaterThan(2);
		const picker = editor.node.resourceLocator('campaign');
		await picker.getByPlaceholder('Choose...').click();
		const items = editor.node.listItems();
		await waitUntil(
			async () => (await items.count()) === campaigns.length,
			async () => `the list shows ${await items.count()} campaigns, the account has ${campaigns.length}`,
		);
		const shown = await items.allInnerTexts();
		for (const name of campaigns) expect(shown.some((text) => text.startsWith(name))).toBe(true);
		await shot('campaign-list');

		const typed = 'Review';
		const matching = campaigns.filter((name) => name.toLowerCase().includes(typed.toLowerCase()));
		expect(matching.length).toBeGreaterThan(0);
		expect(matching.length).toBeLessThan(campaigns.length);
		await editor.page.getByPlaceholder('Search...').fill(typed);
		await waitUntil(
			async () => (await items.count()) === matching.length,
			async () => `after typing "${typed}" the list shows [${(await items.allInnerTexts()).join(', ')}]`,
		);
		const filtered = await items.allInnerTexts();
		for (const name of matching) expect(filtered.some((text) => text.startsWith(name))).toBe(true);
		await shot('campaign-list-filtered');

		const chosen = filtered[filtered.length - 1];
		await items.filter({ hasText: chosen }).click();
		await waitUntil(
			async () => (await picker.getByTestId('rlc-input').inputValue()) === chosen,
			async () => `the field shows "${await picker.getByTestId('rlc-input').inputValue()}", not "${chosen}"`,
		);
		await shot('campaign-chosen');
	});

	step("5. the credential's test succeeds with the simulator's key and fails clearly with a wrong one", async () => {
		await editor.selectCredential('Survey Feedback (simulator)');
		await editor.page.getByTestId('credential-edit-button').click();
		const dialog = editor.credentialDialog;
		const retry = dialog.getByRole('button', { name: 'Retry', exact: true });
		await retry.waitFor(); // the dialog tests the credential as it opens
		const before = pingsSince(0).length;
		await retry.click();
		await waitUntil(
			async () => pingsSince(before).length > 0 && (await dialog.getByText('Connection tested successfully').isVisible()),
			async () => `the dialog says: ${await dialog.innerText()}`,
		);
		for (const ping of pingsSince(before)) expect([ping.auth, ping.accountId, ping.status]).toEqual(['x-api-key', dev.sim.accounts[0].id, 200]);
		await shot('credential-test-ok');
		await editor.closeCredentialDialog();

		const wrongKey = 'sf_wrong_key_from_the_browser_test';
		const beforeWrong = pingsSince(0).length;
		await editor.page.getByTestId('node-credentials-select').click();
		await editor.page.getByTestId('node-credentials-select-item-new').click();
		// n8n names a new credential from the server's answer as the dialog opens: saved before that, its name is
		// empty and n8n refuses it ("String must contain at least 1 character(s)"). The name is in the DOM (a hidden
		// span measures it) as soon as it is set.
		await dialog.getByText('Survey Feedback account', { exact: true }).first().waitFor({ state: 'attached' });
		await dialog.getByTestId('apiKey').locator('input').fill(wrongKey);
		await dialog.getByTestId('baseUrl').locator('input').fill(dev.sim.baseUrl);
		await dialog.getByRole('button', { name: 'Save' }).click();
		await dialog.getByText(/Couldn.t connect with these settings/).waitFor();
		await dialog.getByText('More details').click();
		// The credential's own wording for a refused key when it defines one; else n8n shows the HTTP status text.
		const refused = (new SurveyFeedbackApi().test.rules ?? []).find((rule) => rule.type === 'responseCode' && rule.properties.value === 401);
		const message = refused?.type === 'responseCode' ? refused.properties.message : 'Unauthorized';
		await dialog.getByText(message, { exact: true }).waitFor();
		expect(await dialog.innerText()).not.toContain(wrongKey);
		// (n8n tests once as it saves, and may test again as the dialog shows the saved credential.)
		const statuses = pingsSince(beforeWrong).map((ping) => ping.status);
		expect(statuses.length).toBeGreaterThan(0);
		expect(new Set(statuses)).toEqual(new Set([401]));
		await shot('credential-test-wrong-key');
		await editor.closeCredentialDialog();
		await editor.node.close();
	});

	step('6. an example workflow runs and the node shows its output items', async () => {
		const upserts = () => dev.sim.requests({ path: '/api/v2/customers', method: 'POST' });
		const before = upserts().length;
		await editor.openWorkflow(dev.examples['sync-customers.json'].id);
		await editor.executeWorkflow();
		const sent = upserts()
			.slice(before)
			.flatMap((request) => (request.body as { subscribers: Array<{ email: string }> }).subscribers.map((s) => s.email));
		expect(sent.length).toBeGreaterThan(1);

		await editor.node.open('Create or update customers');
		expect(await editor.node.outputItemCount()).toBe(sent.length);
		await editor.node.output.getByText(sent[0]).first().waitFor();
		const output = await editor.node.output.innerText();
		for (const email of [sent[0], sent[sent.length - 1]]) expect(output).toContain(email);
		expect(output).toMatch(/\b(created|updated)\b/);
		await shot('example-output');
		await editor.node.close();
	});

	step('7. the trigger\'s "Fetch Test Event" shows a real record from the service, simplified, and whole with Simplify off', async () => {
		const [record] = dev.sim.insert(dev.sim.accounts[0].id, 'feedback', [
			{ email: 'browser.test@example.com', score: 3, comment: 'Checkout kept timing out (browser test)', createdDate: new Date().toISOString() },
		]);
		await editor.openWorkflow(dev.examples['detractor-alert.json'].id);
		await editor.node.open('New detractor feedback');
		const before = dev.sim.requests({ path: '/api/v2/feedback' }).length;
		await editor.node.root.getByRole('button', { name: 'Fetch Test Event' }).first().click();
		await editor.node.output.getByTestId('ndv-items-count').waitFor();
		expect(await editor.node.outputItemCount()).toBe(1);
		// The count can show before the item itself is drawn.
		await editor.node.output.getByText(String(record.id)).first().waitFor();
		const output = await editor.node.output.innerText();
		expect(output).toContain(String(record.id));
		expect(output).toContain('browser.test@example.com');
		expect(output).toContain('Checkout kept timing out (browser test)');
		expect(dev.sim.requests({ path: '/api/v2/feedback' }).length).toBeGreaterThan(before);
		// Simplified: the fields workflows use, not the customer snapshot or the repeated ones.
		expect(output).not.toContain('feedbackId');
		expect(output).not.toContain('additionalQuestions');
		await shot('trigger-test-event');

		expect(await editor.node.switchIsOn('simple')).toBe(true);
		await editor.node.toggleSwitch('simple');
		await editor.node.root.getByRole('button', { name: 'Fetch Test Event' }).first().click();
		await editor.node.output.getByText('feedbackId').first().waitFor();
		const whole = await editor.node.output.innerText();
		expect(whole).toContain(String(record.id));
		expect(whole).toContain('additionalQuestions');
		await shot('trigger-test-event-whole');
		await editor.node.close();
	});
});
