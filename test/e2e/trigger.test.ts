/**
 * Proves the Survey Feedback Trigger in a real n8n server (`n8n start`), published through the
 * public API and polling every 10 s (six poll times at fixed seconds), against the simulator
 * (account B, which no other e2e test writes to; the legacy-header credential):
 *
 * - activation remembers the newest record and emits nothing (the account's history is not replayed);
 * - records inserted afterwards start executions, read back through the public API: every record
 *   exactly once, oldest first, records sharing one instant in the service's order, across at
 *   least two polls; a record created later in the same millisecond as the last one emitted is
 *   still emitted; a burst of more than one page (1,001 records sharing one instant) is read page
 *   by page within one poll;
 * - the position is the newest record's own timestamp, and an idle poll emits nothing;
 * - Fetch Test Event (a manual run) returns the newest record; on the trigger example (account A,
 *   detractors only) the newest detractor, which its Code node turns into an alert line.
 */
import { outputItems } from '../../dev/n8n/harness';
import { ACCOUNT_A, ACCOUNT_B, context, n8nInstance, readExamples, simClient, TRIGGER_TYPE, TriggerEmissions } from './support';
import { TRIGGER_ID, TRIGGER_NODE } from './workflows';

const sim = simClient();
const n8n = n8nInstance();
const FEEDBACK = { path: '/api/v2/feedback', method: 'GET', account: ACCOUNT_B.id } as const;
const BURST = 1001;

const iso = (ms: number) => new Date(ms).toISOString();

const triggered = new TriggerEmissions(n8n, TRIGGER_ID, TRIGGER_NODE);
const emissions = () => triggered.all();
const waitForEmitted = (ids: string[]) => triggered.waitFor(ids);

/** Stable sort by createdDate: the order the trigger promises (ties keep the service's, the insertion order). */
const byTime = (records: any[]) => [...records].sort((a, b) => Date.parse(a.createdDate) - Date.parse(b.createdDate));

