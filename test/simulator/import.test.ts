import { useSimulatorClient } from '../helpers/simulatorClient';

// The simulator's full answers show each item's effect; its spec-mode answers: writeAnswers.test.ts.
const client = useSimulatorClient({ seed: 'empty', responses: 'full' });
let campaigns: Record<string, any>;
let npsTemplate: any;

beforeAll(async () => {
	const list = (await client.get('/api/v2/campaigns')).body.campaigns;
	const first = (metric: string) => list.find((c: any) => c.metric === metric);
	campaigns = { nps: first('NPS'), csat: first('CSAT'), ces: first('CES'), star: first('STAR') };
	npsTemplate = (await client.get(`/api/v2/templates/${campaigns.nps.templateId}`)).body.data;
});

let n = 0;
const email = () => `imp${++n}@import.example.com`;
const run = (feedback: unknown[], extra: object = {}, campaign = campaigns.nps.id) =>
	client.post('/api/v2/import', { campaign_id: campaign, feedback, options: { skip_duplicates: false }, ...extra });

describe('score validation per campaign metric', () => {
	test.each([
		['nps', [0, 10], [-1, 11, 7.5, '7', null]],
		['csat', [1, 5], [0, 6]],
		['ces', [1, 7], [0, 8]],
		['star', [1, 5], [0, 6]],
	] as const)('%s accepts %j and fails %j', async (metric, good, bad) => {
		const items = [...good, ...bad].map((score) => ({ email: email(), score }));
		const r = await run(items, {}, campaigns[metric].id);
		expect(r.status).toBe(200);
		expect(r.body.data.imported).toBe(good.length);
		expect(r.body.data.details.failed.map((f: any) => f.index)).toEqual(bad.map((_, i) => good.length + i));
		for (const f of r.body.data.details.failed) {
			expect(f).toEqual({ index: expect.any(Number), email: items[f.index].email, reason: expect.stringMatching(/score/) });
		}
	});
});

describe('item rules', () => {
	test('comment plus an additional answer to the main question is ambiguous; either alone is fine', async () => {
		const main = npsTemplate.surveyQuestions.find((q: any) => q.isMain);
		const mainAnswer = { uuid: main.uuid, type: 'RATING', metric: 'nps', answer: 9 };
		const r = await run([
			{ email: email(), score: 9, comment: 'Great', additional_questions: [mainAnswer] },
			{ email: email(), score: 9, comment: 'Great' },
			{ email: email(), score: 9, additional_questions: [mainAnswer] },
		]);
		expect(r.body.data.imported).toBe(2);
		expect(r.body.data.details.failed).toEqual([{ index: 0, email: expect.any(String), reason: expect.stringMatching(/^ambiguous/) }]);
	});

	test('additional_questions: uuid must exist, type must match, RATING needs a metric, options by uuid or text', async () => {
		const q = (type: string) => npsTemplate.surveyQuestions.find((x: any) => x.type === type && !x.isMain);
		const mc = q('MULTIPLE_OPTIONS');
		const r = await run([
			{ email: email(), score: 5, additional_questions: [{ uuid: 'no-such-uuid', type: 'OPEN_ENDED', answer: 'x' }] },
			{ email: email(), score: 5, additional_questions: [{ uuid: q('OPEN_ENDED').uuid, type: 'RATING', metric: 'nps', answer: 3 }] },
			{ email: email(), score: 5, additional_questions: [{ uuid: q('RATING').uuid, type: 'RATING', answer: 3 }] },
			{ email: email(), score: 5, additional_questions: [{ uuid: mc.uuid, type: 'MULTIPLE_OPTIONS', answer: ['Nope'] }] },
			{
				email: email(),
				score: 5,
				additional_questions: [
					{ uuid: q('OPEN_ENDED').uuid, type: 'open_ended', answer: 'Because' },
					{ uuid: mc.uuid, type: 'MULTIPLE_OPTIONS', answer: [mc.options[0].uuid, mc.options[1].text.toLowerCase()] },
					{ uuid: q('RATING').uuid, type: 'RATING', metric: 'CSAT', answer: 4 },
				],
			},
		]);
		expect(r.body.data.details.failed.map((f: any) => [f.index, f.reason])).toEqual([
			[0, expect.stringMatching(/uuid is not a question/)],
			[1, expect.stringMatching(/type is RATING but the question is OPEN_ENDED/)],
			[2, expect.stringMatching(/metric is required/)],
			[3, expect.stringMatching(/not an option/)],
		]);
		const stored = (await client.get(`/api/v2/feedback/${r.body.data.details.imported[0].id}`)).body.data;
		expect(stored.additionalQuestions[1].answer).toEqual([mc.options[0].uuid, mc.options[1].uuid]);
	});

	test('topics need a name and a sentiment; tags may be a comma string; customer_tags go to the customer', async () => {
		const e = email();
		const r = await run([
			{ email: email(), score: 5, topics: [{ name: 'Price' }] },
			{ email: email(), score: 5, topics: [{ sentiment: 'positive' }] },
			{ email: e, score: 5, tags: 'a, b', customer_tags: ['imported'], topics: [{ name: 'Price', sentiment: 'negative' }], first_name: 'Imp', country: 'NL' },
		]);
		expect(r.body.data.details.failed.map((f: any) => f.index)).toEqual([0, 1]);
		const f = (await client.get(`/api/v2/feedback/${r.body.data.details.imported[0].id}`)).body.data;
		expect(f).toMatchObject({ tags: ['a', 'b'], topics: [{ name: 'Price', sentiment: 'negative' }], source: 'import', firstName: 'Imp', country: 'NL' });
		expect((await client.get(`/api/v2/customers?email=${e}`)).body.data.subscribers[0].tags).toEqual(['imported']);
	});

	test('email is required and must be valid', async () => {
		const r = await run([{ score: 5 }, { email: 'x', score: 5 }]);
		expect(r.body.data.details.failed.map((f: any) => f.reason)).toEqual(['email is required', 'invalid email']);
	});
});

