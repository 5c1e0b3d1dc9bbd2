/**
 * "Map Automatically": bulk operations read each item's JSON by field name, with no expression per
 * field, through the same row schema as "Define Below". Same counts and pairing, the same bodies on
 * the wire for the same data, and every bad item refused before anything is sent, naming the item
 * and the field as the user wrote it.
 */
import type { IDataObject } from 'n8n-workflow';

import { sendableCampaigns, serviceFor, useSimulator } from '../helpers/simulator';
import { byId, field } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';

const sim = useSimulator();
const service = serviceFor(sim);
let emailCampaign: string;
let npsCampaign: string;

beforeAll(async () => {
	({ email: emailCampaign, nps: npsCampaign } = await sendableCampaigns(sim));
});
beforeEach(() => sim.clearRequests());

const bodies = (method: string, path: string) => sim.requests({ method, path }).filter((r) => r.path === path).map((r) => r.body as IDataObject);
const auto = (resource: string, operation: string, items: IDataObject[], parameters: IDataObject = {}) =>
	runNode({ service, parameters: { resource, operation, inputMode: 'itemJson', ...parameters }, items });

describe('Customer › Create or Update, mapped automatically', () => {
	test.each([
		[1, 1],
		[1000, 1],
		[1001, 2],
		[2500, 3],
	])('%i items make %i requests, each item paired to its own row', async (count, requests) => {
		const items = Array.from({ length: count }, (_, i) => ({ email: `auto${count}.${i}@example.com`, firstName: `First ${i}` }));
		const { output, error } = await auto('customer', 'upsert', items);
		expect(error).toBeUndefined();
		expect(bodies('POST', '/api/v2/customers').map((body) => (body.subscribers as unknown[]).length)).toEqual(
			Array.from({ length: requests }, (_, i) => Math.min(1000, count - i * 1000)),
		);
		expect(output).toHaveLength(count);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json).toMatchObject({ email: items[i].email, status: 'created' });
		});
	});

	test('sends the same body as Define Below for the same data', async () => {
		const items = [
			{ email: 'same.1@example.com', first: 'Ada', last: 'Lovelace', company: 'Engines', tags: 'vip, beta', clear: ['old'], plan: 'pro' },
			{ email: 'same.2@example.com', first: 'Alan', last: '', company: 'Bletchley', tags: [], clear: [], plan: '' },
		];
		await runNode({
			service,
			parameters: {
				resource: 'customer',
				operation: 'upsert',
				email: field('email'),
				additionalFields: { firstName: field('first'), lastName: field('last'), company: field('company'), tags: field('tags'), unsetTags: field('clear') },
				customProperties: { property: [{ label: 'plan', value: field('plan'), type: 'text' }] },
			},
			items,
		});
		await auto(
			'customer',
			'upsert',
			items.map((item) => ({
				email: item.email,
				firstName: item.first,
				last_name: item.last,
				company: item.company,
				tags: item.tags,
				unsetTags: item.clear,
				properties: [{ label: 'plan', value: item.plan, type: 'text' }],
			})),
		);
		const [defined, automatic] = bodies('POST', '/api/v2/customers');
		expect(automatic).toEqual(defined);
		expect(defined.subscribers).toEqual([
			{ email: 'same.1@example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Engines', tags: ['vip', 'beta'], unset_tags: ['old'], properties: [{ label: 'plan', value: 'pro', type: 'text' }] },
			{ email: 'same.2@example.com', first_name: 'Alan', company: 'Bletchley', properties: [{ label: 'plan', value: '', type: 'text' }] },
		]);
	});

	test('takes a customer as Customer › Get Many returns it, leaving out its read-only fields', async () => {
		const [record] = (await runNode({ service, parameters: { resource: 'customer', operation: 'getMany', limit: 1 } })).json;
		expect(record).toHaveProperty('createdDate');
		const { error } = await auto('customer', 'upsert', [{ ...record, tags: ['again'] }]);
		expect(error).toBeUndefined();
		const [sent] = bodies('POST', '/api/v2/customers')[0].subscribers as IDataObject[];
		expect(sent).toMatchObject({ email: record.email, tags: ['again'] });
		for (const key of Object.keys(sent)) expect(['email', 'first_name', 'last_name', 'company', 'tags', 'properties']).toContain(key);
	});

	test('custom properties may also be given as an object of values', async () => {
		await auto('customer', 'upsert', [{ email: 'props@example.com', properties: { plan: 'pro', seats: 12, trial: false } }]);
		const [body] = bodies('POST', '/api/v2/customers');
		expect((body.subscribers as IDataObject[])[0].properties).toEqual([
			{ label: 'plan', value: 'pro', type: 'text' },
			{ label: 'seats', value: 12, type: 'number' },
			{ label: 'trial', value: false, type: 'boolean' },
		]);
	});

	test.each<[string, IDataObject, RegExp]>([
		['no email', { firstName: 'Ann' }, /^Customer: Create or Update failed: Item JSON › email: is empty; an email address is required \[item 1\]$/],
		['an email that is not one', { email: 'nope' }, /^Customer: Create or Update failed: Item JSON › email: "nope" is not an email address \[item 1\]$/],
		['a name that is an object', { email: 'a@b.co', firstName: { x: 1 } }, /Item JSON › firstName: must be text, not an object \[item 1\]$/],
		['tags that are a number', { email: 'a@b.co', tags: 5 }, /Item JSON › tags: must be a list or comma-separated text, not a number \[item 1\]$/],
		['a tag that is an object', { email: 'a@b.co', tags: ['ok', {}] }, /Item JSON › tags: entry 2 must be text, not an object \[item 1\]$/],
		['a property without a label', { email: 'a@b.co', properties: [{ value: 'x' }] }, /Item JSON › properties: entry 1 needs a label.*\[item 1\]$/],
		['a field given twice', { email: 'a@b.co', firstName: 'A', first_name: 'B' }, /Item JSON › first_name: gives first_name a second time \(also as firstName\); keep one of them \[item 1\]$/],
		['unknown fields', { email: 'a@b.co', mobile: '123', plan: 'pro' }, /Item JSON: has fields this operation does not take: mobile, plan \[item 1\]$/],
	])('refuses %s, naming the item and the field, before anything is sent', async (_, bad, message) => {
		const { error, output } = await auto('customer', 'upsert', [{ email: 'fine@example.com' }, bad]);
		expect(error?.message).toMatch(message);
		expect(output).toEqual([]);
		expect(bodies('POST', '/api/v2/customers')).toEqual([]);
	});

	test('with Continue On Fail a bad item fails alone and the rest is sent', async () => {
		const { output } = await runNode({
			service,
			parameters: { resource: 'customer', operation: 'upsert', inputMode: 'itemJson' },
			items: [{ email: 'ok.1@example.com' }, { email: 'nope' }, { email: 'ok.2@example.com' }],
			continueOnFail: true,
		});
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[1].json.error).toMatch(/Item JSON › email: "nope" is not an email address \[item 1\]/);
		expect((bodies('POST', '/api/v2/customers')[0].subscribers as IDataObject[]).map((s) => s.email)).toEqual(['ok.1@example.com', 'ok.2@example.com']);
	});
});

