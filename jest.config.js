/** Unit and integration tests; the end-to-end tests in a real n8n run with `npm run test:e2e`, the queue-mode ones with `npm run test:queue`. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/browser/', '/test/queue/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// n8n's engine runs in process (test/helpers/engine.ts): its user folder is a throwaway one.
	globalSetup: '<rootDir>/test/helpers/n8nHomeSetup.ts',
	globalTeardown: '<rootDir>/test/helpers/n8nHomeTeardown.ts',
	// nock is undone after each test file that uses it, so that it does not intercept the next ones.
	setupFilesAfterEnv: ['<rootDir>/test/helpers/nockPerFile.ts'],
	// A guard against a hang, not a speed check: a test that walks thousands of records through
	// n8n's engine takes seconds on a busy two-core machine.
	testTimeout: 60_000,
};