describe('Survey Feedback Trigger in a running n8n', () => {
	let inserted: any[] = [];
	let expectedOrder: string[] = [];

	beforeAll(async () => {
		await n8n.start();
	});

	afterAll(async () => {
		await n8n.stop();
	});

	it('activation remembers the newest record and emits nothing', async () => {
		const mark = await sim.mark();
		await n8n.activate(TRIGGER_ID);
		// The first poll runs during activation: the newest record, newest first, with the legacy header.
		const [first] = await sim.waitForRequests({ ...FEEDBACK, after: mark });
		expect(first.query).toMatchObject({ sort: '-createdDate', page: '1' });
		expect(first.auth).toBe('authorization');
		expect(first.status).toBe(200);
	});

	it('emits records inserted later at the next poll, oldest first, ties in the service order', async () => {
		const t = Date.now();
		const batch = await sim.insert(ACCOUNT_B.id, 'feedback', [
			{ email: 'trigger.a@e2e.example.com', score: 9, comment: 'a', createdDate: iso(t + 2) },
			{ email: 'trigger.b@e2e.example.com', score: 3, comment: 'b', createdDate: iso(t) },
			{ email: 'trigger.c@e2e.example.com', score: 7, comment: 'c', createdDate: iso(t) },
			{ email: 'trigger.d@e2e.example.com', score: 10, comment: 'd', createdDate: iso(t + 1) },
			{ email: 'trigger.e@e2e.example.com', score: 0, comment: 'e', createdDate: iso(t) },
		]);
		inserted.push(...batch);
		const order = byTime(batch).map((r) => r.id);
		expect(byTime(batch).map((r) => r.comment)).toEqual(['b', 'c', 'e', 'd', 'a']);
		expectedOrder.push(...order);

		const all = await waitForEmitted(order);
		// One poll emitted the whole batch, in order, and nothing else (no history).
		const withItems = all.filter((e) => e.ids.length > 0);
		expect(withItems.map((e) => e.ids)).toEqual([order]);
		expect(withItems[0].status).toBe('success');
	});

	it('at the following polls: a record in the same millisecond as the last one, and a burst of more than a page', async () => {
		const last = inserted.find((r) => r.comment === 'a');
		const sameInstant = Date.parse(last.createdDate);
		const u = sameInstant + 1000;
		const mark = await sim.mark();
		const batch = await sim.insert(ACCOUNT_B.id, 'feedback', [
			// Created after the poll that emitted "a", in the very same millisecond.
			{ email: 'trigger.f@e2e.example.com', score: 5, comment: 'f', createdDate: iso(sameInstant) },
			...Array.from({ length: BURST }, (_, i) => ({
				email: 'trigger.burst@e2e.example.com',
				score: i % 11,
				comment: `burst ${i}`,
				createdDate: iso(u),
			})),
			{ email: 'trigger.z@e2e.example.com', score: 8, comment: 'z (newest)', createdDate: iso(u + 2) },
			{ email: 'trigger.g@e2e.example.com', score: 6, comment: 'g', createdDate: iso(u + 1) },
			{ email: 'trigger.h@e2e.example.com', score: 2, comment: 'h', createdDate: iso(sameInstant + 500) },
		]);
		inserted.push(...batch);
		const order = byTime(batch).map((r) => r.id);
		expectedOrder.push(...order);

		const all = await waitForEmitted(order);
		const emitted = all.flatMap((e) => e.ids);
		// Every record exactly once, in order, across at least two polls; all executions succeeded.
		expect(emitted).toHaveLength(inserted.length);
		expect(new Set(emitted).size).toBe(inserted.length);
		expect(emitted).toEqual(expectedOrder);
		expect(all.filter((e) => e.ids.length > 0).length).toBeGreaterThanOrEqual(2);
		expect(all.every((e) => e.status === 'success')).toBe(true);

		// The instant shared by 1,001 records was read on its own, page by page.
		const polls = await sim.requests({ ...FEEDBACK, after: mark });
		const instantPages = polls.filter((r) => r.query.startDate && r.query.startDate === r.query.endDate && Date.parse(r.query.startDate) === u);
		expect(instantPages.map((r) => r.query.page)).toEqual(['1', '2']);
		expect(polls.every((r) => r.status === 200)).toBe(true);
	});

	it('Fetch Test Event returns the newest record', async () => {
		const newest = inserted.find((r) => r.comment === 'z (newest)');
		const manual = await n8n.runManually(TRIGGER_ID, TRIGGER_NODE);
		expect(manual.mode).toBe('manual');
		expect(manual.status).toBe('success');
		const items = outputItems(manual, TRIGGER_NODE);
		expect(items.map((item) => [item.id, item.comment])).toEqual([[newest.id, 'z (newest)']]);
	});

	it('the trigger example: Fetch Test Event returns the newest detractor, and the alert is formatted', async () => {
		const file = 'detractor-alert.json';
		const example = readExamples()[file];
		const trigger = example.nodes.find((node) => node.type === TRIGGER_TYPE)!;
		const newestFirst = (await sim.get('/api/v2/feedback?sort=-createdDate&limit=1000', ACCOUNT_A.readKey)).data.responses;
		const detractor = newestFirst.find((f: { score: number }) => f.score <= 6);
		const manual = await n8n.runManually(context().examples[file], trigger.name);
		expect(manual.status).toBe('success');
		expect(outputItems(manual, trigger.name).map((f) => f.id)).toEqual([detractor.id]);
		expect(outputItems(manual, 'Format alert')).toEqual([
			{ alert: `Detractor ${detractor.email} scored ${detractor.score}: "${detractor.comment ?? ''}"`, feedbackId: detractor.id },
		]);
	});

	it('idle polls ask from the newest record’s own timestamp and emit nothing', async () => {
		const newest = inserted.find((r) => r.comment === 'z (newest)');
		const before = (await emissions()).length;
		const mark = await sim.mark();
		// Two polls: once the second has asked, the first has certainly finished.
		const idle = await sim.waitForRequests({ ...FEEDBACK, after: mark }, 2, 60_000);
		for (const poll of idle.slice(0, 2)) {
			expect(poll.query).toMatchObject({ sort: 'createdDate', page: '1' });
			expect(Date.parse(poll.query.startDate)).toBe(Date.parse(newest.createdDate));
		}
		expect((await emissions()).length).toBe(before);
		await n8n.deactivate(TRIGGER_ID);
	});
});
