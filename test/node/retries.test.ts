/**
 * A service that fails a share of its answers, the way real services and proxies do: reads
 * retried until they succeed (within the credential's Max Retry Wait), and writes that must not
 * repeat sent once, with a message that says what may have happened and how to check.
 */
import type { IDataObject } from 'n8n-workflow';

import type { LoggedRequest } from '../../dev/simulator';
import { campaignsOf, sendableCampaigns, serviceFor, useSimulator } from '../helpers/simulator';
import type { FaultKind, FaultRule } from '../../dev/simulator/faults';
import { field } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';

const PAGES = 12;
let pendingFaults: FaultRule[] | undefined;
let faultAfterPages = 0;
let pagesSeen = 0;
const sim = useSimulator({
	seed: { feedback: PAGES * 1000 },
	// Arms the faults pending for "after N pages", so a given page fails, not the first one.
	onRequest: (entry: LoggedRequest) => {
		if (entry.method !== 'GET' || entry.path !== '/api/v2/feedback' || entry.status !== 200) return;
		if (++pagesSeen === faultAfterPages && pendingFaults) sim.configure({ faults: pendingFaults });
	},
});
const service = serviceFor(sim);

beforeEach(() => {
	sim.configure({ faults: [] });
	sim.clearRequests();
	pendingFaults = undefined;
	pagesSeen = 0;
	faultAfterPages = 0;
});

const READ_FAULTS: Array<[string, FaultRule]> = [
	['HTTP 500', { kind: 500 }],
	['HTTP 502', { kind: 502 }],
	['HTTP 503', { kind: 503 }],
	['a dropped connection', { kind: 'drop' }],
	['a 502 HTML page from a proxy', { kind: 'html' }],
	['a 200 HTML maintenance page', { kind: 'html', status: 200 }],
	['a 200 whose JSON is cut off', { kind: 'badjson' }],
];

const returnAll = (credential: IDataObject = {}) =>
	runNode({ service, parameters: { resource: 'feedback', operation: 'getMany', returnAll: true }, credential });

const feedbackReads = () => sim.requests({ method: 'GET', path: '/api/v2/feedback' }).filter((r) => r.path === '/api/v2/feedback');

function expectEveryRecordOnce(json: IDataObject[]) {
	expect(json).toHaveLength(PAGES * 1000);
	expect(new Set(json.map((record) => record.id)).size).toBe(PAGES * 1000);
}

describe('Return All over a flaky service reads every record exactly once', () => {
	test.each(READ_FAULTS)('%s on 30 %% of the answers, three seeds', async (_, rule) => {
		for (const seed of [1, 2, 3]) {
			sim.configure({ faults: [{ ...rule, share: 0.3, match: { pathPrefix: '/api/v2/feedback' } }], faultSeed: seed });
			sim.clearRequests();
			const { json, error } = await returnAll();
			expect(error).toBeUndefined();
			expectEveryRecordOnce(json);
			const reads = feedbackReads();
			expect(reads.filter((r) => r.fault)).not.toHaveLength(0);
			// Each page answered once; every other request was a fault, retried.
			expect(reads.filter((r) => !r.fault)).toHaveLength(PAGES);
		}
	});

	test('every kind of failure mixed, at 20 % in all, several seeds', async () => {
		for (const seed of [4, 5, 6, 7]) {
			sim.configure({
				// Seven rules of 3 % each: about one answer in five fails, in any of the ways.
				faults: READ_FAULTS.map(([, rule]) => ({ ...rule, share: 0.03, match: { pathPrefix: '/api/v2/feedback' } })),
				faultSeed: seed,
			});
			sim.clearRequests();
			const { json, error } = await returnAll();
			expect(error).toBeUndefined();
			expectEveryRecordOnce(json);
		}
	});

	test('a burst of four failures on one page (500, 503, two dropped connections) is ridden out', async () => {
		faultAfterPages = 5;
		pendingFaults = [
			{ kind: 500, count: 1 },
			{ kind: 503, count: 1 },
			{ kind: 'drop', count: 2 },
		];
		const { json, error } = await returnAll();
		expect(error).toBeUndefined();
		expectEveryRecordOnce(json);
		expect(feedbackReads().map((r) => r.fault ?? r.status)).toEqual([...Array(5).fill(200), 500, 503, 'drop', 'drop', ...Array(PAGES - 5).fill(200)]);
	});

	test('the retries stop when the credential’s Max Retry Wait is spent, and the error says which page and how much was read', async () => {
		faultAfterPages = 3;
		pendingFaults = [{ kind: 503 }];
		// The test transport waits 1, 2, 4, then 5 ms between tries: 0.02 s allows five retries.
		const { json, error } = await returnAll({ maxRetryWait: 0.02 });
		expect(json).toEqual([]);
		expect(error?.message).toBe(
			'Feedback: Get Many failed on page 4 (3000 records read before it; none are output): the service answered HTTP 503 (6 tries over 0 s)',
		);
		expect(error?.description).toMatch(/Max Retry Wait/);
		expect(feedbackReads().filter((r) => r.fault)).toHaveLength(6);
	});

	test('0 as the Max Retry Wait fails at the first failure', async () => {
		sim.configure({ faults: [{ kind: 'badjson', match: { pathPrefix: '/api/v2/feedback' } }] });
		const { error } = await returnAll({ maxRetryWait: 0 });
		expect(error?.message).toBe('Feedback: Get Many failed: the service answered HTTP 200 with a body that is cut off or not JSON');
		expect(feedbackReads()).toHaveLength(1);
	});
});

