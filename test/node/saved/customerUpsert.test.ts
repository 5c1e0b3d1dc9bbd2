/**
 * Saved workflows send exactly what they sent: Customer › Create or Update as n8n saved it, on each
 * version and input mode (test/fixtures/saved/customerUpsert.json: each node's JSON as the editor writes
 * it on save, the default values left out, so that n8n fills them in when the workflow loads), run in
 * n8n's engine on a few items against the simulator, every request body the simulator received asserted
 * whole. What is pinned is what is sent today.
 */
import { useSavedNodes } from './savedRuns';

const { run, received } = useSavedNodes('customerUpsert');

const CUSTOMERS = [
	{ email: 'ada@example.com', first: 'Ada', last: 'Lovelace', tags: ['vip', 'beta'], clear: 'Group', plan: 'pro', seats: 12, beta: true },
	{ email: 'alan@example.com', first: 'Alan', tags: 'trial, newsletter', plan: 'starter', seats: '3', beta: 'false' },
	{ email: 'grace@example.com', last: 'Hopper', clear: ['Country', 'Group'] },
];

const ITEM_JSON = [
	{
		email: 'ada@example.com',
		firstName: 'Ada',
		last_name: 'Lovelace',
		companyName: 'Engines Ltd',
		tags: ['vip'],
		unsetTags: 'trial',
		unset_properties: ['Group'],
		properties: { Plan: 'pro', Seats: 12, Beta: true },
	},
	{
		Email: 'alan@example.com',
		'First Name': 'Alan',
		tags: 'beta, newsletter',
		properties: [{ label: 'Plan', value: 'starter', type: 'text' }, { label: 'Seats', value: 3, type: 'number' }],
	},
	{ id: '6ac100000000000000000001', email: 'grace@example.com', createdDate: '2026-01-01T00:00:00Z', status: 'active', unsubscribed: false },
];

const SHEET_ROWS = [{ Email: 'sheet.one@example.com', 'First Name': 'Sheet', Plan: 'growth' }, { Email: 'sheet.two@example.com', 'First Name': '', Plan: 'starter' }];

const CRM_CONTACTS = [
	{
		id: 'hs-1',
		email: 'crm.one@example.com',
		firstName: 'Crm',
		lastName: 'One',
		createdAt: '2025-10-01T09:00:00Z',
		updatedAt: '2026-01-15T09:00:00Z',
		plan: 'pro',
		seats: 5,
		country: 'DE',
		trial: false,
	},
	{
		id: 'hs-2',
		email: 'crm.two@example.com',
		companyName: 'Acme',
		tags: ['partner'],
		createdAt: '2025-10-02T09:00:00Z',
		updatedAt: '2026-01-16T09:00:00Z',
		Plan: 'team',
		properties: { Group: 'beta' },
	},
];

const CRM_COLUMNS = [
	{
		id: 'hs-3',
		email: 'crm.three@example.com',
		first_name: 'Crm',
		Plan: 'enterprise',
		SEATS: '40',
		region: 'EMEA',
		createdAt: '2025-10-03T09:00:00Z',
		updatedAt: '2026-01-17T09:00:00Z',
	},
	{ id: 'hs-4', email: 'crm.four@example.com', 'First Name': 'Four', unset_tags: 'trial', seats: 2, properties: [{ label: 'Country', value: 'FR', type: 'text' }] },
];

