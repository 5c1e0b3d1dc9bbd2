/**
 * One outcome per item, in one vocabulary, run in n8n's own engine: from node version 3 every
 * item of every bulk write carries `status`, the service's own word where its answer states one,
 * else the node's `accepted` (a success that names no result of the item) or `unconfirmed` (the
 * answer does not account for it), with `campaignId` where the item names a campaign and a message
 * only where it is the item's own; deletes say their status too. Versions 1 and 2 keep the output
 * they were released with. Answers through nock (the shapes a service may give), and the
 * simulator for Survey › Send's names.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { byId, field } from '../helpers/parameters';
import { runNode, type RunResult, type Service } from '../helpers/runNode';
import { sendableCampaigns, serviceFor, useSimulator } from '../helpers/simulator';
import { columns } from './columnMapperRuns';

const mock: Service = { baseUrl: 'https://vocabulary.mock.test', legacyBaseUrl: 'https://vocabulary-v1.mock.test', apiKey: 'mock-key' };
afterEach(() => nock.cleanAll());

const CAMPAIGN = '6aca00000000000000000001';
const autoMapped = { columns: columns('autoMapInputData', []) };

interface Write {
	name: string;
	/** The write's parameters on a version: 1 and 2 share theirs, 3 has the column mapper where the write has one. */
	parameters: (version: number) => IDataObject;
	method: 'post' | 'delete';
	path: string;
	legacy?: boolean;
	/** The item's own fields in its output, besides its email or ID. */
	named?: (version: number) => IDataObject;
	keyField: 'email' | 'feedbackId' | 'surveyId';
}

const PERSON = { firstName: 'Ada', lastName: 'L', company: 'Acme' };
const WRITES: Write[] = [
	{
		name: 'Customer › Create or Update',
		parameters: (v) => ({ resource: 'customer', operation: 'upsert', ...(v >= 3 ? autoMapped : { email: field('email') }) }),
		method: 'post',
		path: '/api/v2/customers',
		keyField: 'email',
	},
	{ name: 'Customer › Delete', parameters: () => ({ resource: 'customer', operation: 'delete', email: field('email') }), method: 'delete', path: '/api/v2/customers', keyField: 'email' },
	{ name: 'Customer › Unsubscribe', parameters: () => ({ resource: 'customer', operation: 'unsubscribe', email: field('email') }), method: 'post', path: '/api/v2/customers/unsubscribe', keyField: 'email' },
	{ name: 'Customer › Resubscribe', parameters: () => ({ resource: 'customer', operation: 'resubscribe', email: field('email') }), method: 'post', path: '/api/v2/customers/resubscribe', keyField: 'email' },
	{
		name: 'Survey › Send',
		parameters: (v) => ({ resource: 'survey', operation: 'send', campaign: byId(CAMPAIGN), ...(v >= 3 ? autoMapped : { email: field('email') }) }),
		method: 'post',
		path: '/api/v2/survey',
		named: (v) => (v >= 3 ? { campaignId: CAMPAIGN } : { campaign: CAMPAIGN }),
		keyField: 'email',
	},
	{ name: 'Feedback › Delete', parameters: () => ({ resource: 'feedback', operation: 'delete', deleteBy: 'id', feedbackId: field('id') }), method: 'delete', path: '/api/v2/feedback', keyField: 'feedbackId' },
	{ name: 'Outbox › Delete', parameters: () => ({ resource: 'outbox', operation: 'delete', deleteBy: 'id', surveyId: field('id') }), method: 'delete', path: '/api/v2/outbox', keyField: 'surveyId' },
	{
		name: 'Legacy › V1: Create Subscribers',
		parameters: (v) => ({ resource: 'legacy', operation: 'v1CreateSubscribers', ...(v >= 3 ? autoMapped : { email: field('email'), firstName: 'Ada', lastName: 'L', company: 'Acme' }) }),
		method: 'post',
		path: '/api/service/nps/customers',
		legacy: true,
		keyField: 'email',
	},
];

const keysOf = (write: Write) =>
	write.keyField === 'email' ? ['one@x.com', 'two@x.com', 'three@x.com'] : ['6af100000000000000000001', '6af100000000000000000002', '6af100000000000000000003'];
const itemsOf = (write: Write) => keysOf(write).map((key) => (write.keyField === 'email' ? { email: key, ...PERSON } : { id: key }));

