/**
 * Version 3's bulk writes on n8n's column mapper (`columns`, a resourceMapper parameter), in n8n's
 * own engine against the simulator: the mapper's list of fields as the editor loads it (through
 * n8n-core's LoadOptionsContext, with the account's custom properties read off its customers),
 * Map Each Column Manually and Map Automatically with the request bodies asserted exactly, a
 * property the list does not show still sent, errors naming the item and the column, and version 2
 * as it was.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject, INodeParameters, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';
import { NodeHelpers, traverseNodeParameters, type FromAIArgument } from 'n8n-workflow';

import { AUTHENTICATION_METHODS } from '../../credentials/authentication';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { nodeOf, pathOf, resourceMapping } from '../helpers/engine';
import { byId, field } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';
import { sendableCampaigns, serviceFor, useSimulator } from '../helpers/simulator';
import { testTransport } from '../helpers/transport';

const sim = useSimulator();
const service = serviceFor(sim);
let emailCampaign: string;
let npsCampaign: string;

beforeAll(async () => {
	({ email: emailCampaign, nps: npsCampaign } = await sendableCampaigns(sim));
});
beforeEach(() => sim.clearRequests());
afterEach(() => sim.configure({ registeredProperties: [] }));

const bodies = (path: string) => sim.requests({ method: 'POST', path }).filter((r) => r.path === path).map((r) => r.body as IDataObject);

/** The mapper's fields for an operation, as the editor loads them. */
async function fieldsOf(resource: string, operation: string, method: string) {
	return await resourceMapping({
		node: nodeOf('surveyFeedback', { authentication: 'apiKeyHeader', resource, operation }, { typeVersion: 3 }),
		nodeType: new SurveyFeedback(testTransport()),
		credentials: { [AUTHENTICATION_METHODS.apiKeyHeader]: { apiKey: service.apiKey, baseUrl: service.baseUrl } },
		method,
	});
}

/** The `columns` parameter as the editor stores it. */
function columns(mappingMode: 'defineBelow' | 'autoMapInputData', schema: ResourceMapperField[], value: IDataObject | null = null): ResourceMapperValue {
	return { mappingMode, value: value as ResourceMapperValue['value'], matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false };
}

const v3 = (parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) => runNode({ service, parameters, typeVersion: 3, ...options });

/** A field of the list, as the editor shows it: [id, name, type, required]. */
const brief = (fields: ResourceMapperField[]) => fields.map(({ id, displayName, type, required }) => [id, displayName, type, required]);

const PROPERTY_COLUMNS = [
	['property:Country', 'Country (property)', 'string', false],
	['property:Group', 'Group (property)', 'string', false],
	['property:Plan', 'Plan (property)', 'string', false],
	['property:Seats', 'Seats (property)', 'number', false],
	['property:VIP', 'VIP (property)', 'boolean', false],
];

const CUSTOMER_COLUMNS = [
	['email', 'Email', 'string', true],
	['first_name', 'First Name', 'string', false],
	['last_name', 'Last Name', 'string', false],
	['company', 'Company', 'string', false],
	['tags', 'Tags', 'string', false],
	['unset_tags', 'Tags to Remove', 'string', false],
	['unset_properties', 'Properties to Clear', 'string', false],
];

let customerSchema: ResourceMapperField[];
let feedbackSchema: ResourceMapperField[];

// The lists as the editor loads them on the demo data, before the tests write customers with other properties.
beforeAll(async () => {
	customerSchema = (await fieldsOf('customer', 'upsert', 'customerColumns')).fields;
	feedbackSchema = (await fieldsOf('feedback', 'import', 'feedbackColumns')).fields;
});

