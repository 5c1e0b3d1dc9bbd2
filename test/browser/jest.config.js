/**
 * The browser tests: the n8n editor in a headless Chromium, against the n8n that `npm run dev`
 * starts (startDevEditor of dev/n8n/devEditor.ts: the simulator, this package, its credentials, the examples).
 *
 *   scripts/install-chromium.sh && npm run test:browser
 *
 * One n8n start and one browser session for the whole suite; the steps run in order and build on
 * each other. Screenshots of every step go to .browser-shots/ (ignored by git).
 */
const path = require('path');

module.exports = {
	rootDir: path.resolve(__dirname, '..', '..'),
	testEnvironment: 'node',
	roots: ['<rootDir>/test/browser'],
	testMatch: ['<rootDir>/test/browser/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	// Each step waits on what the page shows (30 s per wait); n8n starts in beforeAll.
	testTimeout: 3 * 60_000,
	slowTestThreshold: 60,
};
