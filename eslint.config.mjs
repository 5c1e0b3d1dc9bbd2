import { globalIgnores } from 'eslint/config';
import { config } from '@n8n/node-cli/eslint';

/**
 * n8n's own lint configuration for community nodes (`n8n-node lint`), on what the package ships:
 * the node and credential sources and package.json. The development tools around them (the
 * simulator, the real-n8n harness, tests, benchmarks, scripts) are never published and use what
 * node code may not (fs, process); the type check covers them. The ignores are all this file adds
 * to n8n's template: `scripts/check-lint-config.mjs` (in `npm run lint`) proves it on every file the
 * package is built from, in place of n8n's strict mode (docs/verification.md says why it stays off).
 */
export default [
	globalIgnores(['dev', 'test', 'bench', 'scripts', 'coverage', 'docs', 'examples']),
	// What runs leave behind (git ignores it too): n8n user folders hold thousands of .js files.
	globalIgnores(['.e2e-work', '.queue-work', '.browser-shots', '.n8n-runtime', '.n8n-runtime-*']),
	...config,
];