describe('Customer › Create or Update', () => {
	test("the mapper lists the customer's fields, then the account's custom properties with their types, from one request", async () => {
		const { fields, sent } = await fieldsOf('customer', 'upsert', 'customerColumns');
		expect(sent.map((request) => [request.method, request.url.replace(service.baseUrl, '')])).toEqual([['GET', '/api/v2/customers?limit=500']]);
		expect(brief(fields)).toEqual([...CUSTOMER_COLUMNS, ...PROPERTY_COLUMNS]);
		expect(fields.every((entry) => entry.display && !entry.defaultMatch)).toBe(true);
	});

	test('Map Each Column Manually: each row from the columns, property columns as { label, value, type } of their type', async () => {
		const { json, error } = await v3(
			{
				resource: 'customer',
				operation: 'upsert',
				columns: columns('defineBelow', customerSchema, {
					email: field('mail'),
					first_name: field('first'),
					tags: field('tags'),
					'property:Plan': field('plan'),
					'property:Seats': field('seats'),
					'property:Country': null,
				}),
			},
			{
				items: [
					{ mail: 'ada@example.com', first: 'Ada', tags: ['vip', 'beta'], plan: 'pro', seats: '12' },
					{ mail: 'alan@example.com', first: 'Alan', tags: 'trial', plan: 'starter', seats: 3 },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'ada@example.com',
						first_name: 'Ada',
						tags: ['vip', 'beta'],
						properties: [
							{ label: 'Plan', value: 'pro', type: 'text' },
							{ label: 'Seats', value: 12, type: 'number' },
						],
					},
					{
						email: 'alan@example.com',
						first_name: 'Alan',
						tags: ['trial'],
						properties: [
							{ label: 'Plan', value: 'starter', type: 'text' },
							{ label: 'Seats', value: 3, type: 'number' },
						],
					},
				],
			},
		]);
		expect(json.map((item) => [item.email, item.status])).toEqual([
			['ada@example.com', 'created'],
			['alan@example.com', 'created'],
		]);
	});

	test('Map Automatically: fields named like a property column are that property, with its type; Fields to Ignore leaves the rest out', async () => {
		const { json, error } = await v3(
			{
				resource: 'customer',
				operation: 'upsert',
				columns: columns('autoMapInputData', customerSchema),
				options: { ignoreFields: 'id, createdAt, updatedAt, archived' },
			},
			{
				items: [
					{ id: 'crm-1', email: 'grace@example.com', first_name: 'Grace', plan: 'enterprise', SEATS: '120', createdAt: '2024-01-02', updatedAt: '2024-02-03', archived: false },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'grace@example.com',
						first_name: 'Grace',
						properties: [
							{ label: 'Plan', value: 'enterprise', type: 'text' },
							{ label: 'Seats', value: 120, type: 'number' },
						],
					},
				],
			},
		]);
		expect(json).toEqual([expect.objectContaining({ email: 'grace@example.com', status: 'created' })]);
	});

	test('Map Automatically: other fields follow Handling Extra Fields in Input (here Send as Custom Properties)', async () => {
		sim.configure({ registeredProperties: ['Region'] });
		const { error } = await v3(
			{
				resource: 'customer',
				operation: 'upsert',
				columns: columns('autoMapInputData', customerSchema),
				options: { handlingExtraData: 'customProperties' },
			},
			{ items: [{ email: 'mary@example.com', plan: 'pro', Region: 'EMEA' }] },
		);
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'mary@example.com',
						properties: [
							{ label: 'Plan', value: 'pro', type: 'text' },
							{ label: 'Region', value: 'EMEA', type: 'text' },
						],
					},
				],
			},
		]);
	});

	test('Map Automatically with Error: a field that is no column stops the run before anything is sent', async () => {
		const { error } = await v3(
			{ resource: 'customer', operation: 'upsert', columns: columns('autoMapInputData', customerSchema) },
			{ items: [{ email: 'mary@example.com', Region: 'EMEA' }] },
		);
		expect(error?.message).toContain('Item JSON');
		expect(error?.message).toContain('[item 0]');
		expect(bodies('/api/v2/customers')).toEqual([]);
	});

	test('a property the list does not show is still sent, from Options › Other Custom Properties', async () => {
		sim.configure({ registeredProperties: ['Region'] });
		const { error } = await v3({
			resource: 'customer',
			operation: 'upsert',
			columns: columns('defineBelow', customerSchema, { email: 'lin@example.com', 'property:Plan': 'pro' }),
			options: { otherProperties: { property: [{ label: 'Region', type: 'text', value: 'APAC' }] } },
		});
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'lin@example.com',
						properties: [
							{ label: 'Plan', value: 'pro', type: 'text' },
							{ label: 'Region', value: 'APAC', type: 'text' },
						],
					},
				],
			},
		]);
	});

	test.each([
		[{ email: 'not-an-email' }, 'Columns › Email: "not-an-email" is not an email address [item 0]'],
		[{ email: 'ok@example.com', 'property:Seats': field('seats') }, 'Columns › Seats (property): must be a number (the property\'s type), got "many" [item 0]'],
		[{ email: 'ok@example.com', tags: '={{ { a: 1 } }}' }, 'Columns › Tags: must be a list or comma-separated text, not an object [item 0]'],
	])('a bad value names the item and the column: %j', async (value, message) => {
		// (A fixed value of the wrong type n8n itself refuses before the run; an expression's value is the node's to check.)
		const { error } = await v3({ resource: 'customer', operation: 'upsert', columns: columns('defineBelow', customerSchema, value) }, { items: [{ seats: 'many' }] });
		expect(error?.message).toBe(`Customer: Create or Update failed: ${message}`);
		expect(bodies('/api/v2/customers')).toEqual([]);
	});

	test('a property twice (as a column and under Other Custom Properties) is refused, naming it', async () => {
		const { error } = await v3({
			resource: 'customer',
			operation: 'upsert',
			columns: columns('defineBelow', customerSchema, { email: 'ok@example.com', 'property:Plan': 'pro' }),
			options: { otherProperties: { property: [{ label: 'plan', type: 'text', value: 'free' }] } },
		});
		expect(error?.message).toContain('Options › Other Custom Properties › plan: gives the property plan a second time');
	});

	test('version 2 is as it was: Input Mode and its fields, the same body; version 3 shows the mapper instead', async () => {
		const { error } = await runNode({
			service,
			typeVersion: 2,
			parameters: {
				resource: 'customer',
				operation: 'upsert',
				email: 'old@example.com',
				additionalFields: { firstName: 'Old' },
				customProperties: { property: [{ label: 'Plan', value: 'pro', type: 'text' }] },
			},
		});
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{ subscribers: [{ email: 'old@example.com', first_name: 'Old', properties: [{ label: 'Plan', value: 'pro', type: 'text' }] }] },
		]);
		const description = new SurveyFeedback().description;
		const shown = (typeVersion: number) => {
			const given: INodeParameters = { resource: 'customer', operation: 'upsert' };
			const node = nodeOf('surveyFeedback', given, { typeVersion });
			// With every default filled in, as the editor holds a new node's parameters.
			const parameters = NodeHelpers.getNodeParameters(description.properties, given, true, false, node, description)!;
			return description.properties
				.filter((property) => NodeHelpers.displayParameter(parameters, property, node, description))
				.map((property) => property.name)
				.filter((name) => !['authentication', 'resource', 'operation'].includes(name));
		};
		expect(shown(2)).toEqual(['inputMode', 'email', 'additionalFields', 'customProperties']);
		expect(shown(3)).toEqual(['columnsNotice', 'columns', 'options']);
	});
});