async function run(write: Write, body: IDataObject, typeVersion: number): Promise<RunResult> {
	nock((write.legacy ? mock.legacyBaseUrl : mock.baseUrl) as string)[write.method](write.path).reply(200, body);
	const result = await runNode({ service: mock, parameters: write.parameters(typeVersion), items: itemsOf(write), continueOnFail: true, typeVersion });
	expect(result.error).toBeUndefined();
	expect(result.output.map(({ pairedItem }) => pairedItem)).toEqual(keysOf(write).map((_, item) => ({ item })));
	return result;
}

const jsonOf = (output: INodeExecutionData[]) => output.map(({ json }) => json);

describe.each(WRITES)('$name', (write) => {
	const [k0, k1, k2] = keysOf(write);
	const named = (version: number, key: string) => ({ [write.keyField]: key, ...(write.named?.(version) ?? {}) });
	const unconfirmed = { status: 'unconfirmed', message: expect.stringMatching(/^The service's answer did not confirm this item: the answer has no row for it\./) };

	it('version 3: every item has a status: the service’s word, accepted for a row without one, unconfirmed for an item without a row', async () => {
		const answer = { message: 'Success.', code: 200, data: { [k0]: { status: 'ok', id: 'r-0' }, [k1]: { id: 'r-1' } } };
		const { output, hints } = await run(write, answer, 3);
		expect(jsonOf(output)).toEqual([
			{ ...named(3, k0), status: 'ok', id: 'r-0' },
			{ ...named(3, k1), status: 'accepted', id: 'r-1' },
			{ ...named(3, k2), ...unconfirmed },
		]);
		expect(hints).toEqual([
			{
				type: 'warning',
				location: 'outputPane',
				message: expect.stringMatching(/: 1 of 3 items \(item 2\) unconfirmed: the service's answer did not account for it .*; before running it again, look for .+\. 1 of 3 items \(item 1\) accepted without a result of its own: to see what became of each, look for /),
			},
		]);
	});

	it('version 1 keeps its output for the same answer: a row without a word as the service gave it', async () => {
		const answer = { message: 'Success.', code: 200, data: { [k0]: { status: 'ok', id: 'r-0' }, [k1]: { id: 'r-1' } } };
		const { output } = await run(write, answer, 1);
		expect(jsonOf(output)).toEqual([{ ...named(1, k0), status: 'ok', id: 'r-0' }, { ...named(1, k1), id: 'r-1' }, { ...named(1, k2), ...unconfirmed }]);
	});

	it('a bare { message, code }: version 3 says accepted without the request’s message; versions 1 and 2 keep it, and never say "done" for one not sent', async () => {
		const bare = { message: write.legacy ? 'success' : 'Success.', code: 200 };
		const promisesRows = ['Customer › Create or Update', 'Customer › Resubscribe'].includes(write.name);
		const v3 = jsonOf((await run(write, bare, 3)).output);
		if (promisesRows) {
			expect(v3.map((json) => json.status)).toEqual(['unconfirmed', 'unconfirmed', 'unconfirmed']);
			return;
		}
		const isDelete = write.name.endsWith('Delete');
		// The spec: a delete's request deletes every record it names, so its records are gone.
		expect(v3).toEqual(keysOf(write).map((key) => ({ ...named(3, key), status: 'accepted', ...(isDelete ? { deleted: true } : {}) })));
		expect((await run(write, bare, 3)).hints).toEqual([
			{ type: 'info', location: 'outputPane', message: expect.stringMatching(/^.+: 3 of 3 items \(items 0-2\) accepted without a result of their own: to see what became of each, look for .+\.$/) },
		]);
		const v2 = jsonOf((await run(write, bare, 2)).output);
		expect(v2).toEqual(keysOf(write).map((key) => (isDelete ? { [write.keyField]: key, deleted: true } : { ...named(2, key), status: 'accepted', message: bare.message })));
		const v1 = jsonOf((await run(write, { code: 200 }, 1)).output);
		expect(v1).toEqual(keysOf(write).map((key) => ({ ...named(1, key), status: 'accepted' })));
	});

	it('a refused row is its item’s error, on every version', async () => {
		const answer = { message: 'Success.', code: 200, data: { [k0]: { status: 'ok' }, [k1]: { status: 'failed', reason: 'bounced' }, [k2]: { status: 'ok' } } };
		for (const version of [1, 3]) {
			const { output, hints } = await run(write, answer, version);
			expect(output[1].json).toEqual({ error: expect.stringMatching(/refused by the service: bounced$/), details: expect.objectContaining({ [write.keyField]: k1, status: 'failed', reason: 'bounced' }) });
			expect(hints).toEqual([]);
		}
	});
});

describe('deletes say what the answer says', () => {
	const write = WRITES.find(({ name }) => name === 'Customer › Delete')!;
	const answer = {
		message: 'Success.',
		code: 200,
		data: {
			'one@x.com': { status: 'deleted', id: 'c-1' },
			'two@x.com': { status: 'not_found', reason: 'no customer with this email' },
			'three@x.com': { status: 'pending', reason: 'deleted in the next hour' },
		},
	};

	it('version 3: the service’s word for each item, not_found included, with deleted: true only beside a word that says the records are gone', async () => {
		expect(jsonOf((await run(write, answer, 3)).output)).toEqual([
			{ email: 'one@x.com', status: 'deleted', id: 'c-1', deleted: true },
			{ email: 'two@x.com', status: 'not_found', reason: 'no customer with this email', deleted: true },
			{ email: 'three@x.com', status: 'pending', reason: 'deleted in the next hour' },
		]);
	});

	it('version 2: deleted: true where the records are gone; a row with another status keeps it', async () => {
		expect(jsonOf((await run(write, answer, 2)).output)).toEqual([
			{ email: 'one@x.com', deleted: true },
			{ email: 'two@x.com', deleted: true },
			{ email: 'three@x.com', status: 'pending', reason: 'deleted in the next hour' },
		]);
	});
});

describe('Feedback › Import on version 3', () => {
	const parameters = (importOptions: IDataObject) => ({ resource: 'feedback', operation: 'import', campaign: byId(CAMPAIGN), ...autoMapped, importOptions });
	const items = [{ email: 'a@x.com', score: 9 }, { email: 'b@x.com', score: 11 }];

	it.each([
		['Skip Duplicates off: an item the answer does not list as failed was imported', { skipDuplicates: false }, 'imported'],
		['Skip Duplicates on, and the answer lists no skips: accepted', {}, 'accepted'],
	])('%s', async (_, importOptions, status) => {
		nock(mock.baseUrl).post('/api/v2/import').reply(200, { message: 'Success.', code: 200, data: { details: { failed: [{ email: 'b@x.com', reason: 'score out of range' }] } } });
		const { output, hints } = await runNode({ service: mock, parameters: parameters(importOptions), items, continueOnFail: true, typeVersion: 3 });
		expect(output.map(({ json }) => json)).toEqual([
			{ email: 'a@x.com', campaignId: CAMPAIGN, status },
			{ error: expect.stringMatching(/score out of range/), details: expect.objectContaining({ email: 'b@x.com', status: 'failed' }) },
		]);
		expect(hints.map(({ message }) => message)).toEqual(status === 'accepted' ? [expect.stringMatching(/1 of 2 items \(item 0\) accepted without a result of its own: to see what became of each, look for it with Feedback › Get Many/)] : []);
	});
});

describe('Survey › Send against the simulator', () => {
	const sim = useSimulator();

	it('names the campaign campaignId from version 3, as every other write, and campaign on versions 1 and 2', async () => {
		const campaign = (await sendableCampaigns(sim)).email;
		const send = (typeVersion: number, email: string) =>
			runNode({
				service: serviceFor(sim),
				parameters: { resource: 'survey', operation: 'send', campaign: byId(campaign), ...(typeVersion >= 3 ? autoMapped : { email: field('email') }) },
				items: [{ email }],
				typeVersion,
			});
		const v3 = await send(3, 'names.v3@outcomes-test.com');
		const v2 = await send(2, 'names.v2@outcomes-test.com');
		expect(v3.json).toEqual([{ email: 'names.v3@outcomes-test.com', campaignId: campaign, status: 'queued', surveyId: expect.any(String) }]);
		expect(v2.json).toEqual([{ email: 'names.v2@outcomes-test.com', campaign, status: 'queued', surveyId: expect.any(String) }]);
		expect([v3.hints, v2.hints]).toEqual([[], []]);
	});
});
