/**
 * The examples' version 3.1 syncs (examples/crm-custom-properties.json, examples/sync-spreadsheet.json)
 * run in n8n's own engine against the simulator's strict reading of property labels, with the
 * request bodies asserted exactly.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { crmSubscriber } from '../helpers/crmExample';
import { runNode } from '../helpers/runNode';
import { posted, useColumnMapper } from './columnMapperRuns';

const { sim, service } = useColumnMapper();
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
			['/api/v2/customers', { subscribers: items.map(crmSubscriber) }],
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
