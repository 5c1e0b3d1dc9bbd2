/**
 * Map Automatically and the fields an operation has no place for (Handling Extra Fields in Input):
 * Error (the default, as before), Ignore Them (left out, listed on the output item) or Send as
 * Custom Properties (each a property labelled with its name). Read-only fields of the service's
 * records are left out under every choice. Run in n8n's engine against the simulator; the bodies
 * are asserted whole. The rest of Map Automatically's reading: extraFieldsWithoutColumn,
 * extraFieldsNearNames, fieldsToIgnore and unregisteredProperties.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { byId } from '../helpers/parameters';
import { runNode } from '../helpers/runNode';
import { sendableCampaigns } from '../helpers/simulator';
import { CHOICES, contact, useExtraFieldRuns } from './extraFieldRuns';

const { sim, service, bodies, auto } = useExtraFieldRuns();
let emailCampaign: string;
let npsCampaign: string;

beforeAll(async () => {
	({ email: emailCampaign, nps: npsCampaign } = await sendableCampaigns(sim));
});

describe('Error (the default)', () => {
	test.each([undefined, 'error' as const])('with the option %s, extra fields refuse the item before anything is sent, as before', async (choice) => {
		const { error, output } = await auto('customer', 'upsert', [{ email: 'fine@example.com' }, contact(1)], choice);
		expect(error?.message).toBe('Customer: Create or Update failed: Item JSON: has fields this operation does not take: createdAt, archived, plan, seats [item 1]');
		expect(error?.description).toMatch(/Set "Handling Extra Fields in Input" to Ignore Them or Send as Custom Properties/);
		expect(output).toEqual([]);
		expect(bodies('/api/v2/customers')).toEqual([]);
	});

	test('read-only fields of the service’s records are still left out without a word', async () => {
		const { error } = await auto('customer', 'upsert', [{ id: 'x', _id: 'y', customerId: 'z', email: 'readonly@example.com', createdDate: '2026-01-01T00:00:00Z', status: 'active' }]);
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([{ subscribers: [{ email: 'readonly@example.com' }] }]);
	});
});

describe('Ignore Them', () => {
	test('extra fields, nested ones too, are left out; each output item lists its own, read-only fields aside', async () => {
		const items = [contact(2, { address: { city: 'Lyon' }, owners: ['ann'] }), { email: 'plain@example.com', lastName: 'Plain', createdDate: '2026-01-01T00:00:00Z' }];
		const { output, error } = await auto('customer', 'upsert', items, 'ignoreIt');
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{ subscribers: [{ email: 'crm.contact2@example.com', first_name: 'Contact 2' }, { email: 'plain@example.com', last_name: 'Plain' }] },
		]);
		expect(output.map((item) => item.json)).toEqual([
			{ email: 'crm.contact2@example.com', ignoredFields: ['createdAt', 'archived', 'plan', 'seats', 'address', 'owners'], status: 'created', id: expect.any(String) },
			{ email: 'plain@example.com', ignoredFields: [], status: 'created', id: expect.any(String) },
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('Survey › Send and Legacy › V1 Create Subscribers leave them out too', async () => {
		const survey = await auto('survey', 'send', [contact(3, { properties: { plan: 'pro' } })], 'ignoreIt', { campaign: byId(emailCampaign) });
		expect(survey.error).toBeUndefined();
		expect(bodies('/api/v2/survey')).toEqual([{ campaign: emailCampaign, subscribers: [{ email: 'crm.contact3@example.com', first_name: 'Contact 3' }] }]);
		expect(survey.json[0]).toMatchObject({ email: 'crm.contact3@example.com', campaign: emailCampaign, ignoredFields: ['createdAt', 'archived', 'plan', 'seats', 'properties'] });

		const v1 = await auto('legacy', 'v1CreateSubscribers', [contact(4, { lastName: 'Four', companyName: 'Acme' })], 'ignoreIt');
		expect(v1.error).toBeUndefined();
		expect(bodies('/api/service/nps/customers')).toEqual([
			{ subscribers: [{ email: 'crm.contact4@example.com', first_name: 'Contact 4', last_name: 'Four', company: 'Acme', companyName: 'Acme' }] },
		]);
		expect(v1.json[0]).toMatchObject({ email: 'crm.contact4@example.com', ignoredFields: ['createdAt', 'archived', 'plan', 'seats'] });
	});
});

describe('Send as Custom Properties', () => {
	// What the node sends, whatever the labels: the lenient reading of the simulator takes any label.
	// The strict reading, the default, is the subject of the last blocks below.
	beforeEach(() => sim.configure({ unregisteredProperties: 'accept' }));

	test('each extra top-level field becomes a property labelled with its name, typed by its value, after those of properties', async () => {
		const items = [
			contact(5, { region: 'EMEA', lifecycleStage: 'customer', nextRenewal: null, properties: { group: 'beta' }, updatedDate: '2026-01-01T00:00:00Z' }),
			{ email: 'only.props@example.com', properties: [{ label: 'Country', value: 'FR', type: 'text' }] },
		];
		const { output, error } = await auto('customer', 'upsert', items, 'customProperties');
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'crm.contact5@example.com',
						first_name: 'Contact 5',
						properties: [
							{ label: 'group', value: 'beta', type: 'text' },
							{ label: 'createdAt', value: '2025-11-02T10:00:00Z', type: 'text' },
							{ label: 'archived', value: false, type: 'boolean' },
							{ label: 'plan', value: 'pro', type: 'text' },
							{ label: 'seats', value: 12, type: 'number' },
							{ label: 'region', value: 'EMEA', type: 'text' },
							{ label: 'lifecycleStage', value: 'customer', type: 'text' },
							{ label: 'nextRenewal', value: null, type: 'text' },
						],
					},
					{ email: 'only.props@example.com', properties: [{ label: 'Country', value: 'FR', type: 'text' }] },
				],
			},
		]);
		expect(output.map((item) => item.json)).toEqual([
			{ email: 'crm.contact5@example.com', status: 'created', id: expect.any(String) },
			{ email: 'only.props@example.com', status: 'created', id: expect.any(String) },
		]);

		// The properties are the customer's: Get Many filters on them.
		const found = await runNode({
			service,
			parameters: { resource: 'customer', operation: 'getMany', returnAll: true, attributeFilters: { filter: [{ name: 'lifecycleStage', op: 'equal', value: 'customer' }] } },
		});
		expect(found.json.map((record) => record.email)).toEqual(['crm.contact5@example.com']);
	});

	test.each<[string, IDataObject, string]>([
		['an object', { address: { city: 'Lyon' } }, 'Item JSON › address: is an object; a custom property takes text, a number or a boolean [item 1]'],
		['a list', { owners: ['ann', 'bob'] }, 'Item JSON › owners: is a list; a custom property takes text, a number or a boolean [item 1]'],
		['a field also in properties', { properties: { Plan: 'team' } }, 'Item JSON › plan: is also a property in properties; keep one of them [item 1]'],
	])('refuses %s, naming the item and the field, before anything is sent', async (_, extra, message) => {
		const { error, output } = await auto('customer', 'upsert', [contact(6), contact(7, extra)], 'customProperties');
		expect(error?.message).toBe(`Customer: Create or Update failed: ${message}`);
		if (message.includes('an object')) expect(error?.description).toBe('Nested values are not flattened. Bring the values you need to the top level first with an Edit Fields node (e.g. address_city = {{ $json.address.city }}), and remove address.');
		if (message.includes('a list')) expect(error?.description).toBe("Lists are not flattened. Turn it into text first with an Edit Fields node (e.g. owners = {{ $json.owners.join(', ') }}), or remove the field.");
		expect(output).toEqual([]);
		expect(bodies('/api/v2/customers')).toEqual([]);
	});

	test('Feedback › Import sends them as the imported customer’s properties', async () => {
		const { error, json } = await auto('feedback', 'import', [{ email: 'import.props@example.com', score: 9, plan: 'pro', seats: 3, id: 'crm-9' }], 'customProperties', {
			campaign: byId(npsCampaign),
		});
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/import')).toEqual([
			{
				campaign_id: npsCampaign,
				feedback: [{ email: 'import.props@example.com', score: 9, properties: [{ label: 'plan', value: 'pro', type: 'text' }, { label: 'seats', value: 3, type: 'number' }] }],
			},
		]);
		expect(json[0]).toMatchObject({ email: 'import.props@example.com', status: 'accepted' });
	});

	test('operations whose rows take no custom properties do not offer it, and refuse it when a workflow sets it anyway', async () => {
		const handling = (operation: string) =>
			new SurveyFeedback().description.properties.find((p) => p.name === 'handlingExtraData' && p.displayOptions?.show?.operation?.includes(operation));
		const values = (operation: string) => handling(operation)?.options?.map((option) => ('value' in option ? option.value : undefined));
		expect(values('upsert')).toEqual(CHOICES);
		expect(values('import')).toEqual(CHOICES);
		expect(values('send')).toEqual(['error', 'ignoreIt']);
		expect(values('v1CreateSubscribers')).toEqual(['error', 'ignoreIt']);
		for (const operation of ['upsert', 'import', 'send', 'v1CreateSubscribers']) {
			expect(handling(operation)).toMatchObject({ default: 'error', displayName: 'Handling Extra Fields in Input', displayOptions: { show: { inputMode: ['itemJson'] } } });
		}
		for (const operation of ['delete', 'unsubscribe', 'resubscribe']) expect(handling(operation)).toBeUndefined();

		const { error } = await auto('survey', 'send', [contact(8)], 'customProperties', { campaign: byId(emailCampaign) });
		expect(error?.message).toBe('Survey: Send failed: Handling Extra Fields in Input: this operation takes no custom properties; choose Error or Ignore Them [item 0]');
		expect(bodies('/api/v2/survey')).toEqual([]);
	});
});
