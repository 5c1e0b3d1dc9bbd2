#!/usr/bin/env node
/** Checks what `npm pack` would publish: the compiled nodes, credentials and icons, nothing from test/. */
const { execFileSync } = require('child_process');
const pkg = require('../package.json');

const listing = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }));
const files = listing[0].files.map((file) => file.path);
const problems = [];
const expected = [...pkg.n8n.credentials, ...pkg.n8n.nodes, 'dist/icons/surveyFeedback.svg', 'dist/icons/surveyFeedback.dark.svg'];
for (const path of expected) if (!files.includes(path)) problems.push(`missing ${path}`);
for (const path of files) {
	if (/(^|\/)test\/|\.test\.|simulator|bench\//.test(path)) problems.push(`should not be published: ${path}`);
	if (!path.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE', 'LICENSE.md'].includes(path)) problems.push(`unexpected file: ${path}`);
}
if (problems.length) {
	console.error(problems.join('\n'));
	process.exit(1);
}
console.log(`npm pack: ${files.length} files, all expected ones present, nothing from test/`);