/** What the run sent: [path, body] of each POST. */
const posted = (sent: Array<{ method: string; url: string; body: unknown }>) => sent.filter((request) => request.method === 'POST').map((request) => [pathOf(request), request.body]);

describe('Feedback › Import', () => {
	const schema = () => feedbackSchema;

	test("the mapper lists a response's fields with their types (score and email required), then the account's custom properties", () => {
		expect(brief(schema())).toEqual([
			['email', 'Email', 'string', true],
			['score', 'Score', 'number', true],
			['comment', 'Comment', 'string', false],
			['first_name', 'First Name', 'string', false],
			['last_name', 'Last Name', 'string', false],
			['company', 'Company', 'string', false],
			['job_title', 'Job Title', 'string', false],
			['phone', 'Phone', 'string', false],
			['country', 'Country', 'string', false],
			['state', 'State', 'string', false],
			['city', 'City', 'string', false],
			['tags', 'Tags', 'string', false],
			['customer_tags', 'Customer Tags', 'string', false],
			['response_date', 'Response Date', 'dateTime', false],
			['send_date', 'Send Date', 'dateTime', false],
			['open_date', 'Open Date', 'dateTime', false],
			['topics', 'Topics', 'array', false],
			['additional_questions', 'Additional Questions', 'array', false],
			...PROPERTY_COLUMNS,
		]);
	});

	test('Map Each Column Manually: campaign and import options stay parameters; the body is exact', async () => {
		const { sent, error } = await v3(
			{
				resource: 'feedback',
				operation: 'import',
				campaign: byId(npsCampaign),
				columns: columns('defineBelow', schema(), {
					email: field('mail'),
					score: field('rating'),
					comment: field('text'),
					response_date: field('at'),
					'property:Plan': field('plan'),
				}),
				importOptions: { skipDuplicates: false },
			},
			{ items: [{ mail: 'importer.one@example.com', rating: '9', text: 'Great', at: '2026-03-01T10:00:00Z', plan: 'pro' }] },
		);
		expect(error).toBeUndefined();
		expect(posted(sent)).toEqual([
			[
				'/api/v2/import',
				{
					campaign_id: npsCampaign,
					feedback: [
						{
							email: 'importer.one@example.com',
							score: 9,
							comment: 'Great',
							response_date: '2026-03-01T10:00:00Z',
							properties: [{ label: 'Plan', value: 'pro', type: 'text' }],
						},
					],
					options: { skip_duplicates: false },
				},
			],
		]);
	});

	test('Map Automatically: the same reading as the earlier versions, errors naming the item', async () => {
		const { sent, error } = await v3(
			{ resource: 'feedback', operation: 'import', campaign: byId(npsCampaign), columns: columns('autoMapInputData', schema()), options: { ignoreFields: 'rowId' } },
			{ items: [{ rowId: 7, Email: 'importer.two@example.com', Score: 6, Comment: 'Slow', Country: 'DE' }] },
		);
		expect(error).toBeUndefined();
		// Country is the response's own field here (the import has a column for it), not the property of that name.
		expect(posted(sent)).toEqual([
			['/api/v2/import', { campaign_id: npsCampaign, feedback: [{ email: 'importer.two@example.com', score: 6, comment: 'Slow', country: 'DE' }] }],
		]);
		const bad = await v3(
			{ resource: 'feedback', operation: 'import', campaign: byId(npsCampaign), columns: columns('defineBelow', schema(), { email: 'x@example.com', score: field('rating') }) },
			{ items: [{ rating: 'nine' }] },
		);
		expect(bad.error?.message).toBe('Feedback: Import failed: Columns › Score: must be a whole number, got "nine" [item 0]');
	});
});

