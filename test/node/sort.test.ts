/**
 * Where a list's order is chosen, per version, run in n8n's own engine against the simulator:
 * version 1 has Sort among the list's Filters or Options; version 2 has a Sort collection of its
 * own, below the other collections, and sends the same query.
 */
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { FROM_VERSION_2 } from '../../nodes/SurveyFeedback/helpers/versions';
import { pathOf, queryOf } from '../helpers/engine';
import { expression } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);

/**
 * Every list with a choice of order: the collection that holds Sort in version 1, the orders
 * offered, the record field they sort by (when the records carry it), and the `sort` sent
 * without a choice (undefined: none, the service's own order).
 */
const CASES: Array<{
	name: string;
	resource: string;
	operation: string;
	holder: 'filters' | 'options';
	path: string;
	orders: string[];
	dateField?: string;
	unset?: string;
}> = [
	{ name: 'Feedback: Get Many', resource: 'feedback', operation: 'getMany', holder: 'filters', path: '/api/v2/feedback', orders: ['-createdDate', 'createdDate'], dateField: 'createdDate' },
	{ name: 'Customer: Get Many', resource: 'customer', operation: 'getMany', holder: 'filters', path: '/api/v2/customers', orders: ['-createdDate', 'createdDate'], dateField: 'createdDate' },
	{ name: 'Outbox: Get Many', resource: 'outbox', operation: 'getMany', holder: 'filters', path: '/api/v2/outbox', orders: ['-surveyCreatedDate', 'surveyCreatedDate'] },
	{ name: 'Company: Get Many', resource: 'company', operation: 'getMany', holder: 'options', path: '/api/v2/companies', orders: ['companyName', '-companyName', '-createdDate', 'createdDate'] },
	{
		name: 'Legacy: Deprecated: Get Responses',
		resource: 'legacy',
		operation: 'npsGetResponses',
		holder: 'filters',
		path: '/api/v2/nps/customers/response',
		orders: ['-createdDate', 'createdDate'],
		dateField: 'createdDate',
	},
	{
		name: 'Legacy: V1: Get Subscribers',
		resource: 'legacy',
		operation: 'v1GetSubscribers',
		holder: 'options',
		path: '/api/service/nps/customers',
		orders: ['-createdDate', 'createdDate'],
		dateField: 'createdDate',
		unset: '-createdDate',
	},
	{
		name: 'Legacy: V1: Get Latest Responses',
		resource: 'legacy',
		operation: 'v1GetLatestResponses',
		holder: 'options',
		path: '/api/service/nps/customers/response',
		orders: ['DESC', 'ASC'],
		unset: 'DESC',
	},
];

const run = (parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) => runNode({ service, parameters, ...options });

describe.each(CASES)('$name', ({ resource, operation, holder, path, orders, dateField, unset }) => {
	const base = { resource, operation, limit: 5 };

	it.each(orders)('version 2 sends Sort › Order %s, the query version 1 sends for its Sort', async (order) => {
		const v2 = await run({ ...base, sort: { order } }, { typeVersion: 2 });
		const v1 = await run({ ...base, [holder]: { sort: order } }, { typeVersion: 1 });
		expect(v2.error).toBeUndefined();
		expect(v1.error).toBeUndefined();
		expect(v2.sent.map(pathOf)).toEqual([path]);
		expect(queryOf(v2.sent[0]).sort).toBe(order);
		expect(queryOf(v2.sent[0])).toEqual(queryOf(v1.sent[0]));
		expect(v2.json.length).toBeGreaterThan(0);
		if (dateField) {
			const dates = v2.json.map((record) => String(record[dateField]));
			const ascending = [...dates].sort();
			expect(dates).toEqual(order.startsWith('-') ? ascending.reverse() : ascending);
		}
	});

	it('without a Sort, both versions send the same query', async () => {
		const v2 = await run(base, { typeVersion: 2 });
		const v1 = await run(base, { typeVersion: 1 });
		expect(queryOf(v2.sent[0]).sort).toBe(unset);
		expect(queryOf(v2.sent[0])).toEqual(queryOf(v1.sent[0]));
	});
});

