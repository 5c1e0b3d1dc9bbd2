/**
 * Survey Feedback Trigger, polled by n8n's own engine against the simulator: its description, where
 * it starts on activation, Start From (backfill), and Fetch Test Event. Filters, paging and failures
 * part-way are in their own files; the long randomized streams in stream.test.ts.
 */

import { SurveyFeedbackTrigger } from '../../nodes/SurveyFeedbackTrigger/SurveyFeedbackTrigger.node';
import { pathOf, queryOf } from '../helpers/engine';
import { byId } from '../helpers/parameters';
import { T0, emails, iso, useTriggerAccount } from './account';

const { insert, driver, email, campaign } = useTriggerAccount();

describe('node description', () => {
	it('is a polling trigger with the shared credentials, campaign search and filters shown per event', () => {
		const node = new SurveyFeedbackTrigger();
		const { description } = node;
		expect(description).toEqual(
			expect.objectContaining({ name: 'surveyFeedbackTrigger', polling: true, inputs: [], outputs: ['main'], group: ['trigger'] }),
		);
		expect(description.credentials?.map((credential) => credential.name)).toEqual([
			'surveyFeedbackApi',
			'surveyFeedbackLegacyHeaderApi',
			'surveyFeedbackQueryAuthApi',
		]);
		expect(node.methods?.listSearch?.searchCampaigns).toEqual(expect.any(Function));
		const shownFor = (name: string) => description.properties.find((property) => property.name === name)?.displayOptions?.show?.event;
		expect(shownFor('campaign')).toEqual(['newFeedback', 'newOutboxRecord']);
		expect(shownFor('score')).toEqual(['newFeedback']);
		expect(shownFor('channel')).toEqual(['newOutboxRecord']);
		expect(shownFor('sentBy')).toEqual(['newOutboxRecord']);
		expect(shownFor('attributeFilters')).toBeUndefined();
	});
});

describe('activation', () => {
	it('emits nothing on the first poll and starts from the newest record, read without filters', async () => {
		const newest = T0 - 1000;
		insert('feedback', [
			{ email: email(), createdDate: iso(T0 - 5000), score: 2 },
			{ email: email(), createdDate: iso(T0 - 3000), score: 3 },
			{ email: email(), createdDate: iso(newest), score: 1 },
			{ email: email(), createdDate: iso(newest), score: 9 },
		]);
		const trigger = driver({ event: 'newFeedback', campaign: byId(campaign('NPS', 'email')), score: 'detractors' });

		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first.returnedNull).toBe(true);
		expect(first.sent).toHaveLength(1);
		expect(pathOf(first.sent[0])).toBe('/api/v2/feedback');
		expect(queryOf(first.sent[0])).toEqual({ sort: '-createdDate', page: '1', limit: '100' });
		expect(trigger.state).toEqual({
			version: 1,
			scope: 'newFeedback',
			watermark: iso(newest),
			idsAtWatermark: [expect.any(String), expect.any(String)],
		});

		// After activation: one more at the newest instant, and later ones; only matching ones come out.
		const late = [
			{ email: email('same-instant'), createdDate: iso(newest), score: 0 },
			{ email: email('promoter'), createdDate: iso(newest + 5), score: 10 },
			{ email: email('later'), createdDate: iso(newest + 5), score: 6 },
			{ email: email('other-campaign'), createdDate: iso(newest + 6), score: 1, campaignId: campaign('NPS', 'inapp') },
		];
		insert('feedback', late);
		const second = await trigger.poll();
		expect(second.error).toBeUndefined();
		expect(emails(second.items)).toEqual([late[0].email, late[2].email]);
		expect(second.items[0]).toEqual(expect.objectContaining({ score: 0, createdDate: iso(newest), id: expect.any(String) }));
		expect(second.items[0]).not.toHaveProperty('code');
		expect(second.sent).toHaveLength(1);
		expect(queryOf(second.sent[0])).toEqual(
			expect.objectContaining({ sort: 'createdDate', startDate: iso(newest), page: '1', limit: '1000' }),
		);

		const idle = await trigger.poll();
		expect(idle.returnedNull).toBe(true);
		expect(idle.sent).toHaveLength(1);
	});

	it('on an empty account emits, from the next poll on, every record that appears, whatever its timestamp', async () => {
		const trigger = driver({ event: 'newCustomer' });
		const first = await trigger.poll();
		expect(first.returnedNull).toBe(true);
		expect(trigger.state).toEqual(expect.objectContaining({ watermark: null, idsAtWatermark: [] }));
		expect((await trigger.poll()).sent).toHaveLength(1);

		const records = [
			{ email: email('old'), createdDate: iso(T0 - 86_400_000) },
			{ email: email('now'), createdDate: iso(T0) },
			{ email: email('now'), createdDate: iso(T0) },
		];
		insert('customers', [records[1], records[0], records[2]]);
		const next = await trigger.poll();
		expect(emails(next.items)).toEqual([records[0].email, records[1].email, records[2].email]);
		expect(queryOf(next.sent[0])).toEqual({ sort: 'createdDate', page: '1', limit: '1000' });
		expect(trigger.state).toEqual(expect.objectContaining({ watermark: iso(T0), idsAtWatermark: [expect.any(String), expect.any(String)] }));
	});

	it('starts again from the newest record when the event changes', async () => {
		insert('feedback', [{ email: email(), createdDate: iso(T0 - 10) }]);
		const trigger = driver({ event: 'newFeedback' });
		await trigger.poll();
		expect(trigger.state.scope).toBe('newFeedback');

		trigger.setParameters({ event: 'newCustomer' });
		const switched = await trigger.poll();
		expect(switched.returnedNull).toBe(true);
		expect(pathOf(switched.sent[0])).toBe('/api/v2/customers');
		expect(trigger.state).toEqual(expect.objectContaining({ scope: 'newCustomer', watermark: iso(T0 - 10) }));
	});
});

