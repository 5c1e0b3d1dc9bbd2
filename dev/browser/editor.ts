/**
 * The n8n editor in a real, headless Chromium (Debian's package, driven by playwright-core): what
 * the browser tests and the README's screenshots share. The locators are the ones a user reads
 * (texts, roles, placeholders); where n8n's own `data-test-id` attributes are the only stable
 * handle they are used through `getByTestId`.
 *
 *   const browser = await launchChromium();
 *   const editor = await Editor.signIn(browser, n8n.baseUrl);
 *   await editor.openWorkflow(id);
 */
import * as fs from 'node:fs';

import { chromium, selectors, type Browser, type Locator, type Page } from 'playwright-core';

import { OWNER } from '../n8n/harness';

/** Debian's chromium (scripts/install-chromium.sh installs it); Playwright's own download is not used. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Headless and quiet: without the background-networking flags Chromium keeps calling Google's
 * services, which on a closed network is a flood of refused connections.
 */
export const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** One size for every run, so that screenshots are comparable and the README's pictures stable. */
export const VIEWPORT = { width: 1440, height: 900 };

export type Theme = 'light' | 'dark';

export async function launchChromium(): Promise<Browser> {
	if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/install-chromium.sh`);
	// n8n marks its elements with data-test-id (not Playwright's default data-testid).
	selectors.setTestIdAttribute('data-test-id');
	return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** Polls `check` until it returns true; throws with `describe()` in the message after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, describe: () => Promise<string> | string, timeoutMs = 15_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (await check()) return;
		if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${await describe()}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** One signed-in editor tab. */
export class Editor {
	private constructor(
		readonly page: Page,
		readonly baseUrl: string,
	) {}

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

	// ----- the node panel (n8n's "NDV") -----------------------------------------------------------

	get ndv(): Locator {
		return this.page.getByTestId('ndv');
	}

	get parameters(): Locator {
		return this.page.getByTestId('node-parameters');
	}

	get outputPanel(): Locator {
		return this.page.getByTestId('output-panel');
	}

	async openNode(name: string): Promise<void> {
		await this.canvasNode(name).dblclick();
		await this.ndv.waitFor();
	}

	/**
	 * Opens a node with the keyboard (select it, Enter), the mouse parked outside the panel: with
	 * the mouse over the output table, n8n previews the expressions for the hovered row instead of
	 * the first one, which a picture should not depend on.
	 */
	async openNodeForPicture(name: string): Promise<void> {
		await this.canvasNode(name).click();
		await this.page.mouse.move(VIEWPORT.width / 2, 4);
		await this.page.keyboard.press('Enter');
		await this.ndv.waitFor();
	}

	async closeNode(): Promise<void> {
		await this.page.getByTestId('ndv-close-button').click();
		await this.ndv.waitFor({ state: 'hidden' });
	}

	/** The labels of the parameters the panel shows now, in order. */
	async visibleParameterLabels(): Promise<string[]> {
		const labels = await this.parameters.getByTestId('input-label').filter({ visible: true }).allInnerTexts();
		return labels.map((text) => text.split('\n')[0].replace(/\s*\*$/, '').trim());
	}

	/** Waits until the panel shows every label of `shown` and none of `hidden`. */
	async expectParameters(shown: string[], hidden: string[]): Promise<string[]> {
		let labels: string[] = [];
		await waitUntil(
			async () => {
				labels = await this.visibleParameterLabels();
				return shown.every((label) => labels.includes(label)) && !hidden.some((label) => labels.includes(label));
			},
			() => `the panel shows [${labels.join(', ')}]; expected [${shown.join(', ')}] and none of [${hidden.join(', ')}]`,
		);
		return labels;
	}

	/** Picks an option of a dropdown parameter (e.g. resource › Feedback) the way a user does. */
	async selectOption(parameter: string, option: string): Promise<void> {
		const input = this.page.getByTestId(`parameter-input-${parameter}`);
		await input.click();
		await this.page
			.getByRole('option')
			.filter({ visible: true })
			.filter({ has: this.page.getByText(option, { exact: true }) })
			.first()
			.click();
		await waitUntil(
			async () => (await input.locator('input').inputValue()) === option,
			async () => `${parameter} shows "${await input.locator('input').inputValue()}", not "${option}"`,
		);
	}

	/** Whether a boolean parameter's switch (e.g. Simplify) is on. */
	async switchIsOn(parameter: string): Promise<boolean> {
		return await this.page.getByTestId(`parameter-input-${parameter}`).evaluate((element) => {
			const toggle = element.querySelector('[role="switch"]');
			return toggle ? toggle.getAttribute('aria-checked') === 'true' : element.querySelector('.is-checked') !== null;
		});
	}

	/** Flips a boolean parameter's switch the way a user does, and waits until it shows the new state. */
	async toggleSwitch(parameter: string): Promise<void> {
		const was = await this.switchIsOn(parameter);
		await this.page.getByTestId(`parameter-input-${parameter}`).locator('.el-switch, [role="switch"]').first().click();
		await waitUntil(
			async () => (await this.switchIsOn(parameter)) !== was,
			() => `${parameter} stays ${was ? 'on' : 'off'}`,
		);
	}

	resourceLocator(parameter: string): Locator {
		return this.page.getByTestId(`resource-locator-${parameter}`);
	}

	/** The "Fixed / From list" entries of a resource locator's open list. */
	listItems(): Locator {
		return this.page.getByTestId('rlc-item').filter({ visible: true });
	}

	/** "25 items", "1 item" of the output panel. */
	async outputItemCount(): Promise<number> {
		const text = await this.outputPanel.getByTestId('ndv-items-count').innerText();
		const match = /(\d[\d,]*)\s+items?/.exec(text);
		if (!match) throw new Error(`the output panel says "${text}"`);
		return Number(match[1].replace(/,/g, ''));
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

	// ----- pictures ------------------------------------------------------------------------------

	/** The URL and the loaded size of the node icon inside `scope` (a canvas node, a panel entry). */
	async iconOf(scope: Locator): Promise<{ src: string; width: number; height: number }> {
		const img = scope.locator('img').first();
		await img.waitFor();
		// (The page's own types: this project compiles without the DOM library.)
		type Image = { complete: boolean; naturalWidth: number; naturalHeight: number; getAttribute(name: string): string | null };
		await waitUntil(
			() => img.evaluate((el) => (el as unknown as Image).complete),
			() => 'the icon did not finish loading',
		);
		return img.evaluate((el) => {
			const image = el as unknown as Image;
			return { src: image.getAttribute('src') ?? '', width: image.naturalWidth, height: image.naturalHeight };
		});
	}

	/** Marks n8n's one-time hint "You can pin this output…" as seen, so that it covers no picture. */
	async skipPinDataHint(): Promise<void> {
		await this.page.evaluate("['N8N_PIN_DATA_DISCOVERY_NDV', 'N8N_PIN_DATA_DISCOVERY_CANVAS'].forEach((key) => localStorage.setItem(key, 'true'))");
	}

	/** Closes n8n's toasts and parks the mouse where it opens no tooltip, for a picture of the page alone. */
	async tidyForPicture(): Promise<void> {
		await this.page.mouse.move(VIEWPORT.width / 2, 4);
		const toasts = this.page.locator('.el-notification');
		for (const close of await toasts.locator('.el-notification__closeBtn').all()) await close.click().catch(() => undefined);
		await waitUntil(async () => (await toasts.count()) === 0, () => 'a toast stays open');
	}

	async screenshot(file: string, target?: Locator): Promise<void> {
		await (target ?? this.page).screenshot({ path: file, animations: 'disabled', caret: 'hide' });
	}

	/**
	 * A screenshot once the page has settled: two consecutive ones alike (n8n fills in expression
	 * previews and lazy fields a moment after a panel opens).
	 */
	async stableScreenshot(file: string): Promise<void> {
		const take = () => this.page.screenshot({ animations: 'disabled', caret: 'hide' });
		let previous = await take();
		for (let attempt = 0; attempt < 20; attempt++) {
			await this.page.waitForTimeout(250);
			const current = await take();
			if (current.equals(previous)) {
				fs.writeFileSync(file, current);
				return;
			}
			previous = current;
		}
		throw new Error(`the page did not settle for a picture (${file})`);
	}

	async close(): Promise<void> {
		await this.page.context().close();
	}
}
