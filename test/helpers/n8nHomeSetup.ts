/**
 * Jest global setup: n8n-core keeps its instance settings (an encryption key, an instance ID)
 * in a user folder. The in-process engine gets a throwaway one, never ~/.n8n, and a quiet logger.
 * n8nHomeTeardown.ts removes the folder when the run ends.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): void {
	process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'n8n-engine-tests-'));
	process.env.N8N_LOG_LEVEL = 'silent';
}
