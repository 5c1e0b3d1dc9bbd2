/**
 * Version 3's column mapper on Feedback › Import, Survey › Send and Legacy › V1: Create
 * Subscribers, in n8n's own engine against the simulator: each operation's list of fields as the
 * editor loads it, both mapping modes with the request bodies asserted exactly, the parameters
 * that stay beside the mapper (campaign, delay, import options), errors naming the item and the
 * column.
 */
import type { ResourceMapperField } from 'n8n-workflow';

import { byId, field } from '../helpers/parameters';
import { sendableCampaigns } from '../helpers/simulator';
import { brief, columns, CUSTOMER_COLUMNS, posted, PROPERTY_COLUMNS, useColumnMapper } from './columnMapperRuns';

const { sim, fieldsOf, v3 } = useColumnMapper();
let emailCampaign: string;
let npsCampaign: string;

beforeAll(async () => {
	({ email: emailCampaign, nps: npsCampaign } = await sendableCampaigns(sim));
});

let feedbackSchema: ResourceMapperField[];

// The lists as the editor loads them on the demo data, before the tests write customers with other properties.
beforeAll(async () => {
	feedbackSchema = (await fieldsOf('feedback', 'import', 'feedbackColumns')).fields;
});

describe('Feedback › Import', () => {
	const schema = () => feedbackSchema;

	test("the mapper lists a response's fields with their types (score and email required), then the account's custom properties", () => {
		expect(brief(schema())).toEqual([
			['email', 'Email', 'string', true],
			['score', 'Score', 'number', true],
			['comment', 'Comment', 'string', false],
			['first_name', 'First Name', 'string', false],
			['last_name', 'Last Name', 'string', false],
			['company', 'Company', 'string', false],
			['job_title', 'Job Title', 'string', false],
			['phone', 'Phone', 'string', false],
			['country', 'Country', 'string', false],
			['state', 'State', 'string', false],
			['city', 'City', 'string', false],
			['tags', 'Tags', 'string', false],
			['customer_tags', 'Customer Tags', 'string', false],
			['response_date', 'Response Date', 'dateTime', false],
			['send_date', 'Send Date', 'dateTime', false],
			['open_date', 'Open Date', 'dateTime', false],
			['topics', 'Topics', 'array', false],
			['additional_questions', 'Additional Questions', 'array', false],
			...PROPERTY_COLUMNS,
		]);
	});

	test('Map Each Column Manually: campaign and import options stay parameters; the body is exact', async () => {
		const { sent, error } = await v3(
			{
				resource: 'feedback',
				operation: 'import',
				campaign: byId(npsCampaign),
				columns: columns('defineBelow', schema(), {
					email: field('mail'),
					score: field('rating'),
					comment: field('text'),
					response_date: field('at'),
					'property:Plan': field('plan'),
				}),
				importOptions: { skipDuplicates: false },
			},
			{ items: [{ mail: 'importer.one@example.com', rating: '9', text: 'Great', at: '2026-03-01T10:00:00Z', plan: 'pro' }] },
		);
		expect(error).toBeUndefined();
		expect(posted(sent)).toEqual([
			[
				'/api/v2/import',
				{
					campaign_id: npsCampaign,
					feedback: [
						{
							email: 'importer.one@example.com',
							score: 9,
							comment: 'Great',
							response_date: '2026-03-01T10:00:00Z',
							properties: [{ label: 'Plan', value: 'pro', type: 'text' }],
						},
					],
					options: { skip_duplicates: false },
				},
			],
		]);
	});

	test('Map Automatically: the same reading as the earlier versions, errors naming the item', async () => {
		const { sent, error } = await v3(
			{ resource: 'feedback', operation: 'import', campaign: byId(npsCampaign), columns: columns('autoMapInputData', schema()), options: { ignoreFields: 'rowId' } },
			{ items: [{ rowId: 7, Email: 'importer.two@example.com', Score: 6, Comment: 'Slow', Country: 'DE' }] },
		);
		expect(error).toBeUndefined();
		// Country is the response's own field here (the import has a column for it), not the property of that name.
		expect(posted(sent)).toEqual([
			['/api/v2/import', { campaign_id: npsCampaign, feedback: [{ email: 'importer.two@example.com', score: 6, comment: 'Slow', country: 'DE' }] }],
		]);
		const bad = await v3(
			{ resource: 'feedback', operation: 'import', campaign: byId(npsCampaign), columns: columns('defineBelow', schema(), { email: 'x@example.com', score: field('rating') }) },
			{ items: [{ rating: 'nine' }] },
		);
		expect(bad.error?.message).toBe('Feedback: Import failed: Columns › Score: must be a whole number, got "nine" [item 0]');
	});
});

