/**
 * Survey Feedback Trigger, case by case, polled by n8n's own engine against the simulator:
 * activation from now, backfill, Fetch Test Event, filters on the wire, the score range, paging
 * (also through 1000+ records sharing one instant), the poll budget, and failures part-way.
 * The long randomized streams are in stream.test.ts.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { SurveyFeedbackTrigger } from '../../nodes/SurveyFeedbackTrigger/SurveyFeedbackTrigger.node';
import { campaignsOf, useSimulator } from '../helpers/simulator';
import { pathOf, queryOf } from '../helpers/engine';
import { byId } from '../helpers/parameters';
import { TriggerDriver } from './driver';

const T0 = Date.parse('2026-03-15T12:00:00.000Z');
let clock = T0;
const sim = useSimulator({ seed: 'empty', now: () => new Date(clock) });
let campaigns: IDataObject[];

const iso = (time: number) => new Date(time).toISOString();
const account = () => sim.accounts[0];
const insert = (kind: 'customers' | 'feedback' | 'outbox', records: IDataObject[]) => sim.insert(account().id, kind, records);
const driver = (parameters: Record<string, unknown>, extra: { timezone?: string; credential?: IDataObject } = {}) =>
	new TriggerDriver({ sim, apiKey: account().writeKey, parameters, ...extra });
const emails = (items: IDataObject[]) => items.map((item) => item.email);
let serial = 0;
const email = (label = 'r') => `${label}${++serial}@example.com`;

const campaign = (metric: string, channel: string) =>
	String(campaigns.find((entry) => entry.metric === metric && entry.channel === channel)?.id);

beforeEach(async () => {
	clock = T0;
	sim.reset('empty');
	campaigns = await campaignsOf(sim);
});

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

describe('filters', () => {
	it('feedback: campaign and attribute filters go to the service, the score range is applied here', async () => {
		const nps = campaign('NPS', 'email');
		const trigger = driver({
			event: 'newFeedback',
			campaign: byId(nps),
			score: 'custom',
			minScore: 3,
			maxScore: 4,
			attributeFilters: { filter: [{ name: 'plan', op: 'equal', value: 'growth' }, { name: 'tags', op: 'contains', value: 'vip' }] },
			match: 'any',
		});
		await trigger.poll();
		insert('customers', [
			{ email: 'growth@example.com', createdDate: iso(T0), properties: [{ label: 'plan', value: 'growth' }] },
			{ email: 'free@example.com', createdDate: iso(T0), properties: [{ label: 'plan', value: 'free' }] },
		]);
		insert('feedback', [
			{ email: 'growth@example.com', createdDate: iso(T0 + 1), score: 3 },
			{ email: 'free@example.com', createdDate: iso(T0 + 2), score: 3 },
			{ email: 'growth@example.com', createdDate: iso(T0 + 3), score: 9 },
			{ email: 'growth@example.com', createdDate: iso(T0 + 4), score: 4, campaignId: campaign('NPS', 'inapp') },
			{ email: 'growth@example.com', createdDate: iso(T0 + 5), score: 4 },
		]);
		const result = await trigger.poll();
		expect(result.items.map((item) => [item.email, item.score])).toEqual([
			['growth@example.com', 3],
			['growth@example.com', 4],
		]);
		expect(queryOf(result.sent[0])).toEqual({
			campaignId: nps,
			'attributes[0][name]': 'plan',
			'attributes[0][op]': 'equal',
			'attributes[0][value]': 'growth',
			'attributes[1][name]': 'tags',
			'attributes[1][op]': 'contains',
			'attributes[1][value]': 'vip',
			match: 'any',
			sort: 'createdDate',
			page: '1',
			limit: '1000',
		});
		// The watermark moved over the promoter too: the next poll starts at the newest response.
		expect(trigger.state.watermark).toBe(iso(T0 + 5));
	});

	it('feedback: the watermark moves over responses the score range drops, so they are not read again', async () => {
		const trigger = driver({ event: 'newFeedback', score: 'promoters' });
		await trigger.poll();
		insert('feedback', [
			{ email: email(), createdDate: iso(T0 + 1), score: 2 },
			{ email: email(), createdDate: iso(T0 + 2), score: 8 },
		]);
		const dropped = await trigger.poll();
		expect(dropped.returnedNull).toBe(true);
		expect(trigger.state.watermark).toBe(iso(T0 + 2));
		const idle = await trigger.poll();
		expect(idle.sent).toHaveLength(1);
		expect(idle.returnedNull).toBe(true);
		insert('feedback', [{ email: email('promoter'), createdDate: iso(T0 + 3), score: 9 }]);
		expect(emails((await trigger.poll()).items)).toEqual([expect.stringMatching(/^promoter/)]);
	});

	it('feedback: a custom range with its minimum above its maximum fails before any request', async () => {
		const result = await driver({ event: 'newFeedback', score: 'custom', minScore: 8, maxScore: 2 }).poll();
		expect(result.error?.message).toContain('Minimum Score: 8 is above Maximum Score (2)');
		expect(result.sent).toHaveLength(0);
	});

	it('sent surveys: campaign, channel, sent-by and attribute filters go to the service', async () => {
		const nps = campaign('NPS', 'email');
		const trigger = driver({
			event: 'newOutboxRecord',
			campaign: byId(nps),
			channel: 'email',
			sentBy: 'reminder',
			attributeFilters: { filter: [{ name: 'region', op: 'equal', value: 'emea' }] },
		});
		await trigger.poll();
		insert('customers', [
			{ email: 'emea@example.com', createdDate: iso(T0), properties: [{ label: 'region', value: 'emea' }] },
			{ email: 'apac@example.com', createdDate: iso(T0), properties: [{ label: 'region', value: 'apac' }] },
		]);
		const base = { campaignId: nps, channel: 'email', sentBy: 'reminder' };
		insert('outbox', [
			{ ...base, email: 'emea@example.com', surveyCreatedDate: iso(T0 + 1), subject: 'match' },
			{ ...base, email: 'apac@example.com', surveyCreatedDate: iso(T0 + 2) },
			{ ...base, email: 'emea@example.com', surveyCreatedDate: iso(T0 + 3), channel: 'link' },
			{ ...base, email: 'emea@example.com', surveyCreatedDate: iso(T0 + 4), sentBy: 'campaign' },
			{ ...base, email: 'emea@example.com', surveyCreatedDate: iso(T0 + 5), campaignId: campaign('NPS', 'inapp') },
		]);
		const result = await trigger.poll();
		expect(result.items.map((item) => item.subject)).toEqual(['match']);
		expect(queryOf(result.sent[0])).toEqual({
			campaignId: nps,
			channel: 'email',
			sentBy: 'reminder',
			'attributes[0][name]': 'region',
			'attributes[0][op]': 'equal',
			'attributes[0][value]': 'emea',
			match: 'all',
			sort: '-surveyCreatedDate',
			page: '1',
			limit: '1000',
		});
	});

	it('customers: attribute filters go to the service', async () => {
		const trigger = driver({
			event: 'newCustomer',
			attributeFilters: { filter: [{ name: 'plan', op: 'in', value: 'growth,enterprise' }] },
		});
		await trigger.poll();
		insert('customers', [
			{ email: 'a@example.com', createdDate: iso(T0 + 1), properties: [{ label: 'plan', value: 'free' }] },
			{ email: 'b@example.com', createdDate: iso(T0 + 2), properties: [{ label: 'plan', value: 'enterprise' }] },
		]);
		const result = await trigger.poll();
		expect(emails(result.items)).toEqual(['b@example.com']);
		expect(queryOf(result.sent[0])).toEqual(
			expect.objectContaining({ 'attributes[0][name]': 'plan', 'attributes[0][op]': 'in', 'attributes[0][value]': 'growth,enterprise', match: 'all' }),
		);
	});
});

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

describe('a poll that fails part-way', () => {
	const burst = (count: number, label: string, field = 'createdDate') =>
		Array.from({ length: count }, (_, i) => ({ email: `${label}${i}@example.com`, [field]: iso(T0 + 1 + i) }));

	it('keeps the state when page 2 fails with 5xx past the retries, and the next poll emits everything once', async () => {
		const trigger = driver({ event: 'newFeedback' });
		insert('feedback', [{ email: email(), createdDate: iso(T0) }]);
		await trigger.poll();
		const before = structuredClone(trigger.state);
		const records = burst(2500, 'fail');
		insert('feedback', records);

		const failed = await trigger.poll({
			beforeRequest: (index) => {
				if (index === 1) sim.configure({ faults: [{ kind: 503, count: 4, match: { pathPrefix: '/api/v2/feedback' } }] });
			},
		});
		expect(failed.error?.message).toContain('Trigger: New Feedback failed on the page after 1000 records (none are emitted): the service answered HTTP 503 (4 tries');
		expect(failed.sent).toHaveLength(5); // page 1, then page 2 and its three retries
		expect(trigger.state).toEqual(before);

		const retried = await trigger.poll();
		expect(retried.error).toBeUndefined();
		expect(emails(retried.items)).toEqual(emails(records));
	});

	it('keeps the state when the connection drops on a later page of sent surveys', async () => {
		const trigger = driver({ event: 'newOutboxRecord' });
		insert('outbox', [{ email: email(), surveyCreatedDate: iso(T0) }]);
		await trigger.poll();
		const before = structuredClone(trigger.state);
		const records = burst(1800, 'drop', 'surveyCreatedDate');
		insert('outbox', records);

		const failed = await trigger.poll({
			beforeRequest: (index) => {
				if (index === 2) sim.configure({ faults: [{ kind: 'drop', count: 4 }] });
			},
		});
		expect(failed.error?.message).toMatch(/^Trigger: New Sent Survey failed on page \d .*: the connection was dropped/);
		expect(trigger.state).toEqual(before);
		sim.configure({ faults: [] });

		const retried = await trigger.poll();
		expect(emails(retried.items)).toEqual(emails(records));
	});

	it('keeps the state when a 429 lasts longer than the credential allows', async () => {
		// A window of 1 s, so that the poll after the limit is lifted does not wait for a minute's slots.
		const trigger = driver({ event: 'newCustomer' }, { credential: { maxRateLimitWait: 0.02, rateLimitWindow: 1 } });
		await trigger.poll();
		const records = burst(1200, 'limited');
		insert('customers', records);

		const failed = await trigger.poll({
			beforeRequest: async (index) => {
				if (index !== 1) return;
				sim.configure({ rateLimit: { limit: 1, windowMs: 600_000 } });
				await fetch(`${sim.baseUrl}/api/v2/ping`, { headers: { 'X-Api-Key': account().writeKey } });
			},
		});
		expect(failed.error?.message).toContain('Trigger: New Customer failed on the page after 1000 records (none are emitted): the service is still rate limiting this account [HTTP 429]');
		expect(trigger.state).toEqual(expect.objectContaining({ watermark: null, idsAtWatermark: [] }));
		sim.configure({ rateLimit: false });

		const retried = await trigger.poll();
		expect(emails(retried.items)).toEqual(emails(records));
	});

	it('fails without emitting when a record has no readable timestamp', async () => {
		const base = 'https://broken.survey.test';
		nock(base)
			.get('/api/v2/feedback')
			.query(true)
			.reply(200, { message: 'Success.', code: 200, data: { responses: [{ id: 'a1', createdDate: 'yesterday' }], pages: 1 } });
		const trigger = new TriggerDriver({
			sim: { ...sim, baseUrl: base },
			apiKey: 'k',
			parameters: { event: 'newFeedback' },
		});
		const result = await trigger.poll();
		expect(result.error?.message).toContain('The service sent a feedback response without a readable createdDate');
		expect(trigger.state).toEqual({});
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
