/**
 * `npm run screenshots`: regenerates the README's pictures in docs/images/ from the editor that
 * `npm run dev` starts (the simulator's demo data, the examples), in a headless Chromium at a fixed
 * viewport. Needs Debian's chromium (scripts/install-chromium.sh).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Editor, launchChromium } from '../dev/browser/editor';
import { startDevEditor } from '../dev/n8n/devEditor';
import { REPO_ROOT } from '../dev/n8n/harness';

const OUT = path.join(REPO_ROOT, 'docs', 'images');

async function main(): Promise<void> {
	fs.mkdirSync(OUT, { recursive: true });
	const dev = await startDevEditor({ name: 'screenshots', ports: 'free' });
	const browser = await launchChromium();
	try {
		const editor = await Editor.signIn(browser, dev.n8n.baseUrl);
		await editor.pictures.skipPinDataHint();
		const save = async (file: string) => {
			await editor.pictures.tidyForPicture();
			await editor.pictures.stableScreenshot(path.join(OUT, file));
			console.log(`docs/images/${file}`);
		};

		// An example workflow's canvas after a run: the items that went through each connection.
		await editor.openWorkflow(dev.examples['sync-customers.json'].id);
		await editor.executeWorkflow();
		await save('example-workflow.png');

		// The node panel of that run: the input items, an operation's fields, one output item per input.
		await editor.node.openForPicture('Create or update customers');
		await save('node-panel.png');
		await editor.node.close();

		// A new node's column mapper (version 3.1) on Customer › Create or Update: the customer's fields, then
		// the account's custom properties as columns, and Attempt to Convert Types.
		await editor.newWorkflow();
		await editor.searchNodesPanel(editor.page.getByTestId('node-creator-plus-button'), 'Manual');
		await editor.nodesPanelItem('Manual Trigger').click();
		await editor.searchNodesPanel(editor.canvasNode('When clicking').getByTestId('canvas-handle-plus'), 'Survey');
		await editor.nodesPanelItem('Survey Feedback').click();
		await editor.page.getByText('Create or update customers', { exact: true }).click();
		await editor.node.root.waitFor();
		// What the panel that opens with the new node shows (kept beside the browser test's shots, not in the README).
		fs.mkdirSync(path.join(REPO_ROOT, '.browser-shots'), { recursive: true });
		await editor.pictures.screenshot(path.join(REPO_ROOT, '.browser-shots', 'column-mapper-first-open.png'));
		// Opened again, as the browser test does: the mapper lists its columns.
		await editor.node.close();
		await editor.node.open('Create or update customers');
		await editor.node.expectParameters(['Email', 'Seats (property)'], []);
		// Scrolled to the last columns: the customer's lists, then the properties, then the toggle.
		await editor.node.parameters.getByTestId('parameter-input-attemptToConvertTypes').scrollIntoViewIfNeeded();
		await save('column-mapper.png');
		await editor.node.close();

		// The trigger with the newest detractor from "Fetch Test Event", as JSON.
		await editor.openWorkflow(dev.examples['detractor-alert.json'].id);
		await editor.node.openForPicture('New detractor feedback');
		await editor.node.root.getByRole('button', { name: 'Fetch Test Event' }).first().click();
		await editor.node.output.getByTestId('ndv-items-count').waitFor();
		await editor.node.output.getByTestId('radio-button-json').click();
		await save('trigger.png');
	} finally {
		await browser.close();
		await dev.stop();
	}
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