describe('Start From (backfill)', () => {
	it('emits every record from the chosen instant on, oldest first, on the first poll', async () => {
		const start = T0 - 3_600_000;
		const before = [{ email: email('before'), createdDate: iso(start - 1) }];
		const after = [
			{ email: email('at'), createdDate: iso(start) },
			{ email: email('after'), createdDate: iso(start + 1) },
			{ email: email('after'), createdDate: iso(T0) },
		];
		insert('feedback', [after[2], ...before, after[1], after[0]]);
		const trigger = driver({ event: 'newFeedback', options: { startFrom: iso(start) } });
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(emails(first.items)).toEqual(emails(after));
		expect(queryOf(first.sent[0])).toEqual({ sort: 'createdDate', startDate: iso(start), page: '1', limit: '1000' });
		expect(trigger.state).toEqual(expect.objectContaining({ scope: `newFeedback from ${iso(start)}`, watermark: iso(T0) }));

		const idle = await trigger.poll();
		expect(idle.returnedNull).toBe(true);
		expect(idle.sent).toHaveLength(1);

		// A new Start From starts over from it.
		trigger.setParameters({ event: 'newFeedback', options: { startFrom: iso(start + 1) } });
		expect(emails((await trigger.poll()).items)).toEqual(emails(after.slice(1)));
	});

	it('reads a date without a time as the start of that day in the workflow time zone', async () => {
		// 2026-03-14 00:00 in New York (EDT, UTC-4) is 04:00 UTC.
		const records = [
			{ email: email('before'), createdDate: '2026-03-14T03:59:59.999Z' },
			{ email: email('at'), createdDate: '2026-03-14T04:00:00.000Z' },
		];
		insert('customers', records);
		const trigger = driver({ event: 'newCustomer', options: { startFrom: '2026-03-14' } }, { timezone: 'America/New_York' });
		const first = await trigger.poll();
		expect(emails(first.items)).toEqual([records[1].email]);
		expect(queryOf(first.sent[0]).startDate).toBe('2026-03-14T04:00:00.000Z');
	});

	it('for sent surveys asks from the day before and cuts at the exact instant across the account midnight', async () => {
		// Account A is in New York: local midnight of 15 March is 04:00 UTC.
		const midnight = Date.parse('2026-03-15T04:00:00.000Z');
		const records = [
			{ email: email('day-before'), surveyCreatedDate: iso(midnight - 3_600_000) },
			{ email: email('last-ms-before'), surveyCreatedDate: iso(midnight - 1) },
			{ email: email('midnight'), surveyCreatedDate: iso(midnight) },
			{ email: email('midnight'), surveyCreatedDate: iso(midnight), omitSurveyId: true },
			{ email: email('after'), surveyCreatedDate: iso(midnight + 1) },
		];
		insert('outbox', records);
		const trigger = driver({ event: 'newOutboxRecord', options: { startFrom: iso(midnight) } });
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(emails(first.items)).toEqual(emails(records.slice(2)));
		expect(first.items[1]).not.toHaveProperty('surveyId');
		expect(first.sent).toHaveLength(1);
		expect(queryOf(first.sent[0])).toEqual({ sort: '-surveyCreatedDate', startDate: '2026-03-14', page: '1', limit: '100' });
		expect(trigger.state).toEqual(expect.objectContaining({ watermark: iso(midnight + 1), idsAtWatermark: [expect.any(String)] }));
	});
});

describe('Fetch Test Event (manual mode)', () => {
	it('returns the newest record that passes every filter and leaves the state untouched', async () => {
		const detractor = { email: email('detractor'), createdDate: iso(T0 - 2000), score: 4 };
		insert('feedback', [
			{ email: email('older-detractor'), createdDate: iso(T0 - 3000), score: 1 },
			detractor,
			{ email: email('promoter'), createdDate: iso(T0 - 1000), score: 10 },
		]);
		const trigger = driver({ event: 'newFeedback', score: 'detractors' });
		const manual = await trigger.poll({ mode: 'manual' });
		expect(manual.error).toBeUndefined();
		expect(emails(manual.items)).toEqual([detractor.email]);
		expect(manual.staticData).toEqual({});
		expect(queryOf(manual.sent[0])).toEqual({ sort: '-createdDate', page: '1', limit: '1000' });

		await trigger.poll();
		const saved = structuredClone(trigger.state);
		const again = await trigger.poll({ mode: 'manual' });
		expect(emails(again.items)).toEqual([detractor.email]);
		expect(again.staticData).toEqual(saved);
	});

	it('asks for one record when nothing has to be filtered here', async () => {
		insert('outbox', [
			{ email: email('older'), surveyCreatedDate: iso(T0 - 2000) },
			{ email: email('newest'), surveyCreatedDate: iso(T0 - 1000) },
		]);
		const manual = await driver({ event: 'newOutboxRecord' }).poll({ mode: 'manual' });
		expect(manual.items).toHaveLength(1);
		expect(manual.items[0].email).toMatch(/^newest/);
		expect(queryOf(manual.sent[0])).toEqual({ sort: '-surveyCreatedDate', page: '1', limit: '1' });
	});

	it('says so when no record matches', async () => {
		insert('feedback', [{ email: email(), createdDate: iso(T0), score: 10 }]);
		const manual = await driver({ event: 'newFeedback', score: 'detractors' }).poll({ mode: 'manual' });
		expect(manual.error?.message).toContain('No feedback response matching the filters was found');
		expect(manual.error?.description).toMatch(/score in the chosen range/);
		expect(manual.staticData).toEqual({});
	});
});