describe('the Sort collection in the built description', () => {
	const properties = new SurveyFeedback().description.properties;
	const ofOperation = (resource: string, operation: string) =>
		properties.filter(({ displayOptions }) => displayOptions?.show?.resource?.includes(resource) && displayOptions?.show?.operation?.includes(operation));
	const shownOn = (property: INodeProperties) => property.displayOptions?.show?.['@version'];
	const fieldsOf = (collection: INodeProperties) => (collection.options ?? []) as INodeProperties[];
	const valuesOf = (field: INodeProperties) => ((field.options ?? []) as INodePropertyOptions[]).map(({ value }) => value);

	it('exactly the lists above choose an order', () => {
		const withSort = properties
			.filter((property) => property.name === 'sort' || (property.type === 'collection' && fieldsOf(property).some((field) => field.name === 'sort')))
			.map(({ displayOptions }) => `${displayOptions?.show?.resource}.${displayOptions?.show?.operation}`);
		expect([...new Set(withSort)].sort()).toEqual(CASES.map(({ resource, operation }) => `${resource}.${operation}`).sort());
	});

	it.each(CASES)('$name: Sort is among the $holder in version 1, a collection of its own below the others in version 2', ({ resource, operation, holder, orders }) => {
		const own = ofOperation(resource, operation);
		const collections = own.filter(({ type }) => type === 'collection' || type === 'fixedCollection');

		const v1Holder = collections.find((collection) => collection.name === holder && JSON.stringify(shownOn(collection)) === '[1]');
		const v1Sort = fieldsOf(v1Holder!).find(({ name }) => name === 'sort')!;
		expect(valuesOf(v1Sort)).toEqual(orders);

		const v2Collections = collections.filter((property) => shownOn(property) === undefined || JSON.stringify(shownOn(property)) === JSON.stringify(FROM_VERSION_2['@version']));
		for (const collection of v2Collections.slice(0, -1)) expect(fieldsOf(collection).map(({ name }) => name)).not.toContain('sort');
		const sort = v2Collections[v2Collections.length - 1];
		expect(sort).toMatchObject({ displayName: 'Sort', name: 'sort', type: 'collection', default: {} });
		expect(shownOn(sort)).toEqual(FROM_VERSION_2['@version']);
		expect(fieldsOf(sort)).toEqual([{ ...v1Sort, displayName: 'Order', name: 'order' }]);
		// Below every other collection of the operation, and below Options where it has one.
		expect(own.indexOf(sort)).toBeGreaterThan(Math.max(...v2Collections.slice(0, -1).map((collection) => own.indexOf(collection))));
	});
});

describe('the Sort collection as an AI tool', () => {
	it('version 2 takes the order from the agent, and sends what version 1 sends from its Filters', async () => {
		const order = "={{ $fromAI('order', 'createdDate for oldest first, -createdDate for newest first', 'string') }}";
		const v2 = await run({ resource: 'feedback', operation: 'getMany', limit: 3, sort: { order } }, { typeVersion: 2, tool: true, items: [{ order: 'createdDate' }] });
		const v1 = await run({ resource: 'feedback', operation: 'getMany', limit: 3, filters: { sort: order } }, { typeVersion: 1, tool: true, items: [{ order: 'createdDate' }] });
		expect(v2.error).toBeUndefined();
		expect(queryOf(v2.sent[0]).sort).toBe('createdDate');
		expect(queryOf(v2.sent[0])).toEqual(queryOf(v1.sent[0]));
	});
});

describe('a Sort that is not text', () => {
	it.each([
		[2, { sort: { order: expression({ by: 'date' }) } }, /Sort › Order: must be text, not an object \[item 0\]/],
		[1, { filters: { sort: expression({ by: 'date' }) } }, /Filters › Sort: must be text, not an object \[item 0\]/],
	])('version %i names the field and the item', async (typeVersion, parameters, message) => {
		const { error, sent } = await run({ resource: 'feedback', operation: 'getMany', limit: 3, ...(parameters as IDataObject) }, { typeVersion });
		expect(error?.message).toMatch(message);
		expect(sent).toHaveLength(0);
	});
});
