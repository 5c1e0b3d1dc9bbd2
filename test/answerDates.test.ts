/**
 * The dates the nodes read in the service's answers, wherever n8n runs: the service's times are
 * UTC, so a date-time it sends without a zone is read as UTC, never in the host's zone. The
 * readers: a record's time (`timeOf`: the trigger's position), Simplify's dates (each node, in
 * n8n's own engine against the simulator), and a Retry-After date. test/timeZones.test.ts runs
 * this file again with the process's TZ set west and east of UTC (the trigger's own case is
 * test/trigger/zones.test.ts).
 */
import { DateTime } from 'luxon';

import { timeOf, withUtcZone } from '../nodes/shared/dates';
import { retryAfterMs } from '../nodes/shared/transport/answers';
import { SurveyFeedbackTrigger } from '../nodes/SurveyFeedbackTrigger/SurveyFeedbackTrigger.node';
import { PollGuard } from '../nodes/SurveyFeedbackTrigger/pollGuard';
import { nodeOf, pollOnce } from './helpers/engine';
import { runNodeOn } from './helpers/runNode';
import { serviceFor, useSimulator } from './helpers/simulator';
import { testTransport } from './helpers/transport';

const INSTANT = Date.parse('2026-11-28T10:00:01.000Z');

test('the process runs in the time zone it was started with', () => {
	// Under test/timeZones.test.ts TZ is a zone west or east of UTC; in a plain run, the host's.
	const zone = process.env.TZ;
	if (zone) expect(-new Date(INSTANT).getTimezoneOffset()).toBe(DateTime.fromMillis(INSTANT, { zone }).offset);
});

describe('a record’s time (timeOf)', () => {
	test.each([
		['ISO 8601 without a zone', '2026-11-28T10:00:01'],
		['SQL without a zone', '2026-11-28 10:00:01'],
		['SQL with milliseconds', '2026-11-28 10:00:01.000'],
		['ISO 8601 in UTC', '2026-11-28T10:00:01Z'],
		['ISO 8601 with an offset', '2026-11-28T11:00:01+01:00'],
		['SQL with an offset', '2026-11-28 05:00:01 -05:00'],
		['an HTTP date', 'Sat, 28 Nov 2026 10:00:01 GMT'],
		['an HTTP date in asctime form (no zone: GMT)', 'Sat Nov 28 10:00:01 2026'],
		['RFC 2822', '28 Nov 2026 10:00:01 +0000'],
		['UNIX seconds', 1_795_860_001],
		['UNIX milliseconds as text', '1795860001000'],
	])('%s: %s', (_form, value) => {
		expect(timeOf(value)).toBe(INSTANT);
	});

	test('a bare day is 00:00 UTC', () => {
		expect(timeOf('2026-11-28')).toBe(Date.parse('2026-11-28T00:00:00.000Z'));
	});

	test('forms outside the standard ones are not read, rather than read in the host’s zone', () => {
		for (const value of ['2026/11/28 10:00:01', '28.11.2026 10:00', 'yesterday', '', null, {}]) expect(timeOf(value)).toBeUndefined();
	});
});