describe('request rules', () => {
	test('campaign is accepted as an alias of campaign_id; missing is 400; unknown is 404', async () => {
		const alias = await client.post('/api/v2/import', { campaign: campaigns.nps.id, feedback: [{ email: email(), score: 9 }] });
		expect(alias.status).toBe(200);
		expect(alias.body.data).toMatchObject({ campaignId: campaigns.nps.id, imported: 1 });
		expect((await client.post('/api/v2/import', { feedback: [{ email: email(), score: 9 }] })).status).toBe(400);
		expect((await run([{ email: email(), score: 9 }], {}, '6aca0000000000000000ffff')).status).toBe(404);
	});

	test('1 to 200 items', async () => {
		expect((await run([])).status).toBe(400);
		expect((await client.post('/api/v2/import', { campaign_id: campaigns.nps.id })).status).toBe(400);
		const items = (k: number) => Array.from({ length: k }, () => ({ email: email(), score: 8 }));
		expect((await run(items(201))).status).toBe(400);
		const ok = await run(items(200));
		expect(ok.status).toBe(200);
		expect(ok.body.data.imported).toBe(200);
	});

	test.each([
		[{ duplicate_check_window: 0 }],
		[{ duplicate_check_window: 366 }],
		[{ duplicate_check_window: 2.5 }],
		[{ duplicate_check_window: '30' }],
		[{ create_customers: 'yes' }],
		[{ skip_duplicates: 1 }],
		['not an object'],
	])('options %j is a 400', async (options) => {
		const r = await client.post('/api/v2/import', { campaign_id: campaigns.nps.id, feedback: [{ email: email(), score: 9 }], options });
		expect(r.status).toBe(400);
		expect(r.body.message).toMatch(/options/);
	});

	test('duplicate_check_window 1 and 365 are fine', async () => {
		for (const w of [1, 365]) {
			expect((await run([{ email: email(), score: 9 }], { options: { duplicate_check_window: w } })).status).toBe(200);
		}
	});
});

