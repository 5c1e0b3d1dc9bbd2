/**
 * The simulator's `responses` option on the read routes: by default ('spec') answers carry the
 * fields the spec and the reference name, and where the reference shows two shapes account A
 * gets the first and account B the second; 'full' keeps the simulator's fuller shapes.
 */
import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient();

const INVENTED_CUSTOMER_FIELDS = ['status', 'unsubscribed', 'unsubscribedBy', 'unsubscribedDate', 'updatedDate'];
const INVENTED_FEEDBACK_FIELDS = ['customerTags', 'source', 'sendDate', 'openDate'];
const INVENTED_OUTBOX_FIELDS = ['customerTags', 'customProps', 'scheduledDate'];
const inFull = <T>(run: () => Promise<T>) => client.inFull(run);

describe("customers: no status, subscription flag, its who and when, or update date unless 'full'", () => {
	test('lists and by ID, both accounts', async () => {
		for (const key of [client.A.readKey, client.B.readKey]) {
			const [customer] = (await client.get('/api/v2/customers?limit=1', { key })).body.data.subscribers;
			const byId = (await client.get(`/api/v2/customers/${customer.id}`, { key })).body.data;
			for (const record of [customer, byId]) {
				for (const field of INVENTED_CUSTOMER_FIELDS) expect(record).not.toHaveProperty(field);
				expect(record).toEqual(expect.objectContaining({ id: expect.any(String), email: expect.any(String), createdDate: expect.any(String) }));
			}
		}
	});

	test("'full' sends them, and pages at the top level for both accounts", async () => {
		const [a, b] = await inFull(() => Promise.all([client.get('/api/v2/customers?limit=1'), client.get('/api/v2/customers?limit=1', { key: client.B.readKey })]));
		for (const field of INVENTED_CUSTOMER_FIELDS) expect(a.body.data.subscribers[0]).toHaveProperty(field);
		expect([a.body.pages, b.body.pages]).toEqual([500, 60]);
		expect([a.body.data.pages, b.body.data.pages]).toEqual([undefined, undefined]);
	});
});

describe("feedback and sent surveys: no field the reference's fields seen do not name, unless 'full'", () => {
	test('feedback lists and by ID; outbox lists', async () => {
		const [feedback] = (await client.get('/api/v2/feedback?limit=1')).body.data.responses;
		const byId = (await client.get(`/api/v2/feedback/${feedback.id}`)).body.data;
		const [sent] = (await client.get('/api/v2/outbox?limit=1')).body.data.surveys;
		for (const record of [feedback, byId]) for (const field of INVENTED_FEEDBACK_FIELDS) expect(record).not.toHaveProperty(field);
		for (const field of INVENTED_OUTBOX_FIELDS) expect(sent).not.toHaveProperty(field);
		expect(feedback).toEqual(expect.objectContaining({ id: expect.any(String), email: expect.any(String), score: expect.any(Number), createdDate: expect.any(String) }));
		expect(sent).toEqual(expect.objectContaining({ email: expect.any(String), surveyCreatedDate: expect.any(String) }));
	});

	test("'full' sends them", async () => {
		const [feedback, sent] = await inFull(async () => [
			(await client.get('/api/v2/feedback?limit=1')).body.data.responses[0],
			(await client.get('/api/v2/outbox?limit=1')).body.data.surveys[0],
		]);
		for (const field of INVENTED_FEEDBACK_FIELDS) expect(feedback).toHaveProperty(field);
		for (const field of INVENTED_OUTBOX_FIELDS) expect(sent).toHaveProperty(field);
	});
});

describe('templates: top-level `templates` for account A, `data` for account B', () => {
	test('both the list and its deprecated alias', async () => {
		for (const path of ['/api/v2/templates', '/api/v2/nps/templates']) {
			const a = (await client.get(path)).body;
			const b = (await client.get(path, { key: client.B.readKey })).body;
			expect(Array.isArray(a.templates)).toBe(true);
			expect(a.data).toBeUndefined();
			expect(Array.isArray(b.data)).toBe(true);
			expect(b.templates).toBeUndefined();
			expect(b.data.length).toBeGreaterThan(0);
		}
	});

	test("'full' answers account B at the top level too", async () => {
		const b = await inFull(() => client.get('/api/v2/templates', { key: client.B.readKey }));
		expect(Array.isArray(b.body.templates)).toBe(true);
	});
});
