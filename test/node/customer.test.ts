/**
 * Customer operations in n8n's own engine (test/helpers/engine.ts), against the simulator:
 * batching counts, rows paired back to items, paging, the wire format of filters and dates, bad
 * input, On Error (both outputs), and the three credentials.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { expression, field } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);

beforeEach(() => sim.clearRequests());
afterEach(() => nock.cleanAll());

const run = (parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) =>
	runNode({ service, parameters: { resource: 'customer', ...parameters }, ...options });

const people = (count: number, prefix = 'bulk') =>
	Array.from({ length: count }, (_, i) => ({ email: `${prefix}.${i}@example.com`, first: `First ${i}` }));

const apiRequests = (method: string, path: string) => sim.requests({ method, path }).filter((r) => r.path === path);

describe('Create or Update folds items into requests of 1000', () => {
	test.each([
		[1, 1],
		[1000, 1],
		[1001, 2],
		[2500, 3],
	])('%i items make %i requests, and each item gets its own row', async (count, requests) => {
		const items = people(count, `upsert${count}`);
		const { output, error } = await run(
			{ operation: 'upsert', email: field('email'), additionalFields: { firstName: field('first') } },
			{ items },
		);
		expect(error).toBeUndefined();
		const sent = apiRequests('POST', '/api/v2/customers');
		expect(sent).toHaveLength(requests);
		expect(sent.map((r) => (r.body as { subscribers: unknown[] }).subscribers.length)).toEqual(
			Array.from({ length: requests }, (_, i) => Math.min(1000, count - i * 1000)),
		);
		expect(output).toHaveLength(count);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json).toMatchObject({ email: items[i].email, status: 'created' });
			expect(item.json.id).toEqual(expect.any(String));
		});
	});

	test('the body carries the spec fields, snake_case, with lists and custom properties', async () => {
		await run({
			operation: 'upsert',
			email: 'ada@example.com',
			additionalFields: { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines', tags: 'vip, beta', unsetTags: expression(['old']), unsetProperties: 'plan' },
			customProperties: { property: [{ label: 'country', value: 'UK', type: 'text' }] },
		});
		const [request] = apiRequests('POST', '/api/v2/customers');
		expect(request.body).toEqual({
			subscribers: [
				{
					email: 'ada@example.com',
					first_name: 'Ada',
					last_name: 'Lovelace',
					company: 'Engines',
					tags: ['vip', 'beta'],
					unset_tags: ['old'],
					unset_properties: ['plan'],
					properties: [{ label: 'country', value: 'UK', type: 'text' }],
				},
			],
		});
		const again = await run({ operation: 'upsert', email: 'ada@example.com' });
		expect(again.json[0]).toMatchObject({ status: 'updated' });
	});

	test('a bad email stops the node before any request, naming the item and the field', async () => {
		const items = [...people(3), { email: 'not-an-email' }, ...people(2, 'late')];
		const { error } = await run({ operation: 'upsert', email: field('email') }, { items });
		expect(error?.message).toMatch(/Email: "not-an-email" is not an email address \[item 3\]/);
		expect(apiRequests('POST', '/api/v2/customers')).toHaveLength(0);
	});

	test('an email of the wrong type is named too', async () => {
		const { error } = await run({ operation: 'upsert', email: field('email') }, { items: [{ email: ['a@b.co'] }] });
		expect(error?.message).toMatch(/Email: must be a text email address, not a list \[item 0\]/);
	});

	test('with Continue On Fail, bad items become error items paired to their inputs and the rest are sent', async () => {
		const items = [{ email: 'good.one@example.com' }, { email: '' }, { email: 'good.two@example.com' }];
		const { output, error } = await run({ operation: 'upsert', email: field('email') }, { items, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[1].json.error).toMatch(/Email: is empty/);
		expect(Object.keys(output[1].json).sort()).toEqual(['details', 'error']); // what n8n routes to an error output
		expect(output[0].json.status).toBe('created');
		expect((apiRequests('POST', '/api/v2/customers')[0].body as IDataObject).subscribers).toHaveLength(2);
	});

	test('a row the service reports as failed is never dropped', async () => {
		nock(service.baseUrl)
			.post('/api/v2/customers')
			.reply(200, {
				message: 'Success.',
				code: 200,
				data: { 'a@example.com': { status: 'created', id: 'c1' }, 'b@example.com': { status: 'failed', reason: 'exists' } },
			})
			.persist();
		const items = [{ email: 'a@example.com' }, { email: 'B@example.com' }];
		const failed = await run({ operation: 'upsert', email: field('email') }, { items });
		expect(failed.error?.message).toContain('failed for 1 of 2 items');
		expect(failed.error?.description).toMatch(/item 1: refused by the service: exists/);
		expect(failed.error?.description).toMatch(/accepted item 0/);

		const kept = await run({ operation: 'upsert', email: field('email') }, { items, continueOnFail: true });
		expect(kept.output[0].json).toMatchObject({ email: 'a@example.com', status: 'created', id: 'c1' });
		// Only `error` and `details`: what n8n sends to an error output, keeping the row.
		expect(kept.output[1].json).toEqual({ error: expect.stringMatching(/exists/), details: expect.objectContaining({ email: 'b@example.com', status: 'failed', reason: 'exists' }) });
		expect(kept.output[1].pairedItem).toEqual({ item: 1 });
	});

	test('a read-only key gets a message about write permission', async () => {
		const { error } = await run({ operation: 'upsert', email: 'x@example.com' }, { service: { ...service, apiKey: sim.accounts[0].readKey } });
		expect(error?.message).toMatch(/needs an API key with write permission.*403/);
		expect(error?.message).toMatch(/^Customer: Create or Update failed: /);
	});
});

describe('Delete, Unsubscribe and Resubscribe', () => {
	beforeAll(async () => {
		await run({ operation: 'upsert', email: field('email') }, { items: people(5, 'subs') });
	});

	test('Unsubscribe sends the emails and the opt-out message; unknown emails come back as failed rows', async () => {
		const items = [{ email: 'subs.0@example.com' }, { email: 'nobody@example.com' }, { email: 'subs.1@example.com' }];
		const { output } = await run({ operation: 'unsubscribe', email: field('email'), message: 'Too many emails' }, { items, continueOnFail: true });
		const [request] = apiRequests('POST', '/api/v2/customers/unsubscribe');
		expect(request.body).toEqual({ subscribers: ['subs.0@example.com', 'nobody@example.com', 'subs.1@example.com'], message: ['Too many emails'] });
		expect(output[0].json).toMatchObject({ email: 'subs.0@example.com' });
		expect(output[0].json.error).toBeUndefined();
		expect(output[1].json.details).toMatchObject({ email: 'nobody@example.com', status: 'not_found' });
		expect(output[1].json.error).toMatch(/no customer with this email/);
	});

	test('Resubscribe keeps each row: resubscribed, already subscribed, or skipped with the reason', async () => {
		const items = [{ email: 'subs.0@example.com' }, { email: 'subs.2@example.com' }];
		const { json, error } = await run({ operation: 'resubscribe', email: field('email') }, { items });
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ email: 'subs.0@example.com', suppressed: false });
		expect(json[1]).toMatchObject({ email: 'subs.2@example.com', status: 'already_subscribed' });
	});

	test('Delete sends DELETE with the emails, 1000 per request', async () => {
		const { json, error } = await run({ operation: 'delete', email: field('email') }, { items: people(5, 'subs') });
		expect(error).toBeUndefined();
		expect(json).toHaveLength(5);
		const sent = apiRequests('DELETE', '/api/v2/customers');
		expect(sent).toHaveLength(1);
		expect((sent[0].body as IDataObject).subscribers).toHaveLength(5);
	});

	test('items with different opt-out messages go in different requests', async () => {
		const items = [{ email: 'a@example.com', m: 'x' }, { email: 'b@example.com', m: 'y' }, { email: 'c@example.com', m: 'x' }];
		const { output } = await run({ operation: 'unsubscribe', email: field('email'), message: field('m') }, { items, continueOnFail: true });
		expect(apiRequests('POST', '/api/v2/customers/unsubscribe')).toHaveLength(2);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('Get and Get Many', () => {
	test('Get Many with Return All walks every page, 1000 at a time', async () => {
		await run({ operation: 'upsert', email: field('email') }, { items: people(2300, 'many') });
		sim.clearRequests();
		const { json, error } = await run({ operation: 'getMany', returnAll: true });
		expect(error).toBeUndefined();
		const total = sim.state().accounts[0].counts.customers;
		expect(json).toHaveLength(total);
		const pages = apiRequests('GET', '/api/v2/customers');
		expect(pages).toHaveLength(Math.ceil(total / 1000));
		expect(pages.every((request) => request.query.limit === '1000')).toBe(true);
		expect(new Set(json.map((record) => record.id)).size).toBe(total);
	});

	test('Limit returns that many, in one request', async () => {
		const { json } = await run({ operation: 'getMany', returnAll: false, limit: 7 });
		expect(json).toHaveLength(7);
		expect(apiRequests('GET', '/api/v2/customers')).toHaveLength(1);
		expect(json[0].envelope).toBeUndefined();
		expect(json[0].email).toEqual(expect.any(String));
	});

	test('filters go out as the spec names them: dates as UTC instants, the end day whole, attributes in brackets', async () => {
		await run(
			{
				operation: 'getMany',
				limit: 5,
				filters: { email: 'subs.3@example.com', startDate: '2026-01-01', endDate: '2026-11-21', sort: 'createdDate' },
				attributeFilters: { filter: [{ name: 'country', op: 'equal', value: 'US' }, { name: 'plan', op: 'exists', value: '' }] },
				match: 'any',
			},
			{ timezone: 'UTC' },
		);
		const [request] = apiRequests('GET', '/api/v2/customers');
		expect(Object.fromEntries(new URLSearchParams(request.rawQuery))).toMatchObject({
			email: 'subs.3@example.com',
			startDate: '2026-01-01T00:00:00Z',
			endDate: '2026-11-21T23:59:59.999Z',
			sort: 'createdDate',
			'attributes[0][name]': 'country',
			'attributes[0][op]': 'equal',
			'attributes[0][value]': 'US',
			'attributes[1][name]': 'plan',
			'attributes[1][op]': 'exists',
			match: 'any',
		});
	});

	test('attribute filters select on the service side', async () => {
		const { json } = await run({
			operation: 'getMany',
			returnAll: true,
			attributeFilters: { filter: [{ name: 'country', op: 'equal', value: 'US' }] },
		});
		expect(json.length).toBeGreaterThan(0);
		for (const record of json) {
			const country = (record.properties as IDataObject[]).find((p) => p.name === 'country' || p.label === 'country');
			expect(country?.value).toBe('US');
		}
	});

	test('Get returns the record; an unknown ID says no such record in this account', async () => {
		const [first] = (await run({ operation: 'getMany', limit: 1 })).json;
		const got = await run({ operation: 'get', customerId: first.id });
		expect(got.json).toEqual([first]);
		const wellFormedButMissing = String(first.id).replace(/.{6}$/, 'ffffff');
		const missing = await run({ operation: 'get', customerId: wellFormedButMissing });
		expect(missing.error?.message).toMatch(/no such record in this account.*404/);
		const malformed = await run({ operation: 'get', customerId: 'no-such-id' });
		expect(malformed.error?.message).toMatch(/Invalid customer ID.*400/);
	});

	test('a start after the end is refused before sending', async () => {
		const { error } = await run({ operation: 'getMany', filters: { startDate: '2026-02-01', endDate: '2026-01-01' } });
		expect(error?.message).toMatch(/Start Date is after Filters › End Date/);
		expect(apiRequests('GET', '/api/v2/customers')).toHaveLength(0);
	});
});

describe('Sync Attributes', () => {
	test('by emails: one call, each job one item', async () => {
		await run({ operation: 'upsert', email: 'sync.me@example.com' });
		const { json, error } = await run({ operation: 'syncAttributes', selectBy: 'emails', emails: 'sync.me@example.com', scope: 'all' });
		expect(error).toBeUndefined();
		const [request] = apiRequests('POST', '/api/v2/sync-attributes');
		expect(request.body).toEqual({ emails: ['sync.me@example.com'], scope: 'all' });
		expect(json.length).toBe(2);
	});

	test('by filters: only the filters set are sent, attributes with their matching', async () => {
		await run({
			operation: 'syncAttributes',
			selectBy: 'filters',
			filters: { tags: 'vip' },
			attributeFilters: { filter: [{ name: 'plan', op: 'equal', value: 'pro' }] },
			match: 'all',
			scope: 'feedback',
		}, { continueOnFail: true });
		const [request] = apiRequests('POST', '/api/v2/sync-attributes');
		expect(request.body).toEqual({
			filters: { tags: ['vip'], attributes: [{ name: 'plan', op: 'equal', value: 'pro' }], attributes_matching: 'all' },
			scope: 'feedback',
		});
	});

	test('an empty filter, or more than 1000 IDs, is refused before sending', async () => {
		const empty = await run({ operation: 'syncAttributes', selectBy: 'filters' });
		expect(empty.error?.message).toMatch(/Filters: add at least one filter/);
		const ids = Array.from({ length: 1001 }, (_, i) => `id${i}`);
		const many = await run({ operation: 'syncAttributes', selectBy: 'customers', customerIds: expression(ids) });
		expect(many.error?.message).toMatch(/Customer IDs: 1001 given, the service takes at most 1000/);
		expect(apiRequests('POST', '/api/v2/sync-attributes')).toHaveLength(0);
	});
});

describe('each credential type works against the service', () => {
	test.each(['apiKeyHeader', 'legacyHeader', 'queryParameter'] as const)('%s', async (authentication) => {
		const { json, error } = await run({ operation: 'getMany', limit: 2 }, { authentication });
		expect(error).toBeUndefined();
		expect(json).toHaveLength(2);
		const [request] = apiRequests('GET', '/api/v2/customers');
		expect(request.auth).toBe({ apiKeyHeader: 'x-api-key', legacyHeader: 'authorization', queryParameter: 'query' }[authentication]);
		expect(JSON.stringify(request)).not.toContain(service.apiKey);
	});
});
