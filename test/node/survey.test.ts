/**
 * Survey: Send, run in n8n's own engine against the simulator: 100 recipients per
 * request grouped by campaign and delay, rows paired back to their items, never retried.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { pathOf } from '../helpers/engine';
import { byId, expression, field } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';
import { campaignsOf, serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);
/** Active campaigns of account A: NPS by email, CSAT by email; and a deactivated one. */
let npsCampaign: string;
let csatCampaign: string;
let inactiveCampaign: string;

beforeAll(async () => {
	const campaigns = await campaignsOf(sim);
	const named = (name: string) => String(campaigns.find((campaign) => campaign.name === name)?.id);
	npsCampaign = named('NPS Relationship (email)');
	csatCampaign = named('CSAT Support Email');
	inactiveCampaign = named('NPS Q3 Pulse (ended)');
});

beforeEach(() => {
	sim.clearRequests();
	sim.configure({ faults: [] });
});

const recipients = (count: number, prefix: string) =>
	Array.from({ length: count }, (_, i) => ({ email: `${prefix}.${i}@survey-test.com`, first: `First ${i}` }));

function send(items: IDataObject[], parameters: Record<string, unknown> = {}, options: Partial<RunOptions> = {}) {
	return runNode({
		service,
		parameters: { resource: 'survey', operation: 'send', campaign: byId(npsCampaign), email: field('email'), ...parameters },
		items,
		...options,
	});
}

const bodies = (sent: Array<{ body: unknown }>) => sent.map((request) => request.body as IDataObject);

