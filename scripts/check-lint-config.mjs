#!/usr/bin/env node
/**
 * What n8n's strict mode guards, kept without it. In strict mode `n8n-node lint` refuses an
 * `eslint.config.mjs` other than its template's, so that a package cannot loosen n8n's rules; ours
 * adds ignores for the folders that never ship (docs/verification.md says why strict mode stays
 * off). This check proves those ignores are all it adds: on every file the published package is
 * built from (package.json, nodes/, credentials/), ESLint with our configuration applies exactly
 * what it applies with the template's (the same rules at the same settings, the same plugins,
 * parser and settings), and lints every file the template's would.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

import { ESLint } from 'eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Where `n8n-node lint` reads the template it compares against in strict mode (beside its dist/configs/eslint.js).
const nodeCliConfigs = dirname(createRequire(import.meta.url).resolve('@n8n/node-cli/eslint'));
const templateFile = join(nodeCliConfigs, '..', 'template', 'templates', 'shared', 'default', 'eslint.config.mjs');

const ours = new ESLint({ cwd: root });
const template = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: (await import(pathToFileURL(templateFile).href)).default });

/** What of a file's computed configuration decides its findings, in comparable form. */
function essence(config) {
	if (!config) return undefined;
	return {
		rules: config.rules,
		plugins: Object.keys(config.plugins ?? {}).sort(),
		parser: config.languageOptions?.parser,
		parserOptions: config.languageOptions?.parserOptions,
		globals: config.languageOptions?.globals,
		settings: config.settings,
		language: config.language,
		processor: config.processor,
	};
}

const shipped = [
	'package.json',
	...['nodes', 'credentials'].flatMap((dir) =>
		readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile())
			.map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name))),
	),
];

const problems = [];
let linted = 0;
for (const file of shipped) {
	const path = join(root, file);
	const [ignoredByOurs, ignoredByTemplate] = [await ours.isPathIgnored(path), await template.isPathIgnored(path)];
	if (ignoredByTemplate) continue;
	if (ignoredByOurs) {
		problems.push(`${file}: n8n's configuration lints it, ours ignores it`);
		continue;
	}
	const [a, b] = [essence(await ours.calculateConfigForFile(path)), essence(await template.calculateConfigForFile(path))];
	if (b === undefined) continue;
	if (!isDeepStrictEqual(a, b)) {
		const rules = new Set([...Object.keys(a?.rules ?? {}), ...Object.keys(b.rules)]);
		const differing = [...rules].filter((rule) => !isDeepStrictEqual(a?.rules?.[rule], b.rules[rule]));
		problems.push(`${file}: our configuration differs from n8n's${differing.length ? ` (rules ${differing.slice(0, 5).join(', ')})` : ''}`);
		continue;
	}
	linted++;
}

if (problems.length || linted === 0) {
	console.error(`FAIL eslint.config.mjs is not n8n's default configuration on what ships:\n${problems.join('\n') || 'no file linted'}`);
	process.exit(1);
}
console.log(`ok   eslint.config.mjs lints the ${linted} files the package is built from as n8n's default configuration does`);
