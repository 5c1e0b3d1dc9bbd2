#!/usr/bin/env node
/**
 * What a release ships, checked from a clean tree: the committed files (git archive HEAD) with
 * this checkout's node_modules, and no dist/. From there `npm publish --dry-run` must build first
 * (publishConfig turns scripts back on for a publish; .npmrc keeps dependencies' install scripts
 * off) and `npm run pack` must build and pack; both must ship the compiled nodes, credentials and
 * icons, and nothing of the development tools. A `main`, if package.json has one, must name a file
 * the package ships (n8n loads the files of the `n8n` block; n8n's template has no `main`), and
 * every shipped source map must carry the sources it maps (`sourcesContent`) or point at shipped ones.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const clean = mkdtempSync(join(tmpdir(), 'check-pack-'));
const run = (command, args) => execFileSync(command, args, { cwd: clean, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const expected = [...pkg.n8n.credentials, ...pkg.n8n.nodes, 'dist/icons/surveyFeedback.svg', 'dist/icons/surveyFeedback.dark.svg', 'package.json', 'README.md', 'LICENSE.md'];
let problems = [];

function check(label, files) {
	const found = problems.length;
	for (const path of expected) if (!files.includes(path)) problems.push(`${label}: missing ${path}`);
	for (const path of files) {
		if (!path.startsWith('dist/') && !expected.includes(path)) problems.push(`${label}: should not be published: ${path}`);
		if (/(^|\/)(test|dev|bench|scripts|docs|examples)\/|\.test\./.test(path.replace(/^dist\//, ''))) problems.push(`${label}: should not be published: ${path}`);
		// Compiled code, its source maps and the icons; a build's leftovers (tsconfig.tsbuildinfo) are not.
		if (path.startsWith('dist/') && !/\.(js|js\.map|svg|png|json)$/.test(path)) problems.push(`${label}: should not be published: ${path}`);
	}
	checkMain(label, files);
	checkSourceMaps(label, files);
	console.log(`${problems.length === found ? 'ok  ' : 'FAIL'} ${label}: ${files.length} files`);
}

/** `main` names a shipped file, as Node resolves it (extension and folder index added). */
function checkMain(label, files) {
	if (pkg.main === undefined) return;
	const main = posix.normalize(pkg.main);
	if (![main, `${main}.js`, posix.join(main, 'index.js')].some((path) => files.includes(path))) {
		problems.push(`${label}: "main" names ${pkg.main}, which the package does not ship`);
	}
}

/** Each shipped map (read from the clean tree's build, which is what was packed) has every source it maps, inline or shipped. */
function checkSourceMaps(label, files) {
	for (const map of files.filter((path) => path.endsWith('.map'))) {
		const { sources = [], sourcesContent = [], sourceRoot = '' } = JSON.parse(readFileSync(join(clean, map), 'utf8'));
		sources.forEach((source, i) => {
			if (typeof sourcesContent[i] === 'string') return;
			if (files.includes(posix.normalize(posix.join(posix.dirname(map), sourceRoot, source)))) return;
			problems.push(`${label}: ${map} maps ${source}, which is neither inline nor shipped`);
		});
	}
}

try {
	execFileSync('sh', ['-c', `git -C "${root}" archive HEAD | tar -x -C "${clean}"`]);
	symlinkSync(join(root, 'node_modules'), join(clean, 'node_modules'), 'dir');
	const published = JSON.parse(run('npm', ['publish', '--dry-run', '--json']));
	check('npm publish from a clean tree', (published.files ?? published[pkg.name]?.files ?? []).map((file) => file.path));
	rmSync(join(clean, 'dist'), { recursive: true, force: true });
	run('npm', ['run', 'pack', '--', '--dry-run']);
	const packed = JSON.parse(run('npm', ['pack', '--dry-run', '--json']));
	check('npm run pack from a clean tree', packed[0].files.map((file) => file.path));
} finally {
	rmSync(clean, { recursive: true, force: true });
}
if (problems.length) {
	console.error(problems.join('\n'));
	process.exit(1);
}
