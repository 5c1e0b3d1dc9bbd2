/**
 * Survey Feedback Trigger's position, polled by n8n's own engine against the simulator: paging (also
 * through 1000+ records sharing one instant, and down to the watermark), the poll budget, and records
 * recognised at the watermark so that none is emitted twice.
 */

import { queryOf } from '../helpers/engine';
import { T0, emails, iso, useTriggerAccount } from './account';

const { insert, driver, email } = useTriggerAccount();

describe('paging', () => {
	it('walks every page, also through more than 1000 records sharing one instant', async () => {
		const trigger = driver({ event: 'newFeedback' });
		await trigger.poll();
		const instant = T0 + 1000;
		const crowd = Array.from({ length: 1500 }, (_, i) => ({ email: `crowd${i}@example.com`, createdDate: iso(instant), score: 5 }));
		const after = Array.from({ length: 3 }, (_, i) => ({ email: `after${i}@example.com`, createdDate: iso(instant + 1), score: 5 }));
		insert('feedback', [...crowd, ...after]);

		const result = await trigger.poll();
		expect(result.error).toBeUndefined();
		expect(emails(result.items)).toEqual(emails([...crowd, ...after]));
		expect(result.sent.map((request) => queryOf(request))).toEqual([
			{ sort: 'createdDate', page: '1', limit: '1000' },
			{ sort: 'createdDate', startDate: iso(instant), page: '1', limit: '1000' },
			{ sort: 'createdDate', startDate: iso(instant), endDate: iso(instant), page: '1', limit: '1000' },
			{ sort: 'createdDate', startDate: iso(instant), endDate: iso(instant), page: '2', limit: '1000' },
			{ sort: 'createdDate', startDate: iso(instant + 1), page: '1', limit: '1000' },
		]);
		expect(trigger.state).toEqual(expect.objectContaining({ watermark: iso(instant + 1), idsAtWatermark: expect.any(Array) }));
		expect(trigger.state.idsAtWatermark).toHaveLength(3);

		insert('feedback', [{ email: 'late@example.com', createdDate: iso(instant + 1) }]);
		const next = await trigger.poll();
		expect(emails(next.items)).toEqual(['late@example.com']);
		expect(next.sent).toHaveLength(1);
	});

	it('sent surveys: walks back every page down to the watermark', async () => {
		const trigger = driver({ event: 'newOutboxRecord' });
		insert('outbox', [{ email: email('history'), surveyCreatedDate: iso(T0) }]);
		await trigger.poll();
		const burst = Array.from({ length: 2300 }, (_, i) => ({ email: `burst${i}@example.com`, surveyCreatedDate: iso(T0 + 1 + Math.floor(i / 2)) }));
		insert('outbox', burst);
		const result = await trigger.poll();
		expect(emails(result.items)).toEqual(emails(burst));
		expect(result.sent.map((request) => [queryOf(request).page, queryOf(request).limit])).toEqual([
			['1', '100'],
			['1', '1000'],
			['2', '1000'],
			['3', '1000'],
		]);
	});

	it('honours the host poll budget: stops at a page boundary and the next poll goes on from there', async () => {
		const trigger = driver({ event: 'newFeedback' });
		await trigger.poll();
		const records = Array.from({ length: 3500 }, (_, i) => ({ email: `budget${i}@example.com`, createdDate: iso(T0 + 1 + Math.floor(i / 3)) }));
		insert('feedback', records);
		const emitted: unknown[] = [];
		let polls = 0;
		for (;;) {
			const result = await trigger.poll({ pollBudgetMs: 0 });
			expect(result.error).toBeUndefined();
			if (result.returnedNull) break;
			expect(result.sent).toHaveLength(1);
			emitted.push(...emails(result.items));
			polls++;
		}
		expect(polls).toBe(4);
		expect(emitted).toEqual(emails(records));
	});
});

describe('identity', () => {
	it('sent surveys without a surveyId are recognised at the watermark and not emitted twice', async () => {
		const trigger = driver({ event: 'newOutboxRecord' });
		await trigger.poll();
		const instant = T0 + 10;
		const first = [0, 1, 2].map(() => ({ email: email('anon'), surveyCreatedDate: iso(instant), omitSurveyId: true }));
		insert('outbox', first);
		expect(emails((await trigger.poll()).items)).toEqual(emails(first));
		expect(trigger.state.idsAtWatermark).toEqual([expect.stringMatching(/^h:/), expect.stringMatching(/^h:/), expect.stringMatching(/^h:/)]);

		const second = [{ email: email('anon'), surveyCreatedDate: iso(instant), omitSurveyId: true }];
		insert('outbox', second);
		expect(emails((await trigger.poll()).items)).toEqual(emails(second));
		const idle = await trigger.poll();
		expect(idle.returnedNull).toBe(true);
		expect(idle.sent).toHaveLength(1);
	});
});