describe('Customer › Create or Update, saved', () => {
	test('version 1, Define Below: names, tag lists, lists to unset, Custom Properties of each type as saved (Text by default); a property whose expression gives nothing goes as null', async () => {
		const { error } = await run('v1 Define Below', CUSTOMERS);
		expect(error).toBeUndefined();
		// Custom Properties go as their expressions give them: Seats '3' and Beta 'false' as text, an empty one as null.
		expect(received('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'ada@example.com',
						first_name: 'Ada',
						last_name: 'Lovelace',
						company: 'Engines Ltd',
						tags: ['vip', 'beta'],
						unset_tags: ['trial', 'onboarding'],
						unset_properties: ['Group'],
						properties: [
							{ label: 'Plan', value: 'pro', type: 'text' },
							{ label: 'Seats', value: 12, type: 'number' },
							{ label: 'Renewal', value: '2026-09-30', type: 'date' },
							{ label: 'Beta', value: true, type: 'boolean' },
						],
					},
					{
						email: 'alan@example.com',
						first_name: 'Alan',
						company: 'Engines Ltd',
						tags: ['trial', 'newsletter'],
						unset_tags: ['trial', 'onboarding'],
						properties: [
							{ label: 'Plan', value: 'starter', type: 'text' },
							{ label: 'Seats', value: '3', type: 'number' },
							{ label: 'Renewal', value: '2026-09-30', type: 'date' },
							{ label: 'Beta', value: 'false', type: 'boolean' },
						],
					},
					{
						email: 'grace@example.com',
						last_name: 'Hopper',
						company: 'Engines Ltd',
						unset_tags: ['trial', 'onboarding'],
						unset_properties: ['Country', 'Group'],
						properties: [
							{ label: 'Plan', value: null, type: 'text' },
							{ label: 'Seats', value: null, type: 'number' },
							{ label: 'Renewal', value: '2026-09-30', type: 'date' },
							{ label: 'Beta', value: null, type: 'boolean' },
						],
					},
				],
			},
		]);
	});

	test('version 1, Map Automatically: names in any spelling, properties as an object and as a list, the read-only fields of a record left out', async () => {
		const { error } = await run('v1 Map Automatically', ITEM_JSON);
		expect(error).toBeUndefined();
		expect(received('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'ada@example.com',
						first_name: 'Ada',
						last_name: 'Lovelace',
						company: 'Engines Ltd',
						tags: ['vip'],
						unset_tags: ['trial'],
						unset_properties: ['Group'],
						properties: [
							{ label: 'Plan', value: 'pro', type: 'text' },
							{ label: 'Seats', value: 12, type: 'number' },
							{ label: 'Beta', value: true, type: 'boolean' },
						],
					},
					{
						email: 'alan@example.com',
						first_name: 'Alan',
						tags: ['beta', 'newsletter'],
						properties: [{ label: 'Plan', value: 'starter', type: 'text' }, { label: 'Seats', value: 3, type: 'number' }],
					},
					{ email: 'grace@example.com' },
				],
			},
		]);
	});

	test('version 2, Define Below: sheet headers by expression, tags as text with an expression inside, an empty first name left out', async () => {
		const { error } = await run('v2 Define Below', SHEET_ROWS);
		expect(error).toBeUndefined();
		expect(received('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'sheet.one@example.com',
						first_name: 'Sheet',
						tags: ['crm', 'growth'],
						properties: [{ label: 'Plan', value: 'growth', type: 'text' }],
					},
					{ email: 'sheet.two@example.com', tags: ['crm', 'starter'], properties: [{ label: 'Plan', value: 'starter', type: 'text' }] },
				],
			},
		]);
	});

	test('version 2, Map Automatically with Send as Custom Properties and Fields to Ignore: the other fields are properties typed by their value, after those of properties', async () => {
		const { error } = await run('v2 Map Automatically', CRM_CONTACTS);
		expect(error).toBeUndefined();
		expect(received('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'crm.one@example.com',
						first_name: 'Crm',
						last_name: 'One',
						properties: [
							{ label: 'plan', value: 'pro', type: 'text' },
							{ label: 'seats', value: 5, type: 'number' },
							{ label: 'country', value: 'DE', type: 'text' },
							{ label: 'trial', value: false, type: 'boolean' },
						],
					},
					{
						email: 'crm.two@example.com',
						company: 'Acme',
						tags: ['partner'],
						properties: [{ label: 'Group', value: 'beta', type: 'text' }, { label: 'Plan', value: 'team', type: 'text' }],
					},
				],
			},
		]);
	});

	test("version 3, Map Each Column Manually: version 1's items, property columns typed by the saved schema, Other Custom Properties after them, empty property columns left out", async () => {
		const { error } = await run('v3 Map Each Column Manually', CUSTOMERS);
		expect(error).toBeUndefined();
		// Unlike version 1, Seats '3' goes as the column's number, a date property as the instant it names in the
		// workflow's zone (UTC here), and an empty property column is left out.
		expect(received('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'ada@example.com',
						first_name: 'Ada',
						last_name: 'Lovelace',
						company: 'Engines Ltd',
						tags: ['vip', 'beta'],
						unset_tags: ['trial', 'onboarding'],
						unset_properties: ['Group'],
						properties: [
							{ label: 'Plan', value: 'pro', type: 'text' },
							{ label: 'Seats', value: 12, type: 'number' },
							{ label: 'Renewal', value: '2026-09-30T00:00:00Z', type: 'date' },
						],
					},
					{
						email: 'alan@example.com',
						first_name: 'Alan',
						company: 'Engines Ltd',
						tags: ['trial', 'newsletter'],
						unset_tags: ['trial', 'onboarding'],
						properties: [
							{ label: 'Plan', value: 'starter', type: 'text' },
							{ label: 'Seats', value: 3, type: 'number' },
							{ label: 'Renewal', value: '2026-09-30T00:00:00Z', type: 'date' },
						],
					},
					{
						email: 'grace@example.com',
						last_name: 'Hopper',
						company: 'Engines Ltd',
						unset_tags: ['trial', 'onboarding'],
						unset_properties: ['Country', 'Group'],
						properties: [{ label: 'Renewal', value: '2026-09-30T00:00:00Z', type: 'date' }],
					},
				],
			},
		]);
	});

	test('version 3, Map Automatically with Send as Custom Properties: fields named like a property column are that property with its type; Fields to Ignore left out', async () => {
		const { error } = await run('v3 Map Automatically', CRM_COLUMNS);
		expect(error).toBeUndefined();
		expect(received('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'crm.three@example.com',
						first_name: 'Crm',
						properties: [
							{ label: 'Plan', value: 'enterprise', type: 'text' },
							{ label: 'Seats', value: 40, type: 'number' },
							{ label: 'region', value: 'EMEA', type: 'text' },
						],
					},
					{
						email: 'crm.four@example.com',
						first_name: 'Four',
						unset_tags: ['trial'],
						properties: [{ label: 'Country', value: 'FR', type: 'text' }, { label: 'Seats', value: 2, type: 'number' }],
					},
				],
			},
		]);
	});
});
