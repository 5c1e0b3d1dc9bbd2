/**
 * The tests' layout: one file a concern, each short enough to read whole. A file that grows past
 * the budget is split by concern (a shared set-up goes in a module beside the files, as
 * test/node/feedbackAccount.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const LINE_BUDGET = 500;

/** Every test file under test/, end-to-end, browser and queue-mode ones included. */
function testFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return testFiles(path);
		return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
	});
}

test(`every test file is under ${LINE_BUDGET} lines`, () => {
	const files = testFiles(join(ROOT, 'test'));
	expect(files.length).toBeGreaterThan(50);
	const long = files
		.map((file) => [file, (readFileSync(join(ROOT, file), 'utf8').match(/\n/g) ?? []).length] as const)
		.filter(([, lines]) => lines >= LINE_BUDGET)
		.map(([file, lines]) => `${file}: ${lines} lines`);
	expect(long).toEqual([]);
});
