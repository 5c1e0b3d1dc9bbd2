/**
 * The end-to-end tests: this package inside a real n8n (2.41.1), against the simulator.
 *
 *   npm run test:e2e                      # build, then every e2e test and the harness smoke test
 *   npx jest -c test/e2e/jest.config.js --runInBand test/e2e/trigger.test.ts   # one file (dist/ built)
 *
 * global-setup.ts starts ONE simulator in the jest process and ONE n8n user folder with every
 * credential and workflow imported (one call each); the test files share them (see support.ts).
 * n8n is installed on first use (dev/n8n/install.sh, minutes when cold).
 */
const path = require('path');

module.exports = {
	rootDir: path.resolve(__dirname, '..', '..'),
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['<rootDir>/test/e2e/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
	// n8n CLI cold starts, polls every 10 s: generous, each harness call has its own timeout too.
	testTimeout: 10 * 60_000,
	slowTestThreshold: 60,
};
