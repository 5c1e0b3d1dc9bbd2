import { existsSync, readFileSync } from 'node:fs';
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

test('every link of the README works on npm too: none is relative, and each one into the repository names a file that exists', () => {
	// npm shows the README without the repository's files beside it, so a relative link or image breaks there.
	const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { repository: { url: string } };
	const repository = /github\.com\/(.+?)(?:\.git)?$/.exec(pkg.repository.url)![1];
	const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
	expect(targets.filter((target) => !/^(https?:|#)/.test(target))).toEqual([]);
	const paths = targets.flatMap((target) => {
		const into = new RegExp(`^https://(?:github\\.com/${repository}/(?:blob|tree)/main|raw\\.githubusercontent\\.com/${repository}/main)/([^#]+)`).exec(target);
		return into ? [into[1]] : [];
	});
	expect(paths.length).toBeGreaterThan(20);
	expect(paths.filter((path) => !existsSync(join(__dirname, '..', path)))).toEqual([]);
});
