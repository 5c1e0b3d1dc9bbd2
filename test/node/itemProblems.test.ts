/**
 * Every problem of an item's input in one error naming the item: the row's zod schema reports each
 * bad field (and each bad entry of a list), beside what the reading of the item found (a column n8n
 * could not convert, a field named like one the row reads) and the operation's own fields (the
 * campaign, the import options, the dates of a delete), in every input mode.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, expression, field } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';
import { sendableCampaigns, serviceFor, useSimulator } from '../helpers/simulator';
import { column, columns } from './eachItemAlone';

const sim = useSimulator();
const service = serviceFor(sim);
let campaigns: { email: string; nps: string };
beforeAll(async () => {
	campaigns = await sendableCampaigns(sim);
});
beforeEach(() => sim.clearRequests());

const run = (parameters: Record<string, unknown>, items: IDataObject[], options: Partial<RunOptions> = {}) =>
	runNode({ service, parameters, items, typeVersion: 2, ...options });

test('version 3.1, Map Each Column Manually: every bad column, converted or checked', async () => {
	const schema = [column('email', 'Email'), column('tags', 'Tags'), column('property:Seats', 'Seats (property)', 'number')];
	const parameters = { operation: 'upsert', columns: columns('defineBelow', schema, { email: field('email'), tags: '={{ { a: 1 } }}', 'property:Seats': field('seats') }) };
	const { error, sent } = await run(parameters, [{ email: 'nope', seats: 'many' }], { typeVersion: 3.1 });
	expect(error?.message).toBe(
		'Customer: Create or Update failed: Columns › Seats (property): must be a number (the property\'s type), got "many"; Columns › Email: "nope" is not an email address; Columns › Tags: must be a list or comma-separated text, not an object [item 0]',
	);
	expect(sent).toEqual([]);
});

test('versions 1 and 2, Define Below: every field the v1 API requires', async () => {
	const parameters = { resource: 'legacy', operation: 'v1CreateSubscribers', email: field('email'), firstName: 'Ada', lastName: field('last'), company: field('company') };
	const items = [{ email: 'ok@items.test', last: 'Lovelace', company: 'Engines Ltd' }, { email: 'broken', last: '' }];
	const { output } = await run(parameters, items, { continueOnFail: true });
	expect(output[0].json.error).toBeUndefined();
	expect(output[1].json.error).toBe('Legacy: V1: Create Subscribers failed: Email: "broken" is not an email address; Last Name: is required; Company: is required [item 1]');
});

test('Map Automatically: a misspelt field, a bad email, bad tags and each bad custom property, with the hints', async () => {
	const item = { emial: 'x@items.test', email: 'nope', tags: 5, properties: [{ value: 1 }, { label: 'Plan', value: 'pro' }, { label: 'Seats', type: 3 }] };
	const { error } = await run({ operation: 'upsert', inputMode: 'itemJson' }, [item]);
	expect(error?.message).toBe(
		'Customer: Create or Update failed: Item JSON › emial: looks like email, which this operation reads; rename it; Item JSON › email: "nope" is not an email address; Item JSON › tags: must be a list or comma-separated text, not a number; Item JSON › properties: entry 1 needs a label (the property\'s name); entry 3 has a type that is not text [item 0]',
	);
	expect(error?.description).toContain('A field named a letter or two off one Map Automatically reads is refused');
});

test("Survey › Send: the campaign and the recipient's fields together", async () => {
	const parameters = { resource: 'survey', operation: 'send', campaign: byId(expression('')), additionalFields: { tags: expression({ a: 1 }) } };
	const { error, sent } = await run(parameters, [{ email: 'nope' }]);
	expect(error?.message).toBe('Survey: Send failed: Campaign: is required; Email: "nope" is not an email address; Additional Fields › Tags: must be a list or comma-separated text, not an object [item 0]');
	expect(sent).toEqual([]);
});

test('Feedback › Import: the row, its topics entry by entry, and the import options', async () => {
	const parameters = {
		resource: 'feedback',
		operation: 'import',
		campaign: byId(campaigns.nps),
		score: field('score'),
		topics: { topic: [{ name: 'Price', sentiment: 'happy' }, { name: '', sentiment: 'positive' }] },
		importOptions: { duplicateCheckWindow: 400, defaultSendDate: 'someday' },
	};
	const { error } = await run(parameters, [{ email: 'ok@items.test', score: 'nine' }]);
	expect(error?.message).toBe(
		'Feedback: Import failed: Score: must be a whole number, got "nine"; Topics: entry 1 has sentiment "happy"; use one of negative, neutral, positive; entry 2 needs a name; Import Options › Duplicate Check Window (Days): must be a whole number from 1 to 365, got 400; Import Options › Default Send Date: "someday" is not a date [item 0]',
	);
});

test('Outbox › Delete by email: the email and both dates', async () => {
	const parameters = { resource: 'outbox', operation: 'delete', deleteBy: 'email', email: field('email'), startDate: 'soon', endDate: 'later' };
	const { error } = await run(parameters, [{ email: 'nope' }]);
	expect(error?.message).toBe('Outbox: Delete failed: Email: "nope" is not an email address; Start Date: "soon" is not a date; End Date: "later" is not a date [item 0]');
});
