import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { operationsMarkdown } from '../scripts/operations-table';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

test('the README lists every operation of the node, as the node describes it', () => {
	// Regenerate with: npx tsx scripts/operations-table.ts --write
	expect(readme).toContain(operationsMarkdown());
});

test('the README names the two set-up commands', () => {
	expect(readme).toContain('npm install && npm run demo');
	expect(readme).toContain('npm install && npm test');
});
