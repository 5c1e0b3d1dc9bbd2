/**
 * Saved workflows send exactly what they sent: Legacy › V1: Create Subscribers as n8n saved it, on each
 * version and input mode (test/fixtures/saved/v1CreateSubscribers.json: each node's JSON as the editor
 * writes it on save, the default values left out, so that n8n fills them in when the workflow loads), run
 * in n8n's engine on a few items against the simulator, every request body the simulator received asserted
 * whole. What is pinned is what is sent today.
 */
import { useSavedNodes } from './savedRuns';

const { run, received } = useSavedNodes('v1CreateSubscribers');

const PEOPLE = [{ email: 'v1.one@example.com', first: 'Ada', last: 'Lovelace', org: 'Engines Ltd' }, { email: 'v1.two@example.com', first: 'Alan', last: 'Turing', org: 'Bletchley' }];

const ITEM_JSON = [
	{ email: 'v1.three@example.com', firstName: 'Grace', lastName: 'Hopper', companyName: 'Navy', city: 'Arlington' },
	{ Email: 'v1.four@example.com', 'First Name': 'Edsger', last_name: 'Dijkstra', company: 'TU Eindhoven', id: '6ac100000000000000000002', plan: 'pro' },
];

/** What PEOPLE are sent as, mapped field by field (Define Below, Map Each Column Manually). */
const DEFINED_SUBSCRIBERS = [
	{
		subscribers: [
			{ email: 'v1.one@example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Engines Ltd', companyName: 'Engines Ltd' },
			{ email: 'v1.two@example.com', first_name: 'Alan', last_name: 'Turing', company: 'Bletchley', companyName: 'Bletchley' },
		],
	},
];

/** What ITEM_JSON is sent as, read by Map Automatically. */
const READ_SUBSCRIBERS = [
	{
		subscribers: [
			{ email: 'v1.three@example.com', first_name: 'Grace', last_name: 'Hopper', company: 'Navy', companyName: 'Navy' },
			{ email: 'v1.four@example.com', first_name: 'Edsger', last_name: 'Dijkstra', company: 'TU Eindhoven', companyName: 'TU Eindhoven' },
		],
	},
];

describe('Legacy › V1: Create Subscribers, saved', () => {
	test('version 1, Define Below: the four fields, the company also as companyName', async () => {
		const { error } = await run('v1 Define Below', PEOPLE);
		expect(error).toBeUndefined();
		expect(received('/api/service/nps/customers')).toEqual(DEFINED_SUBSCRIBERS);
	});

	test('version 2, Map Automatically with Ignore Them: names in any spelling, the other fields left out', async () => {
		const { error } = await run('v2 Map Automatically', ITEM_JSON);
		expect(error).toBeUndefined();
		expect(received('/api/service/nps/customers')).toEqual(READ_SUBSCRIBERS);
	});

	test("version 3, Map Each Column Manually: version 1's items send the same subscribers", async () => {
		const { error } = await run('v3 Map Each Column Manually', PEOPLE);
		expect(error).toBeUndefined();
		expect(received('/api/service/nps/customers')).toEqual(DEFINED_SUBSCRIBERS);
	});

	test("version 3, Map Automatically with Ignore Them: version 2's items send the same subscribers", async () => {
		const { error } = await run('v3 Map Automatically', ITEM_JSON);
		expect(error).toBeUndefined();
		expect(received('/api/service/nps/customers')).toEqual(READ_SUBSCRIBERS);
	});
});
