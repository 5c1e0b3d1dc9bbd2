/**
 * `npx tsx scripts/operations-table.ts` prints the README's operations table (dev/readme/operationsTable.ts);
 * `--write` puts it in README.md in place of the table there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { operationsMarkdown, withOperationsTable } from '../dev/readme/operationsTable';

if (require.main === module) {
	if (process.argv.includes('--write')) {
		const path = join(__dirname, '..', 'README.md');
		writeFileSync(path, withOperationsTable(readFileSync(path, 'utf8')));
		console.log('README.md: operations table written');
	} else {
		console.log(operationsMarkdown());
	}
}