describe('Survey › Send', () => {
	let schema: ResourceMapperField[];
	beforeAll(async () => {
		const { fields, sent } = await fieldsOf('survey', 'send', 'recipientColumns');
		schema = fields;
		// The endpoint takes no custom properties: the list is the recipient's own fields, with no request.
		expect(sent).toEqual([]);
	});

	test("the mapper lists the recipient's fields, without properties", () => {
		expect(brief(schema)).toEqual(CUSTOMER_COLUMNS);
	});

	test('both modes send the same recipients; campaign and delay stay parameters', async () => {
		const items = [{ email: 'recipient.one@example.com', first_name: 'Ada' }];
		const manual = await v3(
			{
				resource: 'survey',
				operation: 'send',
				campaign: byId(emailCampaign),
				columns: columns('defineBelow', schema, { email: field('email'), first_name: field('first_name') }),
				options: { delay: 2 },
			},
			{ items },
		);
		const automatic = await v3(
			{ resource: 'survey', operation: 'send', campaign: byId(emailCampaign), columns: columns('autoMapInputData', schema), options: { delay: 2 } },
			{ items },
		);
		expect(manual.error).toBeUndefined();
		expect(automatic.error).toBeUndefined();
		const expected = [['/api/v2/survey', { campaign: emailCampaign, delay: 2, subscribers: [{ email: 'recipient.one@example.com', first_name: 'Ada' }] }]];
		expect(posted(manual.sent)).toEqual(expected);
		expect(posted(automatic.sent)).toEqual(expected);
	});

	test('Map Automatically leaves out what Fields to Ignore names and, with Ignore Them, the rest; ignoredFields lists both', async () => {
		const { sent, json, error } = await v3(
			{
				resource: 'survey',
				operation: 'send',
				campaign: byId(emailCampaign),
				columns: columns('autoMapInputData', schema),
				options: { ignoreFields: 'crmId', handlingExtraData: 'ignoreIt' },
			},
			{ items: [{ crmId: 'c-1', email: 'recipient.two@example.com', score: 3 }] },
		);
		expect(error).toBeUndefined();
		expect(posted(sent)).toEqual([['/api/v2/survey', { campaign: emailCampaign, subscribers: [{ email: 'recipient.two@example.com' }] }]]);
		expect(json[0].ignoredFields).toEqual(['crmId', 'score']);
	});
});

