/** An instance's work folder: emptied, with the community packages in its `.n8n/nodes`, as n8n installs them. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { CreateInstanceOptions, N8nRuntime } from './types';

/** Empties `workDir` and puts each package of `opts.packageDir` (copied or linked) and `opts.packageTarball` (installed) in it; returns the packages' names. */
export function prepareWorkFolder(runtime: N8nRuntime, workDir: string, opts: CreateInstanceOptions): string[] {
	fs.rmSync(workDir, { recursive: true, force: true });
	const nodesDir = path.join(workDir, '.n8n', 'nodes');
	const nodesModules = path.join(nodesDir, 'node_modules');
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
	// A copied package's `require('n8n-workflow')` then finds n8n's own copy, as in a community install;
	// likewise `luxon`, which npm installs beside it as n8n-workflow's dependency (without the
	// link, a work folder inside the repo would resolve the repo's own luxon, and one outside none).
	for (const lib of ['n8n-workflow', 'luxon']) {
		const ownLib = path.join(runtime.runtimeDir, 'node_modules', lib);
		if (packageDirs.length && mode === 'copy' && fs.existsSync(ownLib) && !fs.existsSync(path.join(nodesModules, lib))) {
			fs.symlinkSync(ownLib, path.join(nodesModules, lib), 'dir');
		}
	}
	if (opts.packageTarball !== undefined) packages.push(installTarball(nodesDir, path.resolve(opts.packageTarball)));
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
	assertListedFilesPresent(pkg, target, 'build the package first');
}

/**
 * `npm install --omit=peer <tarball>` in the n8n nodes folder, which first gets the package.json
 * n8n keeps there (n8n writes it at its first start; npm then installs into this folder and
 * records the package in it). Returns the package's name.
 */
function installTarball(nodesDir: string, tarball: string): string {
	const ledger = path.join(nodesDir, 'package.json');
	fs.writeFileSync(ledger, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
	try {
		execFileSync('npm', ['install', '--omit=peer', '--no-audit', '--no-fund', tarball], {
			cwd: nodesDir,
			env: userNpmEnv(),
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
			timeout: 120_000,
		});
	} catch (e: any) {
		throw new Error(`npm install ${tarball} in ${nodesDir} failed:\n${e.stderr ?? e.message}`);
	}
	const [name] = Object.keys(JSON.parse(fs.readFileSync(ledger, 'utf8')).dependencies ?? {});
	if (!name) throw new Error(`npm install ${tarball} installed nothing into ${nodesDir}`);
	const target = path.join(nodesDir, 'node_modules', name);
	const pkg = JSON.parse(fs.readFileSync(path.join(target, 'package.json'), 'utf8'));
	if (!pkg.n8n) throw new Error(`${tarball}: its package.json has no n8n block`);
	assertListedFilesPresent(pkg, target, 'the tarball does not ship them');
	return name;
}

/**
 * The environment of npm as a person's shell has it: what `npm run` hands its scripts (this
 * project's settings, such as its `.npmrc`'s ignore-scripts) left out, the registry, cache, proxy
 * and TLS kept.
 */
function userNpmEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		const keep = /^npm_config_(registry|cache|userconfig|cafile|strict_ssl|proxy|https_proxy|noproxy|fetch_.*|maxsockets)$/i.test(k);
		if (/^npm_/i.test(k) && !keep) continue;
		env[k] = v;
	}
	return env;
}

function assertListedFilesPresent(pkg: any, dir: string, hint: string): void {
	for (const file of (pkg.n8n.nodes ?? []).concat(pkg.n8n.credentials ?? [])) {
		if (!fs.existsSync(path.join(dir, file))) {
			throw new Error(`${pkg.name}: ${file} (listed in its n8n block) is missing: ${hint}`);
		}
	}
}
