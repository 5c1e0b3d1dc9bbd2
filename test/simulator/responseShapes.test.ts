/**
 * The simulator's `responses` option on the read routes: by default ('spec') answers carry the
 * fields the spec and the reference name, and where the reference shows two shapes account A
 * gets the first and account B the second; 'full' keeps the simulator's fuller shapes.
 */
import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient();

const INVENTED_CUSTOMER_FIELDS = ['status', 'unsubscribed', 'updatedDate'];

async function inFull<T>(run: () => Promise<T>): Promise<T> {
	client.sim.configure({ responses: 'full' });
	try {
		return await run();
	} finally {
		client.sim.configure({ responses: 'spec' });
	}
}

describe("customers: no status, subscription flag or update date unless 'full'", () => {
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
