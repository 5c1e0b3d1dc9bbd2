/**
 * The Legacy resource: the v1 API on the legacy base URL (always `Authorization: api_key=`) and
 * the deprecated /api/v2/nps/ endpoints, run in n8n's own engine against the simulator
 * (nock only for a service that repeats a page).
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { resources } from '../../nodes/SurveyFeedback/actions/resources';
import type { AuthenticationMethod } from '../../credentials/authentication';
import { pathOf, queryOf } from '../helpers/engine';
import { expression, field } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);
const serviceB = serviceFor(sim, 1);

const AUTHENTICATIONS: AuthenticationMethod[] = ['apiKeyHeader', 'legacyHeader', 'queryParameter'];

beforeEach(() => sim.clearRequests());

const run = (parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) =>
	runNode({ service, parameters: { resource: 'legacy', ...parameters }, ...options });

const headerNames = (sent: { headers: IDataObject }) => Object.keys(sent.headers).map((name) => name.toLowerCase());

/** The request went to the legacy base URL with only the v1 form of the key. */
function expectLegacyAuth(sent: { url: string; headers: IDataObject }, apiKey: string) {
	expect(sent.url.startsWith(`${sim.legacyBaseUrl}/api/service/nps/`)).toBe(true);
	expect(sent.headers.Authorization).toBe(`api_key=${apiKey}`);
	expect(headerNames(sent)).not.toContain('x-api-key');
	expect(new URL(sent.url).searchParams.has('api_key')).toBe(false);
}

describe('the Legacy resource', () => {
	it('offers the eight operations, each naming what replaces it, and not the removed survey endpoint', () => {
		const legacy = resources.find(({ value }) => value === 'legacy')!;
		const description = new SurveyFeedback().description.properties.filter((property) => property.displayOptions?.show?.resource?.includes('legacy'));
		expect(legacy.operations.map(({ option }) => option.value).sort()).toEqual(
			[
				'npsGetCampaigns',
				'npsGetResponses',
				'npsGetTemplates',
				'npsSetResponseTags',
				'v1CreateSubscribers',
				'v1GetLatestResponses',
				'v1GetScore',
				'v1GetSubscribers',
			].sort(),
		);
		const options = (description[0].options ?? []) as Array<{ value: string; description: string }>;
		const replacements: Record<string, string> = {
			v1GetSubscribers: 'Customer › Get Many',
			v1CreateSubscribers: 'Customer › Create or Update',
			v1GetScore: 'Score › Get',
			v1GetLatestResponses: 'Feedback › Get Many',
			npsGetResponses: 'Feedback › Get Many',
			npsGetTemplates: 'Template › Get Many',
			npsGetCampaigns: 'Campaign › Get Many',
			npsSetResponseTags: 'Feedback › Set Tags',
		};
		for (const option of options) expect(option.description).toContain(`replaced by ${replacements[option.value]}`);
		// The notice shown with each operation says it too.
		for (const [operation, replacement] of Object.entries(replacements)) {
			const notice = description.find(
				(property) => property.type === 'notice' && property.displayOptions?.show?.operation?.includes(operation),
			);
			expect(notice?.displayName).toContain(replacement);
		}
		expect(JSON.stringify(description)).not.toMatch(/customers\/survey/);
	});
});

describe('V1: Get Score', () => {
	it.each(AUTHENTICATIONS)('goes to the legacy base URL with Authorization: api_key= (credential %s)', async (authentication) => {
		const { json, sent, error } = await run({ operation: 'v1GetScore' }, { authentication });
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(pathOf(sent[0])).toBe('/api/service/nps/score');
		expectLegacyAuth(sent[0], service.apiKey);
		expect(json).toEqual([expect.objectContaining({ nps: expect.any(Number), totalResponses: expect.any(Number) })]);
		expect(sim.requests({ api: 'legacy' })).toEqual([expect.objectContaining({ auth: 'authorization', status: 200 })]);
	});
});

