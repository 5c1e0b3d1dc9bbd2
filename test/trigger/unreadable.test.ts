/**
 * Survey Feedback Trigger and a record whose time it cannot read, polled by n8n's own engine
 * against the simulator. The simulator shows the chosen records' time field as null (its
 * `shownFields` setting) while it keeps filtering and sorting them by their stored time, as a
 * service that writes the field its own way would. Such a record is emitted once, in the place
 * the service's order gives it, with a warning in n8n's log; the position moves past it; only a
 * page with no readable record fails the poll.
 */
import { T0, emails, iso, useTriggerAccount } from './account';
import type { PollResult } from './driver';

const { sim, insert, driver } = useTriggerAccount();

/** Answers show `field` as null for these records. */
const unreadable = (records: Array<Record<string, unknown>>, field: string) =>
	sim.configure({ shownFields: records.map((record) => ({ id: String(record.id ?? record.surveyId), fields: { [field]: null } })) });

const warnings = (poll: PollResult) => poll.logged.filter(({ level }) => level === 'warn').map(({ message }) => message);

describe.each([
	{ event: 'newFeedback', kind: 'feedback', field: 'createdDate', id: 'id' },
	{ event: 'newCustomer', kind: 'customers', field: 'createdDate', id: 'id' },
	{ event: 'newOutboxRecord', kind: 'outbox', field: 'surveyCreatedDate', id: 'surveyId' },
] as const)('$event: a record without a readable $field', ({ event, kind, field, id }) => {
	const at = (label: string, time: number) => ({ email: `${label}@example.com`, [field]: iso(time) });

	it('between good ones: over three polls every record is emitted once and the position is saved', async () => {
		const trigger = driver({ event });
		insert(kind, [at('before', T0)]);
		const first = await trigger.poll();
		expect(first.returnedNull).toBe(true);

		const [, broken, good2] = insert(kind, [at('good1', T0 + 1000), at('broken', T0 + 2000), at('good2', T0 + 3000)]);
		unreadable([broken], field);
		const second = await trigger.poll();
		expect(second.error).toBeUndefined();
		expect(emails(second.items)).toEqual(['good1@example.com', 'broken@example.com', 'good2@example.com']);
		expect(second.items[1][field]).toBeNull();
		// Placed at its newer neighbour's time: its ID is kept with that instant's.
		expect(trigger.state).toMatchObject({ watermark: iso(T0 + 3000), idsAtWatermark: [String(broken[id]), String(good2[id])] });
		expect(warnings(second)).toEqual([
			expect.stringContaining(`${broken[id]} with ${field} = null, which cannot be read as a time; it is emitted once, in the place the service's order gives it (${iso(T0 + 3000)})`),
		]);

		insert(kind, [at('good3', T0 + 4000)]);
		const third = await trigger.poll();
		expect(emails(third.items)).toEqual(['good3@example.com']);
		expect(warnings(third)).toEqual([]);
		expect(trigger.state).toMatchObject({ watermark: iso(T0 + 4000), idsAtWatermark: [expect.any(String)] });
		expect((await trigger.poll()).returnedNull).toBe(true);
	});

	it('the newest record: emitted once, then recognised by its ID while newer records arrive', async () => {
		const trigger = driver({ event });
		insert(kind, [at('before', T0)]);
		await trigger.poll();
		const [good1, broken] = insert(kind, [at('good1', T0 + 1000), at('broken', T0 + 2000)]);
		unreadable([broken], field);

		const second = await trigger.poll();
		expect(emails(second.items)).toEqual(['good1@example.com', 'broken@example.com']);
		// Placed at its older neighbour's time, as nothing newer is readable yet.
		expect(trigger.state).toMatchObject({ watermark: iso(T0 + 1000), idsAtWatermark: [String(good1[id]), String(broken[id])] });

		insert(kind, [at('good2', T0 + 3000)]);
		expect(emails((await trigger.poll()).items)).toEqual(['good2@example.com']);
		insert(kind, [at('good3', T0 + 4000)]);
		expect(emails((await trigger.poll()).items)).toEqual(['good3@example.com']);
		expect((await trigger.poll()).returnedNull).toBe(true);
	});

	it('at activation: the newest record is part of the starting position and never emitted', async () => {
		const trigger = driver({ event });
		const [, broken] = insert(kind, [at('old', T0), at('broken', T0 + 1000)]);
		unreadable([broken], field);
		expect((await trigger.poll()).returnedNull).toBe(true);
		expect(trigger.state).toMatchObject({ watermark: iso(T0), idsAtWatermark: expect.arrayContaining([String(broken[id])]) });

		insert(kind, [at('new', T0 + 2000)]);
		expect(emails((await trigger.poll()).items)).toEqual(['new@example.com']);
	});

	it('records without a readable time at the edges of pages: a backlog of 2,500 is emitted once each, in order', async () => {
		const trigger = driver({ event });
		insert(kind, [at('before', T0)]);
		await trigger.poll();
		const records = insert(kind, Array.from({ length: 2500 }, (_, i) => at(`burst${i}`, T0 + 1000 + i)));
		unreadable([0, 998, 999, 1000, 1001, 1999, 2000, 2498, 2499].map((i) => records[i]), field);

		const backlog = await trigger.poll();
		expect(backlog.error).toBeUndefined();
		expect(emails(backlog.items)).toEqual(records.map((record) => record.email));
		expect(warnings(backlog)).toHaveLength(9);
		insert(kind, [at('after', T0 + 5000)]);
		expect(emails((await trigger.poll()).items)).toEqual(['after@example.com']);
		expect((await trigger.poll()).returnedNull).toBe(true);
	});

	it('a page with no readable record fails the poll with the position kept; the next poll reads them', async () => {
		const trigger = driver({ event });
		const [position] = insert(kind, [at('before', T0)]);
		await trigger.poll();
		const before = structuredClone(trigger.state);
		const records = insert(kind, [at('a', T0 + 1000), at('b', T0 + 2000)]);
		unreadable([position, ...records], field);

		const failed = await trigger.poll();
		expect(failed.error?.message).toBe(`The service's answer format changed: no ${noun(kind)} on the page has a readable ${field}`);
		expect(failed.error?.description).toContain(`None of the 3 records on this page of`);
		expect(failed.items).toEqual([]);
		expect(trigger.state).toEqual(before);

		sim.configure({ shownFields: [] });
		expect(emails((await trigger.poll()).items)).toEqual(['a@example.com', 'b@example.com']);
	});
});

function noun(kind: string): string {
	return { feedback: 'feedback response', customers: 'customer', outbox: 'sent survey' }[kind] as string;
}
