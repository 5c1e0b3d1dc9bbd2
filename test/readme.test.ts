/**
 * The documentation's promises that can break silently: the README's operations table and Simplify
 * table say what the node does, every link leads somewhere (a file that exists, a heading that
 * exists), and every command it names exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

import { resources } from '../nodes/SurveyFeedback/actions/resources';
import { simplifiedFieldNames } from '../nodes/shared/records';
import { operationsMarkdown } from '../dev/readme/operationsTable';

const ROOT = join(__dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const readme = read('README.md');
const pkg = JSON.parse(read('package.json')) as { repository: { url: string }; scripts: Record<string, string> };
const repository = /github\.com\/(.+?)(?:\.git)?$/.exec(pkg.repository.url)![1];

/** The documents a reader follows links through: the README, CONTRIBUTING.md and docs/. */
const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(ROOT, 'docs')).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`)];

/** The text outside fenced code blocks. */
function prose(markdown: string): string {
	return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	for (const [, text] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
		const base = text
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count ? `${base}-${count}` : base);
	}
	return anchors;
}

/** The targets of a document's links and images, `[text](target)`. */
function linksOf(markdown: string): string[] {
	return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
}

/** Where a link leads inside the repository (a path from its root, and an anchor), or undefined for the outside world. */
function inRepository(from: string, target: string): { path: string; anchor?: string } | undefined {
	const [address, anchor] = target.split('#') as [string, string | undefined];
	if (address === '') return { path: from, anchor };
	const into = new RegExp(`^https://(?:github\\.com/${repository}/(?:blob|tree)/main|raw\\.githubusercontent\\.com/${repository}/main)/(.+)$`).exec(address);
	if (into) return { path: into[1].replace(/\/$/, ''), anchor };
	if (/^[a-z]+:/.test(address)) return undefined;
	return { path: relative(ROOT, normalize(join(ROOT, dirname(from), address))), anchor };
}

test('the README lists every operation of the node, as the node describes it', () => {
	// Regenerate with: npx tsx scripts/operations-table.ts --write
	expect(readme).toContain(operationsMarkdown());
});

test('the README says what Simplify returns for every operation that has it, field by field and in order', () => {
	for (const resource of resources) {
		for (const operation of resource.operations.filter((candidate) => candidate.returns)) {
			const fields = simplifiedFieldNames(operation.returns!)
				.map((field) => `\`${field}\``)
				.join(', ');
			const row = readme.split('\n').find((line) => line.startsWith(`| ${resource.name} › `) && line.includes(fields));
			expect(row ?? `${resource.name} › ${operation.option.name}: no row with ${fields}`).toContain(operation.option.name);
		}
	}
});

test('the README names the two set-up commands, and stays short enough to read on npm', () => {
	expect(readme).toContain('npm install && npm run demo');
	expect(readme).toContain('npm install && npm test');
	expect(readme.split('\n').length).toBeLessThanOrEqual(300);
});

test('every link of the README works on npm too: none is relative', () => {
	// npm shows the README without the repository's files beside it, so a relative link or image breaks there.
	expect(linksOf(readme).filter((target) => !/^(https?:|#)/.test(target))).toEqual([]);
});

test.each(DOCUMENTS)('every link of %s into the repository leads to a file that exists, and to a heading it has', (document) => {
	const broken = linksOf(read(document)).flatMap((target) => {
		const place = inRepository(document, target);
		if (!place) return [];
		if (!existsSync(join(ROOT, place.path))) return [`${target}: no file ${place.path}`];
		if (place.anchor === undefined || !place.path.endsWith('.md')) return [];
		return anchorsOf(read(place.path)).has(place.anchor) ? [] : [`${target}: no heading #${place.anchor} in ${place.path}`];
	});
	expect(broken).toEqual([]);
});

test.each(DOCUMENTS)('every command %s names exists: npm scripts, and the files run with tsx, node or jest', (document) => {
	const text = read(document);
	const missing = [
		...[...text.matchAll(/npm run ([\w:-]+)/g)].map(([, script]) => script).filter((script) => !(script in pkg.scripts)).map((script) => `npm run ${script}`),
		...[...text.matchAll(/(?:npx tsx|node|npx jest -c|bash)\s+((?:\.\/)?[\w./-]+\.(?:ts|mjs|js|sh))/g)]
			.map(([, file]) => file)
			.filter((file) => !file.includes('<') && !existsSync(join(ROOT, file)))
			.map((file) => `missing file ${file}`),
	];
	expect(missing).toEqual([]);
});
