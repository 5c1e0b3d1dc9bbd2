/**
 * Proves, in a real n8n against the simulator, the two things that make the node more than one
 * HTTP request per item:
 *
 * - a bulk Customer › Create or Update of 2,500 items (made by a Code node) goes out as exactly
 *   3 POST /api/v2/customers requests (1,000 + 1,000 + 500, in input order), and every one of the
 *   2,500 output items is paired to its own input item (`pairedItem`) and carries that item's
 *   email and its own row from the service;
 * - Feedback › Get Many with Return All walks every page (1,000 records a request) to the end and
 *   stops: one request per page, each record once, as many items as the service holds.
 */
import { outputEntries, outputItems, type ExecuteResult } from '../../dev/n8n/harness';
import { ACCOUNT_A, describeRun, n8nInstance, pairedIndexes, simClient, type LoggedRequest } from './support';
import { BULK_COUNT, BULK_ID } from './workflows';

const sim = simClient();
const n8n = n8nInstance();

describe('bulk upsert and Return All', () => {
	let res: ExecuteResult;
	let log: LoggedRequest[];
	let feedbackTotal: number;

	beforeAll(async () => {
		feedbackTotal = (await sim.get('/api/v2/feedback?limit=1', ACCOUNT_A.readKey)).data.total;
		const mark = await sim.mark();
		res = await n8n.execute(BULK_ID);
		log = await sim.requests({ after: mark });
	});

	it('runs green', () => {
		expect(describeRun(res)).toMatch(/^status success/);
	});

	it('folds 2,500 items into exactly 3 requests of at most 1,000, in input order', () => {
		const posts = log.filter((r) => r.method === 'POST' && r.path === '/api/v2/customers');
		expect(posts).toHaveLength(3);
		expect(posts.map((r) => r.body.subscribers.length)).toEqual([1000, 1000, 500]);
		expect(posts.every((r) => r.status === 200)).toBe(true);
		const sent = posts.flatMap((r) => r.body.subscribers.map((s: { email: string }) => s.email));
		const inputs = outputItems(res, '2,500 contacts');
		expect(inputs).toHaveLength(BULK_COUNT);
		expect(sent).toEqual(inputs.map((item) => item.email));
		expect(posts[0].body.subscribers[0]).toEqual({ email: inputs[0].email, first_name: inputs[0].firstName });
	});

	it("pairs each of the 2,500 output items with its input item: the input's email and its own row", () => {
		const inputs = outputItems(res, '2,500 contacts');
		const entries = outputEntries(res, 'Upsert 2,500');
		expect(entries).toHaveLength(BULK_COUNT);
		expect(pairedIndexes(res, 'Upsert 2,500')).toEqual(inputs.map((_, i) => i));
		const mismatched = entries.filter((entry, i) => entry.json.email !== inputs[i].email);
		expect(mismatched).toEqual([]);
		const ids = new Set<string>();
		for (const { json } of entries) {
			expect(json).toEqual({ email: expect.any(String), status: 'created', id: expect.stringMatching(/^[0-9a-f]{24}$/) });
			ids.add(json.id);
		}
		// Each item got its own customer.
		expect(ids.size).toBe(BULK_COUNT);
	});

	it('Return All walks every page of 1,000 to the end, each record once', () => {
		const pages = Math.ceil(feedbackTotal / 1000);
		expect(pages).toBeGreaterThanOrEqual(3);
		const gets = log.filter((r) => r.method === 'GET' && r.path === '/api/v2/feedback');
		expect(gets.map((r) => [r.query.page, r.query.limit])).toEqual(Array.from({ length: pages }, (_, i) => [String(i + 1), '1000']));

		const feedback = outputItems(res, 'All feedback');
		expect(feedback).toHaveLength(feedbackTotal);
		expect(new Set(feedback.map((f) => f.id)).size).toBe(feedbackTotal);
		// Records, not the { message, code, data } envelope; all paired to the one input item.
		expect(feedback[0]).toEqual(expect.objectContaining({ id: expect.any(String), score: expect.any(Number), createdDate: expect.any(String) }));
		expect(new Set(pairedIndexes(res, 'All feedback'))).toEqual(new Set([0]));
	});
});
