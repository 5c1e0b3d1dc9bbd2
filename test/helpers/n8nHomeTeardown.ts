/** Jest global teardown: removes the user folder n8nHomeSetup.ts made. */
import { rmSync } from 'node:fs';

export default function teardown(): void {
	const folder = process.env.N8N_USER_FOLDER;
	if (folder?.includes('n8n-engine-tests-')) rmSync(folder, { recursive: true, force: true });
}
