/**
 * Feedback: Import, run in n8n's own engine against the simulator (nock only for answer shapes the
 * simulator does not give): the request's shape, batches per campaign and options, failed rows
 * paired back to their items, Use Item JSON, bad input, and no repeat after a 5xx.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { pathOf } from '../helpers/engine';
import { byId, expression, field } from '../helpers/parameters';
import { runNode, type RunOptions } from '../helpers/runNode';
import { type FeedbackAccount, bodyOf, useFeedbackAccount } from './feedbackAccount';

const { sim, service, get, run, account } = useFeedbackAccount();
let npsCampaign: FeedbackAccount['npsCampaign'];
let csatCampaign: FeedbackAccount['csatCampaign'];
let questions: FeedbackAccount['questions'];
beforeAll(() => ({ npsCampaign, csatCampaign, questions } = account));

describe('Feedback: Import', () => {
	let counter = 0;
	/** Unique emails per test, so the duplicate check never skips them. */
	const people = (count: number) => {
		counter++;
		return Array.from({ length: count }, (_, i) => ({ email: `import${counter}.${i}@feedback-test.com`, score: i % 11 }));
	};
	const mapped = (parameters: Record<string, unknown> = {}) => ({
		campaign: byId(npsCampaign),
		inputMode: 'mapFields',
		email: field('email'),
		score: field('score'),
		...parameters,
	});
	const importItems = (items: IDataObject[], parameters: Record<string, unknown> = {}, options: Partial<RunOptions> = {}) =>
		run('import', mapped(parameters), items, options);

	it('POSTs /api/v2/import with campaign_id and the feedback in the spec’s shape; dates as ISO', async () => {
		const [person] = people(1);
		const { json, sent, output, error } = await importItems([{ ...person, score: '10', when: 1767225600 }], {
			comment: 'Great support',
			additionalFields: {
				firstName: 'Ann',
				lastName: 'Lee',
				company: 'Acme',
				jobTitle: 'CTO',
				phone: expression(5551234),
				country: 'US',
				state: 'NY',
				city: 'New York',
				tags: 'pricing, speed',
				customerTags: expression(['vip']),
				responseDate: field('when'),
				sendDate: '2025-12-30',
				openDate: '2025-12-30T10:15:00-05:00',
			},
			topics: { topic: [{ name: 'Support', sentiment: 'positive' }] },
			additionalQuestions: {
				question: [
					{ uuid: questions.openEnded.uuid, type: 'OPEN_ENDED', answer: 'Fast answers', metric: 'nps' },
					{ uuid: questions.multiple.uuid, type: 'MULTIPLE_OPTIONS', answer: 'Price, Speed', metric: 'nps' },
					{ uuid: questions.csat.uuid, type: 'RATING', answer: '4', metric: 'csat' },
				],
			},
			customProperties: { property: [{ label: 'Plan', value: 'pro', type: 'text' }] },
		});
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('POST');
		expect(pathOf(sent[0])).toBe('/api/v2/import');
		expect(sent[0].body).toEqual({
			campaign_id: npsCampaign,
			feedback: [
				{
					email: person.email,
					score: 10,
					comment: 'Great support',
					first_name: 'Ann',
					last_name: 'Lee',
					company: 'Acme',
					job_title: 'CTO',
					phone: '5551234',
					country: 'US',
					state: 'NY',
					city: 'New York',
					tags: ['pricing', 'speed'],
					customer_tags: ['vip'],
					topics: [{ name: 'Support', sentiment: 'positive' }],
					properties: [{ label: 'Plan', value: 'pro', type: 'text' }],
					response_date: '2026-01-01T00:00:00Z',
					send_date: '2025-12-30T00:00:00Z',
					open_date: '2025-12-30T15:15:00Z',
					additional_questions: [
						{ uuid: questions.openEnded.uuid, type: 'OPEN_ENDED', answer: 'Fast answers' },
						{ uuid: questions.multiple.uuid, type: 'MULTIPLE_OPTIONS', answer: ['Price', 'Speed'] },
						{ uuid: questions.csat.uuid, type: 'RATING', answer: 4, metric: 'csat' },
					],
				},
			],
		});
		expect(json).toEqual([
			// The spec's answer lists only the failed items, and duplicates are skipped by default: an item it lists nowhere was accepted, maybe skipped.
			{ email: person.email, status: 'accepted', campaignId: npsCampaign },
		]);
		expect(json[0]).not.toHaveProperty('index');
		expect(output[0].pairedItem).toEqual({ item: 0 });
		const listed = (await get(`/api/v2/feedback?email=${encodeURIComponent(person.email)}`)).data as IDataObject;
		const [stored] = listed.responses as IDataObject[];
		expect(stored).toEqual(expect.objectContaining({ score: 10, comment: 'Great support', createdDate: '2026-01-01T00:00:00.000Z' }));
	});

	it.each([
		[1, [1]],
		[200, [200]],
		[201, [200, 1]],
	])('folds %i items into requests of %j, each item paired to its own row', async (count, sizes) => {
		const items = people(count);
		// Skip Duplicates off: an item the answer does not list as failed was imported.
		const { json, sent, output, error } = await importItems(items, { importOptions: { skipDuplicates: false } });
		expect(error).toBeUndefined();
		expect(sent.map((request) => (bodyOf(request).feedback as unknown[]).length)).toEqual(sizes);
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, i) => ({ item: i })));
		expect(json.map((row) => [row.email, row.status])).toEqual(items.map((item) => [item.email, 'imported']));
	});

	it('sends separate requests per campaign and per set of options', async () => {
		const items = people(4).map((item, i) => ({ ...item, score: 4, campaign: i === 1 ? csatCampaign : npsCampaign, window: i === 2 ? 7 : 30 }));
		const { json, sent, error } = await importItems(items, {
			campaign: byId(field('campaign')),
			importOptions: { duplicateCheckWindow: field('window'), skipDuplicates: true },
		});
		expect(error).toBeUndefined();
		expect(sent.map((request) => [bodyOf(request).campaign_id, bodyOf(request).options, (bodyOf(request).feedback as IDataObject[]).map((f) => f.email)])).toEqual([
			[npsCampaign, { skip_duplicates: true, duplicate_check_window: 30 }, [items[0].email, items[3].email]],
			[csatCampaign, { skip_duplicates: true, duplicate_check_window: 30 }, [items[1].email]],
			[npsCampaign, { skip_duplicates: true, duplicate_check_window: 7 }, [items[2].email]],
		]);
		expect(json.map((row) => row.email)).toEqual(items.map((item) => item.email));
	});

	it('sends the import options in the spec’s names, the default send date as ISO', async () => {
		const { sent, error } = await importItems(people(1), {
			importOptions: { createCustomers: false, updateExistingCustomers: true, skipDuplicates: false, duplicateCheckWindow: 365, defaultSendDate: '2026-01-05' },
		});
		expect(sent).toHaveLength(1);
		expect(bodyOf(sent[0]).options).toEqual({
			create_customers: false,
			update_existing_customers: true,
			skip_duplicates: false,
			duplicate_check_window: 365,
			default_send_date: '2026-01-05T00:00:00Z',
		});
		// create_customers false: the unknown email fails, as a failed row of the answer.
		expect(error?.message).toMatch(/create_customers is false/);
	});

	it('a skipped duplicate: refused with its reason when listed in details.failed, its own row when the answer lists skips', async () => {
		const [person, other] = people(2);
		await importItems([person, other]);
		// The spec names only details.failed: the simulator's default lists a skipped duplicate there.
		const refused = await importItems([person], {}, { continueOnFail: true });
		expect(refused.json).toEqual([{ error: expect.stringMatching(/refused by the service: duplicate/), details: expect.objectContaining({ email: person.email, status: 'failed' }) }]);
		sim.configure({ responses: 'full' });
		try {
			const { json, error } = await importItems([other]);
			expect(error).toBeUndefined();
			expect(json).toEqual([expect.objectContaining({ email: other.email, status: 'skipped', reason: expect.stringMatching(/duplicate/), duplicateOf: expect.any(String) })]);
		} finally {
			sim.configure({ responses: 'spec' });
		}
	});

	describe('details.failed rows go back to the items they came from', () => {
		it('fails the node naming each failed item and its reason, without Continue On Fail', async () => {
			const items = people(201);
			items[3].score = 11;
			items[200].score = 12;
			const { error, sent } = await importItems(items);
			expect(sent).toHaveLength(2);
			expect(error?.message).toContain('failed for 2 of 201 items');
			expect(error?.description).toMatch(/item 3: refused by the service: score must be an integer from 0 to 10\b/);
			expect(error?.description).toContain('item 200: refused by the service: score must be an integer from 0 to 10');
		});

		it('become error items paired to their inputs, with Continue On Fail (by position in the request)', async () => {
			const items = people(201);
			items[3].score = 11;
			items[200].score = 12;
			const { output, error } = await importItems(items, {}, { continueOnFail: true });
			expect(error).toBeUndefined();
			expect(output).toHaveLength(201);
			output.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
			expect(output[3].json).toEqual({ error: expect.stringMatching(/score must be/), details: expect.objectContaining({ email: items[3].email, status: 'failed' }) });
			expect(output[200].json.details).toEqual(expect.objectContaining({ email: items[200].email, status: 'failed' }));
			expect(Object.keys(output[3].json).sort()).toEqual(['details', 'error']); // what n8n routes to an error output
			expect(output.filter((item) => item.json.status === 'accepted')).toHaveLength(199);
		});

		it('an ambiguous comment (comment and an answer to the main question) fails only that item', async () => {
			const items = people(2);
			const { output } = await importItems(
				items,
				{
					comment: 'Both',
					// Item 1 answers the main question, item 0 an open-ended one.
					additionalQuestions: {
						question: [
							{
								uuid: `={{ $itemIndex === 1 ? "${questions.main.uuid}" : "${questions.openEnded.uuid}" }}`,
								type: '={{ $itemIndex === 1 ? "RATING" : "OPEN_ENDED" }}',
								answer: '={{ $itemIndex === 1 ? 9 : "Fine" }}',
								metric: 'nps',
							},
						],
					},
				},
				{ continueOnFail: true },
			);
			expect(output[0].json.status).toBe('accepted');
			expect(output[1].json).toEqual({ error: expect.stringMatching(/ambiguous/), details: expect.objectContaining({ email: items[1].email }) });
		});
	});

	describe('answer shapes the simulator does not give', () => {
		const mock = { baseUrl: 'https://import.mock.test', apiKey: 'mock-key' };
		afterEach(() => nock.cleanAll());

		it('reads details at the top level; rows by email alone that two items share confirm neither', async () => {
			nock(mock.baseUrl)
				.post('/api/v2/import')
				.reply(200, {
					message: 'Success.',
					code: 200,
					imported: 2,
					failed: 1,
					details: {
						imported: [{ email: 'same@x.com', id: 'f-1' }, { email: 'other@x.com', id: 'f-2' }],
						skipped: [],
						failed: [{ email: 'same@x.com', reason: 'score out of range' }],
					},
				});
			const items = [{ email: 'same@x.com', score: 1 }, { email: 'other@x.com', score: 2 }, { email: 'SAME@x.com', score: 3 }];
			const { output, error } = await runNode({
				service: mock,
				parameters: { resource: 'feedback', operation: 'import', ...mapped() },
				items,
				continueOnFail: true,
			});
			expect(error).toBeUndefined();
			// Which of items 0 and 2 failed, the answer does not say: both are unconfirmed, neither imported nor failed.
			expect(output.map((item) => [item.pairedItem, item.json.status, item.json.id ?? null])).toEqual([
				[{ item: 0 }, 'unconfirmed', null],
				[{ item: 1 }, 'imported', 'f-2'],
				[{ item: 2 }, 'unconfirmed', null],
			]);
			expect(output[0].json.message).toMatch(/^The service's answer did not confirm this item: the answer has 2 row\(s\) for 2 item\(s\) of same@x.com/);
		});

		it('says "unconfirmed" when the answer has no details.failed', async () => {
			nock(mock.baseUrl).post('/api/v2/import').reply(200, { message: 'Success.', code: 200, data: { imported: 1, skipped: 0, failed: 0 } });
			const { json } = await runNode({
				service: mock,
				parameters: { resource: 'feedback', operation: 'import', ...mapped() },
				items: [{ email: 'x@x.com', score: 1 }],
			});
			expect(json).toEqual([{ email: 'x@x.com', campaignId: npsCampaign, status: 'unconfirmed', message: expect.stringMatching(/does not list the failed items \(details.failed\).*may have acted on it, so it is not sent again; look for it with Feedback › Get Many/) }]);
		});
	});

	describe('Use Item JSON', () => {
		it('sends each item’s JSON as the feedback item, validated, unknown fields left out', async () => {
			const [person] = people(1);
			const item = {
				email: person.email,
				score: 7,
				comment: 'ok',
				tags: 'a,b',
				topics: [{ name: 'Price', sentiment: 'Negative' }],
				response_date: '2026-02-01T09:00:00+01:00',
				additional_questions: [{ uuid: questions.csat.uuid, type: 'rating', answer: 5, metric: 'CSAT' }],
				id: 'ignored',
				createdDate: 'ignored',
			};
			const { json, sent, error } = await run('import', { campaign: byId(npsCampaign), inputMode: 'itemJson' }, [item]);
			expect(error).toBeUndefined();
			expect(bodyOf(sent[0]).feedback).toEqual([
				{
					email: person.email,
					score: 7,
					comment: 'ok',
					tags: ['a', 'b'],
					topics: [{ name: 'Price', sentiment: 'negative' }],
					response_date: '2026-02-01T08:00:00Z',
					additional_questions: [{ uuid: questions.csat.uuid, type: 'RATING', answer: 5, metric: 'csat' }],
				},
			]);
			expect(json[0].status).toBe('accepted');
		});

		it.each([
			['a topic without sentiment', { topics: [{ name: 'Price' }] }, /Item JSON › topics: entry 1 has no sentiment.*\[item 0\]$/],
			['a field the import does not take', { favourite_colour: 'blue' }, /Item JSON: has a field this operation does not take: favourite_colour \[item 0\]$/],
			['a UNIX date is converted, an unreadable one fails', { send_date: 'yesterday-ish' }, /Item JSON › send_date: "yesterday-ish" is not a date.*\[item 0\]/],
			['a RATING without metric', { additional_questions: [{ uuid: 'u1', type: 'RATING', answer: 3 }] }, /entry 1 is a RATING and needs a metric/],
			['an unknown metric', { additional_questions: [{ uuid: 'u1', type: 'RATING', answer: 3, metric: 'mood' }] }, /entry 1 has metric "mood"/],
			['a RATING answer that is no number', { additional_questions: [{ uuid: 'u1', type: 'RATING', answer: 'great', metric: 'nps' }] }, /its answer must be a number, got "great"/],
			['an OPEN_ENDED answer that is a list', { additional_questions: [{ uuid: 'u1', type: 'OPEN_ENDED', answer: ['a'] }] }, /OPEN_ENDED; its answer must be text, not a list/],
			['an unknown question type', { additional_questions: [{ uuid: 'u1', type: 'SLIDER', answer: 1 }] }, /entry 1 has type "SLIDER"/],
			['a question answered twice', { additional_questions: [{ uuid: 'u1', type: 'OPEN_ENDED', answer: 'a' }, { uuid: 'U1', type: 'OPEN_ENDED', answer: 'b' }] }, /entry 2 answers question U1 a second time/],
			['a question without uuid', { additional_questions: [{ type: 'OPEN_ENDED', answer: 'a' }] }, /Item JSON › additional_questions: entry 1 needs the question's uuid \[item 0\]$/],
			['properties that are neither a list nor an object', { properties: 'pro' }, /Item JSON › properties: must be a list of \{ label, value, type \} or an object of values, not a string \[item 0\]$/],
		])('rejects %s before any request', async (_, extra, message) => {
			const { error, sent } = await run('import', { campaign: byId(npsCampaign), inputMode: 'itemJson' }, [{ email: 'j@feedback-test.com', score: 5, ...extra }]);
			expect(error?.message).toMatch(message);
			expect(sent).toHaveLength(0);
		});

		it('converts a UNIX timestamp to ISO: the service takes no UNIX dates', async () => {
			const [person] = people(1);
			const { sent } = await run('import', { campaign: byId(npsCampaign), inputMode: 'itemJson' }, [{ ...person, send_date: 1767225600000 }]);
			expect((bodyOf(sent[0]).feedback as IDataObject[])[0].send_date).toBe('2026-01-01T00:00:00Z');
		});
	});

	describe('bad input fails naming the item and field, before any request', () => {
		it.each([
			['an invalid email', { email: field('email') }, [{ email: 'ok@x.com', score: 1 }, { email: 'nope', score: 1 }], /Email: "nope" is not an email address \[item 1\]$/],
			['a score that is not a whole number', {}, [{ email: 'ok@x.com', score: 7.5 }], /Score: must be a whole number, got 7\.5 \[item 0\]$/],
			['a score that is text', {}, [{ email: 'ok@x.com', score: 'ten' }], /Score: must be a whole number, got "ten" \[item 0\]$/],
			['no score', {}, [{ email: 'ok@x.com' }], /Score: is required \[item 0\]$/],
			['a sentiment outside positive, negative, neutral', { topics: { topic: [{ name: 'x', sentiment: 'happy' }] } }, [{ email: 'ok@x.com', score: 1 }], /Topics: entry 1 has sentiment "happy"/],
			['a duplicate window of 0', { importOptions: { duplicateCheckWindow: 0 } }, [{ email: 'ok@x.com', score: 1 }], /Import Options › Duplicate Check Window \(Days\): must be a whole number from 1 to 365, got 0 \[item 0\]$/],
			['a duplicate window of 366', { importOptions: { duplicateCheckWindow: 366 } }, [{ email: 'ok@x.com', score: 1 }, { email: 'ok2@x.com', score: 1 }], /Duplicate Check Window.*got 366 \[item 0\]$/],
			['no campaign', { campaign: byId(expression('')) }, [{ email: 'ok@x.com', score: 1 }], /Campaign: is required \[item 0\]$/],
			['a response date that is not a date', { additionalFields: { responseDate: 'soon' } }, [{ email: 'ok@x.com', score: 1 }], /Additional Fields › Response Date: "soon" is not a date.*\[item 0\]/],
			['a default send date that is not a date', { importOptions: { defaultSendDate: 'soon' } }, [{ email: 'ok@x.com', score: 1 }], /Import Options › Default Send Date: "soon" is not a date.*\[item 0\]/],
			['a custom property without label', { customProperties: { property: [{ label: '', value: 'x', type: 'text' }] } }, [{ email: 'ok@x.com', score: 1 }], /Custom Properties: entry 1 needs a label.*\[item 0\]$/],
		])('%s', async (_, parameters, items, message) => {
			const { error, sent } = await importItems(items, parameters);
			expect(error?.message).toMatch(message);
			expect(sent).toHaveLength(0);
		});
	});

	it('is not repeated after a 5xx: a retry could import twice', async () => {
		sim.configure({ faults: [{ kind: 502, match: { method: 'POST', pathPrefix: '/api/v2/import' }, count: 1 }] });
		const { error, sent } = await importItems(people(2));
		expect(error?.message).toMatch(/HTTP 502/);
		expect(sent).toHaveLength(1);
		expect(sim.requests({ path: '/api/v2/import' })).toHaveLength(1);
	});
});
