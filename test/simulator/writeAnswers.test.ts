/**
 * The bulk writes' answers in the simulator's default 'spec' mode: only what the spec and the
 * reference name, rows keyed by email in account A and the bare envelope in account B where the
 * spec shows no answer, the import's details.failed alone; 'full' keeps the fuller shapes.
 */
import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient({ seed: 'empty' });
const BARE = { message: 'Success.', code: 200 };
let campaigns: { email: string; nps: string; b: string };

beforeAll(async () => {
	const of = async (key: string) => (await client.get('/api/v2/campaigns', { key })).body.campaigns as Array<Record<string, unknown>>;
	const [a, b] = [await of(client.A.writeKey), await of(client.B.writeKey)];
	const pick = (list: Array<Record<string, unknown>>, test: (c: Record<string, unknown>) => boolean) => String(list.find((c) => c.isActive && test(c))!.id);
	campaigns = { email: pick(a, (c) => c.channel === 'email'), nps: pick(a, (c) => c.metric === 'NPS'), b: pick(b, (c) => c.channel === 'email') };
});

afterEach(() => client.sim.configure({ responses: 'spec' }));

describe("'spec' mode (the default)", () => {
	test('customers: create or update keyed by email; delete and unsubscribe keyed in A, bare in B; resubscribe keyed in both', async () => {
		for (const account of [client.A, client.B]) {
			const key = account.writeKey;
			const created = await client.post('/api/v2/customers', { subscribers: [{ email: 'w1@answers.com' }, { email: 'bad' }] }, { key });
			expect(created.body.data).toEqual({ 'w1@answers.com': { status: 'created', id: expect.any(String) }, bad: { status: 'failed', reason: 'invalid email' } });
			const unsubscribed = await client.post('/api/v2/customers/unsubscribe', { subscribers: ['w1@answers.com'] }, { key });
			const resubscribed = await client.post('/api/v2/customers/resubscribe', { subscribers: ['w1@answers.com', 'nobody@answers.com'] }, { key });
			expect(resubscribed.body.data).toEqual({
				'w1@answers.com': { status: 'resubscribed', id: expect.any(String), suppressed: false },
				'nobody@answers.com': { status: 'not_found', reason: 'no customer with this email', suppressed: false },
			});
			const deleted = await client.del('/api/v2/customers', { subscribers: ['w1@answers.com', 'W1@answers.com'] }, { key });
			if (account === client.A) {
				expect(unsubscribed.body.data).toEqual({ 'w1@answers.com': { status: 'unsubscribed', id: expect.any(String) } });
				// A key sent twice keeps the row that acted.
				expect(deleted.body.data).toEqual({ 'w1@answers.com': { status: 'deleted', id: expect.any(String) }, 'W1@answers.com': { status: 'not_found', reason: 'no customer with this email' } });
			} else {
				expect(unsubscribed.body).toEqual(BARE);
				expect(deleted.body).toEqual(BARE);
			}
		}
	});

	test('account B refuses a request with a bad item as a whole, before doing anything', async () => {
		const key = client.B.writeKey;
		await client.post('/api/v2/customers', { subscribers: [{ email: 'keep@answers.com' }] }, { key });
		const refused = await client.del('/api/v2/customers', { subscribers: ['keep@answers.com', 'not-an-email'] }, { key });
		expect(refused.status).toBe(400);
		expect(refused.body.message).toBe('subscribers[1]: invalid email.');
		expect((await client.get('/api/v2/customers?email=keep@answers.com', { key })).body.data.subscribers).toHaveLength(1);
	});

	test('survey: keyed rows with status and surveyId in A, bare in B', async () => {
		const a = await client.post('/api/v2/survey', { campaign: campaigns.email, subscribers: [{ email: 's1@answers.com' }] });
		expect(a.body.data).toEqual({ 's1@answers.com': { status: 'queued', surveyId: expect.any(String) } });
		const b = await client.post('/api/v2/survey', { campaign: campaigns.b, subscribers: [{ email: 's1@answers.com' }] }, { key: client.B.writeKey });
		expect(b.body).toEqual(BARE);
	});

	test('soft deletes: keyed by the item’s ID or email in A, bare in B', async () => {
		const [record] = client.sim.insert(client.A.id, 'feedback', [{ email: 'fd@answers.com', createdDate: '2026-01-10T10:00:00Z', campaignId: campaigns.nps, score: 9 }]);
		const a = await client.del('/api/v2/feedback', { responses: [{ feedbackId: record.id }, { email: 'none@answers.com' }] });
		expect(a.body.data).toEqual({ [String(record.id)]: { status: 'deleted' }, 'none@answers.com': { status: 'not_found', reason: 'nothing matched' } });
		const b = await client.del('/api/v2/outbox', { surveys: [{ email: 'none@answers.com' }] }, { key: client.B.writeKey });
		expect(b.body).toEqual(BARE);
	});

	test('import: details.failed alone, by email in A; a skipped duplicate is listed there', async () => {
		const feedback = [{ email: 'i1@answers.com', score: 9 }, { email: 'i2@answers.com', score: 11 }];
		const first = await client.post('/api/v2/import', { campaign_id: campaigns.nps, feedback });
		expect(first.body.data).toEqual({ details: { failed: [{ email: 'i2@answers.com', reason: expect.stringMatching(/^score must be an integer/) }] } });
		const again = await client.post('/api/v2/import', { campaign_id: campaigns.nps, feedback: [feedback[0]] });
		expect(again.body.data).toEqual({ details: { failed: [{ email: 'i1@answers.com', reason: expect.stringMatching(/^duplicate/) }] } });
	});

	test('import in B: failed rows by index', async () => {
		const key = client.B.writeKey;
		const nps = (await client.get('/api/v2/campaigns', { key })).body.campaigns.find((c: { isActive: boolean; metric: string }) => c.isActive && c.metric === 'NPS').id;
		const r = await client.post('/api/v2/import', { campaign_id: nps, feedback: [{ email: 'j1@answers.com', score: 9 }, { email: 'j2@answers.com', score: -1 }] }, { key });
		expect(r.body.data).toEqual({ details: { failed: [{ index: 1, reason: expect.any(String) }] } });
	});
});

test("'full' mode keeps the fuller shapes", async () => {
	client.sim.configure({ responses: 'full' });
	const r = await client.post('/api/v2/customers/unsubscribe', { subscribers: ['nobody@answers.com'] }, { key: client.B.writeKey });
	expect(r.body.data).toEqual({ unsubscribed: 0, results: [{ index: 0, email: 'nobody@answers.com', status: 'not_found', reason: 'no customer with this email' }] });
});
