/**
 * Each item fails alone in Survey › Send, Feedback › Import and Legacy › V1: Create Subscribers, on
 * every node version and input mode, with the failing item first or in the middle
 * (eachItemAlone.ts says what is checked).
 */
import { byId } from '../helpers/parameters';
import { column, columns, failing, testEachItemAlone, type BulkCase } from './eachItemAlone';

const email = (marker: string) => `${marker}@items.test`;
const SURVEY = { method: 'POST', path: '/api/v2/survey' } as const;
const IMPORT = { method: 'POST', path: '/api/v2/import' } as const;
const V1 = { method: 'POST', path: '/api/service/nps/customers' } as const;

const survey: BulkCase[] = [
	{
		name: 'Survey › Send, Define Below, Campaign',
		versions: [1, 2],
		parameters: ({ email: campaign }) => ({ resource: 'survey', operation: 'send', campaign: byId(failing(`'${campaign}'`)) }),
		item: (marker) => ({ email: email(marker) }),
		request: SURVEY,
	},
	{
		name: 'Survey › Send, Define Below, Additional Fields › Tags',
		versions: [1, 2],
		parameters: ({ email: campaign }) => ({ resource: 'survey', operation: 'send', campaign: byId(campaign), additionalFields: { tags: failing("'vip'") } }),
		item: (marker) => ({ email: email(marker) }),
		request: SURVEY,
	},
	{
		name: 'Survey › Send, Map Automatically, Options › Delay (Days)',
		versions: [1, 2],
		parameters: ({ email: campaign }) => ({ resource: 'survey', operation: 'send', campaign: byId(campaign), inputMode: 'itemJson', options: { delay: failing('2') } }),
		item: (marker) => ({ email: email(marker) }),
		request: SURVEY,
	},
	{
		name: 'Survey › Send, Map Each Column Manually, a column',
		versions: [3, 3.1],
		parameters: ({ email: campaign }) => ({ resource: 'survey', operation: 'send', campaign: byId(campaign), columns: columns('defineBelow', [column('email', 'Email')], { email: failing('$json.email') }) }),
		item: (marker) => ({ email: email(marker) }),
		request: SURVEY,
	},
	{
		name: 'Survey › Send, Map Automatically, Options › Delay (Days)',
		versions: [3, 3.1],
		parameters: ({ email: campaign }) => ({ resource: 'survey', operation: 'send', campaign: byId(campaign), columns: columns('autoMapInputData', []), options: { delay: failing('2') } }),
		item: (marker) => ({ email: email(marker) }),
		request: SURVEY,
	},
];

const IMPORT_MAPPER = [column('email', 'Email'), column('score', 'Score', 'number')];
const response = (marker: string) => ({ email: email(marker), score: 9 });
const imports: BulkCase[] = [
	{
		name: 'Feedback › Import, Define Below, Score',
		versions: [1, 2],
		parameters: ({ nps }) => ({ resource: 'feedback', operation: 'import', campaign: byId(nps), score: failing('$json.score') }),
		item: response,
		request: IMPORT,
	},
	{
		name: 'Feedback › Import, Map Automatically, Import Options › Default Send Date',
		versions: [1, 2],
		parameters: ({ nps }) => ({ resource: 'feedback', operation: 'import', campaign: byId(nps), inputMode: 'itemJson', importOptions: { defaultSendDate: failing("'2026-03-01'") } }),
		item: response,
		request: IMPORT,
	},
	{
		name: 'Feedback › Import, Map Each Column Manually, a column',
		versions: [3, 3.1],
		parameters: ({ nps }) => ({
			resource: 'feedback',
			operation: 'import',
			campaign: byId(nps),
			columns: columns('defineBelow', IMPORT_MAPPER, { email: '={{ $json.email }}', score: failing('$json.score') }),
		}),
		item: response,
		request: IMPORT,
	},
	{
		name: 'Feedback › Import, Map Each Column Manually, Options › Topics',
		versions: [3, 3.1],
		parameters: ({ nps }) => ({
			resource: 'feedback',
			operation: 'import',
			campaign: byId(nps),
			columns: columns('defineBelow', IMPORT_MAPPER, { email: '={{ $json.email }}', score: '={{ $json.score }}' }),
			options: { topics: { topic: [{ name: failing("'Speed'"), sentiment: 'positive' }] } },
		}),
		item: response,
		request: IMPORT,
	},
	{
		name: 'Feedback › Import, Map Automatically, Campaign',
		versions: [3, 3.1],
		parameters: ({ nps }) => ({ resource: 'feedback', operation: 'import', campaign: byId(failing(`'${nps}'`)), columns: columns('autoMapInputData', IMPORT_MAPPER) }),
		item: response,
		request: IMPORT,
	},
];

const V1_MAPPER = [column('email', 'Email'), column('first_name', 'First Name'), column('last_name', 'Last Name'), column('company', 'Company')];
const subscriber = (marker: string) => ({ email: email(marker), first_name: 'Ada', last_name: 'Lovelace', company: 'Engines Ltd' });
const v1: BulkCase[] = [
	{
		name: 'Legacy › V1: Create Subscribers, Define Below, Company',
		versions: [1, 2],
		parameters: { resource: 'legacy', operation: 'v1CreateSubscribers', firstName: '={{ $json.first_name }}', lastName: '={{ $json.last_name }}', company: failing('$json.company') },
		item: subscriber,
		request: V1,
	},
	{
		name: 'Legacy › V1: Create Subscribers, Map Automatically, Fields to Ignore',
		versions: [1, 2],
		parameters: { resource: 'legacy', operation: 'v1CreateSubscribers', inputMode: 'itemJson', ignoreFields: failing("'crm_id'") },
		item: (marker) => ({ ...subscriber(marker), crm_id: 3 }),
		request: V1,
	},
	{
		name: 'Legacy › V1: Create Subscribers, Map Each Column Manually, a column',
		versions: [3, 3.1],
		parameters: {
			resource: 'legacy',
			operation: 'v1CreateSubscribers',
			columns: columns('defineBelow', V1_MAPPER, { email: failing('$json.email'), first_name: 'Ada', last_name: 'Lovelace', company: 'Engines Ltd' }),
		},
		item: subscriber,
		request: V1,
	},
	{
		name: 'Legacy › V1: Create Subscribers, Map Automatically, Options › Fields to Ignore',
		versions: [3, 3.1],
		parameters: { resource: 'legacy', operation: 'v1CreateSubscribers', columns: columns('autoMapInputData', V1_MAPPER), options: { ignoreFields: failing("'crm_id'") } },
		item: (marker) => ({ ...subscriber(marker), crm_id: 3 }),
		request: V1,
	},
];

testEachItemAlone([...survey, ...imports, ...v1]);