describe('Simplify gives a date-time sent without a zone with its zone, UTC', () => {
	test('withUtcZone: only a date-time without a zone changes', () => {
		expect(withUtcZone('2026-11-28 10:00:01')).toBe('2026-11-28T10:00:01Z');
		expect(withUtcZone('2026-11-28T10:00:01.250')).toBe('2026-11-28T10:00:01.250Z');
		for (const kept of ['2026-11-28T10:00:01.000Z', '2026-11-28T11:00:01+01:00', '2026-11-28 05:00:01 -0500', 'Sat, 28 Nov 2026 10:00:01 GMT', '2026-11-28', 1_795_860_001, null, 'n/a']) {
			expect(withUtcZone(kept)).toBe(kept);
		}
	});

	const sim = useSimulator({ seed: 'empty', now: () => new Date(INSTANT + 60_000) });
	const run = runNodeOn(serviceFor(sim));
	const account = () => sim.accounts[0];
	/** Answers show these fields of the record with these values. */
	const show = (id: string, fields: Record<string, unknown>) => sim.configure({ shownFields: [{ id, fields }] });

	beforeEach(() => sim.reset('empty'));

	test('the Survey Feedback node: a feedback response, a customer, a sent survey', async () => {
		const [feedback] = sim.insert(account().id, 'feedback', [{ email: 'zoneless@example.com', score: 3, createdDate: INSTANT }]);
		show(String(feedback.id), { createdDate: '2026-11-28 10:00:01' });
		const simplified = await run({ resource: 'feedback', operation: 'getMany', limit: 5 }, { typeVersion: 2 });
		expect(simplified.json).toEqual([expect.objectContaining({ id: feedback.id, createdDate: '2026-11-28T10:00:01Z' })]);
		// Simplify off: the record as the service sent it.
		const whole = await run({ resource: 'feedback', operation: 'getMany', limit: 5, simple: false }, { typeVersion: 2 });
		expect(whole.json).toEqual([expect.objectContaining({ id: feedback.id, createdDate: '2026-11-28 10:00:01' })]);

		const customer = sim.insert(account().id, 'customers', [{ email: 'zoneless.customer@example.com', createdDate: INSTANT }])[0];
		show(String(customer.id), { createdDate: '2026-11-28 10:00:01' });
		const customers = await run({ resource: 'customer', operation: 'getMany', limit: 1 }, { typeVersion: 2 });
		expect(customers.json).toEqual([expect.objectContaining({ id: customer.id, createdDate: '2026-11-28T10:00:01Z' })]);

		const [survey] = sim.insert(account().id, 'outbox', [{ email: 'zoneless.outbox@example.com', surveyCreatedDate: INSTANT }]);
		show(String(survey.surveyId), { sentDate: '2026-11-28 10:00:01', detailedStatus: { isOpened: true, isResponded: true, respondedDate: '2026-11-28 10:05:00' } });
		const outbox = await run({ resource: 'outbox', operation: 'getMany', limit: 1 }, { typeVersion: 2 });
		expect(outbox.json).toEqual([expect.objectContaining({ surveyId: survey.surveyId, sentDate: '2026-11-28T10:00:01Z', respondedDate: '2026-11-28T10:05:00Z' })]);
	});

	test('the trigger (version 2): a new response', async () => {
		const nodeType = new SurveyFeedbackTrigger(testTransport(), new PollGuard());
		const node = nodeOf('surveyFeedbackTrigger', { authentication: 'apiKeyHeader', event: 'newFeedback' }, { typeVersion: 2 });
		const credentials = { surveyFeedbackApi: { apiKey: account().writeKey, baseUrl: sim.baseUrl } };
		const staticData = {};
		const poll = () => pollOnce({ workflowId: 'answer-dates', node, nodeType, credentials, staticData });
		expect((await poll()).output).toBeNull();
		const [feedback] = sim.insert(account().id, 'feedback', [{ email: 'zoneless@example.com', score: 3, createdDate: INSTANT }]);
		show(String(feedback.id), { createdDate: '2026-11-28 10:00:01' });
		const { output } = await poll();
		expect(output?.[0].map((item) => item.json)).toEqual([expect.objectContaining({ id: feedback.id, createdDate: '2026-11-28T10:00:01Z' })]);
	});
});

describe('Retry-After as an HTTP date', () => {
	test('each of its three forms is GMT', () => {
		const now = INSTANT - 5000;
		for (const date of ['Sat, 28 Nov 2026 10:00:01 GMT', 'Saturday, 28-Nov-26 10:00:01 GMT', 'Sat Nov 28 10:00:01 2026']) {
			expect(retryAfterMs({ 'Retry-After': date }, now)).toBe(5000);
		}
		expect(retryAfterMs({ 'retry-after': DateTime.fromMillis(INSTANT).toHTTP() }, now)).toBe(5000);
	});
});
