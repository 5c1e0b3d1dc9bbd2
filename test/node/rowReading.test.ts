/**
 * The one reading of a bulk write's row on version 3, in n8n's own engine against the simulator:
 * the column mapper's values converted as n8n's resource mapper converts them (Google Sheets'
 * TRUE/FALSE, a JSON list typed into a list column), a property's date read in the workflow's
 * zone, empty values not sent, Map Automatically knowing the account's properties when the saved
 * mapper lists none (a workflow made by the API), its options shown only where they act, its
 * hints in version 3's words, and a Data Table's own columns left out.
 */
import type { IDataObject, INodeProperties, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { nodeOf } from '../helpers/engine';
import { byId, field } from '../helpers/parameters';
import { column } from './columnMapperRuns';
import { runNode, type RunOptions } from '../helpers/runNode';
import { sendableCampaigns, serviceFor, useSimulator } from '../helpers/simulator';
import { testTransport } from '../helpers/transport';

const sim = useSimulator();
const service = serviceFor(sim);
let npsCampaign: string;

beforeAll(async () => {
	({ nps: npsCampaign } = await sendableCampaigns(sim));
});
beforeEach(() => {
	sim.clearRequests();
	sim.configure({ registeredProperties: ['Active', 'Renewal', 'Seats'] });
});

const bodies = (path: string) => sim.requests({ method: 'POST', path }).filter((r) => r.path === path).map((r) => r.body as IDataObject);
const propertyReads = () => sim.requests({ method: 'GET', path: '/api/v2/customers' }).length;

const CUSTOMER_SCHEMA = [
	column('email', 'Email', 'string', true),
	column('first_name', 'First Name', 'string'),
	column('property:Active', 'Active (property)', 'boolean'),
	column('property:Renewal', 'Renewal (property)', 'dateTime'),
];

/** The `columns` parameter as the editor stores it. */
function columns(mappingMode: 'defineBelow' | 'autoMapInputData', schema: ResourceMapperField[], value: IDataObject | null = null): ResourceMapperValue {
	return { mappingMode, value: value as ResourceMapperValue['value'], matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false };
}

const v3 = (parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) => runNode({ service, parameters, typeVersion: 3, ...options });

describe('Map Each Column Manually', () => {
	test('a boolean property takes TRUE and FALSE as Google Sheets gives them', async () => {
		const { error } = await v3(
			{ resource: 'customer', operation: 'upsert', columns: columns('defineBelow', CUSTOMER_SCHEMA, { email: field('email'), 'property:Active': field('active') }) },
			{ items: [{ email: 'sheet1@example.com', active: 'TRUE' }, { email: 'sheet2@example.com', active: 'FALSE' }] },
		);
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{ email: 'sheet1@example.com', properties: [{ label: 'Active', value: true, type: 'boolean' }] },
					{ email: 'sheet2@example.com', properties: [{ label: 'Active', value: false, type: 'boolean' }] },
				],
			},
		]);
	});

	test('a column whose value is null, undefined or empty text sends nothing, an untouched boolean property included', async () => {
		const { error } = await v3(
			{
				resource: 'customer',
				operation: 'upsert',
				columns: columns('defineBelow', CUSTOMER_SCHEMA, { email: field('email'), first_name: field('first'), 'property:Active': field('active'), 'property:Renewal': null }),
			},
			{ items: [{ email: 'blank1@example.com', first: '', active: '' }, { email: 'blank2@example.com', active: null }, { email: 'blank3@example.com', first: '  ' }] },
		);
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([{ subscribers: [{ email: 'blank1@example.com' }, { email: 'blank2@example.com' }, { email: 'blank3@example.com' }] }]);
	});

	test("a date property's value is read in the workflow's zone, like the row's own dates", async () => {
		const { error } = await v3(
			{ resource: 'customer', operation: 'upsert', columns: columns('defineBelow', CUSTOMER_SCHEMA, { email: 'zone@example.com', 'property:Renewal': '2026-03-01 09:00' }) },
			{ timezone: 'Europe/Berlin' },
		);
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{ subscribers: [{ email: 'zone@example.com', properties: [{ label: 'Renewal', value: '2026-03-01T08:00:00Z', type: 'date' }] }] },
		]);
	});

	test('a JSON list typed into a list column (Topics) is that list', async () => {
		const schema = [column('email', 'Email', 'string', true), column('score', 'Score', 'number', true), column('topics', 'Topics', 'array')];
		const { error } = await v3({
			resource: 'feedback',
			operation: 'import',
			campaign: byId(npsCampaign),
			columns: columns('defineBelow', schema, {
				email: 'json-list@feedback-test.com',
				score: '9',
				topics: '[{ "name": "Pricing", "sentiment": "negative" }]',
			}),
		});
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/import').map((body) => body.feedback)).toEqual([
			[
				{
					email: 'json-list@feedback-test.com',
					score: 9,
					topics: [{ name: 'Pricing', sentiment: 'negative' }],
				},
			],
		]);
	});
});

