/**
 * A CRM export through Map Automatically against the service's strict reading of property labels:
 * its bookkeeping fields refused until they are in Fields to Ignore, a row with an unregistered
 * field that item's error alone, and a record read from the service written back. Run in n8n's
 * engine against the simulator; the bodies are asserted whole.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../helpers/runNode';
import { useExtraFieldRuns } from './extraFieldRuns';

const { sim, service, bodies, auto } = useExtraFieldRuns();

describe('a CRM export against the strict service (unregistered labels refused)', () => {
	/** Contacts as a CRM exports them: bookkeeping (id, createdAt, updatedAt, archived), registered fields (plan, seats), and region on some, which the account has not registered. */
	const crm = (n: number, extra: IDataObject = {}): IDataObject => ({
		id: `hs-${n}`,
		email: `strict.crm${n}@example.com`,
		firstName: `Strict ${n}`,
		lastName: 'Contact',
		createdAt: '2025-10-01T09:00:00Z',
		updatedAt: '2026-01-15T09:00:00Z',
		archived: false,
		plan: 'growth',
		seats: n,
		...extra,
	});
	const items = [crm(1), crm(2, { region: 'EMEA' }), crm(3, { country: 'FR' })];
	const sentRow = (n: number, more: IDataObject[] = []) => ({
		email: `strict.crm${n}@example.com`,
		first_name: `Strict ${n}`,
		last_name: 'Contact',
		properties: [{ label: 'plan', value: 'growth', type: 'text' }, { label: 'seats', value: n, type: 'number' }, ...more],
	});

	beforeEach(() => sim.configure({ unregisteredProperties: 'refuse', registeredProperties: [] }));

	test('without Fields to Ignore every row fails, refused for its bookkeeping fields', async () => {
		const { output } = await auto('customer', 'upsert', items, 'customProperties', {}, true);
		expect(output.map((item) => item.json.error)).toEqual(
			[1, 2, 3].map(
				() =>
					'Customer: Create or Update failed: refused by the service: property "createdAt" is not a registered custom property of this account; add createdAt to Fields to Ignore, register the property in the service, or map the fields manually',
			),
		);
	});

	test('with its bookkeeping in Fields to Ignore it syncs in one step; the row with an unregistered field is that item’s error, saying how to get past it', async () => {
		const { output } = await auto('customer', 'upsert', items, 'customProperties', { ignoreFields: 'createdAt, updatedAt, archived' }, true);
		expect(bodies('/api/v2/customers')).toEqual([
			{ subscribers: [sentRow(1), sentRow(2, [{ label: 'region', value: 'EMEA', type: 'text' }]), sentRow(3, [{ label: 'country', value: 'FR', type: 'text' }])] },
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const ignoredFields = ['createdAt', 'updatedAt', 'archived'];
		expect(output[0].json).toEqual({ email: 'strict.crm1@example.com', ignoredFields, status: 'created', id: expect.any(String) });
		expect(output[1].json).toEqual({
			error:
				'Customer: Create or Update failed: refused by the service: property "region" is not a registered custom property of this account; add region to Fields to Ignore, register the property in the service, or map the fields manually',
			details: {
				email: 'strict.crm2@example.com',
				ignoredFields,
				status: 'failed',
				reason: 'property "region" is not a registered custom property of this account',
				description:
					'The service did not accept item 1: property "region" is not a registered custom property of this account. It takes only the custom properties registered in the account. To write this item, add region to Fields to Ignore (with Map Automatically) to leave it out, register the property in the service, or map the fields manually so that it is not sent.',
			},
		});
		// country is the spec's own example of a customer property: registered as Country, matched by name.
		expect(output[2].json).toEqual({ email: 'strict.crm3@example.com', ignoredFields, status: 'created', id: expect.any(String) });
	});

	test('with region in Fields to Ignore too, every row syncs and every field is written or named', async () => {
		const { output, error } = await auto('customer', 'upsert', items, 'customProperties', { ignoreFields: 'createdAt, updatedAt, archived, region' });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toEqual([
			{ email: 'strict.crm1@example.com', ignoredFields: ['createdAt', 'updatedAt', 'archived'], status: 'updated', id: expect.any(String) },
			{ email: 'strict.crm2@example.com', ignoredFields: ['createdAt', 'updatedAt', 'archived', 'region'], status: 'created', id: expect.any(String) },
			{ email: 'strict.crm3@example.com', ignoredFields: ['createdAt', 'updatedAt', 'archived'], status: 'updated', id: expect.any(String) },
		]);
	});

	test('Customer › Get Many → Create or Update round trip under the default choice', async () => {
		const records = (await runNode({ service, parameters: { resource: 'customer', operation: 'getMany', limit: 5 } })).json;
		expect(records).toHaveLength(5);
		sim.clearRequests();
		const { output, error } = await auto('customer', 'upsert', records);
		expect(error).toBeUndefined();
		const [body] = bodies('/api/v2/customers');
		expect((body.subscribers as IDataObject[]).map((row) => row.email)).toEqual(records.map((record) => record.email));
		expect(output.map((item) => item.json.status)).toEqual(records.map(() => 'updated'));
	});
});
