/** The panel of one node in n8n's editor (n8n calls it the NDV): its parameters, as a user sets them, and its output. */
import type { Locator, Page } from 'playwright-core';

import { VIEWPORT, waitUntil } from './chromium';

export class NodePanel {
	constructor(
		private readonly page: Page,
		/** The node of that name on the canvas. */
		private readonly canvasNode: (name: string) => Locator,
	) {}

	/** The panel itself. */
	get root(): Locator {
		return this.page.getByTestId('ndv');
	}

	get parameters(): Locator {
		return this.page.getByTestId('node-parameters');
	}

	get output(): Locator {
		return this.page.getByTestId('output-panel');
	}

	/** Opens the panel of a canvas node with a double click. */
	async open(name: string): Promise<void> {
		await this.canvasNode(name).dblclick();
		await this.root.waitFor();
	}

	/**
	 * Opens a node with the keyboard (select it, Enter), the mouse parked outside the panel: with
	 * the mouse over the output table, n8n previews the expressions for the hovered row instead of
	 * the first one, which a picture should not depend on.
	 */
	async openForPicture(name: string): Promise<void> {
		await this.canvasNode(name).click();
		await this.page.mouse.move(VIEWPORT.width / 2, 4);
		await this.page.keyboard.press('Enter');
		await this.root.waitFor();
	}

	async close(): Promise<void> {
		await this.page.getByTestId('ndv-close-button').click();
		await this.root.waitFor({ state: 'hidden' });
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

	/** The entries a dropdown parameter lists (each entry's text: its name, then its description), read with the list open, then closed again. */
	async optionsOf(parameter: string): Promise<string[]> {
		await this.page.getByTestId(`parameter-input-${parameter}`).click();
		const options = this.page.getByRole('option').filter({ visible: true });
		await options.first().waitFor();
		const texts = await options.allInnerTexts();
		await this.page.keyboard.press('Escape');
		await options.first().waitFor({ state: 'hidden' });
		return texts.map((text) => text.trim());
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
		const text = await this.output.getByTestId('ndv-items-count').innerText();
		const match = /(\d[\d,]*)\s+items?/.exec(text);
		if (!match) throw new Error(`the output panel says "${text}"`);
		return Number(match[1].replace(/,/g, ''));
	}
}