describe('duplicates and customers', () => {
	test('skip_duplicates (default on) skips an email with feedback within the window, also within one request', async () => {
		const e = email();
		const first = await client.post('/api/v2/import', {
			campaign_id: campaigns.nps.id,
			feedback: [
				{ email: e, score: 9, response_date: '2026-03-01T00:00:00Z' },
				{ email: e, score: 7, response_date: '2026-03-20T00:00:00Z' },
				{ email: e, score: 6, response_date: '2025-12-01T00:00:00Z' },
			],
		});
		expect(first.body.data).toMatchObject({ imported: 2, skipped: 1, failed: 0 });
		expect(first.body.data.details.skipped).toEqual([
			{ index: 1, email: e, reason: expect.stringMatching(/within 30 days/), duplicateOf: first.body.data.details.imported[0].id },
		]);
		const narrow = await client.post('/api/v2/import', {
			campaign_id: campaigns.nps.id,
			feedback: [{ email: e, score: 7, response_date: '2026-03-10T00:00:00Z' }],
			options: { duplicate_check_window: 5 },
		});
		expect(narrow.body.data.imported).toBe(1);
		const off = await run([{ email: e, score: 7, response_date: '2026-03-10T00:00:00Z' }]);
		expect(off.body.data.imported).toBe(1);
	});

	test('create_customers false fails unknown emails; update_existing_customers controls updates', async () => {
		const known = email();
		await client.post('/api/v2/customers', { subscribers: [{ email: known, first_name: 'Before' }] });
		const r = await run([{ email: 'stranger@import.example.com', score: 9 }, { email: known, score: 9, first_name: 'After' }], {
			options: { create_customers: false, skip_duplicates: false },
		});
		expect(r.body.data.details.failed).toEqual([{ index: 0, email: 'stranger@import.example.com', reason: expect.stringMatching(/create_customers/) }]);
		expect(r.body.data.details.imported[0]).toMatchObject({ index: 1, customerStatus: 'unchanged' });
		expect((await client.get(`/api/v2/customers?email=${known}`)).body.data.subscribers[0].firstName).toBe('Before');
		const upd = await run([{ email: known, score: 9, first_name: 'After' }], { options: { update_existing_customers: true, skip_duplicates: false } });
		expect(upd.body.data.details.imported[0].customerStatus).toBe('updated');
		expect((await client.get(`/api/v2/customers?email=${known}`)).body.data.subscribers[0].firstName).toBe('After');
	});

	test('imported feedback shows in GET /feedback, the score and the reports', async () => {
		client.sim.reset('empty');
		const r = await run([
			{ email: 'p@score.example.com', score: 10, response_date: '2026-02-10T15:00:00Z' },
			{ email: 'd@score.example.com', score: 2, response_date: '2026-02-10T16:00:00Z' },
			{ email: 'q@score.example.com', score: 9, response_date: '2026-02-11T16:00:00Z' },
		]);
		expect(r.body.data.imported).toBe(3);
		const list = (await client.get('/api/v2/feedback?sort=createdDate')).body.data.responses;
		expect(list.map((f: any) => [f.email, f.score, f.source, f.createdDate])).toEqual([
			['p@score.example.com', 10, 'import', '2026-02-10T15:00:00.000Z'],
			['d@score.example.com', 2, 'import', '2026-02-10T16:00:00.000Z'],
			['q@score.example.com', 9, 'import', '2026-02-11T16:00:00.000Z'],
		]);
		expect((await client.get('/api/v2/nps/score')).body.data).toEqual({
			nps: 34, promoters: 67, passives: 0, detractors: 33, promotersCount: 2, passivesCount: 0, detractorsCount: 1, totalResponses: 3,
		});
		const report = (await client.get(`/api/v2/reports/${campaigns.nps.id}?startDate=2026-02-10&endDate=2026-02-10`)).body.data[0];
		expect(report.trend).toEqual([{ day: '2026-02-10', promoters: 1, passives: 0, detractors: 1, total: 2, score: 0 }]);
		// Imports are not deliveries.
		expect(report.deliveryStats).toMatchObject({ sent: 0, responded: 0 });
	});
});
