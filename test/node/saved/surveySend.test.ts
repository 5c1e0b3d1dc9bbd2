/**
 * Saved workflows send exactly what they sent: Survey › Send as n8n saved it, on each version and input
 * mode (test/fixtures/saved/surveySend.json: each node's JSON as the editor writes it on save, the default
 * values left out, so that n8n fills them in when the workflow loads), run in n8n's engine on a few items
 * against the simulator, every request body the simulator received asserted whole. What is pinned is what
 * is sent today.
 */
import { useSavedNodes } from './savedRuns';

const { run, received } = useSavedNodes('surveySend');

const RECIPIENTS = [
	{ email: 'ada@example.com', first: 'Ada', last: 'Lovelace', tags: ['vip', 'beta'], clear: 'Group' },
	{ email: 'alan@example.com', first: 'Alan', tags: 'trial, newsletter' },
	{ email: 'grace@example.com', last: 'Hopper', clear: ['Country', 'Group'] },
];

const ITEM_JSON = [
	{
		crmId: 'c-1',
		email: 'ada@example.com',
		firstName: 'Ada',
		last_name: 'Lovelace',
		companyName: 'Engines Ltd',
		tags: ['vip'],
		unsetTags: 'trial',
		score: 3,
		phone: '+49 30 1234',
	},
	{ crmId: 'c-2', Email: 'alan@example.com', 'First Name': 'Alan', tags: 'beta, newsletter', unset_properties: ['Group'], properties: { Plan: 'pro' } },
];

/** What RECIPIENTS are sent as, mapped field by field (Define Below, Map Each Column Manually). */
const DEFINED_RECIPIENTS = [
	{
		email: 'ada@example.com',
		first_name: 'Ada',
		last_name: 'Lovelace',
		company: 'Engines Ltd',
		tags: ['vip', 'beta'],
		unset_tags: ['trial'],
		unset_properties: ['Group'],
	},
	{ email: 'alan@example.com', first_name: 'Alan', company: 'Engines Ltd', tags: ['trial', 'newsletter'], unset_tags: ['trial'] },
	{ email: 'grace@example.com', last_name: 'Hopper', company: 'Engines Ltd', unset_tags: ['trial'], unset_properties: ['Country', 'Group'] },
];

/** What ITEM_JSON is sent as, read by Map Automatically. */
const READ_RECIPIENTS = [
	{ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Engines Ltd', tags: ['vip'], unset_tags: ['trial'] },
	{ email: 'alan@example.com', first_name: 'Alan', tags: ['beta', 'newsletter'], unset_properties: ['Group'] },
];

describe('Survey › Send, saved', () => {
	test('version 1, Define Below with a delay of 2 days: names, tag lists and lists to unset; the campaign and the delay once per request', async () => {
		const { error } = await run('v1 Define Below', RECIPIENTS);
		expect(error).toBeUndefined();
		expect(received('/api/v2/survey')).toEqual([{ campaign: '6aca00000000000000000001', delay: 2, subscribers: DEFINED_RECIPIENTS }]);
	});

	test('version 2, Map Automatically with Ignore Them: names in any spelling; Fields to Ignore, data without a column and properties left out; no delay', async () => {
		const { error } = await run('v2 Map Automatically', ITEM_JSON);
		expect(error).toBeUndefined();
		expect(received('/api/v2/survey')).toEqual([{ campaign: '6aca00000000000000000001', subscribers: READ_RECIPIENTS }]);
	});

	test("version 3, Map Each Column Manually with a delay of 0: version 1's items send the same recipients", async () => {
		const { error } = await run('v3 Map Each Column Manually', RECIPIENTS);
		expect(error).toBeUndefined();
		expect(received('/api/v2/survey')).toEqual([{ campaign: '6aca00000000000000000001', delay: 0, subscribers: DEFINED_RECIPIENTS }]);
	});

	test("version 3, Map Automatically with Ignore Them: version 2's items send the same recipients", async () => {
		const { error } = await run('v3 Map Automatically', ITEM_JSON);
		expect(error).toBeUndefined();
		expect(received('/api/v2/survey')).toEqual([{ campaign: '6aca00000000000000000001', subscribers: READ_RECIPIENTS }]);
	});
});