describe('Survey › Send', () => {
	let schema: ResourceMapperField[];
	beforeAll(async () => {
		const { fields, sent } = await fieldsOf('survey', 'send', 'recipientColumns');
		schema = fields;
		// The endpoint takes no custom properties: the list is the recipient's own fields, with no request.
		expect(sent).toEqual([]);
	});

	test("the mapper lists the recipient's fields, without properties", () => {
		expect(brief(schema)).toEqual(CUSTOMER_COLUMNS);
	});

	test('both modes send the same recipients; campaign and delay stay parameters', async () => {
		const items = [{ email: 'recipient.one@example.com', first_name: 'Ada' }];
		const manual = await v3(
			{
				resource: 'survey',
				operation: 'send',
				campaign: byId(emailCampaign),
				columns: columns('defineBelow', schema, { email: field('email'), first_name: field('first_name') }),
				options: { delay: 2 },
			},
			{ items },
		);
		const automatic = await v3(
			{ resource: 'survey', operation: 'send', campaign: byId(emailCampaign), columns: columns('autoMapInputData', schema), options: { delay: 2 } },
			{ items },
		);
		expect(manual.error).toBeUndefined();
		expect(automatic.error).toBeUndefined();
		const expected = [['/api/v2/survey', { campaign: emailCampaign, delay: 2, subscribers: [{ email: 'recipient.one@example.com', first_name: 'Ada' }] }]];
		expect(posted(manual.sent)).toEqual(expected);
		expect(posted(automatic.sent)).toEqual(expected);
	});

	test('Map Automatically leaves out what Fields to Ignore names and, with Ignore Them, the rest; ignoredFields lists both', async () => {
		const { sent, json, error } = await v3(
			{
				resource: 'survey',
				operation: 'send',
				campaign: byId(emailCampaign),
				columns: columns('autoMapInputData', schema),
				options: { ignoreFields: 'crmId', handlingExtraData: 'ignoreIt' },
			},
			{ items: [{ crmId: 'c-1', email: 'recipient.two@example.com', score: 3 }] },
		);
		expect(error).toBeUndefined();
		expect(posted(sent)).toEqual([['/api/v2/survey', { campaign: emailCampaign, subscribers: [{ email: 'recipient.two@example.com' }] }]]);
		expect(json[0].ignoredFields).toEqual(['crmId', 'score']);
	});
});

describe('Legacy › V1: Create Subscribers', () => {
	test('its four required columns, mapped manually, make the same body as before', async () => {
		const { fields } = await fieldsOf('legacy', 'v1CreateSubscribers', 'v1SubscriberColumns');
		expect(brief(fields)).toEqual([
			['email', 'Email', 'string', true],
			['first_name', 'First Name', 'string', true],
			['last_name', 'Last Name', 'string', true],
			['company', 'Company', 'string', true],
		]);
		const { sent, error } = await v3(
			{
				resource: 'legacy',
				operation: 'v1CreateSubscribers',
				columns: columns('defineBelow', fields, { email: 'v1.mapper@example.com', first_name: 'Ada', last_name: 'Lovelace', company: field('org') }),
			},
			{ items: [{ org: 'Engines Ltd' }] },
		);
		expect(error).toBeUndefined();
		expect(posted(sent)).toEqual([
			[
				'/api/service/nps/customers',
				{ subscribers: [{ email: 'v1.mapper@example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Engines Ltd', companyName: 'Engines Ltd' }] },
			],
		]);
	});
});
