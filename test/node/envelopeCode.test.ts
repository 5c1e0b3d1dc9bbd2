/**
 * The answer's envelope is read: a 2xx whose `code` is 400 or more is what that code says, with the
 * service's message, never `accepted`; run in n8n's own engine on every node version, against
 * the simulator answering its errors with HTTP 200 (its `errorIn200` fault) and through nock.
 */
import nock from 'nock';

import { pathOf } from '../helpers/engine';
import { byId, field } from '../helpers/parameters';
import { runNode, type RunOptions, type Service } from '../helpers/runNode';
import { campaignsOf, serviceFor, useSimulator } from '../helpers/simulator';
import { columns } from './columnMapperRuns';

const sim = useSimulator();
const mock: Service = { baseUrl: 'https://envelope.mock.test', apiKey: 'mock-key' };
beforeEach(() => sim.clearRequests());
afterEach(() => {
	nock.cleanAll();
	sim.configure({ faults: [] });
});

describe('Survey › Send to a deactivated campaign, answered HTTP 200 with { message, code: 400 }', () => {
	let deactivated: string;
	beforeAll(async () => {
		deactivated = String((await campaignsOf(sim)).find((campaign) => campaign.isActive === false && campaign.channel === 'email')?.id);
	});

	const send = (typeVersion: number, options: Partial<RunOptions> = {}) =>
		runNode({
			service: serviceFor(sim),
			parameters: { resource: 'survey', operation: 'send', campaign: byId(deactivated), ...(typeVersion >= 3 ? { columns: columns('autoMapInputData', []) } : { email: field('email') }) },
			items: [{ email: 'a@envelope-test.com' }, { email: 'b@envelope-test.com' }],
			typeVersion,
			...options,
		});

	it.each([1, 2, 3, 3.1])('version %s: the node fails with the service’s message, sent once; no item is accepted', async (typeVersion) => {
		sim.configure({ faults: [{ kind: 'errorIn200', match: { method: 'POST', pathPrefix: '/api/v2/survey' } }] });
		const { error, json, sent } = await send(typeVersion);
		expect(sim.requests({ path: '/api/v2/survey' }).map(({ status }) => status)).toEqual([200]);
		expect(error?.message).toBe('Survey: Send failed: the service rejected the request: The campaign is deactivated. [HTTP 400]');
		expect(error?.description).toMatch(/It concerned items 0-1\.$/);
		expect(json).toEqual([]);
		// After a refusal the campaigns are read, to tell whether the campaign's channel was why.
		expect(sent.map((request) => `${request.method} ${pathOf(request)}`)).toEqual(['POST /api/v2/survey', 'GET /api/v2/campaigns']);
	});

	it('with Continue On Fail each item is an error item with the service’s message', async () => {
		sim.configure({ faults: [{ kind: 'errorIn200', match: { method: 'POST', pathPrefix: '/api/v2/survey' } }] });
		const { output, hints } = await send(3, { continueOnFail: true });
		expect(output.map(({ json }) => json.error)).toEqual([expect.stringMatching(/The campaign is deactivated/), expect.stringMatching(/The campaign is deactivated/)]);
		expect(output.map(({ pairedItem }) => pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(hints).toEqual([]);
	});
});

describe('any answer', () => {
	it('a read answered 200 with code 404 is not found, in the service’s words', async () => {
		nock(mock.baseUrl).get('/api/v2/feedback/6af100000000000000000001').reply(200, { message: 'Not found.', code: 404, data: null });
		const { error, json } = await runNode({ service: mock, parameters: { resource: 'feedback', operation: 'get', feedbackId: '6af100000000000000000001' } });
		expect(error?.message).toBe('Feedback: Get failed: no such record in this account [HTTP 404]');
		expect(error?.description).toContain('The service said: "Not found."');
		expect(json).toEqual([]);
	});

	it('a code written as text counts too; a code under 400 is a success', async () => {
		nock(mock.baseUrl).post('/api/v2/customers/unsubscribe').reply(200, { message: 'Invalid subscribers.', code: '400' });
		const refused = await runNode({ service: mock, parameters: { resource: 'customer', operation: 'unsubscribe', email: field('email') }, items: [{ email: 'x@y.com' }] });
		expect(refused.error?.message).toMatch(/rejected the request: Invalid subscribers\. \[HTTP 400\]/);
		nock(mock.baseUrl).post('/api/v2/customers/unsubscribe').reply(200, { message: 'Success.', code: 200 });
		const accepted = await runNode({ service: mock, parameters: { resource: 'customer', operation: 'unsubscribe', email: field('email') }, items: [{ email: 'x@y.com' }], typeVersion: 3 });
		expect(accepted.json).toEqual([{ email: 'x@y.com', status: 'accepted' }]);
	});

	it('a code of 500 or more on a write sent once says it may have acted, and is not repeated', async () => {
		const scope = nock(mock.baseUrl).post('/api/v2/import').reply(200, { message: 'Internal error.', code: 500 });
		const { error } = await runNode({
			service: mock,
			parameters: { resource: 'feedback', operation: 'import', campaign: byId('6aca00000000000000000001'), email: field('email'), score: field('score') },
			items: [{ email: 'x@y.com', score: 9 }],
		});
		expect(scope.isDone()).toBe(true);
		expect(error?.message).toBe(
			'Feedback: Import failed: the service answered HTTP 200 with code 500 in its answer, so the response of this request may have been imported all the same: look for it with Feedback › Get Many (by email or campaign) before importing it again',
		);
		expect(error?.description).toContain('The service said: "Internal error."');
	});

	it('a code of 500 or more on a read is retried, as an HTTP 5xx is', async () => {
		nock(mock.baseUrl)
			.get('/api/v2/campaigns')
			.reply(200, { message: 'Service temporarily unavailable.', code: 503 })
			.get('/api/v2/campaigns')
			.reply(200, { message: 'Success.', code: 200, campaigns: [{ id: 'c-1', name: 'One' }] });
		const { json, sent, error } = await runNode({ service: mock, parameters: { resource: 'campaign', operation: 'getMany' }, credential: { maxRetryWait: 1 } });
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(2);
		expect(json).toEqual([{ id: 'c-1', name: 'One' }]);
	});
});
