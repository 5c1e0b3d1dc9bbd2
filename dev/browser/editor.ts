/**
 * The n8n editor in a real, headless Chromium (Debian's package, driven by playwright-core): what
 * the browser tests and the README's screenshots share. The locators are the ones a user reads
 * (texts, roles, placeholders); where n8n's own `data-test-id` attributes are the only stable
 * handle they are used through `getByTestId`.
 *
 *   const browser = await launchChromium();
 *   const editor = await Editor.signIn(browser, n8n.baseUrl);
 *   await editor.openWorkflow(id);
 *   await editor.node.open('Survey Feedback');          // the node's panel (nodePanel.ts)
 *   await editor.pictures.stableScreenshot(file);       // pictures (pictures.ts)
 *
 * Launching Chromium and waiting are in chromium.ts.
 */
import type { Browser, Locator, Page } from 'playwright-core';

import { OWNER } from '../n8n/harness';
import { VIEWPORT, type Theme, waitUntil } from './chromium';
import { NodePanel } from './nodePanel';
import { Pictures } from './pictures';

export { CHROMIUM, CHROMIUM_FLAGS, launchChromium, VIEWPORT, waitUntil, type Theme } from './chromium';

/** One signed-in editor tab. */
export class Editor {
	/** The open node's panel: its parameters and output. */
	readonly node: NodePanel;
	/** Screenshots and what they need. */
	readonly pictures: Pictures;

	private constructor(
		readonly page: Page,
		readonly baseUrl: string,
	) {
		this.node = new NodePanel(page, (name) => this.canvasNode(name));
		this.pictures = new Pictures(page);
	}

	/** A new browser context (fresh local storage: light theme) signed in as the harness's owner. */
	static async signIn(browser: Browser, baseUrl: string): Promise<Editor> {
		const context = await browser.newContext({ viewport: VIEWPORT, baseURL: baseUrl, colorScheme: 'light' });
		const page = await context.newPage();
		page.setDefaultTimeout(30_000);
		// Leaving a workflow with unsaved changes asks "leave the page?": a user would say yes.
		page.on('dialog', (dialog) => void dialog.accept());
		await page.goto('/signin');
		await page.getByLabel('Email').fill(OWNER.email);
		await page.getByLabel('Password').fill(OWNER.password);
		await page.getByRole('button', { name: 'Sign in' }).click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
		return new Editor(page, baseUrl);
	}

	// ----- workflows and the canvas ------------------------------------------------------------

	async openWorkflow(id: string): Promise<void> {
		await this.page.goto(`/workflow/${id}`);
		await this.page.getByTestId('canvas-node').first().waitFor();
	}

	async newWorkflow(): Promise<void> {
		await this.page.goto('/workflow/new');
		await this.page.getByText('Add first step…').or(this.page.getByText('Add first step...')).waitFor();
	}

	/** Saves the open workflow, as Ctrl+S does. */
	async save(): Promise<void> {
		await this.page.keyboard.press('Control+s');
		await this.page.waitForURL((url) => !url.pathname.endsWith('/workflow/new'));
	}

	canvasNode(name: string): Locator {
		return this.page.getByTestId('canvas-node').filter({ hasText: name });
	}

	/** Opens the nodes panel with `opener` (a "+" button) and searches it for `text`. */
	async searchNodesPanel(opener: Locator, text: string): Promise<void> {
		await opener.click();
		await this.page.getByPlaceholder('Search nodes...').fill(text);
	}

	/** The nodes panel's entry of that exact name (its icon, name and description). */
	nodesPanelItem(name: string): Locator {
		return this.page.getByTestId('item-iterator-item').filter({ has: this.page.getByTestId('node-creator-item-name').getByText(name, { exact: true }) });
	}

	/** Runs the open workflow with its "Execute workflow" button; n8n confirms success in a toast. */
	async executeWorkflow(): Promise<void> {
		await this.page.getByTestId('execute-workflow-button').click();
		await this.page.getByText('Workflow executed successfully').first().waitFor({ timeout: 120_000 });
	}

	// ----- the credential dialog ---------------------------------------------------------------------

	get credentialDialog(): Locator {
		return this.page.getByTestId('editCredential-modal');
	}

	async selectCredential(name: string): Promise<void> {
		await this.page.getByTestId('node-credentials-select').click();
		await this.page.getByTestId(/^node-credentials-select-item-/).filter({ visible: true }).filter({ hasText: name }).first().click();
	}

	async closeCredentialDialog(): Promise<void> {
		await this.credentialDialog.getByRole('button', { name: 'Close this dialog' }).click();
		await this.credentialDialog.waitFor({ state: 'hidden' });
	}

	// ----- settings ------------------------------------------------------------------------------

	/** Settings › Personal › Theme, saved, as a user switches it. */
	async setTheme(theme: Theme): Promise<void> {
		await this.page.goto('/settings/personal');
		await this.page.getByTestId('theme-select').click();
		await this.page.getByRole('option', { name: theme === 'dark' ? 'Dark theme' : 'Light theme' }).click();
		await this.page.getByTestId('save-settings-button').click();
		await waitUntil(
			async () => (await this.page.locator('body').getAttribute('data-theme')) === theme,
			() => `the page did not switch to the ${theme} theme`,
		);
	}

	async close(): Promise<void> {
		await this.page.context().close();
	}
}
