#!/usr/bin/env node
/**
 * The checks n8n's community package scanner makes, run on our own sources and on dist:
 * no restricted globals and no imports beyond what n8n gives community nodes.
 * (The scanner itself only scans packages published to the registry.)
 */
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const allowedImports = new Set(['n8n-workflow', 'lodash', 'moment', 'luxon', 'zod', 'p-limit', 'crypto', 'node:crypto']);
const restrictedGlobals = ['setTimeout', 'setInterval', 'setImmediate', 'process', 'global', 'globalThis', '__dirname', '__filename'];

function files(dir, pattern) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return files(full, pattern);
		return pattern.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
	});
}

function stripCommentsAndStrings(code) {
	return code
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/(^|[^:])\/\/.*$/gm, '$1')
		.replace(/`(?:\\[\s\S]|[^`\\])*`/g, '``')
		.replace(/'(?:\\.|[^'\\\n])*'/g, "''")
		.replace(/"(?:\\.|[^"\\\n])*"/g, '""');
}

const problems = [];
const targets = [
	...files(path.join(root, 'nodes'), /\.ts$/),
	...files(path.join(root, 'credentials'), /\.ts$/),
	...files(path.join(root, 'dist'), /\.js$/),
];
for (const file of targets) {
	const code = fs.readFileSync(file, 'utf8');
	const rel = path.relative(root, file);
	const importRe = /(?:from\s+|require\(\s*|import\(\s*)['"]([^'"]+)['"]/g;
	for (const match of code.matchAll(importRe)) {
		const name = match[1];
		if (name.startsWith('.')) continue;
		const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
		if (!allowedImports.has(base)) problems.push(`${rel}: imports "${name}", which n8n does not provide to community nodes`);
	}
	const bare = stripCommentsAndStrings(code);
	for (const name of restrictedGlobals) {
		const re = new RegExp(`(^|[^.\\w$])${name}\\b(?!\\s*:)`, 'm');
		if (re.test(bare)) problems.push(`${rel}: uses the restricted global "${name}"`);
	}
}

if (problems.length) {
	console.error(problems.join('\n'));
	process.exit(1);
}
console.log(`community rules: ${targets.length} files clean`);