describe('V1: Get Subscribers', () => {
	beforeAll(() => {
		// Account B: 1100 more customers, so a full page of 1000 and a short one of the rest.
		sim.insert(
			sim.accounts[1].id,
			'customers',
			Array.from({ length: 1100 }, (_, i) => ({
				email: `paging${i}@example.com`,
				createdDate: new Date(Date.UTC(2025, 5, 1) + i * 60_000).toISOString(),
			})),
		);
	});

	it.each(AUTHENTICATIONS)('walks every page with currentPage, to the short last one (credential %s)', async (authentication) => {
		const { json, sent, error } = await runNode({
			service: serviceB,
			authentication,
			parameters: { resource: 'legacy', operation: 'v1GetSubscribers', returnAll: true },
		});
		expect(error).toBeUndefined();
		const total = sim.state().accounts[1].counts.customers;
		expect(total).toBeGreaterThan(1000);
		expect(total).toBeLessThan(2000);
		expect(json).toHaveLength(total);
		expect(new Set(json.map((row) => row.id)).size).toBe(total);
		expect(sent.map((request) => [request.method, pathOf(request), queryOf(request)])).toEqual([
			['GET', '/api/service/nps/customers', { sort: '-createdDate', currentPage: '1', limit: '1000' }],
			['GET', '/api/service/nps/customers', { sort: '-createdDate', currentPage: '2', limit: '1000' }],
		]);
		for (const request of sent) expectLegacyAuth(request, serviceB.apiKey);
		const dates = json.map((row) => String(row.createdDate));
		expect(dates).toEqual([...dates].sort().reverse());
	});

	it('with a Limit asks for that many, oldest first when sorted so', async () => {
		const { json, sent } = await run({ operation: 'v1GetSubscribers', limit: 7, options: { sort: 'createdDate' } });
		expect(json).toHaveLength(7);
		expect(queryOf(sent[0])).toEqual({ sort: 'createdDate', currentPage: '1', limit: '7' });
		const dates = json.map((row) => String(row.createdDate));
		expect(dates).toEqual([...dates].sort());
	});

	it('stops when the service repeats the page instead of advancing', async () => {
		const legacyBase = 'https://legacy-repeating.survey.test';
		const page = Array.from({ length: 1000 }, (_, i) => ({ id: `s${i}`, email: `s${i}@example.com` }));
		nock(legacyBase)
			.get('/api/service/nps/customers')
			.query(true)
			.times(5)
			// No page count, and currentPage stuck at 1: only the repeat shows the end.
			.reply(200, { message: 'success', code: 200, data: { subscribers: page, currentPage: '1', limit: '1000' } });
		const { json, sent, error } = await runNode({
			service: { baseUrl: 'https://v2.survey.test', legacyBaseUrl: legacyBase, apiKey: 'k' },
			parameters: { resource: 'legacy', operation: 'v1GetSubscribers', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(sent.map((request) => queryOf(request).currentPage)).toEqual(['1', '2']);
		expect(json).toHaveLength(1000);
		nock.cleanAll();
	});
});

describe('V1: Get Latest Responses', () => {
	let npsCampaignB: string;

	beforeAll(async () => {
		const campaigns = (await runNode({ service: serviceB, parameters: { resource: 'campaign', operation: 'getMany' } })).json;
		npsCampaignB = String(campaigns.find((campaign) => campaign.metric === 'NPS' && campaign.isActive)?.id);
		// 1050 new respondents in account B: more latest responses than one page holds.
		sim.insert(
			sim.accounts[1].id,
			'feedback',
			Array.from({ length: 1050 }, (_, i) => ({
				email: `respondent${i}@example.com`,
				campaignId: npsCampaignB,
				score: i % 11,
				createdDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
			})),
		);
	});

	it.each(AUTHENTICATIONS)('walks every page with currentPage (credential %s)', async (authentication) => {
		const { json, sent, error } = await runNode({
			service: serviceB,
			authentication,
			parameters: { resource: 'legacy', operation: 'v1GetLatestResponses', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(json.length).toBeGreaterThan(1050);
		expect(new Set(json.map((row) => row.id)).size).toBe(json.length);
		expect(sent.map((request) => [pathOf(request), queryOf(request)])).toEqual([
			['/api/service/nps/customers/response', { sort: 'DESC', currentPage: '1', limit: '1000' }],
			['/api/service/nps/customers/response', { sort: 'DESC', currentPage: '2', limit: '1000' }],
		]);
		for (const request of sent) expectLegacyAuth(request, serviceB.apiKey);
	});

	it('sends the email filter as email[0]=…&email[1]=… and the sort ASC', async () => {
		const { json, sent, error } = await runNode({
			service: serviceB,
			parameters: {
				resource: 'legacy',
				operation: 'v1GetLatestResponses',
				limit: 10,
				options: { emails: 'respondent3@example.com, respondent7@example.com', sort: 'ASC' },
			},
		});
		expect(error).toBeUndefined();
		expect(queryOf(sent[0])).toEqual({
			sort: 'ASC',
			'email[0]': 'respondent3@example.com',
			'email[1]': 'respondent7@example.com',
			currentPage: '1',
			limit: '10',
		});
		expect(json.map((row) => row.email)).toEqual(['respondent3@example.com', 'respondent7@example.com']);
		expect(sim.requests({ api: 'legacy' })[0].query).toEqual(
			expect.objectContaining({ email: ['respondent3@example.com', 'respondent7@example.com'] }),
		);
	});

	it('takes the emails as a list from an expression, and refuses a bad one before sending', async () => {
		const listed = await runNode({
			service: serviceB,
			parameters: { resource: 'legacy', operation: 'v1GetLatestResponses', options: { emails: expression(['respondent1@example.com']) } },
		});
		expect(listed.json.map((row) => row.email)).toEqual(['respondent1@example.com']);

		const bad = await run({ operation: 'v1GetLatestResponses', options: { emails: 'a@example.com, nope' } });
		expect(bad.error?.message).toContain('Options › Emails: "nope" is not an email address [item 0]');
		expect(bad.sent).toHaveLength(0);
	});
});

describe('V1: Create Subscribers', () => {
	const subscriberParameters = {
		operation: 'v1CreateSubscribers',
		email: field('email'),
		firstName: field('first'),
		lastName: field('last'),
		company: field('company'),
	};
	const people = (count: number, prefix: string) =>
		Array.from({ length: count }, (_, i) => ({ email: `${prefix}${i}@example.com`, first: 'Ada', last: `L${i}`, company: 'Lovelace Ltd' }));

	it.each(AUTHENTICATIONS)('sends 100 subscribers per request, one output row per item (credential %s)', async (authentication) => {
		const items = people(205, `v1-${authentication}-`);
		const { output, sent, error } = await run(subscriberParameters, { items, authentication });
		expect(error).toBeUndefined();
		expect(sent.map((request) => [request.method, pathOf(request)])).toEqual([
			['POST', '/api/service/nps/customers'],
			['POST', '/api/service/nps/customers'],
			['POST', '/api/service/nps/customers'],
		]);
		for (const request of sent) expectLegacyAuth(request, service.apiKey);
		const bodies = sent.map((request) => (request.body as { subscribers: IDataObject[] }).subscribers);
		expect(bodies.map((subscribers) => subscribers.length)).toEqual([100, 100, 5]);
		expect(bodies[0][0]).toEqual({
			email: `v1-${authentication}-0@example.com`,
			first_name: 'Ada',
			last_name: 'L0',
			company: 'Lovelace Ltd',
			companyName: 'Lovelace Ltd',
		});
		expect(bodies.flat().map((subscriber) => subscriber.email)).toEqual(items.map((item) => item.email));

		expect(output).toHaveLength(205);
		output.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json).toEqual(expect.objectContaining({ email: items[index].email, message: 'success' }));
		});

		// The customers exist afterwards, with their company.
		const created = await runNode({
			service,
			parameters: { resource: 'customer', operation: 'getMany', filters: { email: items[204].email } },
		});
		expect(created.json).toEqual([expect.objectContaining({ lastName: 'L204', companyName: 'Lovelace Ltd' })]);
	});

	it('refuses an incomplete item before sending anything, naming the item and the field', async () => {
		const items = people(3, 'incomplete-');
		items[1].company = ' ';
		const { error, sent } = await run(subscriberParameters, { items });
		expect(error?.message).toContain('Company: is required [item 1]');
		expect(sent).toHaveLength(0);
	});

	it('with Continue On Fail, a bad item fails alone and the others are sent', async () => {
		const items = people(150, 'partial-');
		items[42].email = 'broken';
		items[99].last = '';
		const { output, sent } = await run(subscriberParameters, { items, continueOnFail: true });
		expect(sent.map((request) => (request.body as { subscribers: unknown[] }).subscribers.length)).toEqual([100, 48]);
		expect(output).toHaveLength(150);
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, index) => ({ item: index })));
		expect(output[42].json.error).toBe('Legacy: V1: Create Subscribers failed: Email: "broken" is not an email address [item 42]');
		expect(output[99].json.error).toBe('Legacy: V1: Create Subscribers failed: Last Name: is required [item 99]');
		expect(output[43].json).toEqual(expect.objectContaining({ email: items[43].email, message: 'success' }));
	});
});

