/**
 * The trigger under n8n 2.41's durable poll cursors, through n8n's engine against the simulator:
 * each poll reads and writes a copy of the stored position of its own, which n8n commits with the
 * poll's execution (or alone when the poll finds nothing new), and the activation's own poll
 * commits nothing unless it emits (see TriggerDriver's `durable cursors` host). The same in a real
 * n8n, regular and queue mode: test/queue/static-data.test.ts.
 *
 * - Polls started while one runs, each over its copy, are skipped; the running poll keeps its
 *   result, which n8n commits: a poll slower than the interval is never dropped for good.
 * - n8n reads a task's copy when it starts the task, and starts several tasks of a trigger
 *   together (poll times due at once, those missed while n8n was down): a poll that begins after
 *   another one ended may hold the position from before that one's records were stored. It is
 *   skipped, so those records do not come twice.
 * - n8n loses the position taken at activation: without Start From, a record created before the
 *   first scheduled poll is never emitted. With Start From, the position stays there until a poll
 *   emits, so that record is emitted, once.
 */
import { T0, emails, iso, useTriggerAccount } from './account';
import { heldPoll } from './driver';

const { insert, driver, email } = useTriggerAccount();

/** New feedback at these instants; their emails, in order. */
const feedback = (label: string, times: number[]) => insert('feedback', times.map((time) => ({ email: email(label), createdDate: iso(time) }))).map((record) => record.email);

describe('polls over their own copies of the position', () => {
	it('polls started while a slow one runs are skipped; the slow one emits and its position is committed; each record once', async () => {
		feedback('before', [T0]);
		const trigger = driver({ event: 'newFeedback' }, { host: 'durable cursors' });
		await trigger.poll({ activation: true });
		// The activation's poll emitted nothing: n8n committed nothing of it.
		expect(trigger.state).toEqual({});
		await trigger.poll();
		expect(trigger.state).toMatchObject({ watermark: iso(T0) });

		const first = feedback('first', [T0 + 1, T0 + 2, T0 + 3]);
		const slow = await heldPoll(trigger);
		for (let tick = 0; tick < 3; tick++) {
			const skipped = await trigger.poll();
			expect(skipped.returnedNull).toBe(true);
			expect(skipped.sent).toEqual([]);
		}
		slow.release();
		const result = await slow.result;
		expect(result.error).toBeUndefined();
		expect(emails(result.items)).toEqual(first);
		expect(trigger.state).toMatchObject({ watermark: iso(T0 + 3) });

		const later = feedback('later', [T0 + 4]);
		expect(emails((await trigger.poll()).items)).toEqual(later);
		expect((await trigger.poll()).returnedNull).toBe(true);
	});

	it('tasks started together, polls one after the other: the copies read before the first poll’s result was stored are skipped', async () => {
		feedback('before', [T0]);
		const trigger = driver({ event: 'newFeedback' }, { host: 'durable cursors' });
		await trigger.poll();
		const missed = feedback('down', [T0 + 10, T0 + 20]);
		// n8n read each task's copy when it started them, all at once.
		const copies = [trigger.cursorCopy(), trigger.cursorCopy(), trigger.cursorCopy()];
		const first = await trigger.poll({ prefetched: copies[0] });
		expect(emails(first.items)).toEqual(missed);
		for (const copy of copies.slice(1)) {
			const stale = await trigger.poll({ prefetched: copy });
			expect(stale.returnedNull).toBe(true);
			expect(stale.sent).toEqual([]);
			expect(stale.logged.map(({ message }) => message)).toEqual([expect.stringContaining('was handed the position the previous check started from')]);
		}
		expect(trigger.state).toMatchObject({ watermark: iso(T0 + 20) });
		const later = feedback('later', [T0 + 30]);
		expect(emails((await trigger.poll()).items)).toEqual(later);
	});

	it('every missed poll time run at once from the same stored cursor, as n8n does at start-up: one emits, the others are skipped', async () => {
		feedback('before', [T0]);
		const trigger = driver({ event: 'newFeedback' }, { host: 'durable cursors' });
		await trigger.poll();
		const missed = feedback('down', [T0 + 10, T0 + 20]);
		const polls = await Promise.all([trigger.poll(), trigger.poll(), trigger.poll(), trigger.poll()]);
		expect(polls.map((poll) => emails(poll.items))).toEqual([missed, [], [], []]);
		expect(polls.slice(1).every((poll) => poll.returnedNull && poll.sent.length === 0)).toBe(true);
		expect(trigger.state).toMatchObject({ watermark: iso(T0 + 20) });
		expect((await trigger.poll()).returnedNull).toBe(true);
	});
});

describe('the position taken at activation, which n8n does not keep', () => {
	it('without Start From: the first scheduled poll starts from the newest record again, so a record created in between is never emitted', async () => {
		feedback('before', [T0]);
		const trigger = driver({ event: 'newFeedback' }, { host: 'durable cursors' });
		expect((await trigger.poll({ activation: true })).returnedNull).toBe(true);
		feedback('between', [T0 + 1000]);
		expect((await trigger.poll()).returnedNull).toBe(true);
		expect(trigger.state).toMatchObject({ watermark: iso(T0 + 1000), idsAtWatermark: [expect.any(String)] });
		const later = feedback('later', [T0 + 2000]);
		expect(emails((await trigger.poll()).items)).toEqual(later);
	});

	it('with Start From at the moment of activation: the position stays there until a poll emits, and that record comes once', async () => {
		feedback('before', [T0]);
		const trigger = driver({ event: 'newFeedback', options: { startFrom: iso(T0 + 1) } }, { host: 'durable cursors' });
		expect((await trigger.poll({ activation: true })).returnedNull).toBe(true);
		expect(trigger.state).toEqual({});
		const kept = feedback('between', [T0 + 1000]);
		// Two poll times due together: n8n read both copies before the first was stored.
		const copies = [trigger.cursorCopy(), trigger.cursorCopy()];
		expect(emails((await trigger.poll({ prefetched: copies[0] })).items)).toEqual(kept);
		expect((await trigger.poll({ prefetched: copies[1] })).returnedNull).toBe(true);
		expect(trigger.state).toMatchObject({ scope: `newFeedback from ${iso(T0 + 1)}`, watermark: iso(T0 + 1000) });
		expect((await trigger.poll()).returnedNull).toBe(true);
		const later = feedback('later', [T0 + 2000]);
		expect(emails((await trigger.poll()).items)).toEqual(later);
	});
});