describe('Map Automatically', () => {
	test('a boolean property column takes TRUE and FALSE too', async () => {
		const { error } = await v3(
			{ resource: 'customer', operation: 'upsert', columns: columns('autoMapInputData', CUSTOMER_SCHEMA) },
			{ items: [{ email: 'auto-sheet@example.com', Active: 'FALSE' }] },
		);
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([{ subscribers: [{ email: 'auto-sheet@example.com', properties: [{ label: 'Active', value: false, type: 'boolean' }] }] }]);
	});

	test("a workflow without a saved schema (made by the API) knows the account's properties, read once per execution", async () => {
		const { error } = await v3(
			{ resource: 'customer', operation: 'upsert', columns: { mappingMode: 'autoMapInputData', value: null } },
			{ items: [{ email: 'api1@example.com', seats: '12' }, { email: 'api2@example.com', Seats: 3 }, { email: 'api3@example.com', seats: 5 }] },
		);
		expect(error).toBeUndefined();
		expect(propertyReads()).toBe(1);
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{ email: 'api1@example.com', properties: [{ label: 'Seats', value: 12, type: 'number' }] },
					{ email: 'api2@example.com', properties: [{ label: 'Seats', value: 3, type: 'number' }] },
					{ email: 'api3@example.com', properties: [{ label: 'Seats', value: 5, type: 'number' }] },
				],
			},
		]);
	});

	test('items whose fields are all known read no properties', async () => {
		const { error } = await v3({ resource: 'customer', operation: 'upsert', columns: columns('autoMapInputData', CUSTOMER_SCHEMA) }, { items: [{ email: 'known@example.com', Active: true }] });
		expect(error).toBeUndefined();
		expect(propertyReads()).toBe(0);
	});

	test("the extra-fields hint names version 3's own mode, Map Each Column Manually", async () => {
		const { error } = await v3(
			{ resource: 'survey', operation: 'send', campaign: byId(npsCampaign), columns: columns('autoMapInputData', []) },
			{ items: [{ email: 'hint@example.com', favourite_colour: 'green' }] },
		);
		expect(error?.message).toContain('favourite_colour');
		expect(error?.description).toContain('or use Map Each Column Manually');
		expect(error?.description).not.toContain('Define Below');
	});

	test("a Data Table's own columns (id, createdAt, updatedAt) are left out, as Sheets' row_number is", async () => {
		const { json, error } = await v3(
			{ resource: 'customer', operation: 'upsert', columns: columns('autoMapInputData', []) },
			{ items: [{ id: 7, email: 'table@example.com', first_name: 'Tab', createdAt: '2026-01-02T10:00:00.000Z', updatedAt: '2026-01-03T10:00:00.000Z' }] },
		);
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([{ subscribers: [{ email: 'table@example.com', first_name: 'Tab' }] }]);
		expect(json[0].ignoredFields).toBeUndefined();
	});
});

describe('Feedback › Import on version 3', () => {
	test('Options › Topics keeps the sentiment picked for each topic, after the Topics column', async () => {
		const schema = [column('email', 'Email', 'string', true), column('score', 'Score', 'number', true), column('topics', 'Topics', 'array')];
		const { error } = await v3({
			resource: 'feedback',
			operation: 'import',
			campaign: byId(npsCampaign),
			columns: columns('defineBelow', schema, { email: 'topics@feedback-test.com', score: 7, topics: [{ name: 'Pricing', sentiment: 'negative' }] }),
			options: { topics: { topic: [{ name: 'Speed', sentiment: 'positive' }] } },
		});
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/import').map((body) => body.feedback)).toEqual([
			[{ email: 'topics@feedback-test.com', score: 7, topics: [{ name: 'Pricing', sentiment: 'negative' }, { name: 'Speed', sentiment: 'positive' }] }],
		]);
	});

	test("Options › Additional Questions picks the question from the campaign's template", () => {
		const node = nodeOf('surveyFeedback', { resource: 'feedback', operation: 'import' }, { typeVersion: 3 });
		const description = new SurveyFeedback(testTransport()).description;
		const root = { resource: 'feedback', operation: 'import', columns: { mappingMode: 'defineBelow', value: null }, options: {} };
		const collection = description.properties.find((property) => property.name === 'options' && NodeHelpers.displayParameter(root, property, node, description))!;
		const questions = (collection.options as INodeProperties[]).find(({ name }) => name === 'additionalQuestions') as INodeProperties;
		const uuid = (questions.options as Array<{ values: INodeProperties[] }>)[0].values.find(({ name }) => name === 'uuid');
		expect(uuid?.typeOptions?.loadOptionsMethod).toBe('getTemplateQuestions');
		const topics = (collection.options as INodeProperties[]).find(({ name }) => name === 'topics') as INodeProperties;
		const sentiment = (topics.options as Array<{ values: INodeProperties[] }>)[0].values.find(({ name }) => name === 'sentiment');
		expect(sentiment?.type).toBe('options');
	});
});

describe('Options', () => {
	const description = new SurveyFeedback(testTransport()).description;
	const options = description.properties.filter((property) => property.name === 'options' && property.type === 'collection');
	const shown = (mappingMode: string, optionName: string) => {
		const node = nodeOf('surveyFeedback', { resource: 'customer', operation: 'upsert' }, { typeVersion: 3 });
		const root = { resource: 'customer', operation: 'upsert', columns: { mappingMode, value: null }, options: {} };
		const collection = options.find((property) => NodeHelpers.displayParameter(root, property, node, description))!;
		const option = (collection.options as INodeProperties[]).find(({ name }) => name === optionName)!;
		return NodeHelpers.displayParameter({}, option, node, description, root);
	};

	test('Fields to Ignore and Handling Extra Fields in Input show under Map Automatically only; Other Custom Properties under both', () => {
		expect(shown('autoMapInputData', 'ignoreFields')).toBe(true);
		expect(shown('autoMapInputData', 'handlingExtraData')).toBe(true);
		expect(shown('defineBelow', 'ignoreFields')).toBe(false);
		expect(shown('defineBelow', 'handlingExtraData')).toBe(false);
		expect(shown('defineBelow', 'otherProperties')).toBe(true);
	});
});
