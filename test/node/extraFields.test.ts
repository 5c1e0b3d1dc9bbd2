/**
 * Map Automatically and the fields an operation has no place for (Handling Extra Fields in Input):
 * Error (the default, as before), Ignore Them (left out, listed on the output item) or Send as
 * Custom Properties (each a property labelled with its name). Read-only fields of the service's
 * records are left out under every choice, and a name close to one the operation reads is refused
 * under every choice. Run in n8n's engine against the simulator; the bodies are asserted whole.
 */
import type { IDataObject } from 'n8n-workflow';

import { resembledField } from '../../nodes/SurveyFeedback/helpers/bulk/extraFields';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { byId } from '../helpers/parameters';
import { runNode } from '../helpers/runNode';
import { sendableCampaigns, serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);
let emailCampaign: string;
let npsCampaign: string;

beforeAll(async () => {
	({ email: emailCampaign, nps: npsCampaign } = await sendableCampaigns(sim));
});
beforeEach(() => sim.clearRequests());
afterEach(() => sim.configure({ unregisteredProperties: 'refuse', registeredProperties: [] }));

const CHOICES = ['error', 'ignoreIt', 'customProperties'] as const;
type Choice = (typeof CHOICES)[number];

const bodies = (path: string) => sim.requests({ method: 'POST', path }).filter((r) => r.path === path).map((r) => r.body as IDataObject);

/** Map Automatically, with Handling Extra Fields in Input set to `choice` (undefined: as a workflow saved before it existed). */
const auto = (resource: string, operation: string, items: IDataObject[], choice?: Choice, parameters: IDataObject = {}, continueOnFail = false) =>
	runNode({
		service,
		parameters: { resource, operation, inputMode: 'itemJson', ...(choice ? { handlingExtraData: choice } : {}), ...parameters },
		items,
		continueOnFail,
	});

