/**
 * The queue-mode tests: this package in n8n's queue mode, a main and two workers
 * joined by Redis and sharing PostgreSQL (dev/queue), against the simulator.
 *
 *   npm run test:queue                                   # build, then every queue test, one after the other
 *   npx jest -c test/queue/jest.config.js --runInBand test/queue/load.test.ts   # one file (dist/ built)
 *
 * Each file starts its own simulator, PostgreSQL, Redis and n8n processes and stops them at the
 * end. PostgreSQL and Redis are installed from Debian's packages on first use (root, apt-get).
 */
const path = require('path');

module.exports = {
	rootDir: path.resolve(__dirname, '..', '..'),
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['<rootDir>/test/queue/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	// n8n processes start in seconds, executions under the rate limit take a minute or two.
	testTimeout: 10 * 60_000,
	slowTestThreshold: 120,
};
