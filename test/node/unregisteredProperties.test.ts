/**
 * Send as Custom Properties against the service's strict reading of property labels: a row with a
 * label the account has not registered is that item's error, saying how to get past it, never
 * dropped; the same row passes once the label is registered. Run in n8n's engine against the
 * simulator.
 */
import type { IDataObject } from 'n8n-workflow';

import { useExtraFieldRuns } from './extraFieldRuns';

const { sim, auto } = useExtraFieldRuns();

describe('what the service does with a label it has not registered', () => {
	test('a row it refuses is that item’s error, naming the reason; the node never drops it', async () => {
		sim.configure({ unregisteredProperties: 'refuse' });
		// Plan and Seats are registered in the simulator's accounts; id is a read-only field, left out.
		const member = (n: number, extra: IDataObject = {}) => ({ id: `crm-${n}`, email: `crm.contact${n}@example.com`, plan: 'pro', seats: 12, ...extra });
		const items = [member(11), member(12, { region: 'EMEA' }), member(13)];
		const stopped = await auto('customer', 'upsert', items, 'customProperties');
		expect(stopped.error?.message).toBe('Customer: Create or Update failed for 1 of 3 items');
		expect(stopped.error?.description).toContain(
			'item 1: refused by the service: property "region" is not a registered custom property of this account; add region to Fields to Ignore, register the property in the service, or map the fields manually',
		);
		expect(stopped.error?.description).toContain('The service had already accepted items 0, 2: a rerun should leave them out.');

		const { output } = await auto('customer', 'upsert', items, 'customProperties', {}, true);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[0].json).toMatchObject({ email: 'crm.contact11@example.com', status: 'updated' });
		expect(output[1].json).toEqual({
			error:
				'Customer: Create or Update failed: refused by the service: property "region" is not a registered custom property of this account; add region to Fields to Ignore, register the property in the service, or map the fields manually',
			details: {
				email: 'crm.contact12@example.com',
				status: 'failed',
				reason: 'property "region" is not a registered custom property of this account',
				description:
					'The service did not accept item 1: property "region" is not a registered custom property of this account. It takes only the custom properties registered in the account. To write this item, add region to Fields to Ignore (with Map Automatically) to leave it out, register the property in the service, or map the fields manually so that it is not sent.',
			},
		});
		expect(output[2].json).toMatchObject({ email: 'crm.contact13@example.com', status: 'updated' });
	});

	test('the same items pass once the label is registered', async () => {
		sim.configure({ unregisteredProperties: 'refuse', registeredProperties: ['Region'] });
		const { error, json } = await auto('customer', 'upsert', [{ email: 'crm.contact14@example.com', plan: 'team', region: 'APAC' }], 'customProperties');
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ status: 'created' });
	});
});
