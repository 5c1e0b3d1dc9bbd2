/**
 * Version 3.1's Attempt to Convert Types, in n8n's own engine against the simulator: n8n's toggle
 * under the column mapper, on in a new node; on (or left out by a workflow made by the API), each
 * value is converted as version 3 converts it; off, a value must already have its column's type,
 * in either mapping mode, and a refused item sends nothing. Version 3 converts whatever its saved
 * mapper says (an n8n 2.x editor saved `attemptToConvertTypes: false` in every mapper).
 */
import type { IDataObject, INode, INodeProperties, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';
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
	sim.configure({ registeredProperties: ['Active', 'Seats'] });
});

const bodies = (path: string) => sim.requests({ method: 'POST', path }).filter((r) => r.path === path).map((r) => r.body as IDataObject);

const CUSTOMER_SCHEMA = [column('email', 'Email', 'string', true), column('property:Active', 'Active (property)', 'boolean'), column('property:Seats', 'Seats (property)', 'number')];
const IMPORT_SCHEMA = [column('email', 'Email', 'string', true), column('score', 'Score', 'number', true), column('topics', 'Topics', 'array')];

/** The `columns` parameter as the editor stores it, with Attempt to Convert Types as given (left out when undefined). */
function columns(mappingMode: 'defineBelow' | 'autoMapInputData', schema: ResourceMapperField[], value: IDataObject | null, attemptToConvertTypes?: boolean): ResourceMapperValue {
	const stored = { mappingMode, value: value as ResourceMapperValue['value'], matchingColumns: [], schema, convertFieldsToString: false };
	return (attemptToConvertTypes === undefined ? stored : { ...stored, attemptToConvertTypes }) as ResourceMapperValue;
}

const run = (typeVersion: number, parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) => runNode({ service, parameters, typeVersion, ...options });

const SHEET_ROWS = [
	{ email: 'sheet1@example.com', active: 'TRUE', seats: '12' },
	{ email: 'sheet2@example.com', active: 'FALSE', seats: '3' },
];
const manualCustomer = (attemptToConvertTypes?: boolean) => ({
	resource: 'customer',
	operation: 'upsert',
	columns: columns('defineBelow', CUSTOMER_SCHEMA, { email: field('email'), 'property:Active': field('active'), 'property:Seats': field('seats') }, attemptToConvertTypes),
});
const CONVERTED = [
	{
		subscribers: [
			{ email: 'sheet1@example.com', properties: [{ label: 'Active', value: true, type: 'boolean' }, { label: 'Seats', value: 12, type: 'number' }] },
			{ email: 'sheet2@example.com', properties: [{ label: 'Active', value: false, type: 'boolean' }, { label: 'Seats', value: 3, type: 'number' }] },
		],
	},
];

describe('the toggle in the editor', () => {
	const description = new SurveyFeedback(testTransport()).description;
	const mapperOn = (typeVersion: number) => {
		const node = nodeOf('surveyFeedback', { resource: 'customer', operation: 'upsert' }, { typeVersion }) as INode;
		const root = { resource: 'customer', operation: 'upsert' };
		return description.properties.find((property: INodeProperties) => property.name === 'columns' && NodeHelpers.displayParameter(root, property, node, description))!;
	};

	test("version 3.1's column mapper offers n8n's Attempt to Convert Types, on in a new node; version 3's does not", () => {
		expect(mapperOn(3.1).typeOptions?.resourceMapper?.showTypeConversionOptions).toBe(true);
		expect(mapperOn(3).typeOptions?.resourceMapper?.showTypeConversionOptions).toBeUndefined();
		// A new node's parameters, as n8n fills them from the description.
		const node = nodeOf('surveyFeedback', {}, { typeVersion: 3.1 }) as INode;
		const filled = NodeHelpers.getNodeParameters(description.properties, { resource: 'customer', operation: 'upsert' }, true, false, node, description);
		expect(filled?.columns).toMatchObject({ mappingMode: 'defineBelow', attemptToConvertTypes: true });
	});
});

describe('version 3.1 beside version 3', () => {
	test('every operation shows the same parameters on both, the mapper aside, which only 3.1 offers the toggle on', () => {
		const description = new SurveyFeedback(testTransport()).description;
		const operations = description.properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) => (property.options as Array<{ value: string }>).map(({ value }) => ({ resource: (property.displayOptions?.show?.resource as string[])[0], operation: value })));
		expect(operations.length).toBeGreaterThan(30);
		const shown = (typeVersion: number, parameters: { resource: string; operation: string }) => {
			const node = nodeOf('surveyFeedback', parameters, { typeVersion }) as INode;
			return description.properties
				.filter((property) => NodeHelpers.displayParameter(parameters, property, node, description))
				.map((property) => [property.name, property.type, property.name === 'columns' ? undefined : property.default]);
		};
		for (const parameters of operations) expect([parameters, shown(3.1, parameters)]).toEqual([parameters, shown(3, parameters)]);
	});
});