describe('Deprecated: Get Responses', () => {
	it('pages with page/limit on the v2 base URL and sends the dates as instants', async () => {
		const { json, sent, error } = await run({
			operation: 'npsGetResponses',
			limit: 1500,
			filters: { startDate: '2025-01-01', endDate: '2026-03-15', sort: 'createdDate' },
		});
		expect(error).toBeUndefined();
		expect(json).toHaveLength(1500);
		expect(sent.map((request) => [request.method, request.url.split('?')[0], queryOf(request)])).toEqual([
			[
				'GET',
				`${sim.baseUrl}/api/v2/nps/customers/response`,
				{ sort: 'createdDate', startDate: '2025-01-01T00:00:00Z', endDate: '2026-03-15T23:59:59.999Z', page: '1', limit: '1000' },
			],
			[
				'GET',
				`${sim.baseUrl}/api/v2/nps/customers/response`,
				{ sort: 'createdDate', startDate: '2025-01-01T00:00:00Z', endDate: '2026-03-15T23:59:59.999Z', page: '2', limit: '1000' },
			],
		]);
		// v2 paths keep the credential's own form of the key.
		expect(sent[0].headers['X-Api-Key']).toBe(service.apiKey);
		const dates = json.map((row) => String(row.createdDate));
		expect(dates).toEqual([...dates].sort());
	});

	it('refuses a start after the end before sending anything', async () => {
		const { error, sent } = await run({ operation: 'npsGetResponses', filters: { startDate: '2026-03-02', endDate: '2026-03-01' } });
		expect(error?.message).toContain('Filters › Start Date is after Filters › End Date');
		expect(sent).toHaveLength(0);
	});
});

