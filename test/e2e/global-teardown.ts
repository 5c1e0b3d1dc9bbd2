/** Jest global teardown of the e2e tests: stops the simulator global-setup.ts started. */
import type { Simulator } from '../../dev/simulator';

export default async function globalTeardown(): Promise<void> {
	const sim = (globalThis as Record<string, unknown>).__SF_E2E_SIMULATOR__ as Simulator | undefined;
	await sim?.close();
}
