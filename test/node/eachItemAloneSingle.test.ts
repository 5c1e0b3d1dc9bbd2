/**
 * The one-request operations read every parameter in the item's own path too, Simplify included:
 * a failing expression on the first item fails that item alone. What the node reads once, for all
 * items (the resource, the operation, the column mapper's mode), is never resolved at an item: one
 * stored as an expression is refused. (n8n 2.x itself drops the "=" of a `noDataExpression`
 * parameter such as the resource when it loads a workflow; the mapper's mode sits inside `columns`.)
 */
import { runNode } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';
import { columns } from './eachItemAlone';

const sim = useSimulator();
const service = serviceFor(sim);
beforeEach(() => sim.clearRequests());

const customerReads = () => sim.requests({ method: 'GET', path: '/api/v2/customers' }).length;
const FIRST_ITEM_FAILS = "={{ $itemIndex === 0 ? $('Missing Node').item.json.x : true }}";

describe('Simplify, read for each item', () => {
	const parameters = { resource: 'customer', operation: 'getMany', limit: 1, simple: FIRST_ITEM_FAILS };
	const items = [{ n: 0 }, { n: 1 }, { n: 2 }];

	test('with Continue On Fail, the first item is its own error and the others are read', async () => {
		const { output, error } = await runNode({ service, parameters, items, typeVersion: 2, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[0].json.error).toMatch(/Referenced node doesn't exist/);
		expect(output.slice(1).map((item) => item.json.error)).toEqual([undefined, undefined]);
		expect(customerReads()).toBe(2);
	});

	test("without it, the node's error names the first item and nothing is requested", async () => {
		const { error } = await runNode({ service, parameters, items, typeVersion: 2 });
		expect(error?.message).toMatch(/Referenced node doesn't exist/);
		expect(error?.context?.itemIndex).toBe(0);
		expect(customerReads()).toBe(0);
	});
});

test("version 1 as an AI tool: a bulk write's Simplify Output is read for each item too", async () => {
	const parameters = { operation: 'upsert', inputMode: 'itemJson', handlingExtraData: 'ignoreIt', simplify: FIRST_ITEM_FAILS };
	const items = [0, 1, 2].map((n) => ({ email: `tool${n}@items.test` }));
	const { output, error } = await runNode({ service, parameters, items, typeVersion: 1, tool: true, continueOnFail: true });
	expect(error).toBeUndefined();
	expect(output[0].json.error).toMatch(/Referenced node doesn't exist/);
	// Simplified: the empty list of ignored fields is left out.
	expect(output.slice(1).map(({ json }) => [json.email, 'ignoredFields' in json])).toEqual([
		['tool1@items.test', false],
		['tool2@items.test', false],
	]);
	expect(sim.requests({ method: 'POST', path: '/api/v2/customers' }).map((request) => request.body)).toEqual([
		{ subscribers: [{ email: 'tool1@items.test' }, { email: 'tool2@items.test' }] },
	]);
});

test('the mapping mode stored as an expression is refused, not resolved at an item', async () => {
	const parameters = { operation: 'upsert', columns: { ...columns('defineBelow', []), mappingMode: '={{ "defineBelow" }}' } };
	const { error, sent } = await runNode({ service, parameters, items: [{ email: 'once@items.test' }], typeVersion: 3.1, continueOnFail: true });
	expect(error?.message).toBe('The parameter columns.mappingMode cannot be an expression');
	expect(sent).toEqual([]);
});
