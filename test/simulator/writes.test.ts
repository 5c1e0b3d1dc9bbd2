import { useSimulatorClient } from '../helpers/simulatorClient';

// The simulator's full answers show each write's effect row by row; its spec-mode answers: writeAnswers.test.ts.
const client = useSimulatorClient({ responses: 'full' });

const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@bulk.example.com` }));
const customerByEmail = async (email: string) => (await client.get(`/api/v2/customers?email=${encodeURIComponent(email)}`)).body.data.subscribers[0];

describe('POST /api/v2/customers', () => {
	test('rows keyed by the email as sent: created, updated, failed (an invalid email is a row, not a 400)', async () => {
		const existing = (await client.get('/api/v2/customers?limit=1')).body.data.subscribers[0];
		const r = await client.post('/api/v2/customers', {
			subscribers: [
				{ email: 'New.Person@example.com', first_name: 'New', last_name: 'Person', company: 'Fresh Co', tags: ['trial'], properties: [{ label: 'Plan', value: 'growth', type: 'text' }] },
				{ email: existing.email, first_name: 'Renamed' },
				{ email: 'not-an-email', first_name: 'X' },
				{ first_name: 'No email' },
			],
		});
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({ message: 'Success.', code: 200 });
		expect(r.body.data).toEqual({
			'New.Person@example.com': { status: 'created', id: expect.stringMatching(/^[0-9a-f]{24}$/) },
			[existing.email]: { status: 'updated', id: existing.id },
			'not-an-email': { status: 'failed', reason: 'invalid email' },
			'': { status: 'failed', reason: 'email is required' },
		});
		const created = (await client.get(`/api/v2/customers/${r.body.data['New.Person@example.com'].id}`)).body.data;
		expect(created).toMatchObject({ firstName: 'New', lastName: 'Person', companyName: 'Fresh Co', tags: ['trial'], createdDate: '2026-03-15T12:00:00.000Z' });
		expect(created.properties).toEqual([{ label: 'Plan', name: 'plan', type: 'text', value: 'growth' }]);
		expect((await client.get(`/api/v2/customers/${existing.id}`)).body.data.firstName).toBe('Renamed');
	});

	test('tags add, unset_tags remove, unset_properties clear by name or label, in one request', async () => {
		const email = 'tags.props@example.com';
		await client.post('/api/v2/customers', { subscribers: [{ email, tags: ['a', 'b'], properties: [{ label: 'Plan', value: 'free' }, { label: 'Country', value: 'DE' }, { label: 'Group', value: 'x' }] }] });
		await client.post('/api/v2/customers', { subscribers: [{ email, tags: ['c'], unset_tags: ['a'], unset_properties: ['plan', 'Country'], properties: [{ label: 'Seats', value: 3, type: 'number' }] }] });
		const c = await customerByEmail(email);
		expect(c.tags).toEqual(['b', 'c']);
		expect(c.properties.map((p: any) => [p.name, p.value])).toEqual([['group', 'x'], ['seats', 3]]);
	});

	test('1 to 1000 subscribers: 0 and 1001 are a 400, 1000 is fine', async () => {
		expect((await client.post('/api/v2/customers', { subscribers: [] })).status).toBe(400);
		expect((await client.post('/api/v2/customers', {})).status).toBe(400);
		expect((await client.post('/api/v2/customers', { subscribers: many(1001, 'over') })).status).toBe(400);
		const ok = await client.post('/api/v2/customers', { subscribers: many(1000, 'max') });
		expect(ok.status).toBe(200);
		expect(Object.keys(ok.body.data)).toHaveLength(1000);
	});

	test('a body that is not JSON is a 400', async () => {
		const r = await fetch(`${client.sim.baseUrl}/api/v2/customers`, { method: 'POST', headers: { 'X-Api-Key': client.A.writeKey }, body: '{"subscribers": [' });
		expect(r.status).toBe(400);
	});
});

describe('DELETE /api/v2/customers and unsubscribe', () => {
	test('delete removes the customer and all their data; rows carry index and email', async () => {
		const fb = (await client.get('/api/v2/feedback?limit=1')).body.data.responses[0];
		const before = (await client.get(`/api/v2/feedback?email=${encodeURIComponent(fb.email)}`)).body.data.total;
		expect(before).toBeGreaterThan(0);
		const r = await client.del('/api/v2/customers', { subscribers: [fb.email, 'nobody@nowhere.com', 'broken'] });
		expect(r.body.data).toEqual({
			deleted: 1,
			results: [
				{ index: 0, email: fb.email, status: 'deleted', id: fb.customerId },
				{ index: 1, email: 'nobody@nowhere.com', status: 'not_found', reason: 'no customer with this email' },
				{ index: 2, email: 'broken', status: 'failed', reason: 'invalid email' },
			],
		});
		expect((await client.get(`/api/v2/customers/${fb.customerId}`)).status).toBe(404);
		expect((await client.get(`/api/v2/feedback?email=${encodeURIComponent(fb.email)}`)).body.data.total).toBe(0);
		expect((await client.get(`/api/v2/outbox?email=${encodeURIComponent(fb.email)}`)).body.data.total).toBe(0);
	});

	test('unsubscribe marks the owner as the cause; a second call says already_unsubscribed', async () => {
		const c = (await client.get('/api/v2/customers?limit=200')).body.data.subscribers.find((x: any) => !x.unsubscribedBy);
		const r = await client.post('/api/v2/customers/unsubscribe', { subscribers: [{ email: c.email }], message: ['Too many emails'] });
		expect(r.body.data).toEqual({ unsubscribed: 1, results: [{ index: 0, email: c.email, status: 'unsubscribed', id: c.id }] });
		expect(await customerByEmail(c.email)).toMatchObject({ unsubscribedBy: 'owner' });
		const again = await client.post('/api/v2/customers/unsubscribe', { subscribers: [c.email] });
		expect(again.body.data.results[0].status).toBe('already_unsubscribed');
		expect((await client.post('/api/v2/customers/unsubscribe', { subscribers: [] })).status).toBe(400);
	});
});

describe('POST /api/v2/customers/resubscribe: the state table', () => {
	test('owner → resubscribed; subscribed → already_subscribed; self and bounce → skipped with a reason', async () => {
		const all = await client.all('/api/v2/customers?limit=1000', client.A.readKey, 'subscribers');
		const pick = (by: string | null) => all.find((c) => c.unsubscribedBy === by && c.email !== undefined);
		const suppressed = new Set((await client.get('/api/v2/suppressions/emails')).body.data.emails.map((e: any) => e.email));
		const owners = all.filter((c) => c.unsubscribedBy === 'owner');
		const ownerSuppressed = owners.find((c) => suppressed.has(c.email));
		const ownerPlain = owners.find((c) => !suppressed.has(c.email));
		expect(ownerSuppressed).toBeDefined();
		const subs = [ownerPlain.email, pick(null).email, pick('self').email, pick('bounce').email, ownerSuppressed.email, 'ghost@nowhere.com', 'bad'];
		const r = await client.post('/api/v2/customers/resubscribe', { subscribers: subs });
		expect(r.status).toBe(200);
		const rows = r.body.data.results;
		expect(rows.map((x: any) => [x.index, x.email, x.status, x.suppressed])).toEqual([
			[0, subs[0], 'resubscribed', false],
			[1, subs[1], 'already_subscribed', false],
			[2, subs[2], 'skipped', false],
			[3, subs[3], 'skipped', false],
			[4, subs[4], 'resubscribed', true],
			[5, subs[5], 'not_found', false],
			[6, subs[6], 'failed', false],
		]);
		expect(rows[2].reason).toMatch(/themselves/);
		expect(rows[3].reason).toMatch(/bounce/);
		expect(r.body.data.resubscribed).toBe(2);
		expect(await customerByEmail(subs[0])).toMatchObject({ unsubscribedBy: null });
		expect(await customerByEmail(subs[2])).toMatchObject({ unsubscribedBy: 'self' });
	});

	test('domain suppressions are not reflected in the suppressed flag', async () => {
		await client.post('/api/v2/customers', { subscribers: [{ email: 'someone@x.competitor.io' }] });
		const r = await client.post('/api/v2/customers/resubscribe', { subscribers: ['someone@x.competitor.io'] });
		expect(r.body.data.results[0]).toMatchObject({ status: 'already_subscribed', suppressed: false });
	});

	test('at least one subscriber', async () => {
		expect((await client.post('/api/v2/customers/resubscribe', { subscribers: [] })).status).toBe(400);
	});
});

describe('POST /api/v2/survey', () => {
	let campaign: any;
	beforeAll(async () => {
		campaign = (await client.get('/api/v2/campaigns')).body.campaigns.find((c: any) => c.isActive && c.channel === 'email');
	});

	test('queues one manual outbox record per subscriber and upserts the customers', async () => {
		const r = await client.post('/api/v2/survey', {
			campaign: campaign.id,
			subscribers: [{ email: 'survey.one@example.com', first_name: 'One', tags: ['from-api'] }, { email: 'nope' }],
		});
		expect(r.status).toBe(200);
		expect(r.body.data).toMatchObject({ campaignId: campaign.id, queued: 1 });
		const [ok, failed] = r.body.data.results;
		expect(ok).toMatchObject({ index: 0, email: 'survey.one@example.com', status: 'queued', customerStatus: 'created', surveyId: expect.any(String) });
		expect(failed).toEqual({ index: 1, email: 'nope', status: 'failed', reason: 'invalid email' });
		const outbox = (await client.get('/api/v2/outbox?email=survey.one@example.com')).body.data.surveys;
		expect(outbox).toEqual([expect.objectContaining({ surveyId: ok.surveyId, sentBy: 'manual', status: 'queued', channel: 'email', campaignId: campaign.id, surveyCreatedDate: '2026-03-15T12:00:00.000Z' })]);
		expect(await customerByEmail('survey.one@example.com')).toMatchObject({ firstName: 'One', tags: ['from-api'] });
	});

	test('delay: 0 sends now, N schedules N days ahead; suppressed emails are skipped', async () => {
		const r = await client.post('/api/v2/survey', {
			campaign: campaign.id,
			delay: 2,
			subscribers: [{ email: 'survey.two@example.com' }, { email: 'x@mailinator.com' }],
		});
		expect(r.body.data.results.map((x: any) => x.status)).toEqual(['scheduled', 'skipped']);
		const o = (await client.get('/api/v2/outbox?email=survey.two@example.com')).body.data.surveys[0];
		expect(o.scheduledDate).toBe('2026-03-17T12:00:00.000Z');
		const now = await client.post('/api/v2/survey', { campaign: campaign.id, delay: 0, subscribers: [{ email: 'survey.three@example.com' }] });
		expect(now.body.data.results[0].status).toBe('sent');
	});

	test('validation: campaign required (400) or unknown (404); 1..100 subscribers; integer delay', async () => {
		const subs = [{ email: 'v@example.com' }];
		expect((await client.post('/api/v2/survey', { subscribers: subs })).status).toBe(400);
		expect((await client.post('/api/v2/survey', { campaign: '6aca0000000000000000ffff', subscribers: subs })).status).toBe(404);
		expect((await client.post('/api/v2/survey', { campaign: campaign.id, subscribers: [] })).status).toBe(400);
		expect((await client.post('/api/v2/survey', { campaign: campaign.id, subscribers: many(101, 's') })).status).toBe(400);
		expect((await client.post('/api/v2/survey', { campaign: campaign.id, subscribers: many(100, 's') })).status).toBe(200);
		for (const delay of [1.5, -1, '2']) {
			expect((await client.post('/api/v2/survey', { campaign: campaign.id, delay, subscribers: subs })).status).toBe(400);
		}
		const inactive = (await client.get('/api/v2/campaigns')).body.campaigns.find((c: any) => !c.isActive);
		expect((await client.post('/api/v2/survey', { campaign: inactive.id, subscribers: subs })).status).toBe(400);
	});
});

describe('response tags and topics', () => {
	let id: string;
	beforeAll(async () => {
		id = (await client.get('/api/v2/feedback?limit=1')).body.data.responses[0].id;
	});

	test.each(['/api/v2/response/tags', '/api/v2/nps/customers/response/tags'])('%s: empty op overrides, append adds', async (path) => {
		expect((await client.post(path, { id, tags: ['one', 'two'] })).body.data.tags).toEqual(['one', 'two']);
		expect((await client.post(path, { id, tags: ['two', 'three'], op: 'append' })).body.data.tags).toEqual(['one', 'two', 'three']);
		expect((await client.post(path, { id, tags: ['solo'], op: '' })).body.data.tags).toEqual(['solo']);
		expect((await client.get(`/api/v2/feedback/${id}`)).body.data.feedbackTags).toEqual(['solo']);
	});

	test('topics: sentiment defaults to neutral; append adds or replaces by name', async () => {
		const set = await client.post('/api/v2/response/topics', { id, topics: [{ name: 'Pricing', sentiment: 'negative' }, { name: 'Support' }] });
		expect(set.body.data.topics).toEqual([{ name: 'Pricing', sentiment: 'negative' }, { name: 'Support', sentiment: 'neutral' }]);
		const app = await client.post('/api/v2/response/topics', { id, topics: [{ name: 'Support', sentiment: 'positive' }, { name: 'UX', sentiment: 'neutral' }], op: 'append' });
		expect(app.body.data.feedbackTopics).toEqual([{ name: 'Pricing', sentiment: 'negative' }, { name: 'Support', sentiment: 'positive' }, { name: 'UX', sentiment: 'neutral' }]);
	});

	test('errors: id required (400), unknown id (404), bad sentiment or op (400)', async () => {
		expect((await client.post('/api/v2/response/tags', { tags: [] })).status).toBe(400);
		expect((await client.post('/api/v2/response/tags', { id: '6af1ffffffffffffffffffff', tags: [] })).status).toBe(404);
		expect((await client.post('/api/v2/response/topics', { id, topics: [{ name: 'X', sentiment: 'angry' }] })).status).toBe(400);
		expect((await client.post('/api/v2/response/topics', { id, topics: [{ sentiment: 'positive' }] })).status).toBe(400);
		expect((await client.post('/api/v2/response/tags', { id, tags: ['x'], op: 'prepend' })).status).toBe(400);
	});
});

describe('soft delete of feedback and outbox', () => {
	test('by ID: gone from the list and from the by-ID lookup; rows count per item', async () => {
		const [a, b] = (await client.get('/api/v2/feedback?limit=2')).body.data.responses;
		const total = (await client.get('/api/v2/feedback')).body.data.total;
		const r = await client.del('/api/v2/feedback', {
			responses: [{ feedbackId: a.id }, { feedbackId: a.id }, { feedbackId: b.id, email: b.email }, {}],
		});
		expect(r.body.data).toEqual({
			deleted: 1,
			results: [
				{ index: 0, feedbackId: a.id, status: 'deleted', deleted: 1 },
				{ index: 1, feedbackId: a.id, status: 'not_found', deleted: 0, reason: 'nothing matched' },
				{ index: 2, feedbackId: b.id, email: b.email, status: 'failed', deleted: 0, reason: 'feedbackId and email are mutually exclusive' },
				{ index: 3, status: 'failed', deleted: 0, reason: 'feedbackId or email is required' },
			],
		});
		expect((await client.get('/api/v2/feedback')).body.data.total).toBe(total - 1);
		expect((await client.get(`/api/v2/feedback/${a.id}`)).status).toBe(404);
		expect(client.sim.state().accounts[0].counts.deletedFeedback).toBe(1);
	});

	test('outbox by surveyId, and by email narrowed by campaignId', async () => {
		const rows = (await client.get('/api/v2/outbox?limit=200')).body.data.surveys.filter((o: any) => o.surveyId);
		const r = await client.del('/api/v2/outbox', { surveys: [{ surveyId: rows[0].surveyId }] });
		expect(r.body.data.deleted).toBe(1);
		expect((await client.get('/api/v2/outbox?limit=200')).body.data.surveys.some((o: any) => o.surveyId === rows[0].surveyId)).toBe(false);

		const target = rows[1];
		const mine = (await client.get(`/api/v2/outbox?email=${encodeURIComponent(target.email)}&limit=100`)).body.data.surveys;
		const inCampaign = mine.filter((o: any) => o.campaignId === target.campaignId).length;
		const del = await client.del('/api/v2/outbox', { surveys: [{ email: target.email, campaignId: target.campaignId }] });
		expect(del.body.data.results[0]).toMatchObject({ status: 'deleted', deleted: inCampaign });
		const left = (await client.get(`/api/v2/outbox?email=${encodeURIComponent(target.email)}&limit=100`)).body.data.surveys;
		expect(left).toHaveLength(mine.length - inCampaign);
	});

	test('the body must hold a non-empty array', async () => {
		expect((await client.del('/api/v2/outbox', { surveys: [] })).status).toBe(400);
		expect((await client.del('/api/v2/feedback', {})).status).toBe(400);
	});
});

describe('suppressions', () => {
	test('lists of emails and domains with manual flags', async () => {
		const emails = (await client.get('/api/v2/suppressions/emails')).body.data;
		expect(emails.total).toBe(emails.emails.length);
		expect(emails.emails.some((e: any) => e.manual) && emails.emails.some((e: any) => !e.manual)).toBe(true);
		const domains = (await client.get('/api/v2/suppressions/domains')).body.data.domains;
		expect(domains[0]).toEqual({ id: expect.any(String), pattern: expect.any(String), category: expect.any(String), note: expect.any(String), manual: expect.any(Boolean), createdDate: expect.any(String) });
	});

	test('add an email; op=delete also deletes the contact; remove only manual ones', async () => {
		const c = (await client.get('/api/v2/customers?limit=5')).body.data.subscribers[4];
		const add = await client.post('/api/v2/suppressions/emails', { email: c.email, note: 'GDPR', op: 'delete' });
		expect(add.status).toBe(200);
		expect(add.body.data).toMatchObject({ created: true, contactDeleted: true, suppression: { email: c.email, note: 'GDPR', manual: true } });
		expect((await client.get(`/api/v2/customers/${c.id}`)).status).toBe(404);
		const again = await client.post('/api/v2/suppressions/emails', { email: c.email });
		expect(again.body.data).toMatchObject({ created: false, contactDeleted: false });

		const del = await client.del(`/api/v2/suppressions/emails/${add.body.data.suppression.id}`);
		expect(del.body.data).toEqual({ id: add.body.data.suppression.id, deleted: true });
		expect((await client.del(`/api/v2/suppressions/emails/${add.body.data.suppression.id}`)).status).toBe(404);

		const auto = (await client.get('/api/v2/suppressions/emails')).body.data.emails.find((e: any) => !e.manual);
		const refused = await client.del(`/api/v2/suppressions/emails/${auto.id}`);
		expect(refused.status).toBe(400);
		expect(refused.body.message).toBe('Only manually added suppressions can be removed.');
	});

	test('domains: wildcard patterns, categories, validation, manual-only removal', async () => {
		const add = await client.post('/api/v2/suppressions/domains', { pattern: '*.spam-example.org', category: 'disposable', note: 'n' });
		expect(add.body.data).toMatchObject({ created: true, suppression: { pattern: '*.spam-example.org', category: 'disposable', manual: true } });
		expect((await client.post('/api/v2/suppressions/domains', { pattern: 'plain.example.org' })).body.data.suppression.category).toBe('other');
		expect((await client.post('/api/v2/suppressions/domains', { pattern: 'not a domain' })).status).toBe(400);
		expect((await client.post('/api/v2/suppressions/domains', { pattern: 'ok.example.org', category: 'evil' })).status).toBe(400);
		expect((await client.post('/api/v2/suppressions/domains', {})).status).toBe(400);
		expect((await client.post('/api/v2/suppressions/emails', { email: 'broken' })).status).toBe(400);
		expect((await client.del(`/api/v2/suppressions/domains/${add.body.data.suppression.id}`)).status).toBe(200);
		const auto = (await client.get('/api/v2/suppressions/domains')).body.data.domains.find((d: any) => !d.manual);
		expect((await client.del(`/api/v2/suppressions/domains/${auto.id}`)).status).toBe(400);
	});
});
