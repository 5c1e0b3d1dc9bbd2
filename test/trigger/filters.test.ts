/**
 * Survey Feedback Trigger's filters, polled by n8n's own engine against the simulator: what goes to
 * the service on the wire, and the score range, applied here.
 */

import { queryOf } from '../helpers/engine';
import { byId } from '../helpers/parameters';
import { T0, emails, iso, useTriggerAccount } from './account';

const { insert, driver, email, campaign } = useTriggerAccount();

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
