/** Where the harness finds the repository, the installer and the n8n versions, and where it works. */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const INSTALL_SCRIPT = path.join(__dirname, '..', 'install.sh');
/** The n8n versions the project runs (dev/n8n/versions.json): the pinned one, and the matrix of `npm run test:compat`. */
export const N8N_VERSIONS: { pinned: string; matrix: Array<{ label: string; version: string }> } = JSON.parse(
	fs.readFileSync(path.join(__dirname, '..', 'versions.json'), 'utf8'),
);
/** The n8n version the e2e tests, the demo and the benchmarks run by default. */
export const PINNED_N8N_VERSION = N8N_VERSIONS.pinned;

/** Where throwaway user folders go: `<repo>/.e2e-work`, or N8N_E2E_WORK_DIR. */
export function workRoot(): string {
	return process.env.N8N_E2E_WORK_DIR
		? path.resolve(process.env.N8N_E2E_WORK_DIR)
		: path.join(REPO_ROOT, '.e2e-work');
}
