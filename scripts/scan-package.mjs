#!/usr/bin/env node
/**
 * n8n's community-package scanner, as n8n runs it to verify a package, on this package's sources
 * and on the package npm would publish. The scanner itself (`@n8n/scan-community-package`) only
 * scans published packages from the registry; its analysis, `analyzePackage`, is the same ESLint
 * run with inline disable comments ignored. Needs `npm run build` first (the packed package holds
 * dist/).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let failed = false;

async function scan(label, dir, patterns) {
	const result = await analyzePackage(dir, patterns);
	// A warning does not fail the scanner; it is still a finding to fix.
	const warnings = /\d+ warnings?\b/.test(result.details ?? '');
	console.log(`${result.passed && !warnings ? 'ok  ' : 'FAIL'} n8n's community scanner on ${label}${result.message ? `: ${result.message}` : ''}`);
	if (result.details) console.log(result.details);
	if (!result.passed || warnings) failed = true;
}

await scan('the sources (package.json, nodes/, credentials/)', root, SOURCE_FILE_PATTERNS);

if (!existsSync(join(root, 'dist'))) {
	console.error('FAIL no dist/ to pack: run npm run build first');
	process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'scan-package-'));
try {
	const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }));
	const unpacked = join(work, 'package');
	execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', work]);
	await scan(`the packed package (${packed.filename}, ${packed.entryCount} files)`, unpacked);
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
