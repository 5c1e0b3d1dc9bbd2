/** An instance's work folder: emptied, with the community packages in its `.n8n/nodes`, as n8n installs them. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { CreateInstanceOptions, N8nRuntime } from './types';

/** Empties `workDir` and puts each package of `opts.packageDir` in it (copied or linked); returns the packages' names. */
export function prepareWorkFolder(runtime: N8nRuntime, workDir: string, opts: CreateInstanceOptions): string[] {
	fs.rmSync(workDir, { recursive: true, force: true });
	const nodesModules = path.join(workDir, '.n8n', 'nodes', 'node_modules');
	fs.mkdirSync(nodesModules, { recursive: true });

	const packageDirs = opts.packageDir === undefined ? [] : Array.isArray(opts.packageDir) ? opts.packageDir : [opts.packageDir];
	const packages: string[] = [];
	const mode = opts.mode ?? 'copy';
	for (const dir of packageDirs) {
		const pkgDir = path.resolve(dir);
		const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
		if (!pkg.name || !pkg.n8n) throw new Error(`${pkgDir}/package.json has no name or no n8n block`);
		const target = path.join(nodesModules, pkg.name);
		fs.mkdirSync(path.dirname(target), { recursive: true });
		if (mode === 'link') {
			fs.symlinkSync(pkgDir, target, 'dir');
		} else {
			copyPackage(pkgDir, pkg, target);
		}
		packages.push(pkg.name);
	}
	// The package's `require('n8n-workflow')` then finds n8n's own copy, as in a community install;
	// likewise `luxon`, which npm installs beside it as n8n-workflow's dependency (without the
	// link, a work folder inside the repo would resolve the repo's own luxon, and one outside none).
	for (const lib of ['n8n-workflow', 'luxon']) {
		const ownLib = path.join(runtime.runtimeDir, 'node_modules', lib);
		if (mode === 'copy' && fs.existsSync(ownLib) && !fs.existsSync(path.join(nodesModules, lib))) {
			fs.symlinkSync(ownLib, path.join(nodesModules, lib), 'dir');
		}
	}
	return packages;
}

/** What npm would install of the package: its package.json and its `files`; throws when a node or credential it lists is missing. */
function copyPackage(pkgDir: string, pkg: any, target: string): void {
	fs.mkdirSync(target, { recursive: true });
	fs.copyFileSync(path.join(pkgDir, 'package.json'), path.join(target, 'package.json'));
	const files: string[] = Array.isArray(pkg.files) && pkg.files.length ? pkg.files : ['dist'];
	for (const f of files) {
		const from = path.join(pkgDir, f);
		if (fs.existsSync(from)) fs.cpSync(from, path.join(target, f), { recursive: true });
	}
	for (const file of (pkg.n8n.nodes ?? []).concat(pkg.n8n.credentials ?? [])) {
		if (!fs.existsSync(path.join(target, file))) {
			throw new Error(`${pkg.name}: ${file} (listed in its n8n block) is missing: build the package first`);
		}
	}
}
