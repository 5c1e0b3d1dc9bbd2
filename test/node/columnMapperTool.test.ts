/**
 * Version 3's column mapper when the node is an AI tool: n8n collects the $fromAI() arguments of
 * the columns' values, and the row takes the model's values. In n8n's own engine against the
 * simulator.
 */
import type { ResourceMapperField } from 'n8n-workflow';
import { traverseNodeParameters, type FromAIArgument } from 'n8n-workflow';

import { columns, posted, useColumnMapper } from './columnMapperRuns';

const { fieldsOf, v3 } = useColumnMapper();
let customerSchema: ResourceMapperField[];

// The lists as the editor loads them on the demo data, before the tests write customers with other properties.
beforeAll(async () => {
	customerSchema = (await fieldsOf('customer', 'upsert', 'customerColumns')).fields;
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