describe('the other bulk operations, mapped automatically', () => {
	test('Survey › Send takes recipients, and refuses custom properties it cannot send', async () => {
		const { output, error } = await auto('survey', 'send', [{ email: 'r1@example.com', firstName: 'R' }, { email: 'r2@example.com', mobile: 'x' }], {
			campaign: byId(emailCampaign),
		});
		expect(output).toEqual([]);
		expect(error?.message).toMatch(/Item JSON: has a field this operation does not take: mobile \[item 1\]/);

		const sent = await auto('survey', 'send', [{ email: 'r1@example.com', firstName: 'R', tags: 'a,b' }], { campaign: byId(emailCampaign) });
		expect(sent.error).toBeUndefined();
		expect(bodies('POST', '/api/v2/survey')[0]).toEqual({ campaign: emailCampaign, subscribers: [{ email: 'r1@example.com', first_name: 'R', tags: ['a', 'b'] }] });

		const withProperties = await auto('survey', 'send', [{ email: 'r3@example.com', properties: { plan: 'pro' } }], { campaign: byId(emailCampaign) });
		expect(withProperties.error?.message).toMatch(/Item JSON: has a field this operation does not take: properties/);
	});

	test('Legacy › V1 Create Subscribers needs every field', async () => {
		const { error } = await auto('legacy', 'v1CreateSubscribers', [{ email: 'v1@example.com', firstName: 'V', lastName: 'One' }]);
		expect(error?.message).toMatch(/Item JSON › company: is required \[item 0\]/);
		const ok = await auto('legacy', 'v1CreateSubscribers', [{ email: 'v1@example.com', firstName: 'V', lastName: 'One', companyName: 'Acme' }]);
		expect(ok.error).toBeUndefined();
		expect(bodies('POST', '/api/service/nps/customers').at(-1)).toEqual({
			subscribers: [{ email: 'v1@example.com', first_name: 'V', last_name: 'One', company: 'Acme', companyName: 'Acme' }],
		});
	});

	test.each(['unsubscribe', 'resubscribe', 'delete'])('Customer › %s reads only the email of each item', async (operation) => {
		const email = `list.${operation}@example.com`;
		await auto('customer', 'upsert', [{ email }]);
		sim.clearRequests();
		const items = [{ email, id: 'x', anything: { else: true } }];
		const { output, error } = await auto('customer', operation, items);
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		const [body] = sim.requests().filter((r) => r.path.startsWith('/api/v2/customers')).map((r) => r.body as IDataObject);
		expect(body.subscribers).toEqual([email]);
	});

	test('Feedback › Import takes camelCase names too, through the same schema as Define Below', async () => {
		await auto('feedback', 'import', [{ email: 'imp@example.com', score: '9', firstName: 'Imp', responseDate: '2026-02-01T08:00:00Z', customerTags: 'a' }], {
			campaign: byId(npsCampaign),
		});
		await runNode({
			service,
			parameters: {
				resource: 'feedback',
				operation: 'import',
				campaign: byId(npsCampaign),
				email: 'imp@example.com',
				score: '9',
				additionalFields: { firstName: 'Imp', responseDate: '2026-02-01T08:00:00Z', customerTags: 'a' },
			},
		});
		const [automatic, defined] = bodies('POST', '/api/v2/import');
		expect(automatic).toEqual(defined);
		expect(automatic.feedback).toEqual([{ email: 'imp@example.com', score: 9, first_name: 'Imp', response_date: '2026-02-01T08:00:00Z', customer_tags: ['a'] }]);
	});
});