describe('Attempt to Convert Types on', () => {
	test.each([
		['on', true],
		['left out (a workflow made by the API)', undefined],
	])("version 3.1 converts Google Sheets' text, the toggle %s", async (_, attemptToConvertTypes) => {
		const { error } = await run(3.1, manualCustomer(attemptToConvertTypes), { items: SHEET_ROWS });
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual(CONVERTED);
	});

	test('version 3 converts though its saved mapper says false, as an n8n 2.x editor saved it', async () => {
		const { error } = await run(3, manualCustomer(false), { items: SHEET_ROWS });
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual(CONVERTED);
	});
});

describe('Attempt to Convert Types off', () => {
	test('Map Each Column Manually refuses text in a boolean column, naming the item, the column and the toggle; nothing is sent', async () => {
		const { error } = await run(3.1, manualCustomer(false), { items: SHEET_ROWS });
		expect(error?.message).toContain('Active (property)');
		expect(error?.message).toContain('must be true or false, got "TRUE"');
		expect(error?.message).toContain('Attempt to Convert Types off');
		expect(error?.message).toMatch(/^Customer: Create or Update failed: .*\[item 0\]$/);
		expect(bodies('/api/v2/customers')).toEqual([]);
	});

	test('values that have their column types are sent as they are, and empty ones send nothing', async () => {
		const { error } = await run(3.1, manualCustomer(false), {
			items: [
				{ email: 'typed@example.com', active: true, seats: 12 },
				{ email: 'blank@example.com', active: '', seats: null },
			],
		});
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{ email: 'typed@example.com', properties: [{ label: 'Active', value: true, type: 'boolean' }, { label: 'Seats', value: 12, type: 'number' }] },
					{ email: 'blank@example.com' },
				],
			},
		]);
	});

	test("a score typed as text and a JSON list typed into Topics are refused; the column's own types are sent", async () => {
		const manual = (value: IDataObject) => ({ resource: 'feedback', operation: 'import', campaign: byId(npsCampaign), columns: columns('defineBelow', IMPORT_SCHEMA, value, false) });
		const text = await run(3.1, manual({ email: 'strict@feedback-test.com', score: '9' }));
		expect(text.error?.message).toContain('Columns › Score: must be a number, got "9"');
		const list = await run(3.1, manual({ email: 'strict@feedback-test.com', score: 9, topics: '[{ "name": "Pricing", "sentiment": "negative" }]' }));
		expect(list.error?.message).toContain('Columns › Topics: must be a list');
		expect(bodies('/api/v2/import')).toEqual([]);
		const typed = await run(3.1, manual({ email: 'strict@feedback-test.com', score: 9, topics: [{ name: 'Pricing', sentiment: 'negative' }] }));
		expect(typed.error).toBeUndefined();
		expect(bodies('/api/v2/import').map((body) => body.feedback)).toEqual([[{ email: 'strict@feedback-test.com', score: 9, topics: [{ name: 'Pricing', sentiment: 'negative' }] }]]);
	});

	test("Map Automatically refuses an item's field whose type is not its column's, a property's too", async () => {
		const auto = { resource: 'feedback', operation: 'import', campaign: byId(npsCampaign), columns: columns('autoMapInputData', IMPORT_SCHEMA, null, false) };
		const text = await run(3.1, auto, { items: [{ email: 'auto-strict@feedback-test.com', score: '9' }] });
		expect(text.error?.message).toContain('Item JSON › score: must be a number, got "9"');
		const property = await run(3.1, { resource: 'customer', operation: 'upsert', columns: columns('autoMapInputData', CUSTOMER_SCHEMA, null, false) }, {
			items: [{ email: 'auto-strict@example.com', Active: 'TRUE' }],
		});
		expect(property.error?.message).toContain('Item JSON › Active: must be true or false, got "TRUE"');
		expect(bodies('/api/v2/import')).toEqual([]);
		expect(bodies('/api/v2/customers')).toEqual([]);
		const typed = await run(3.1, auto, { items: [{ email: 'auto-strict@feedback-test.com', score: 9 }] });
		expect(typed.error).toBeUndefined();
		expect(bodies('/api/v2/import').map((body) => body.feedback)).toEqual([[{ email: 'auto-strict@feedback-test.com', score: 9 }]]);
	});
});
