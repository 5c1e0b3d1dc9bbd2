/**
 * The writes that send one request per item (a response's tags and topics, Sync Attributes, the
 * suppressions) carry `status` from node version 3, run in n8n's own engine against the simulator,
 * and through nock for answers it does not give: the service's word where its answer has one, else
 * `accepted`, with the answer's message (the item's own here) and nothing the service did not
 * send: no tags echoed as if the service had said them, no envelope taken for a job. Versions 1
 * and 2 keep what they returned, without a "done" the service never said. No hint: each answer
 * is the item's own.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { field } from '../helpers/parameters';
import { runNode, type RunOptions, type Service } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const mock: Service = { baseUrl: 'https://single.mock.test', apiKey: 'mock-key' };
afterEach(() => nock.cleanAll());

const onSim = (parameters: Record<string, unknown>, typeVersion: number, options: Partial<RunOptions> = {}) =>
	runNode({ service: serviceFor(sim), parameters, typeVersion, ...options });
const onMock = (parameters: Record<string, unknown>, typeVersion: number) => runNode({ service: mock, parameters, typeVersion });

let feedbackId: string;
beforeAll(() => {
	const [record] = sim.insert(sim.accounts[0].id, 'feedback', [{ email: 'single@writes-test.com', createdDate: '2026-03-01T10:00:00Z', score: 9 }]);
	feedbackId = String(record.id);
});

describe('Feedback › Set Tags and Set Topics', () => {
	const setTags = { resource: 'feedback', operation: 'setTags', feedbackId: '6af100000000000000000001', mode: 'append', tags: 'pricing' };

	it('version 3: the response’s ID, accepted, the answer’s message and the updated response under feedback', async () => {
		const { json, hints, error } = await onSim({ ...setTags, feedbackId, tags: 'pricing, vip' }, 3);
		expect(error).toBeUndefined();
		expect(json).toEqual([{ feedbackId, status: 'accepted', message: 'Success.', feedback: expect.objectContaining({ id: feedbackId, tags: expect.arrayContaining(['pricing', 'vip']) }) }]);
		expect(hints).toEqual([]);
		const topics = await onSim({ resource: 'feedback', operation: 'setTopics', feedbackId, mode: 'replace', topics: { topic: [{ name: 'Price', sentiment: 'negative' }] } }, 3.1);
		expect(topics.json).toEqual([{ feedbackId, status: 'accepted', message: 'Success.', feedback: expect.objectContaining({ id: feedbackId }) }]);
	});

	it('version 1 returns the updated response itself', async () => {
		const { json } = await onSim({ ...setTags, feedbackId }, 1);
		expect(json).toEqual([expect.objectContaining({ id: feedbackId, email: 'single@writes-test.com', tags: expect.arrayContaining(['pricing']) })]);
		expect(json[0]).not.toHaveProperty('status', 'accepted');
	});

	it('an answer without the response: version 3 echoes nothing it sent; versions 1 and 2 keep theirs, and no "done"', async () => {
		nock(mock.baseUrl).post('/api/v2/response/tags').times(2).reply(200, { message: 'Tags saved.', code: 200 });
		expect((await onMock(setTags, 3)).json).toEqual([{ feedbackId: '6af100000000000000000001', status: 'accepted', message: 'Tags saved.' }]);
		expect((await onMock(setTags, 2)).json).toEqual([{ id: '6af100000000000000000001', tags: ['pricing'], mode: 'append', message: 'Tags saved.' }]);
		nock(mock.baseUrl).post('/api/v2/response/tags').reply(200, {});
		expect((await onMock(setTags, 1)).json).toEqual([{ id: '6af100000000000000000001', tags: ['pricing'], mode: 'append' }]);
	});

	it('Legacy › Deprecated: Set Response Tags says the same from version 3', async () => {
		const { json } = await onSim({ resource: 'legacy', operation: 'npsSetResponseTags', responseId: feedbackId, tags: 'legacy' }, 3);
		expect(json).toEqual([{ feedbackId, status: 'accepted', message: 'Success.', feedback: expect.objectContaining({ id: feedbackId }) }]);
	});
});

describe('Customer › Sync Attributes', () => {
	const sync = { resource: 'customer', operation: 'syncAttributes', selectBy: 'emails', emails: 'single@writes-test.com' };

	it('version 3: one item per input, the scope and accepted (the spec’s 202), with the jobs the service lists', async () => {
		const { json, output } = await onSim(sync, 3);
		expect(json).toEqual([{ scope: 'all', status: 'accepted', message: 'Accepted.', jobs: [expect.objectContaining({ scope: 'feedback' }), expect.objectContaining({ scope: 'outbox' })] }]);
		expect(output[0].pairedItem).toEqual({ item: 0 });
	});

	it('version 1 keeps one item per job', async () => {
		const { json } = await onSim(sync, 1);
		expect(json).toEqual([expect.objectContaining({ scope: 'feedback', status: 'queued' }), expect.objectContaining({ scope: 'outbox', status: 'queued' })]);
	});

	it('a bare envelope is no job: version 3 says accepted with its message', async () => {
		nock(mock.baseUrl).post('/api/v2/sync-attributes').reply(202, { message: 'Accepted.', code: 202 });
		expect((await onMock(sync, 3)).json).toEqual([{ scope: 'all', status: 'accepted', message: 'Accepted.' }]);
	});
});

describe('Email and Domain Suppression › Add and Remove', () => {
	it('version 3: Add names what it suppressed, with the status and what the service answered; version 1 returns the answer', async () => {
		const email = await onSim({ resource: 'emailSuppression', operation: 'add', email: field('email') }, 3, { items: [{ email: 'add@writes-test.com' }] });
		expect(email.json).toEqual([{ email: 'add@writes-test.com', status: 'accepted', message: 'Success.', suppression: expect.objectContaining({ email: 'add@writes-test.com' }), created: true, contactDeleted: false }]);
		const domain = await onSim({ resource: 'domainSuppression', operation: 'add', pattern: '*.writes-test.com' }, 3);
		expect(domain.json).toEqual([expect.objectContaining({ pattern: '*.writes-test.com', status: 'accepted', created: true })]);
		const v1 = await onSim({ resource: 'emailSuppression', operation: 'add', email: 'add@writes-test.com' }, 1);
		expect(v1.json).toEqual([{ suppression: expect.objectContaining({ email: 'add@writes-test.com' }), created: false, contactDeleted: false }]);
	});

	it('version 3: Remove names the suppression with its status and what the service answered (version 2: deleted: true, test/node/deleted.test.ts)', async () => {
		const added = (await onSim({ resource: 'emailSuppression', operation: 'add', email: 'remove@writes-test.com' }, 1)).json[0].suppression as IDataObject;
		const { json, hints } = await onSim({ resource: 'emailSuppression', operation: 'remove', suppressionId: added.id }, 3);
		expect(json).toEqual([{ suppressionId: added.id, status: 'accepted', message: 'Success.', id: added.id, deleted: true }]);
		expect(hints).toEqual([]);
	});

	it('a status the answer states is the item’s, on version 2 too where it is not that the suppression is gone', async () => {
		const remove = { resource: 'emailSuppression', operation: 'remove', suppressionId: '6a00000000000000000000aa' };
		nock(mock.baseUrl).delete('/api/v2/suppressions/emails/6a00000000000000000000aa').times(3).reply(200, { message: 'Success.', code: 200, data: { status: 'scheduled', reason: 'removed tonight' } });
		expect((await onMock(remove, 3)).json).toEqual([{ suppressionId: '6a00000000000000000000aa', status: 'scheduled', reason: 'removed tonight' }]);
		expect((await onMock(remove, 2)).json).toEqual([{ suppressionId: '6a00000000000000000000aa', status: 'scheduled', reason: 'removed tonight' }]);
		expect((await onMock(remove, 1)).json).toEqual([{ status: 'scheduled', reason: 'removed tonight' }]);
	});
});
