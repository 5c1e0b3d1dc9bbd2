/**
 * Polls slower than their interval, in a real n8n server. The trigger on account B's feedback
 * polls every 10 s (six poll times at fixed seconds); n8n starts each poll on schedule whether or
 * not the previous one has finished. 2,500 new records wait, and the poll that reads them takes
 * more than 30 s:
 *
 * - because the service fails for 32 s (HTTP 500, 503, dropped connections), which the transport
 *   rides out with its backoff (the credential allows two minutes of retries);
 * - because the account's rate limit is kept full by other requests on the account, so that the
 *   poll waits on the limit instead.
 *
 * The polls n8n starts meanwhile (at least three) return at once, as n8n's log shows; 500 more
 * records follow. Every record starts the workflow exactly once, in order, and no second poll
 * read the position the slow one was reading.
 */
import * as fs from 'node:fs';

import { ACCOUNT_B, n8nInstance, simClient, TriggerEmissions, type LoggedRequest } from './support';
import { SLOW_POLL_TRIGGER_ID, SLOW_POLL_TRIGGER_NODE } from './workflows';

const sim = simClient();
const n8n = n8nInstance();
const triggered = new TriggerEmissions(n8n, SLOW_POLL_TRIGGER_ID, SLOW_POLL_TRIGGER_NODE);
const FEEDBACK = { path: '/api/v2/feedback', method: 'GET', account: ACCOUNT_B.id } as const;
const BACKLOG = 2500;
const AFTER = 500;
/** How long the service fails, from the first failed request on. */
const FAILING_MS = 32_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString();
const idsOf = (records: Array<{ id: string }>) => records.map((record) => record.id);

/** The polls of this trigger that n8n started while one was running, as n8n's log tells them. */
function skippedPolls(): number {
	const log = fs.readFileSync(n8n.logFile!, 'utf8');
	return log.split('\n').filter((line) => line.includes('the previous check is still running') && line.includes(SLOW_POLL_TRIGGER_NODE)).length;
}

/** New feedback of account B, one millisecond apart, the newest of the account. */
async function insertFeedback(count: number, label: string): Promise<Array<{ id: string; createdDate: string }>> {
	const start = Date.now();
	const records = Array.from({ length: count }, (_, i) => ({
		email: `slow.poll.${i}@e2e.example.com`,
		score: i % 11,
		comment: `${label} ${i}`,
		createdDate: iso(start + i),
	}));
	return await sim.insert(ACCOUNT_B.id, 'feedback', records);
}

/** The trigger's requests for one position: those that asked from the same startDate. */
const atPosition = (requests: LoggedRequest[], startDate: string) => requests.filter((request) => request.query.startDate === startDate);

/**
 * Asserts that every record inserted so far came exactly once, oldest first, in executions that
 * all succeeded.
 */
async function expectEachOnceInOrder(inserted: string[]) {
	const all = await triggered.waitFor(inserted, 120_000);
	const emitted = all.flatMap((emission) => emission.ids);
	expect(new Set(emitted).size).toBe(emitted.length);
	expect(emitted).toEqual(inserted);
	expect(all.every((emission) => emission.status === 'success')).toBe(true);
}

describe('Survey Feedback Trigger polls slower than their interval, in a running n8n', () => {
	const inserted: string[] = [];

	beforeAll(async () => {
		await sim.configure({ faults: [], rateLimit: false });
		await n8n.start();
		const mark = await sim.mark();
		await n8n.activate(SLOW_POLL_TRIGGER_ID);
		await sim.waitForRequests({ ...FEEDBACK, after: mark });
	});

	afterAll(async () => {
		await sim.configure({ faults: [], rateLimit: false });
		await n8n.deactivate(SLOW_POLL_TRIGGER_ID).catch(() => undefined);
		await n8n.stop();
	});

	it('a poll that rides out 32 s of failures: the polls started meanwhile are skipped; every record once, in order', async () => {
		const skippedBefore = skippedPolls();
		const mark = await sim.mark();
		// The next poll's requests fail (HTTP 500, 503, dropped connections) for 32 s from the first
		// one, which the transport rides out with its backoff. The faults go first, so that the next
		// poll meets them whether or not it sees the backlog on its first try.
		const page = { method: 'GET', pathPrefix: '/api/v2/feedback' };
		await sim.configure({
			faults: [
				{ kind: 500, share: 0.34, match: page },
				{ kind: 503, share: 0.5, match: page },
				{ kind: 'drop', match: page },
			],
		});
		const backlog = await insertFeedback(BACKLOG, 'after failures');
		inserted.push(...idsOf(backlog));
		const [firstFault] = await sim.waitForRequests({ path: FEEDBACK.path, after: mark }, 1, 30_000);
		await sleep(Math.max(0, Date.parse(firstFault.time) + FAILING_MS - Date.now()));
		await sim.configure({ faults: [] });
		await triggered.waitFor(idsOf(backlog), 150_000);
		const later = await insertFeedback(AFTER, 'after the slow poll');
		inserted.push(...idsOf(later));
		await expectEachOnceInOrder(inserted);

		// One poll met every fault, trying the same first page again and again until it was
		// answered; no other poll asked from the position it was reading.
		// (A request faulted before the service read its key has no account in the log.)
		const requests = await sim.requests({ path: FEEDBACK.path, method: 'GET', after: mark });
		const position = requests[0].query.startDate as string;
		const tries = atPosition(requests, position).map((request) => request.status);
		expect(tries.length).toBeGreaterThanOrEqual(6);
		expect(tries.slice(0, -1).every((status) => status === 500 || status === 503 || status === null)).toBe(true);
		expect(tries[tries.length - 1]).toBe(200);
		expect(skippedPolls() - skippedBefore).toBeGreaterThanOrEqual(3);
	});

	it('a poll that waits on a rate limit kept full by other requests on the account: the same', async () => {
		const skippedBefore = skippedPolls();
		const mark = await sim.mark();
		await sim.configure({ rateLimit: { limit: 10, windowMs: 5_000 } });

		// Another client of the account takes every slot of the window as soon as it frees, for 45 s.
		const fillUntil = Date.now() + 45_000;
		let filled = 0;
		const filling = (async () => {
			while (Date.now() < fillUntil) {
				const answer = await fetch(`${sim.baseUrl}/api/v2/campaigns`, { headers: { 'X-Api-Key': ACCOUNT_B.readKey } });
				await answer.arrayBuffer();
				if (answer.status === 200) filled++;
				else await sleep(25);
			}
		})();
		await sleep(1_000);
		const backlog = await insertFeedback(BACKLOG, 'behind the limit');
		inserted.push(...idsOf(backlog));

		await triggered.waitFor(idsOf(backlog), 180_000);
		await filling;
		await sim.configure({ rateLimit: false });
		const later = await insertFeedback(AFTER, 'after the limit');
		inserted.push(...idsOf(later));
		await expectEachOnceInOrder(inserted);

		// The poll waited on the limit: its first page was refused with 429 until it got a slot,
		// and no other poll asked from the same position.
		const requests = await sim.requests({ ...FEEDBACK, after: mark });
		const refused = requests.filter((request) => request.status === 429);
		expect(refused.length).toBeGreaterThan(0);
		const position = refused[0].query.startDate as string;
		const statuses = atPosition(requests, position).map((request) => request.status);
		expect(statuses.slice(0, -1).every((status) => status === 429)).toBe(true);
		expect(statuses[statuses.length - 1]).toBe(200);
		expect(filled).toBeGreaterThan(50);
		expect(skippedPolls() - skippedBefore).toBeGreaterThanOrEqual(3);
	});
});
