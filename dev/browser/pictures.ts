/** Pictures of n8n's editor: settled screenshots, the page tidied first, and the node icons as loaded. */
import * as fs from 'node:fs';

import type { Locator, Page } from 'playwright-core';

import { VIEWPORT, waitUntil } from './chromium';

export class Pictures {
	constructor(private readonly page: Page) {}


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
}
