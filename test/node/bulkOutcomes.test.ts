/**
 * Every per-item outcome of a bulk write is one the service's answer states, run in n8n's own engine:
 * answers in the reference's shapes and in shapes a faithful service may also give (rows missing,
 * moved under another key, misindexed, naming no item) through nock, and the simulator's answers in
 * its 'spec' mode (both of its accounts' readings) and its 'full' mode.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { byId, field } from '../helpers/parameters';
import { runNode, type Service } from '../helpers/runNode';
import { sendableCampaigns, serviceFor, useSimulator } from '../helpers/simulator';

const mock: Service = { baseUrl: 'https://outcomes.mock.test', legacyBaseUrl: 'https://outcomes-v1.mock.test', apiKey: 'mock-key' };
afterEach(() => nock.cleanAll());

/** One word per output item: its status, or `error` for an error item. */
const outcomes = (output: INodeExecutionData[]) => output.map(({ json }) => (json.error ? 'error' : json.status));

interface Write {
	name: string;
	parameters: IDataObject;
	method: 'post' | 'delete';
	path: string;
	legacy?: boolean;
	/** The field a listed row names its item by; rows keyed by email (or ID) use the same key. */
	keyField: 'email' | 'feedbackId' | 'surveyId';
	/** What a bare `{ message, code }` answer states: the whole request done, or nothing (the answer promises rows). */
	bare: 'accepted' | 'unconfirmed';
}

const WRITES: Write[] = [
	{ name: 'Customer › Create or Update', parameters: { resource: 'customer', operation: 'upsert', email: field('key') }, method: 'post', path: '/api/v2/customers', keyField: 'email', bare: 'unconfirmed' },
	{ name: 'Customer › Delete', parameters: { resource: 'customer', operation: 'delete', email: field('key') }, method: 'delete', path: '/api/v2/customers', keyField: 'email', bare: 'accepted' },
	{ name: 'Customer › Unsubscribe', parameters: { resource: 'customer', operation: 'unsubscribe', email: field('key') }, method: 'post', path: '/api/v2/customers/unsubscribe', keyField: 'email', bare: 'accepted' },
	{ name: 'Customer › Resubscribe', parameters: { resource: 'customer', operation: 'resubscribe', email: field('key') }, method: 'post', path: '/api/v2/customers/resubscribe', keyField: 'email', bare: 'unconfirmed' },
	{ name: 'Survey › Send', parameters: { resource: 'survey', operation: 'send', campaign: byId('6aca00000000000000000001'), email: field('key') }, method: 'post', path: '/api/v2/survey', keyField: 'email', bare: 'accepted' },
	{ name: 'Feedback › Delete', parameters: { resource: 'feedback', operation: 'delete', deleteBy: 'id', feedbackId: field('key') }, method: 'delete', path: '/api/v2/feedback', keyField: 'feedbackId', bare: 'accepted' },
	{ name: 'Outbox › Delete', parameters: { resource: 'outbox', operation: 'delete', deleteBy: 'id', surveyId: field('key') }, method: 'delete', path: '/api/v2/outbox', keyField: 'surveyId', bare: 'accepted' },
	{ name: 'Legacy › V1: Create Subscribers', parameters: { resource: 'legacy', operation: 'v1CreateSubscribers', email: field('key'), firstName: 'Ada', lastName: 'L', company: 'Acme' }, method: 'post', path: '/api/service/nps/customers', legacy: true, keyField: 'email', bare: 'accepted' },
];

const keysOf = (write: Write) =>
	write.keyField === 'email' ? ['one@x.com', 'two@x.com', 'three@x.com'] : ['6af100000000000000000001', '6af100000000000000000002', '6af100000000000000000003'];

