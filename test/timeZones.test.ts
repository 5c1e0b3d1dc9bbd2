/**
 * The tests of the dates the nodes read, run again in processes whose time zone is west of UTC
 * and east of it. A process's TZ must be set before Node.js starts (its date functions and
 * Intl read it then), so each zone gets a jest of its own, started here, on these files:
 * the dates of answers (Simplify, Retry-After, a record's time), the trigger's positions on times
 * sent without a zone, its activation and Start From, records whose time it cannot read, and the
 * dates users give. Each passes in the host's zone too, as part of this run.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..');

const ZONE_TESTS = [
	'test/answerDates.test.ts',
	'test/dates.test.ts',
	'test/trigger/zones.test.ts',
	'test/trigger/activation.test.ts',
	'test/trigger/unreadable.test.ts',
];

/** West of UTC (UTC−5, UTC−4 in summer) and east of it by a non-whole hour (UTC+5:30). */
const ZONES = ['America/New_York', 'Asia/Kolkata'];

/** Runs jest on `files` in a new Node.js process with `TZ=zone`; its exit code and output. */
function jestIn(zone: string, files: string[]): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [require.resolve('jest/bin/jest'), '--ci', '--runInBand', '--runTestsByPath', ...files], {
			cwd: ROOT,
			env: { ...process.env, TZ: zone },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, output }));
	});
}

describe.each(ZONES)('TZ=%s', (zone) => {
	test(
		'the date tests pass',
		async () => {
			const { code, output } = await jestIn(zone, ZONE_TESTS);
			if (code !== 0) throw new Error(`jest under TZ=${zone} exited with ${code}:\n${output}`);
			// Every file ran.
			expect(output).toMatch(new RegExp(`Test Suites: ${ZONE_TESTS.length} passed, ${ZONE_TESTS.length} total`));
		},
		5 * 60_000,
	);
});
