/**
 * Survey Feedback Trigger, a poll that fails part-way (5xx, a dropped connection, a long 429, a
 * page without one readable record), polled by n8n's own engine against the simulator: the state is kept and the
 * next poll emits everything once.
 */
import nock from 'nock';

import { T0, emails, iso, useTriggerAccount } from './account';
import { TriggerDriver } from './driver';

const { sim, account, insert, driver, email } = useTriggerAccount();

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

	it('fails without emitting when no record of the page has a readable timestamp', async () => {
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
		expect(result.error?.message).toBe("The service's answer format changed: no feedback response on the page has a readable createdDate");
		expect(trigger.state).toEqual({});
	});
});