describe('Survey: Send', () => {
	it('sends one POST /api/v2/survey with the campaign and the subscribers, and no delay when none is set', async () => {
		const { json, sent, output, error, hints } = await send(
			[{ email: 'ann@survey-test.com', first: 'Ann', tags: 'vip, trial' }],
			{
				additionalFields: {
					firstName: field('first'),
					lastName: 'Smith',
					company: 'Acme',
					tags: field('tags'),
					unsetTags: 'old',
				},
			},
		);
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('POST');
		expect(pathOf(sent[0])).toBe('/api/v2/survey');
		expect(sent[0].body).toEqual({
			campaign: npsCampaign,
			subscribers: [
				{ email: 'ann@survey-test.com', first_name: 'Ann', last_name: 'Smith', company: 'Acme', tags: ['vip', 'trial'], unset_tags: ['old'] },
			],
		});
		expect(json).toEqual([
			expect.objectContaining({ email: 'ann@survey-test.com', status: 'queued', surveyId: expect.any(String), campaign: npsCampaign }),
		]);
		expect(json[0]).not.toHaveProperty('index');
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(hints).toEqual([]);
	});

	it.each([
		[1, [1]],
		[100, [100]],
		[101, [100, 1]],
		[250, [100, 100, 50]],
	])('folds %i items into requests of %j subscribers, each item paired to its own row', async (count, sizes) => {
		const items = recipients(count, `batch${count}`);
		const { output, json, sent, error } = await send(items);
		expect(error).toBeUndefined();
		expect(bodies(sent).map((body) => (body.subscribers as unknown[]).length)).toEqual(sizes);
		expect(sim.requests({ path: '/api/v2/survey' })).toHaveLength(sizes.length);
		expect(output).toHaveLength(count);
		output.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
		json.forEach((row, i) => {
			expect(row.email).toBe(items[i].email);
			expect(row.status).toBe('queued');
		});
	});

	it('sends separate requests per campaign and per delay, and sends the delay as whole days', async () => {
		const items = [
			{ email: 'g1@survey-test.com', campaign: npsCampaign, delay: '' },
			{ email: 'g2@survey-test.com', campaign: csatCampaign, delay: '' },
			{ email: 'g3@survey-test.com', campaign: npsCampaign, delay: 2 },
			{ email: 'g4@survey-test.com', campaign: npsCampaign, delay: '' },
			{ email: 'g5@survey-test.com', campaign: npsCampaign, delay: 0 },
			{ email: 'g6@survey-test.com', campaign: npsCampaign, delay: '2' },
		];
		const { json, sent, output, error, hints } = await send(items, {
			campaign: byId(field('campaign')),
			options: { delay: field('delay') },
		});
		expect(error).toBeUndefined();
		expect(bodies(sent).map((body) => [body.campaign, body.delay, (body.subscribers as IDataObject[]).map((s) => s.email)])).toEqual([
			[npsCampaign, undefined, ['g1@survey-test.com', 'g4@survey-test.com']],
			[csatCampaign, undefined, ['g2@survey-test.com']],
			[npsCampaign, 2, ['g3@survey-test.com', 'g6@survey-test.com']],
			[npsCampaign, 0, ['g5@survey-test.com']],
		]);
		expect(bodies(sent)[0]).not.toHaveProperty('delay');
		// Each row went back to its own item, whatever request carried it.
		expect(json.map((row) => row.email)).toEqual(items.map((item) => item.email));
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, i) => ({ item: i })));
		expect(json.map((row) => row.status)).toEqual(['queued', 'queued', 'scheduled', 'queued', 'sent', 'scheduled']);
		// A delay overrides the campaign's sending time frame: the run says so.
		expect(hints).toEqual([expect.objectContaining({ location: 'outputPane', message: expect.stringMatching(/sending time frame/) })]);
	});

	it('keeps a row the service skipped (suppressed email) as that item’s output', async () => {
		const { json, error } = await send([{ email: 'ok@survey-test.com' }, { email: 'ceo@globex.com' }]);
		expect(error).toBeUndefined();
		expect(json[0].status).toBe('queued');
		expect(json[1]).toEqual(expect.objectContaining({ email: 'ceo@globex.com', status: 'skipped', reason: 'the email is suppressed' }));
	});

	describe('a row the service reports as failed', () => {
		// Passes the node's email check; the service refuses a one-letter top-level domain.
		const items = [{ email: 'r0@survey-test.com' }, { email: 'r1@survey-test.c' }, { email: 'r2@survey-test.com' }];

		it('fails the node naming the item and the reason, without Continue On Fail', async () => {
			const { error, sent } = await send(items);
			expect(sent).toHaveLength(1);
			expect(error?.message).toContain('failed for 1 of 3 items');
			expect(error?.description).toContain('item 1: refused by the service: invalid email');
			expect(error?.description).toContain('The service had already accepted items 0, 2');
		});

		it('becomes an error item paired to its input, with Continue On Fail', async () => {
			const { output, error } = await send(items, {}, { continueOnFail: true });
			expect(error).toBeUndefined();
			expect(output).toHaveLength(3);
			expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(output[1].json).toEqual(
				expect.objectContaining({ error: 'Survey: Send failed: refused by the service: invalid email', details: expect.objectContaining({ email: 'r1@survey-test.c', status: 'failed', reason: 'invalid email' }) }),
			);
			expect(output[0].json.status).toBe('queued');
			expect(output[2].json.status).toBe('queued');
		});
	});

	describe('bad input fails before any request', () => {
		it.each([
			['an invalid email', [{ email: 'ok@survey-test.com' }, { email: 'not-an-email' }], {}, /Email: "not-an-email" is not an email address \[item 1\]$/],
			['a negative delay', [{ email: 'ok@survey-test.com' }], { options: { delay: expression(-1) } }, /Options › Delay \(Days\): must be a whole number.*\[item 0\]$/],
			['a fractional delay', [{ email: 'ok@survey-test.com' }], { options: { delay: expression(1.5) } }, /Delay \(Days\).*1\.5 \[item 0\]$/],
			['a delay that is not a number', [{ email: 'ok@survey-test.com' }], { options: { delay: expression('soon') } }, /Delay \(Days\).*"soon" \[item 0\]$/],
			['no campaign', [{ email: 'ok@survey-test.com' }], { campaign: byId(expression('')) }, /Campaign: is required \[item 0\]$/],
		])('%s', async (_, items, parameters, message) => {
			const { error, sent } = await send(items, parameters);
			expect(error?.message).toMatch(message);
			expect(sent).toHaveLength(0);
			expect(sim.requests({ path: '/api/v2/survey' })).toHaveLength(0);
		});

		it('with Continue On Fail, sends the valid items and pairs the error to the bad one', async () => {
			const { output, sent } = await send([{ email: 'fine@survey-test.com' }, { email: 'nope' }], {}, { continueOnFail: true });
			expect(sent).toHaveLength(1);
			expect((bodies(sent)[0].subscribers as IDataObject[]).map((s) => s.email)).toEqual(['fine@survey-test.com']);
			expect(output[1]).toEqual(expect.objectContaining({ pairedItem: { item: 1 }, json: expect.objectContaining({ error: expect.stringMatching(/Email/) }) }));
		});
	});

	it('fails the batch when the service refuses the request (a deactivated campaign)', async () => {
		const { error, sent } = await send([{ email: 'x@survey-test.com' }], { campaign: byId(inactiveCampaign) });
		// Sent once; after the 400 the campaigns are read to tell whether the channel was the reason.
		expect(sent.map((request) => `${request.method} ${pathOf(request)}`)).toEqual(['POST /api/v2/survey', 'GET /api/v2/campaigns']);
		expect(error?.message).toMatch(/deactivated/);
	});

	it('is not repeated after a 5xx, while a read is', async () => {
		sim.configure({ faults: [{ kind: 503, match: { method: 'POST', pathPrefix: '/api/v2/survey' }, count: 1 }] });
		const write = await send([{ email: 'once@survey-test.com' }]);
		expect(write.error?.message).toMatch(/HTTP 503/);
		expect(write.sent).toHaveLength(1);
		expect(sim.requests({ path: '/api/v2/survey' })).toHaveLength(1);

		sim.configure({ faults: [{ kind: 503, match: { method: 'GET', pathPrefix: '/api/v2/outbox' }, count: 1 }] });
		const read = await runNode({ service, parameters: { resource: 'outbox', operation: 'getMany', limit: 1 } });
		expect(read.error).toBeUndefined();
		expect(read.sent).toHaveLength(2);
		expect(read.json).toHaveLength(1);
	});

	it('pairs rows keyed by email, an answer shape the simulator does not give', async () => {
		const mock = { baseUrl: 'https://survey.mock.test', apiKey: 'mock-key' };
		nock(mock.baseUrl)
			.post('/api/v2/survey')
			.reply(200, {
				message: 'Success.',
				code: 200,
				data: { 'b@x.com': { status: 'failed', reason: 'hard bounce' }, 'a@x.com': { status: 'queued', surveyId: 's-1' } },
			});
		const { output, error } = await runNode({
			service: mock,
			parameters: { resource: 'survey', operation: 'send', campaign: byId('c-1'), email: field('email') },
			items: [{ email: 'a@x.com' }, { email: 'B@x.com' }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.pairedItem, (item.json.details as IDataObject | undefined)?.status ?? item.json.status, item.json.surveyId ?? null])).toEqual([
			[{ item: 0 }, 'queued', 's-1'],
			[{ item: 1 }, 'failed', null],
		]);
		expect(output[1].json.error).toBe('Survey: Send failed: refused by the service: hard bounce');
	});
});