describe('Legacy › V1: Create Subscribers', () => {
	test('its four required columns, mapped manually, make the same body as before', async () => {
		const { fields } = await fieldsOf('legacy', 'v1CreateSubscribers', 'v1SubscriberColumns');
		expect(brief(fields)).toEqual([
			['email', 'Email', 'string', true],
			['first_name', 'First Name', 'string', true],
			['last_name', 'Last Name', 'string', true],
			['company', 'Company', 'string', true],
		]);
		const { sent, error } = await v3(
			{
				resource: 'legacy',
				operation: 'v1CreateSubscribers',
				columns: columns('defineBelow', fields, { email: 'v1.mapper@example.com', first_name: 'Ada', last_name: 'Lovelace', company: field('org') }),
			},
			{ items: [{ org: 'Engines Ltd' }] },
		);
		expect(error).toBeUndefined();
		expect(posted(sent)).toEqual([
			[
				'/api/service/nps/customers',
				{ subscribers: [{ email: 'v1.mapper@example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Engines Ltd', companyName: 'Engines Ltd' }] },
			],
		]);
	});
});

describe('as an AI tool', () => {
	test("$fromAI() in the columns' values: n8n collects them as the tool's arguments, and the row takes the model's values", async () => {
		const parameters = {
			resource: 'customer',
			operation: 'upsert',
			columns: columns('defineBelow', customerSchema, {
				email: "={{ $fromAI('email', 'The customer\\'s email address', 'string') }}",
				first_name: "={{ $fromAI('firstName', 'First name', 'string', '') }}",
				'property:Plan': "={{ $fromAI('plan', 'Plan: starter, growth or enterprise', 'string', '') }}",
			}),
		};
		// How n8n's tool node finds the arguments (n8n-workflow's traverseNodeParameters, the same walk in 1.88).
		const found: FromAIArgument[] = [];
		traverseNodeParameters(parameters, found);
		expect(found.map(({ key, type }) => [key, type])).toEqual([
			['email', 'string'],
			['firstName', 'string'],
			['plan', 'string'],
		]);
		const { error, sent } = await v3(parameters, { tool: true, items: [{ email: 'agent.made@example.com', firstName: 'Ada', plan: 'growth' }] });
		expect(error).toBeUndefined();
		expect(posted(sent)).toEqual([
			['/api/v2/customers', { subscribers: [{ email: 'agent.made@example.com', first_name: 'Ada', properties: [{ label: 'Plan', value: 'growth', type: 'text' }] }] }],
		]);
	});
});

