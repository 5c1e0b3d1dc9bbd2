/**
 * Version 3's bulk writes on n8n's column mapper (`columns`, a resourceMapper parameter), in n8n's
 * own engine against the simulator, on Customer › Create or Update: the mapper's list of fields as
 * the editor loads it (through n8n-core's LoadOptionsContext, with the account's custom properties
 * read off its customers), Map Each Column Manually and Map Automatically with the request bodies
 * asserted exactly, a property the list does not show still sent, errors naming the item and the
 * column, and version 2 as it was. The other bulk writes: columnMapperWrites.test.ts; as an AI
 * tool: columnMapperTool.test.ts; the examples: columnMapperExamples.test.ts.
 */
import type { INodeParameters, ResourceMapperField } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { nodeOf } from '../helpers/engine';
import { field } from '../helpers/parameters';
import { runNode } from '../helpers/runNode';
import { brief, columns, CUSTOMER_COLUMNS, PROPERTY_COLUMNS, useColumnMapper } from './columnMapperRuns';

const { sim, service, bodies, fieldsOf, v3 } = useColumnMapper();
let customerSchema: ResourceMapperField[];

// The lists as the editor loads them on the demo data, before the tests write customers with other properties.
beforeAll(async () => {
	customerSchema = (await fieldsOf('customer', 'upsert', 'customerColumns')).fields;
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
			{ items: [{ email: 'mary@example.com', Territory: 'EMEA' }] },
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