describe('names as people write them: a field is the operation’s field once case, spaces, _ and - are left aside', () => {
	/** Rows as the Google Sheets node reads them: the sheet's headers, and its own row_number. */
	const sheetRows = [
		{ row_number: 2, Email: 'sheet.1@example.com', 'First Name': 'Ada', 'Last Name': 'Lovelace', Company: 'Engines' },
		{ row_number: 3, EMAIL: 'sheet.2@example.com', FIRST_NAME: 'Alan', 'last-name': 'Turing', 'Company Name': 'Bletchley', Tags: 'vip, beta' },
		{ row_number: 4, 'E-mail': 'sheet.3@example.com', firstname: 'Grace', LastName: 'Hopper', 'Unset Tags': 'old' },
	];

	test('Customer › Create or Update takes a sheet’s rows as they are, row_number left out, under the default choice', async () => {
		const { output, error } = await auto('customer', 'upsert', sheetRows);
		expect(error).toBeUndefined();
		expect(bodies('POST', '/api/v2/customers')).toEqual([
			{
				subscribers: [
					{ email: 'sheet.1@example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Engines' },
					{ email: 'sheet.2@example.com', first_name: 'Alan', last_name: 'Turing', company: 'Bletchley', tags: ['vip', 'beta'] },
					{ email: 'sheet.3@example.com', first_name: 'Grace', last_name: 'Hopper', unset_tags: ['old'] },
				],
			},
		]);
		expect(output.map((item) => item.json)).toEqual(sheetRows.map((_, i) => ({ email: `sheet.${i + 1}@example.com`, status: 'created', id: expect.any(String) })));
	});

	test.each(['ignoreIt', 'customProperties'])('row_number is left out silently with %s too: neither listed nor sent', async (handlingExtraData) => {
		const { output, error } = await auto('customer', 'upsert', [sheetRows[0]], { handlingExtraData });
		expect(error).toBeUndefined();
		expect(bodies('POST', '/api/v2/customers')).toEqual([{ subscribers: [{ email: 'sheet.1@example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Engines' }] }]);
		expect(output[0].json).toEqual({ email: 'sheet.1@example.com', status: 'updated', id: expect.any(String), ...(handlingExtraData === 'ignoreIt' ? { ignoredFields: [] } : {}) });
	});

	test('Survey › Send, Legacy › V1 Create Subscribers and Feedback › Import read them the same way', async () => {
		const survey = await auto('survey', 'send', [{ row_number: 2, Email: 'sheet.send@example.com', 'First Name': 'Sam' }], { campaign: byId(emailCampaign) });
		expect(survey.error).toBeUndefined();
		expect(bodies('POST', '/api/v2/survey')).toEqual([{ campaign: emailCampaign, subscribers: [{ email: 'sheet.send@example.com', first_name: 'Sam' }] }]);

		const v1 = await auto('legacy', 'v1CreateSubscribers', [{ row_number: 2, Email: 'sheet.v1@example.com', 'First Name': 'Vee', 'Last Name': 'One', Company: 'Acme' }]);
		expect(v1.error).toBeUndefined();
		expect(bodies('POST', '/api/service/nps/customers')).toEqual([
			{ subscribers: [{ email: 'sheet.v1@example.com', first_name: 'Vee', last_name: 'One', company: 'Acme', companyName: 'Acme' }] },
		]);

		const imported = await auto(
			'feedback',
			'import',
			[{ row_number: 2, Email: 'sheet.import@example.com', Score: 9, Comment: 'Great', 'Job Title': 'CTO', Country: 'FR', 'Response Date': '2026-02-01T08:00:00Z' }],
			{ campaign: byId(npsCampaign) },
		);
		expect(imported.error).toBeUndefined();
		expect(bodies('POST', '/api/v2/import')).toEqual([
			{
				campaign_id: npsCampaign,
				feedback: [{ email: 'sheet.import@example.com', score: 9, comment: 'Great', job_title: 'CTO', country: 'FR', response_date: '2026-02-01T08:00:00Z' }],
			},
		]);
	});

	test('the operations that read only an email take Email as well', async () => {
		const email = 'sheet.unsubscribe@example.com';
		await auto('customer', 'upsert', [{ email }]);
		sim.clearRequests();
		const { error } = await auto('customer', 'unsubscribe', [{ row_number: 7, Email: email, Notes: 'asked by phone' }]);
		expect(error).toBeUndefined();
		expect(sim.requests().filter((r) => r.path.startsWith('/api/v2/customers')).map((r) => r.body)).toEqual([{ subscribers: [email] }]);
	});

	test.each<[string, IDataObject, string]>([
		['Email and email', { email: 'a@b.co', Email: 'c@d.co' }, 'Item JSON › Email: gives email a second time (also as email); keep one of them [item 1]'],
		['First Name and firstName', { email: 'a@b.co', 'First Name': 'A', firstName: 'B' }, 'Item JSON › firstName: gives first_name a second time (also as First Name); keep one of them [item 1]'],
		['Company and companyName', { email: 'a@b.co', companyName: 'A', Company: 'B' }, 'Item JSON › Company: gives company a second time (also as companyName); keep one of them [item 1]'],
		['phone and Phone', { email: 'a@b.co', phone: '1', Phone: '2' }, 'Item JSON › Phone: gives phone a second time (also as phone); keep one of them [item 1]'],
	])('two fields that read as one (%s) are refused, naming both, before anything is sent', async (_, bad, message) => {
		for (const handlingExtraData of ['error', 'ignoreIt', 'customProperties']) {
			const { error, output } = await auto('customer', 'upsert', [{ email: 'fine@example.com' }, bad], { handlingExtraData });
			expect(error?.message).toBe(`Customer: Create or Update failed: ${message}`);
			expect(output).toEqual([]);
		}
		expect(bodies('POST', '/api/v2/customers')).toEqual([]);
	});
});