const WRITE_FAULTS: Array<[string, FaultKind, 200 | 502 | undefined]> = [
	['HTTP 500', 500, undefined],
	['HTTP 502', 502, undefined],
	['HTTP 503', 503, undefined],
	['a dropped connection', 'drop', undefined],
	['a 502 HTML page', 'html', undefined],
	['a 200 HTML page', 'html', 200],
	['a 200 whose JSON is cut off', 'badjson', undefined],
];

describe('writes that must not repeat are sent once, and say what may have happened', () => {
	let SENDABLE: string;
	let NPS: string;

	beforeAll(async () => {
		({ email: SENDABLE, nps: NPS } = await sendableCampaigns(sim));
	});

	test.each(WRITE_FAULTS)('Survey › Send after %s, when the service acted or not', async (_, kind, status) => {
		for (const when of ['before', 'after'] as const) {
			sim.configure({ faults: [{ kind, status, when, match: { method: 'POST', pathPrefix: '/api/v2/survey' } }] });
			sim.clearRequests();
			const emails = [1, 2].map((n) => `flaky.${kind}${status ?? ''}.${when}.${n}@example.com`);
			const { error } = await runNode({
				service,
				parameters: { resource: 'survey', operation: 'send', campaign: { __rl: true, mode: 'id', value: SENDABLE }, email: field('email') },
				items: emails.map((email) => ({ email })),
			});
			expect(sim.requests({ method: 'POST', path: '/api/v2/survey' })).toHaveLength(1);
			expect(error?.message).toMatch(/^Survey: Send failed: .*, so the surveys of this request \(2\) may have been queued all the same: look for them with Outbox › Get Many/);
			expect(error?.description).toMatch(/sent once and not repeated/);
			const outbox = (await (await fetch(`${sim.baseUrl}/api/v2/outbox?email=${encodeURIComponent(emails[0])}`, { headers: { 'X-Api-Key': service.apiKey } })).json()) as { data: { surveys: unknown[] } };
			// What the message says is true: queued when the service acted, not when it did not.
			expect(outbox.data.surveys).toHaveLength(when === 'after' ? 1 : 0);
		}
	});

	test.each(WRITE_FAULTS)('Feedback › Import after %s is sent once', async (_, kind, status) => {
		sim.configure({ faults: [{ kind, status, match: { method: 'POST', pathPrefix: '/api/v2/import' } }] });
		const { error } = await runNode({
			service,
			parameters: { resource: 'feedback', operation: 'import', campaign: { __rl: true, mode: 'id', value: NPS }, inputMode: 'itemJson' },
			items: [{ email: `import.${kind}@example.com`, score: 9 }],
		});
		expect(sim.requests({ method: 'POST', path: '/api/v2/import' })).toHaveLength(1);
		expect(error?.message).toMatch(/^Feedback: Import failed: .*, so the response of this request may have been imported all the same: look for it with Feedback › Get Many/);
	});
});

describe('the API key is in none of these errors, whichever way it is sent', () => {
	const KEY = 'sf_demo_write_a';
	test.each(['apiKeyHeader', 'legacyHeader', 'queryParameter'] as const)('%s', async (authentication) => {
		const errors: unknown[] = [];
		for (const [, rule] of READ_FAULTS) {
			sim.configure({ faults: [{ ...rule, match: { pathPrefix: '/api/v2/feedback' } }] });
			errors.push((await runNode({ service, authentication, parameters: { resource: 'feedback', operation: 'getMany', returnAll: true }, credential: { maxRetryWait: 0 } })).error);
		}
		for (const [, kind, status] of WRITE_FAULTS) {
			sim.configure({ faults: [{ kind, status, match: { pathPrefix: '/api/v2/survey' } }] });
			const run = await runNode({
				service,
				authentication,
				parameters: { resource: 'survey', operation: 'send', campaign: { __rl: true, mode: 'id', value: 'x' }, email: 'key.check@example.com' },
			});
			errors.push(run.error);
		}
		expect(errors.every(Boolean)).toBe(true);
		for (const error of errors) {
			const text = JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).stack);
			expect(text).not.toContain(KEY);
			expect(text).not.toContain(encodeURIComponent(KEY));
		}
	});
});

describe('Survey › Send and the campaign’s channel', () => {
	test('a campaign that sends by another channel fails naming the campaign and its channel', async () => {
		const link = (await campaignsOf(sim)).find((c) => c.channel !== 'email' && c.channel !== 'inapp' && c.isActive !== false)!;
		const { error } = await runNode({
			service,
			parameters: { resource: 'survey', operation: 'send', campaign: { __rl: true, mode: 'id', value: link.id }, email: 'channel@example.com' },
		});
		expect(error?.message).toBe(
			`Survey: Send failed: campaign "${link.name}" (${link.id}) sends by ${link.channel}; a transactional survey goes out by email or in-app only [HTTP 400]`,
		);
	});
});
