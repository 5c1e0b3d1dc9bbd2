/**
 * The column mapper's list as the editor loads it (n8n-core's LoadOptionsContext with the node's
 * current parameters, against the simulator), for the two rules of n8n's editor it answers
 * (docs/column-mapper.md): an optional boolean column comes hidden, for the user to add; the property
 * columns the saved values map stay listed when the account's newest customers no longer carry
 * them, or when the properties cannot be read, and a failed read still lists the operation's own
 * columns with a line that says why the properties are missing.
 */
import type { IDataObject, INodeParameters, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';

import { AUTHENTICATION_METHODS } from '../../credentials/authentication';
import { PROPERTIES_NOT_LISTED } from '../../nodes/SurveyFeedback/methods/resourceMapping';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { nodeOf, resourceMapping } from '../helpers/engine';
import { field } from '../helpers/parameters';
import { runNode } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';
import { testTransport } from '../helpers/transport';

const sim = useSimulator();
const service = serviceFor(sim);

beforeEach(() => sim.clearRequests());
afterEach(() => sim.configure({ faults: [] }));

const customerParameters = (columns?: Partial<ResourceMapperValue>) =>
	({ authentication: 'apiKeyHeader', resource: 'customer', operation: 'upsert', ...(columns ? { columns } : {}) }) as INodeParameters;

/** The mapper's list for Customer › Create or Update, with the node's current parameters and an API key (retries stop after three). */
async function customerList(columns?: Partial<ResourceMapperValue>, apiKey = service.apiKey, transport = testTransport()) {
	return await resourceMapping({
		node: nodeOf('surveyFeedback', customerParameters(columns), { typeVersion: 3 }),
		nodeType: new SurveyFeedback(transport),
		credentials: { [AUTHENTICATION_METHODS.apiKeyHeader]: { apiKey, baseUrl: service.baseUrl, maxRetryWait: 0.007 } },
		method: 'customerColumns',
	});
}

/** `columns` as the editor saves it in Map Each Column Manually. */
const saved = (schema: ResourceMapperField[], value: IDataObject): Partial<ResourceMapperValue> => ({
	mappingMode: 'defineBelow',
	value: value as ResourceMapperValue['value'],
	matchingColumns: [],
	schema,
});

/** A saved property column as the editor keeps it in the schema. */
const savedColumn = (label: string, type: ResourceMapperField['type']): ResourceMapperField => ({
	id: `property:${label}`,
	displayName: `${label} (property)`,
	type,
	required: false,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
	removed: false,
});

/** A customer of the account carrying that property, read as the service lists its customers. */
async function aCustomerWith(label: string): Promise<{ email: string }> {
	const response = await fetch(`${service.baseUrl}/api/v2/customers?limit=500`, { headers: { 'X-Api-Key': service.apiKey } });
	const { data } = (await response.json()) as { data: { subscribers: Array<{ email: string; properties: Array<{ label: string }> }> } };
	const customer = data.subscribers.find((entry) => entry.properties.some((property) => property.label === label));
	if (!customer) throw new Error(`no customer carries ${label}`);
	return customer;
}

const ids = (fields: ResourceMapperField[]) => fields.map((entry) => entry.id);
const OWN_COLUMNS = ['email', 'first_name', 'last_name', 'company', 'tags', 'unset_tags', 'unset_properties'];
const ACCOUNT_PROPERTIES = ['property:Country', 'property:Group', 'property:Plan', 'property:Seats', 'property:VIP'];

describe('a boolean column', () => {
	test('comes hidden (removed), for the user to add: a shown switch would start at false (and be saved so); the other columns come shown', async () => {
		const { fields } = await customerList();
		const vip = fields.find((entry) => entry.id === 'property:VIP');
		expect(vip).toMatchObject({ displayName: 'VIP (property)', type: 'boolean', required: false, display: true, removed: true });
		expect(vip).not.toHaveProperty('defaultValue');
		expect(fields.filter((entry) => entry.removed).map((entry) => entry.id)).toEqual(['property:VIP']);
	});

	test('one the saved values map comes shown', async () => {
		const { fields } = await customerList(saved([savedColumn('VIP', 'boolean')], { email: field('email'), 'property:VIP': false }));
		expect(fields.find((entry) => entry.id === 'property:VIP')).toMatchObject({ type: 'boolean' });
		expect(fields.find((entry) => entry.id === 'property:VIP')).not.toHaveProperty('removed');
	});

	test('left out of the saved values (as the editor saves a column not added), the customer keeps its VIP: the request carries no VIP', async () => {
		const { fields } = await customerList();
		const vipCustomer = await aCustomerWith('VIP');
		sim.clearRequests();
		const { error } = await runNode({
			service,
			typeVersion: 3,
			parameters: { resource: 'customer', operation: 'upsert', columns: { ...saved(fields, { email: field('email') }), attemptToConvertTypes: false, convertFieldsToString: false } },
			items: [{ email: vipCustomer.email }],
		});
		expect(error).toBeUndefined();
		const bodies = sim.requests({ method: 'POST', path: '/api/v2/customers' }).map((request) => request.body);
		expect(bodies).toEqual([{ subscribers: [{ email: vipCustomer.email }] }]);
	});

	test("n8n 1.88's editor saves false for a hidden boolean column too: the list keeps it hidden", async () => {
		const hiddenVip = { ...savedColumn('VIP', 'boolean'), removed: true };
		const { fields } = await customerList(saved([hiddenVip], { email: field('email'), 'property:VIP': false }));
		expect(fields.find((entry) => entry.id === 'property:VIP')).toMatchObject({ removed: true });
	});

	test("n8n 1.88's editor saves false for every boolean column, hidden ones too: a column still hidden (removed) sends nothing", async () => {
		const { fields } = await customerList();
		const vipCustomer = await aCustomerWith('VIP');
		sim.clearRequests();
		const { error } = await runNode({
			service,
			typeVersion: 3,
			parameters: { resource: 'customer', operation: 'upsert', columns: { ...saved(fields, { email: field('email'), 'property:VIP': false }), attemptToConvertTypes: false, convertFieldsToString: false } },
			items: [{ email: vipCustomer.email }],
		});
		expect(error).toBeUndefined();
		const bodies = sim.requests({ method: 'POST', path: '/api/v2/customers' }).map((request) => request.body);
		expect(bodies).toEqual([{ subscribers: [{ email: vipCustomer.email }] }]);
	});
});

describe('saved property columns', () => {
	test('a property the saved values map stays listed, typed as saved, when no newest customer carries it; among the others by label', async () => {
		const { fields, sent } = await customerList(
			saved([savedColumn('Renewal', 'dateTime'), savedColumn('Archived', 'boolean')], { email: field('email'), 'property:Renewal': field('renewal'), 'property:Archived': true }),
		);
		expect(sent).toHaveLength(1);
		expect(ids(fields)).toEqual([...OWN_COLUMNS, 'property:Archived', 'property:Country', 'property:Group', 'property:Plan', 'property:Renewal', 'property:Seats', 'property:VIP']);
		expect(fields.find((entry) => entry.id === 'property:Renewal')).toMatchObject({ displayName: 'Renewal (property)', type: 'dateTime' });
		expect(fields.find((entry) => entry.id === 'property:Archived')).toMatchObject({ type: 'boolean' });
		expect(fields.find((entry) => entry.id === 'property:Archived')).not.toHaveProperty('removed');
	});

	test('a saved column the values do not map is not kept; a mapped one the account still shows is listed once, with the type the account gives', async () => {
		const { fields } = await customerList(saved([savedColumn('Legacy', 'string'), savedColumn('Seats', 'string')], { email: field('email'), 'property:Seats': field('seats') }));
		expect(ids(fields)).toEqual([...OWN_COLUMNS, ...ACCOUNT_PROPERTIES]);
		expect(fields.find((entry) => entry.id === 'property:Seats')?.type).toBe('number');
	});

	test('a mapped property with no saved schema (a workflow made by the API) is kept as text', async () => {
		const { fields } = await customerList({ mappingMode: 'defineBelow', value: { email: field('email'), 'property:Region': 'EU' } });
		expect(fields.find((entry) => entry.id === 'property:Region')).toMatchObject({ type: 'string' });
	});
});

describe('a failed property read', () => {
	const notice = (fields: ResourceMapperField[]) => fields.find((entry) => entry.id === PROPERTIES_NOT_LISTED);

	test("a refused key: the operation's own columns, the mapped properties as saved, and a read-only line saying why the properties are missing", async () => {
		const wrongKey = 'sf_wrong_key_of_the_column_mapper_test';
		const { fields, sent } = await customerList(saved([savedColumn('Plan', 'string')], { email: field('email'), 'property:Plan': field('plan') }), wrongKey);
		expect(sent).toHaveLength(1);
		expect(sim.requests({ path: '/api/v2/customers' }).map((request) => request.status)).toEqual([401]);
		expect(ids(fields)).toEqual([...OWN_COLUMNS, 'property:Plan', PROPERTIES_NOT_LISTED]);
		expect(fields.find((entry) => entry.id === 'email')).toMatchObject({ required: true, type: 'string' });
		const line = notice(fields)!;
		expect(line).toMatchObject({ readOnly: true, required: false, display: true, type: 'string', canBeUsedToMatch: false });
		expect(line.displayName).toMatch(/^Custom properties not listed \(Customer properties failed: .*401.*\)\. Refresh Column List to try again/);
		expect(line.displayName).not.toContain(wrongKey);
	});

	test('a service error that outlasts the retries: the same, with the reason', async () => {
		sim.configure({ faults: [{ kind: 500, match: { pathPrefix: '/api/v2/customers' } }] });
		const { fields } = await customerList();
		expect(sim.requests({ path: '/api/v2/customers' }).length).toBeGreaterThan(1);
		expect(ids(fields)).toEqual([...OWN_COLUMNS, PROPERTIES_NOT_LISTED]);
		expect(notice(fields)?.displayName).toMatch(/^Custom properties not listed \(Customer properties failed: .*500.*\)/);
	});

	test('a read that times out: the same, with the reason', async () => {
		sim.configure({ faults: [{ kind: 'slow', delayMs: 2_000, match: { pathPrefix: '/api/v2/customers' } }] });
		const { fields } = await customerList(undefined, service.apiKey, testTransport({ requestTimeoutMs: 200, retry: { firstMs: 1, multiplier: 1, maxMs: 1 } }));
		expect(ids(fields)).toEqual([...OWN_COLUMNS, PROPERTIES_NOT_LISTED]);
		expect(notice(fields)?.displayName).toMatch(/^Custom properties not listed \(Customer properties failed: .+\)/);
	});

	test('no credential: nothing is read and no list is given (the editor keeps none, and asks again when the node is opened with one)', async () => {
		const list = resourceMapping({
			node: nodeOf('surveyFeedback', customerParameters(), { typeVersion: 3 }),
			nodeType: new SurveyFeedback(testTransport()),
			credentials: {},
			method: 'customerColumns',
		});
		await expect(list).rejects.toThrow("Choose a credential: the columns list the account's custom properties");
		expect(sim.requests({ path: '/api/v2/customers' })).toEqual([]);
	});

	test('a read that succeeds again lists the properties and no such line', async () => {
		const { fields } = await customerList();
		expect(ids(fields)).toEqual([...OWN_COLUMNS, ...ACCOUNT_PROPERTIES]);
	});
});