describe("the examples' syncs against the simulator's strict reading of property labels", () => {
	/** An example's Code node's items (its jsCode run as n8n's Code node runs it), and its Survey Feedback node. */
	function example(file: string, codeNode: string, syncNode: string) {
		const workflow = JSON.parse(fs.readFileSync(path.join(__dirname, '../../examples', file), 'utf8')) as { nodes: Array<{ name: string; typeVersion: number; parameters: IDataObject }> };
		const code = workflow.nodes.find((node) => node.name === codeNode)!.parameters.jsCode as string;
		const items = (new Function(code)() as Array<{ json: IDataObject }>).map((item) => item.json);
		const sync = workflow.nodes.find((node) => node.name === syncNode)!;
		return { items, parameters: sync.parameters, typeVersion: sync.typeVersion };
	}
	afterEach(() => sim.configure({ unregisteredProperties: 'refuse', registeredProperties: [] }));

	test('crm-custom-properties.json: bookkeeping kept out, registered properties typed, each row with an unregistered label its own item\'s error', async () => {
		sim.configure({ unregisteredProperties: 'refuse' });
		const { items, parameters, typeVersion } = example('crm-custom-properties.json', 'CRM contacts', 'Sync with custom properties');
		// The example's On Error: Continue (regular output).
		const { json, sent, error } = await runNode({ service, parameters, items, typeVersion, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(posted(sent)).toEqual([
			[
				'/api/v2/customers',
				{
					subscribers: items.map((c) => ({
						email: c.email,
						first_name: c.firstName,
						last_name: c.lastName,
						company: c.companyName,
						properties: [
							{ label: 'Plan', value: c.plan, type: 'text' },
							{ label: 'Seats', value: c.seats, type: 'number' },
							{ label: 'Country', value: c.country, type: 'text' },
							...(c.referralCode ? [{ label: 'referralCode', value: c.referralCode, type: 'text' }] : []),
						],
					})),
				},
			],
		]);
		// Each refused row is its item's error, in its place; the others synced, Fields to Ignore named in them.
		expect(json.map((row, i) => (row.error ? i : row.email))).toEqual(items.map((c, i) => (c.referralCode ? i : c.email)));
		expect(json.filter((row) => row.error).map((row) => row.error)).toEqual([3, 7, 11].map(() => expect.stringContaining('property "referralCode" is not a registered custom property')));
		for (const row of json.filter((row) => !row.error)) expect(row.ignoredFields).toEqual(['id', 'createdAt', 'updatedAt', 'archived']);
	});

	test('sync-spreadsheet.json: headers as people write them, Plan as the property, row_number left out', async () => {
		sim.configure({ unregisteredProperties: 'refuse' });
		const { items, parameters, typeVersion } = example('sync-spreadsheet.json', 'Sheet rows', 'Create or update customers');
		const { json, sent, error } = await runNode({ service, parameters, items, typeVersion });
		expect(error).toBeUndefined();
		expect(posted(sent)).toEqual([
			[
				'/api/v2/customers',
				{
					subscribers: items.map((r) => ({
						email: r.Email,
						first_name: r['First Name'],
						last_name: r['Last Name'],
						company: r.Company,
						properties: [{ label: 'Plan', value: r.Plan, type: 'text' }],
					})),
				},
			],
		]);
		expect(json.map((row) => row.status)).toEqual(items.map(() => 'created'));
	});
});