/** A contact as a CRM exports it: its own ID and timestamps, flags, and custom fields. */
const contact = (n: number, extra: IDataObject = {}): IDataObject => ({
	id: `crm-${n}`,
	email: `crm.contact${n}@example.com`,
	firstName: `Contact ${n}`,
	createdAt: '2025-11-02T10:00:00Z',
	archived: false,
	plan: 'pro',
	seats: 12,
	...extra,
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
		expect(json[0]).toMatchObject({ email: 'import.props@example.com', status: 'imported' });
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

describe('a field named like one the operation reads is refused under every choice', () => {
	const cases: Array<[string, string]> = [
		['frist_name', 'first_name'], // two letters swapped
		['Frist Name', 'first_name'], // the same, in a spreadsheet's spelling
		['lastNmae', 'last_name'],
		['emial', 'email'],
		['tag', 'tags'], // one letter dropped, on a short name
		['compnay', 'company'],
		['fist_nme', 'first_name'], // two edits on a name of 8 letters or more
		['unset_tag', 'unset_tags'],
		['propertes', 'properties'],
	];
	test.each(CHOICES.flatMap((choice) => cases.map(([name, like]) => [choice, name, like] as const)))('%s: %s looks like %s', async (choice, name, like) => {
		const { error, output } = await auto('customer', 'upsert', [{ email: 'near@example.com', [name]: 'Ada' }], choice);
		expect(error?.message).toBe(`Customer: Create or Update failed: Item JSON › ${name}: looks like ${like}, which this operation reads; rename it [item 0]`);
		expect(error?.description).toBe(
			`A field named a letter or two off one Map Automatically reads is refused whatever "Handling Extra Fields in Input" says, so that a typo is never sent as a custom property or left out. Rename it to ${like} if that is what it holds, give it a clearly different name (an Edit Fields node with "Include Other Input Fields" off, or Rename Keys), or add it to Fields to Ignore to leave it out.`,
		);
		expect(output).toEqual([]);
		expect(bodies('/api/v2/customers')).toEqual([]);
	});

	test('the fields Feedback › Import and Survey › Send read are guarded the same way', async () => {
		const imported = await auto('feedback', 'import', [{ email: 'near@example.com', score: 9, comments: 'great' }], 'customProperties', { campaign: byId(npsCampaign) });
		expect(imported.error?.message).toMatch(/^Feedback: Import failed: Item JSON › comments: looks like comment, which this operation reads; rename it \[item 0\]$/);
		const survey = await auto('survey', 'send', [{ email: 'near@example.com', compnay_name: 'Acme' }], 'ignoreIt', { campaign: byId(emailCampaign) });
		expect(survey.error?.message).toMatch(/^Survey: Send failed: Item JSON › compnay_name: looks like companyName, which this operation reads; rename it \[item 0\]$/);
		const v1 = await auto('legacy', 'v1CreateSubscribers', [{ email: 'near@example.com', firstName: 'A', lastName: 'B', company: 'C', emial: 'x' }], 'ignoreIt');
		expect(v1.error?.message).toBe('Legacy: V1: Create Subscribers failed: Item JSON › emial: looks like email, which this operation reads; rename it [item 0]');
		expect([...bodies('/api/v2/import'), ...bodies('/api/v2/survey')]).toEqual([]);
	});

	test('ordinary CRM fields pass: one edit on short names, two only from 8 letters', async () => {
		sim.configure({ unregisteredProperties: 'accept' }); // what is sent, whatever the labels
		const crm = {
			email: 'crm.fields@example.com',
			id: 'crm-10',
			createdAt: '2025-01-01T00:00:00Z',
			updatedAt: '2025-02-01T00:00:00Z',
			archived: false,
			plan: 'pro',
			region: 'EMEA',
			lifecycleStage: 'customer',
			owner: 'ann',
			name: 'Full Name',
			title: 'CTO',
			stage: 'won', // two edits from tags
			tasks: 3, // two edits from tags
			retail: true, // two edits from email
			detail: 'x', // two edits from email
			website: 'https://example.com',
		};
		const { error } = await auto('customer', 'upsert', [crm], 'customProperties');
		expect(error).toBeUndefined();
		const [body] = bodies('/api/v2/customers');
		expect(body).toEqual({
			subscribers: [
				{
					email: 'crm.fields@example.com',
					properties: Object.entries(crm)
						.filter(([name]) => !['email', 'id'].includes(name))
						.map(([label, value]) => ({ label, value, type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text' })),
				},
			],
		});
	});

	test.each<[string, string | undefined]>([
		['frist_name', 'first_name'],
		['FIRSTNAME', 'first_name'],
		['firstname', 'first_name'],
		['lastNmae', 'last_name'],
		['emails', 'email'],
		['email2', 'email'], // one edit: a second email needs another name
		['tagz', 'tags'],
		['createdAt', undefined],
		['updatedAt', undefined],
		['archived', undefined],
		['lifecycleStage', undefined],
		['region', undefined],
		['owner', undefined],
		['phone', undefined],
		['name', undefined],
		['stage', undefined],
		['tasks', undefined],
		['detail', undefined],
		['retail', undefined],
		['companySize', undefined],
		['lastSeen', undefined],
		['firstSeen', undefined],
	])('the rule: %s resembles %s among the customer fields', (name, like) => {
		const known = ['email', 'first_name', 'firstName', 'last_name', 'lastName', 'company', 'companyName', 'tags', 'unset_tags', 'unsetTags', 'unset_properties', 'unsetProperties', 'properties'];
		expect(resembledField(name, known)).toBe(like);
	});
});

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

describe('Fields to Ignore', () => {
	test('is offered with Map Automatically wherever Handling Extra Fields in Input is, empty by default', () => {
		const ignoreFields = (operation: string) =>
			new SurveyFeedback().description.properties.find((p) => p.name === 'ignoreFields' && p.displayOptions?.show?.operation?.includes(operation));
		for (const operation of ['upsert', 'import', 'send', 'v1CreateSubscribers']) {
			expect(ignoreFields(operation)).toMatchObject({ displayName: 'Fields to Ignore', type: 'string', default: '', displayOptions: { show: { inputMode: ['itemJson'] } } });
		}
		for (const operation of ['delete', 'unsubscribe', 'resubscribe']) expect(ignoreFields(operation)).toBeUndefined();
	});

	test.each(CHOICES)('with %s, the named fields (compared folded) are kept out of the write and listed in ignoredFields', async (choice) => {
		const item = contact(20, { updatedAt: '2025-12-01T00:00:00Z', company: 'Acme' });
		const { output, error } = await auto('customer', 'upsert', [item], choice, {
			ignoreFields: 'created_at, UpdatedAt,archived ,, Company' + (choice === 'customProperties' ? '' : ', plan, seats'),
		});
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'crm.contact20@example.com',
						first_name: 'Contact 20',
						...(choice === 'customProperties'
							? {
									properties: [
										{ label: 'plan', value: 'pro', type: 'text' },
										{ label: 'seats', value: 12, type: 'number' },
									],
								}
							: {}),
					},
				],
			},
		]);
		const ignored = ['createdAt', 'archived', ...(choice === 'customProperties' ? [] : ['plan', 'seats']), 'updatedAt', 'company'];
		expect(output[0].json).toEqual({ email: 'crm.contact20@example.com', ignoredFields: ignored, status: expect.any(String), id: expect.any(String) });
	});

	test('a field named in it is left out even when it looks like a field the operation reads', async () => {
		const { output, error } = await auto('customer', 'upsert', [{ email: 'ignored.typo@example.com', frist_name: 'Ada' }], 'error', { ignoreFields: 'frist_name' });
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([{ subscribers: [{ email: 'ignored.typo@example.com' }] }]);
		expect(output[0].json).toMatchObject({ ignoredFields: ['frist_name'] });
	});

	test('a list from an expression works as well, and Survey › Send reads it too', async () => {
		const { output, error } = await auto('survey', 'send', [contact(21)], 'error', {
			campaign: byId(emailCampaign),
			ignoreFields: "={{ ['createdAt', 'archived', 'plan', 'seats'] }}",
		});
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/survey')).toEqual([{ campaign: emailCampaign, subscribers: [{ email: 'crm.contact21@example.com', first_name: 'Contact 21' }] }]);
		expect(output[0].json).toMatchObject({ ignoredFields: ['createdAt', 'archived', 'plan', 'seats'] });
	});
});

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
