/**
 * Survey Feedback Trigger and times the service sends without a zone (`2026-03-15 12:00:01`),
 * polled by n8n's own engine against the simulator, which shows each record's time that way while
 * it keeps filtering and sorting by the stored instant. The service's times are UTC, so the
 * trigger reads them as UTC whatever zone n8n runs in: test/timeZones.test.ts runs this file again
 * with the process's TZ set west and east of UTC.
 *
 * Read in the host's zone instead, a zone west of UTC moves the position hours ahead and later
 * records are never emitted (an account empty at activation, three bursts of five over three
 * polls: 5 of 15 came out in New York); a zone east of it moves the position back and asks the
 * service for the wrong instant.
 */
import { DateTime } from 'luxon';

import { queryOf } from '../helpers/engine';
import { T0, emails, iso, useTriggerAccount } from './account';

const { sim, insert, driver } = useTriggerAccount();

/** `2026-03-15 12:00:01`: the instant in UTC, as a date and a time without a zone. */
const zoneless = (time: number) => DateTime.fromMillis(time, { zone: 'utc' }).toFormat('yyyy-MM-dd HH:mm:ss');

describe.each([
	{ event: 'newFeedback', kind: 'feedback', field: 'createdDate', id: 'id' },
	{ event: 'newCustomer', kind: 'customers', field: 'createdDate', id: 'id' },
	{ event: 'newOutboxRecord', kind: 'outbox', field: 'surveyCreatedDate', id: 'surveyId' },
] as const)('$event: a $field without a zone is UTC', ({ event, kind, field, id }) => {
	const shown: Array<{ id: string; fields: Record<string, unknown> }> = [];
	/** Inserts records at these instants, each shown without a zone from now on. */
	const insertZoneless = (label: string, times: number[]) => {
		const records = insert(
			kind,
			times.map((time, i) => ({ email: `${label}${i}@example.com`, [field]: iso(time) })),
		);
		shown.push(...records.map((record, i) => ({ id: String(record[id]), fields: { [field]: zoneless(times[i]) } })));
		sim.configure({ shownFields: shown });
		return records;
	};

	beforeEach(() => {
		shown.length = 0;
	});

	it('three bursts of five over three polls, on an account empty at activation: all 15 once, in order, the position at their own instants', async () => {
		const trigger = driver({ event });
		expect((await trigger.poll()).returnedNull).toBe(true);

		const inserted: unknown[] = [];
		const emitted: unknown[] = [];
		const shownTimes: unknown[] = [];
		const positions: unknown[] = [];
		const askedFrom: unknown[] = [];
		for (const burst of [0, 1, 2]) {
			const times = [1, 2, 3, 4, 5].map((i) => T0 + (burst * 10 + i) * 1000);
			inserted.push(...insertZoneless(`burst${burst}-`, times).map((record) => record.email));
			const poll = await trigger.poll();
			expect(poll.error).toBeUndefined();
			emitted.push(...emails(poll.items));
			shownTimes.push(...poll.items.map((item) => item[field]));
			positions.push(trigger.state.watermark);
			askedFrom.push(queryOf(poll.sent[0]).startDate);
		}
		expect(emitted).toEqual(inserted);
		// Version 1 emits the records as the service sent them.
		expect(shownTimes).toEqual([1, 2, 3, 4, 5, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25].map((s) => zoneless(T0 + s * 1000)));
		expect(positions).toEqual([5, 15, 25].map((s) => iso(T0 + s * 1000)));
		// The next poll asks from the last record's own instant (sent surveys: from the day before it).
		const from = event === 'newOutboxRecord' ? [undefined, '2026-03-14', '2026-03-14'] : [undefined, iso(T0 + 5000), iso(T0 + 15_000)];
		expect(askedFrom).toEqual(from);
		expect((await trigger.poll()).returnedNull).toBe(true);
	});

	it('at activation the newest record’s time without a zone is the position: what comes after it is emitted', async () => {
		insertZoneless('before', [T0 - 1000, T0]);
		const trigger = driver({ event });
		expect((await trigger.poll()).returnedNull).toBe(true);
		expect(trigger.state).toMatchObject({ watermark: iso(T0) });

		const later = insertZoneless('after', [T0 + 1000]);
		expect(emails((await trigger.poll()).items)).toEqual([later[0].email]);
	});
});
