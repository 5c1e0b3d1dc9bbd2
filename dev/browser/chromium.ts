/** Debian's Chromium, launched headless for the editor's tests and pictures, and a wait that says what it waited for. */
import * as fs from 'node:fs';

import { chromium, selectors, type Browser } from 'playwright-core';

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
