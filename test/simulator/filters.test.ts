import { qs, useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient({ seed: 'empty' });
let campaigns: any[];
const ids: Record<string, string> = {};

const prop = (label: string, value: unknown) => ({ label, value, type: 'text' });
const PEOPLE = [
	{ email: 'ann@alpha.com', tags: ['vip'], properties: [prop('Country', 'DE'), prop('Plan', 'growth'), prop('Group', 'pilot')] },
	{ email: 'bob@bravo.com', tags: [], properties: [prop('Country', 'US'), prop('Plan', 'free'), prop('Group', 'control')] },
	{ email: 'cid@charlie.com', tags: ['beta'], properties: [prop('Country', 'DE'), prop('Plan', 'enterprise')] },
	{ email: 'dan@delta.com', tags: ['vip', 'beta'], properties: [prop('Country', 'FR'), prop('Plan', 'growth'), prop('Group', 'beta')] },
];

beforeAll(async () => {
	campaigns = (await client.get('/api/v2/campaigns')).body.campaigns;
	const customers = client.sim.insert(client.A.id, 'customers', PEOPLE.map((p, i) => ({ ...p, createdDate: `2026-01-0${i + 1}T10:00:00Z` })));
	for (const c of customers) ids[c.email as string] = c.id as string;
	const email = campaigns.find((c) => c.channel === 'email' && c.metric === 'NPS');
	const inapp = campaigns.find((c) => c.channel === 'inapp' && c.metric === 'NPS');
	client.sim.insert(client.A.id, 'feedback', [
		{ email: 'ann@alpha.com', campaignId: email.id, score: 10, createdDate: '2026-02-01T00:00:00Z' },
		{ email: 'ann@alpha.com', campaignId: inapp.id, score: 3, createdDate: '2026-02-02T00:00:00Z' },
		{ email: 'bob@bravo.com', campaignId: email.id, score: 8, createdDate: '2026-02-03T00:00:00Z' },
		{ email: 'cid@charlie.com', campaignId: inapp.id, score: 9, createdDate: '2026-02-04T00:00:00Z' },
		{ email: 'dan@delta.com', campaignId: email.id, score: 0, createdDate: '2026-02-05T00:00:00Z' },
	]);
	client.sim.insert(client.A.id, 'outbox', [
		{ email: 'ann@alpha.com', campaignId: email.id, sentBy: 'campaign', surveyCreatedDate: '2026-02-01T00:00:00Z' },
		{ email: 'bob@bravo.com', campaignId: email.id, sentBy: 'reminder', surveyCreatedDate: '2026-02-02T00:00:00Z' },
		{ email: 'cid@charlie.com', campaignId: inapp.id, sentBy: 'manual', surveyCreatedDate: '2026-02-03T00:00:00Z' },
		{ email: 'dan@delta.com', campaignId: inapp.id, channel: 'intercom', sentBy: 'test', surveyCreatedDate: '2026-02-04T00:00:00Z' },
	]);
});

const emails = (rows: any[]) => rows.map((r) => r.email).sort();
const customers = async (query: string) => {
	const r = await client.get(`/api/v2/customers?${query}`);
	expect(r.status).toBe(200);
	return emails(r.body.data.subscribers);
};

describe('attribute filters (customers)', () => {
	const cases: Array<[string, object, string, string[]]> = [
		['equal', [{ name: 'country', op: 'equal', value: 'DE' }], 'all', ['ann@alpha.com', 'cid@charlie.com']],
		['equal ignores case and matches the label', [{ name: 'Country', op: 'equal', value: 'de' }], 'all', ['ann@alpha.com', 'cid@charlie.com']],
		['not_equal', [{ name: 'country', op: 'not_equal', value: 'DE' }], 'all', ['bob@bravo.com', 'dan@delta.com']],
		['contains', [{ name: 'plan', op: 'contains', value: 'row' }], 'all', ['ann@alpha.com', 'dan@delta.com']],
		['in with a comma list', [{ name: 'plan', op: 'in', value: 'free,enterprise' }], 'all', ['bob@bravo.com', 'cid@charlie.com']],
		['in with an array', [{ name: 'plan', op: 'in', value: ['free', 'enterprise'] }], 'all', ['bob@bravo.com', 'cid@charlie.com']],
		['exists', [{ name: 'group', op: 'exists' }], 'all', ['ann@alpha.com', 'bob@bravo.com', 'dan@delta.com']],
		['exists with value false', [{ name: 'group', op: 'exists', value: 'false' }], 'all', ['cid@charlie.com']],
		['a missing op means equal', [{ name: 'plan', value: 'growth' }], 'all', ['ann@alpha.com', 'dan@delta.com']],
		['tags (built-in)', [{ name: 'tags', op: 'equal', value: 'vip' }], 'all', ['ann@alpha.com', 'dan@delta.com']],
		['match=all is AND', [{ name: 'country', op: 'equal', value: 'DE' }, { name: 'plan', op: 'equal', value: 'growth' }], 'all', ['ann@alpha.com']],
		['match=any is OR', [{ name: 'country', op: 'equal', value: 'DE' }, { name: 'plan', op: 'equal', value: 'growth' }], 'any', ['ann@alpha.com', 'cid@charlie.com', 'dan@delta.com']],
	];

	test.each(cases)('%s', async (_name, attributes, match, expected) => {
		expect(await customers(qs({ attributes, match }))).toEqual(expected);
	});

	test('match defaults to all', async () => {
		const attributes = [{ name: 'country', op: 'equal', value: 'DE' }, { name: 'plan', op: 'equal', value: 'growth' }];
		expect(await customers(qs({ attributes }))).toEqual(['ann@alpha.com']);
	});

	test('brackets may arrive raw, percent-encoded, or the list as one JSON string', async () => {
		const raw = 'attributes[0][name]=country&attributes[0][op]=equal&attributes[0][value]=FR';
		expect(await customers(raw)).toEqual(['dan@delta.com']);
		expect(await customers(raw.replace(/\[/g, '%5B').replace(/\]/g, '%5D'))).toEqual(['dan@delta.com']);
		expect(await customers(`attributes=${encodeURIComponent(JSON.stringify([{ name: 'country', value: 'FR' }]))}`)).toEqual(['dan@delta.com']);
	});

	test.each([
		['an unknown op', { attributes: [{ name: 'plan', op: 'like', value: 'x' }] }],
		['a missing name', { attributes: [{ op: 'equal', value: 'x' }] }],
		['a missing value', { attributes: [{ name: 'plan', op: 'equal' }] }],
		['a bad match', { attributes: [{ name: 'plan', value: 'x' }], match: 'some' }],
	])('%s is a 400', async (_n, q) => {
		const r = await client.get(`/api/v2/customers?${qs(q)}`);
		expect(r.status).toBe(400);
	});

	test('the same filters apply to feedback and outbox (customer snapshot)', async () => {
		const q = qs({ attributes: [{ name: 'country', op: 'equal', value: 'DE' }] });
		const f = (await client.get(`/api/v2/feedback?${q}`)).body.data.responses;
		expect(emails(f)).toEqual(['ann@alpha.com', 'ann@alpha.com', 'cid@charlie.com']);
		const o = (await client.get(`/api/v2/outbox?${q}`)).body.data.surveys;
		expect(emails(o)).toEqual(['ann@alpha.com', 'cid@charlie.com']);
	});
});

describe('plain filters', () => {
	test('customers by email (case-insensitive)', async () => {
		expect(await customers('email=BOB@bravo.com')).toEqual(['bob@bravo.com']);
		expect(await customers('email=nobody@x.com')).toEqual([]);
	});

	test('feedback by email, customerId and campaignId', async () => {
		const email = campaigns.find((c) => c.channel === 'email' && c.metric === 'NPS');
		const by = async (q: string) => (await client.get(`/api/v2/feedback?${q}`)).body.data;
		expect((await by('email=ann@alpha.com')).total).toBe(2);
		expect(emails((await by(`customerId=${ids['dan@delta.com']}`)).responses)).toEqual(['dan@delta.com']);
		expect(emails((await by(`campaignId=${email.id}`)).responses)).toEqual(['ann@alpha.com', 'bob@bravo.com', 'dan@delta.com']);
		expect((await by(`campaignId=${email.id}&email=ann@alpha.com`)).total).toBe(1);
	});

	test('outbox by channel, sentBy, campaignId and email', async () => {
		const inapp = campaigns.find((c) => c.channel === 'inapp' && c.metric === 'NPS');
		const by = async (q: string) => emails((await client.get(`/api/v2/outbox?${q}`)).body.data.surveys);
		expect(await by('channel=email')).toEqual(['ann@alpha.com', 'bob@bravo.com']);
		expect(await by('channel=intercom')).toEqual(['dan@delta.com']);
		expect(await by('sentBy=reminder')).toEqual(['bob@bravo.com']);
		expect(await by('sentBy=test')).toEqual(['dan@delta.com']);
		expect(await by(`campaignId=${inapp.id}`)).toEqual(['cid@charlie.com', 'dan@delta.com']);
		expect(await by('email=cid@charlie.com&sentBy=manual')).toEqual(['cid@charlie.com']);
	});

	test('unknown channel or sentBy values are a 400', async () => {
		expect((await client.get('/api/v2/outbox?channel=sms')).status).toBe(400);
		expect((await client.get('/api/v2/outbox?sentBy=robot')).status).toBe(400);
	});
});