describe('Deprecated: Get Templates and Get Campaigns', () => {
	it.each([
		['npsGetTemplates', '/api/v2/nps/templates', 'templates'],
		['npsGetCampaigns', '/api/v2/nps/campaigns', 'campaigns'],
	] as const)('%s returns every record, one item each', async (operation, path, kind) => {
		const { json, sent } = await run({ operation });
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(sent[0].url).toBe(`${sim.baseUrl}${path}`);
		expect(json).toHaveLength(sim.state().accounts[0].counts[kind]);
		expect(json[0]).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String) }));
	});
});

describe('Deprecated: Set Response Tags', () => {
	let responseId: string;
	let originalTags: string[];

	beforeAll(async () => {
		const { json } = await run({ operation: 'npsGetResponses', limit: 1 });
		responseId = String(json[0].id);
		originalTags = json[0].tags as string[];
	});

	it('appends with op=append, then replaces without op', async () => {
		const appended = await run({ operation: 'npsSetResponseTags', responseId, tags: 'needs-follow-up, vip-account' });
		expect(appended.sent).toHaveLength(1);
		expect(appended.sent[0].method).toBe('POST');
		expect(appended.sent[0].url).toBe(`${sim.baseUrl}/api/v2/nps/customers/response/tags`);
		expect(appended.sent[0].body).toEqual({ id: responseId, tags: ['needs-follow-up', 'vip-account'], op: 'append' });
		expect(appended.json).toEqual([expect.objectContaining({ id: responseId, tags: [...originalTags, 'needs-follow-up', 'vip-account'] })]);

		const replaced = await run({ operation: 'npsSetResponseTags', responseId, tags: expression(['only-this']), mode: 'replace' });
		expect(replaced.sent[0].body).toEqual({ id: responseId, tags: ['only-this'] });
		expect(replaced.json[0].tags).toEqual(['only-this']);

		const cleared = await run({ operation: 'npsSetResponseTags', responseId, tags: '', mode: 'replace' });
		expect(cleared.sent[0].body).toEqual({ id: responseId, tags: [] });
		expect(cleared.json[0].tags).toEqual([]);
	});

	it('an unknown response says there is no such record in this account', async () => {
		const { error } = await run({ operation: 'npsSetResponseTags', responseId: '6a0000000000000000000fff', tags: 'x' });
		expect(error?.message).toMatch(/no such record in this account/);
	});

	it('refuses an empty response ID before sending anything', async () => {
		const { error, sent } = await run({ operation: 'npsSetResponseTags', responseId: expression(''), tags: 'x' });
		expect(error?.message).toContain('Response ID: is required [item 0]');
		expect(sent).toHaveLength(0);
	});
});
