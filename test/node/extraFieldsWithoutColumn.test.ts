/**
 * Map Automatically and the customer data a write has no column for (phone, country, state, city,
 * job title): left out and listed in ignoredFields, or sent as custom properties, never dropped
 * without a word; Feedback › Import has columns for it. Run in n8n's engine against the simulator.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId } from '../helpers/parameters';
import { runNode } from '../helpers/runNode';
import { sendableCampaigns } from '../helpers/simulator';
import { type Choice, useExtraFieldRuns } from './extraFieldRuns';

const { sim, service, bodies, auto } = useExtraFieldRuns();
let emailCampaign: string;
let npsCampaign: string;

beforeAll(async () => {
	({ email: emailCampaign, nps: npsCampaign } = await sendableCampaigns(sim));
});

describe('customer data the write has no column for (phone, country, state, city, job title) is never dropped without a word', () => {
	const person = { email: 'crm.phone@example.com', firstName: 'Pia', phone: '+33 1 23 45 67 89', Country: 'FR', city: '', jobTitle: null, row_number: 5 };

	test.each<[Choice | undefined, IDataObject]>([
		[undefined, { ignoredFields: ['phone', 'Country'] }],
		['error', { ignoredFields: ['phone', 'Country'] }],
		['ignoreIt', { ignoredFields: ['phone', 'Country'] }],
	])('with %s it is left out and listed in ignoredFields (empty values left out, as nothing is lost)', async (choice, listed) => {
		const { output, error } = await auto('customer', 'upsert', [person], choice);
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([{ subscribers: [{ email: 'crm.phone@example.com', first_name: 'Pia' }] }]);
		expect(output[0].json).toEqual({ email: 'crm.phone@example.com', ...listed, status: expect.stringMatching(/^(created|updated)$/), id: expect.any(String) });
	});

	test('with Send as Custom Properties it is sent as properties labelled as the item names them', async () => {
		// Country is registered in the simulator's accounts (matched by name); Phone is registered here.
		sim.configure({ registeredProperties: ['Phone'] });
		const { output, error } = await auto('customer', 'upsert', [person], 'customProperties');
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'crm.phone@example.com',
						first_name: 'Pia',
						properties: [
							{ label: 'phone', value: '+33 1 23 45 67 89', type: 'text' },
							{ label: 'Country', value: 'FR', type: 'text' },
						],
					},
				],
			},
		]);
		expect(output[0].json).toEqual({ email: 'crm.phone@example.com', status: 'updated', id: expect.any(String) });
	});

	test('Survey › Send and Legacy › V1 Create Subscribers list it in ignoredFields under the default choice', async () => {
		const survey = await auto('survey', 'send', [{ email: 'crm.phone@example.com', phone: '+33 1', state: 'IDF' }], undefined, { campaign: byId(emailCampaign) });
		expect(survey.error).toBeUndefined();
		expect(bodies('/api/v2/survey')).toEqual([{ campaign: emailCampaign, subscribers: [{ email: 'crm.phone@example.com' }] }]);
		expect(survey.json[0]).toMatchObject({ email: 'crm.phone@example.com', ignoredFields: ['phone', 'state'] });

		const v1 = await auto('legacy', 'v1CreateSubscribers', [{ email: 'crm.phone@example.com', firstName: 'P', lastName: 'Q', company: 'R', city: 'Paris' }]);
		expect(v1.error).toBeUndefined();
		expect(v1.json[0]).toMatchObject({ email: 'crm.phone@example.com', ignoredFields: ['city'] });
	});

	test('Feedback › Import has columns for it: sent as columns, as before', async () => {
		const { error } = await auto('feedback', 'import', [{ email: 'crm.phone@example.com', score: 8, phone: '+33 1', country: 'FR', jobTitle: 'CTO' }], undefined, { campaign: byId(npsCampaign) });
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/import')).toEqual([{ campaign_id: npsCampaign, feedback: [{ email: 'crm.phone@example.com', score: 8, phone: '+33 1', country: 'FR', job_title: 'CTO' }] }]);
	});

	test('Customer › Get Many → Create or Update: a record read from the service is written back under the default choice', async () => {
		// The import gives the customer a phone and a country, which the customer write has no column for.
		await auto('feedback', 'import', [{ email: 'round.trip@example.com', score: 9, firstName: 'Rita', phone: '+49 30 1234', country: 'DE', properties: { Plan: 'growth' } }], undefined, {
			campaign: byId(npsCampaign),
		});
		const records = (await runNode({ service, parameters: { resource: 'customer', operation: 'getMany', returnAll: true, filters: { email: 'round.trip@example.com' } } })).json;
		expect(records).toHaveLength(1);
		expect(records[0]).toMatchObject({ email: 'round.trip@example.com', phone: '+49 30 1234', country: 'DE', createdDate: expect.any(String), channel: expect.any(String) });
		sim.clearRequests();
		const { output, error } = await auto('customer', 'upsert', records.map((record) => ({ ...record, tags: ['again'] })));
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'round.trip@example.com',
						first_name: 'Rita',
						tags: ['again'],
						properties: [{ label: 'Plan', value: 'growth', type: 'text' }],
					},
				],
			},
		]);
		expect(output[0].json).toEqual({ email: 'round.trip@example.com', ignoredFields: ['phone', 'country'], status: 'updated', id: records[0].id });
	});
});