async function answered(write: Write, body: IDataObject, typeVersion = 1) {
	const keys = keysOf(write);
	nock((write.legacy ? mock.legacyBaseUrl : mock.baseUrl) as string)[write.method](write.path).reply(200, body);
	const result = await runNode({ service: mock, parameters: write.parameters, items: keys.map((key) => ({ key })), continueOnFail: true, typeVersion });
	expect(result.error).toBeUndefined();
	expect(result.output.map(({ pairedItem }) => pairedItem)).toEqual(keys.map((_, item) => ({ item })));
	return result.output;
}

describe.each(WRITES)('$name: outcomes only from what the answer states', (write) => {
	const [k0, k1, k2] = keysOf(write);
	const row = (key: string, fields: IDataObject) => ({ [write.keyField]: key, ...fields });

	it('rows keyed by email (or ID), the reference’s shape: each item its own row, a failed row an error', async () => {
		const output = await answered(write, { message: 'Success.', code: 200, data: { [k0]: { status: 'ok' }, [k1]: { status: 'failed', reason: 'exists' }, [k2]: { status: 'ok' } } });
		expect(outcomes(output)).toEqual(['ok', 'error', 'ok']);
		expect(output[1].json.error).toMatch(/refused by the service: exists/);
	});

	it('rows missing for an item: that item is unconfirmed, with the reason and what to check', async () => {
		const output = await answered(write, { message: 'Success.', code: 200, data: { [k0]: { status: 'ok' }, [k1]: { status: 'ok' } } });
		expect(outcomes(output)).toEqual(['ok', 'ok', 'unconfirmed']);
		expect(output[2].json.message).toMatch(/^The service's answer did not confirm this item: the answer has no row for it\. The request may have acted on it, so it is not sent again; .+ before running it again\.$/);
	});

	it('rows moved under another key: found, refused rows included', async () => {
		const output = await answered(write, {
			message: 'Success.',
			code: 200,
			data: { outcome: { items: [row(k0, { status: 'ok' }), row(k1, { status: 'failed', reason: 'bounced' }), row(k2, { status: 'ok' })] } },
		});
		expect(outcomes(output)).toEqual(['ok', 'error', 'ok']);
	});

	it('rows at the top level instead of under data', async () => {
		const output = await answered(write, { message: 'Success.', code: 200, results: [row(k2, { status: 'ok' }), row(k0, { status: 'ok' }), row(k1, { status: 'failed' })] });
		expect(outcomes(output)).toEqual(['ok', 'error', 'ok']);
	});

	it('an index that disagrees with its row’s key shows no count to read indexes by: rows pair by their keys', async () => {
		const output = await answered(write, {
			message: 'Success.',
			code: 200,
			data: { results: [{ index: 0, ...row(k1, { status: 'ok' }) }, { index: 1, ...row(k0, { status: 'failed' }) }, { index: 2, ...row(k2, { status: 'ok' }) }] },
		});
		expect(outcomes(output)).toEqual(['error', 'ok', 'ok']);
	});

	it('rows by index alone pair once a row with both an index and a key shows what the index counts from (here 1)', async () => {
		const output = await answered(write, {
			message: 'Success.',
			code: 200,
			data: { results: [{ index: 1, ...row(k0, { status: 'ok' }) }, { index: 2, status: 'failed', reason: 'bounced' }, { index: 3, status: 'ok' }] },
		});
		expect(outcomes(output)).toEqual(['ok', 'error', 'ok']);
	});

	it('rows by index alone, with no row that shows what the index counts from: a failed one could be any item', async () => {
		const output = await answered(write, { message: 'Success.', code: 200, data: { results: [{ index: 0, status: 'ok' }, { index: 1, status: 'failed' }, { index: 2, status: 'ok' }] } });
		expect(outcomes(output)).toEqual(['unconfirmed', 'unconfirmed', 'unconfirmed']);
		expect(output[0].json.message).toMatch(/a failed row this node cannot pair with an item \(it names none of the request, or only an index the answer does not say it counts from\)/);
	});

	it('a failed row that names no item leaves every item without a row unconfirmed', async () => {
		const output = await answered(write, { message: 'Success.', code: 200, data: { results: [{ index: 0, ...row(k0, { status: 'ok' }) }, { status: 'failed', reason: 'quota' }] } });
		expect(outcomes(output)).toEqual(['ok', 'unconfirmed', 'unconfirmed']);
	});

	it('content that holds no rows it can read: every item unconfirmed', async () => {
		const output = await answered(write, { message: 'Success.', code: 200, data: { report: 'done', counts: { ok: 2, failed: 1 } } });
		expect(outcomes(output)).toEqual(['unconfirmed', 'unconfirmed', 'unconfirmed']);
	});

	it(`a bare { message, code } answer: ${write.bare}`, async () => {
		const output = await answered(write, write.legacy ? { message: 'success', code: 200 } : { message: 'Success.', code: 200 });
		expect(outcomes(output)).toEqual([write.bare, write.bare, write.bare]);
	});
});

describe('version 2 deletes say deleted: true only where the answer states it', () => {
	const write = WRITES.find(({ name }) => name === 'Customer › Delete')!;
	it('an unconfirmed item keeps its status and message, never deleted: true', async () => {
		const output = await answered(write, { message: 'Success.', code: 200, data: { 'one@x.com': { status: 'deleted' }, 'two@x.com': { status: 'not_found' } } }, 2);
		expect(output.map(({ json }) => json)).toEqual([
			{ email: 'one@x.com', deleted: true },
			{ email: 'two@x.com', deleted: true },
			{ email: 'three@x.com', status: 'unconfirmed', message: expect.stringMatching(/did not confirm this item/) },
		]);
	});
});

describe('Feedback › Import: details.failed is the per-item answer', () => {
	const items = [{ email: 'a@x.com', score: 9 }, { email: 'b@x.com', score: 11 }, { email: 'c@x.com', score: 7 }];
	/** Skip Duplicates off: the spec's answer then accounts for every item it does not list as failed. */
	const NO_SKIPS = { importOptions: { skipDuplicates: false } };
	async function imported(body: IDataObject, list = items, parameters: IDataObject = NO_SKIPS) {
		nock(mock.baseUrl).post('/api/v2/import').reply(200, body);
		const { output, error } = await runNode({
			service: mock,
			parameters: { resource: 'feedback', operation: 'import', campaign: byId('6aca00000000000000000001'), inputMode: 'mapFields', email: field('email'), score: field('score'), ...parameters },
			items: list,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		return output;
	}
	const answer = (failed: unknown, more: IDataObject = {}) => ({ message: 'Success.', code: 200, data: { details: { failed, ...more } } });

	it.each([
		['by email', [{ email: 'b@x.com', reason: 'score out of range' }]],
		['by index and email agreeing', [{ index: 1, email: 'b@x.com', reason: 'score out of range' }]],
		['by index, where another row shows what the index counts from', [{ index: 1, reason: 'score out of range' }, { index: 2, email: 'c@x.com', reason: 'duplicate' }]],
	])('failed rows naming their item %s: that item an error, the others imported (the spec’s own words)', async (_, failed) => {
		const output = await imported(answer(failed));
		expect(outcomes(output).slice(0, 2)).toEqual(['imported', 'error']);
		expect(output[1].json.error).toMatch(/score out of range/);
	});

	it('an empty details.failed: every item imported', async () => {
		expect(outcomes(await imported(answer([])))).toEqual(['imported', 'imported', 'imported']);
	});

	it('with Skip Duplicates on, an item the answer lists nowhere may have been skipped: accepted, unless the answer lists the skips', async () => {
		expect(outcomes(await imported(answer([]), items, {}))).toEqual(['accepted', 'accepted', 'accepted']);
		expect(outcomes(await imported(answer([], { skipped: [] }), items, {}))).toEqual(['imported', 'imported', 'imported']);
		const output = await imported(answer([{ email: 'b@x.com', reason: 'score out of range' }]), items, {});
		expect(outcomes(output)).toEqual(['accepted', 'error', 'accepted']);
	});

	it('a failed row whose index and email disagree shows no count to read indexes by: it pairs by its email', async () => {
		const output = await imported(answer([{ index: 1, email: 'c@x.com', reason: 'score out of range' }]));
		expect(outcomes(output)).toEqual(['imported', 'imported', 'error']);
	});

	it.each([
		['no index and no email', [{ reason: 'score out of range' }]],
		['an email not sent', [{ email: 'z@x.com', reason: 'score out of range' }]],
		['an index alone, with no row that shows what it counts from', [{ index: 1, reason: 'score out of range' }]],
	])('a failed row with %s could be any item: every one unconfirmed, none imported', async (_, failed) => {
		expect(outcomes(await imported(answer(failed)))).toEqual(['unconfirmed', 'unconfirmed', 'unconfirmed']);
	});

	it('a failed row by email that two items share: both unconfirmed', async () => {
		const output = await imported(answer([{ email: 'a@x.com', reason: 'duplicate' }]), [...items, { email: 'A@x.com', score: 5 }]);
		expect(outcomes(output)).toEqual(['unconfirmed', 'imported', 'imported', 'unconfirmed']);
	});

	it.each([
		['missing', { message: 'Success.', code: 200, data: { imported: 3 } }],
		['moved under another key', { message: 'Success.', code: 200, data: { result: { failed: [] } } }],
		['not a list', { message: 'Success.', code: 200, data: { details: { failed: 1 } } }],
	])('details.failed %s: every item unconfirmed, never imported', async (_, body) => {
		const output = await imported(body);
		expect(outcomes(output)).toEqual(['unconfirmed', 'unconfirmed', 'unconfirmed']);
		expect(output[0].json.message).toMatch(/does not list the failed items \(details\.failed\)/);
	});

	it('details at the top level; a skipped list, when given, is read and accounts for the skips', async () => {
		const output = await imported({ message: 'Success.', code: 200, details: { failed: [{ index: 1, email: 'b@x.com', reason: 'x' }], skipped: [{ email: 'c@x.com', reason: 'duplicate' }] } }, items, {});
		expect(outcomes(output)).toEqual(['imported', 'error', 'skipped']);
	});

	it('an answer that lists the imported items: an item in none of its lists is unconfirmed', async () => {
		const output = await imported(answer([], { imported: [{ email: 'a@x.com', id: 'f-1' }], skipped: [{ email: 'b@x.com' }] }));
		expect(outcomes(output)).toEqual(['imported', 'skipped', 'unconfirmed']);
		expect(output[0].json.id).toBe('f-1');
	});
});

describe('against the simulator, in each of its answer modes', () => {
	const sim = useSimulator();
	let run = 0;

	/** Runs every bulk write for two fresh customers of an account; returns each operation's outcomes. */
	async function everyWrite(account: number) {
		const service = serviceFor(sim, account);
		const campaigns = await sendableCampaigns(sim, account);
		run++;
		const emails = [`o${run}.a@outcomes-test.com`, `o${run}.b@outcomes-test.com`];
		const items = emails.map((email, i) => ({ email, score: 9 - i }));
		const op = async (parameters: IDataObject, typeVersion = 1) => {
			const { output, error } = await runNode({ service, parameters, items, continueOnFail: true, typeVersion });
			expect(error).toBeUndefined();
			return output;
		};
		const results: Record<string, unknown[]> = {};
		results.upsert = outcomes(await op({ resource: 'customer', operation: 'upsert', email: field('email') }));
		results.unsubscribe = outcomes(await op({ resource: 'customer', operation: 'unsubscribe', email: field('email') }));
		results.resubscribe = outcomes(await op({ resource: 'customer', operation: 'resubscribe', email: field('email') }));
		results.send = outcomes(await op({ resource: 'survey', operation: 'send', campaign: byId(campaigns.email), email: field('email') }));
		const imported = { resource: 'feedback', operation: 'import', campaign: byId(campaigns.nps), inputMode: 'mapFields', email: field('email'), score: field('score') };
		results.import = outcomes(await op(imported));
		results.importAgain = outcomes(await op(imported));
		results.feedbackDelete = outcomes(await op({ resource: 'feedback', operation: 'delete', deleteBy: 'email', email: field('email') }));
		results.feedbackDeleteV2 = (await op({ resource: 'feedback', operation: 'delete', deleteBy: 'email', email: field('email') }, 2)).map(({ json }) => json.deleted);
		results.delete = outcomes(await op({ resource: 'customer', operation: 'delete', email: field('email') }));
		results.v1Create = outcomes(await op({ resource: 'legacy', operation: 'v1CreateSubscribers', email: field('email'), firstName: 'Ada', lastName: 'L', company: 'Acme' }));
		return results;
	}

	const twice = (status: unknown) => [status, status];

	it("'spec' mode, account A (rows keyed by email or ID)", async () => {
		sim.configure({ responses: 'spec' });
		expect(await everyWrite(0)).toEqual({
			upsert: twice('created'),
			unsubscribe: twice('unsubscribed'),
			resubscribe: twice('resubscribed'),
			send: twice('queued'),
			// The spec names only details.failed, and the import skips duplicates by default: an item it does not list may have been skipped.
			import: twice('accepted'),
			// A skipped duplicate is listed in details.failed, by email.
			importAgain: twice('error'),
			feedbackDelete: twice('deleted'),
			feedbackDeleteV2: twice(true),
			delete: twice('deleted'),
			v1Create: twice('accepted'),
		});
	});

	it("'spec' mode, account B (the bare envelope where the spec shows no answer; failed rows by index)", async () => {
		sim.configure({ responses: 'spec' });
		expect(await everyWrite(1)).toEqual({
			upsert: twice('created'),
			unsubscribe: twice('accepted'),
			resubscribe: twice('resubscribed'),
			send: twice('accepted'),
			import: twice('accepted'),
			// Failed rows by index alone, and no row that shows what the index counts from.
			importAgain: twice('unconfirmed'),
			feedbackDelete: twice('accepted'),
			feedbackDeleteV2: twice(true),
			delete: twice('accepted'),
			v1Create: twice('accepted'),
		});
	});

	it("'full' mode (the simulator's fuller shapes)", async () => {
		sim.configure({ responses: 'full' });
		expect(await everyWrite(0)).toEqual({
			upsert: twice('created'),
			unsubscribe: twice('unsubscribed'),
			resubscribe: twice('resubscribed'),
			send: twice('queued'),
			import: twice('imported'),
			importAgain: twice('skipped'),
			feedbackDelete: twice('deleted'),
			feedbackDeleteV2: twice(true),
			delete: twice('deleted'),
			v1Create: twice('accepted'),
		});
	});
});

describe('without Continue On Fail', () => {
	it('the error tells the items the service accepted from those its answer left unconfirmed', async () => {
		nock(mock.baseUrl)
			.post('/api/v2/customers/unsubscribe')
			.reply(200, { message: 'Success.', code: 200, data: { 'one@x.com': { status: 'unsubscribed' }, 'two@x.com': { status: 'failed', reason: 'bounced' } } });
		const { error } = await runNode({
			service: mock,
			parameters: { resource: 'customer', operation: 'unsubscribe', email: field('key') },
			items: [{ key: 'one@x.com' }, { key: 'two@x.com' }, { key: 'three@x.com' }],
		});
		expect(error?.message).toBe('Customer: Unsubscribe failed for 1 of 3 items');
		expect(error?.description).toContain('item 1: refused by the service: bounced');
		expect(error?.description).toContain('The service had already accepted item 0: a rerun should leave them out.');
		expect(error?.description).toContain("The service's answer did not confirm item 2: it may have acted on them, so check them before a rerun.");
	});
});
