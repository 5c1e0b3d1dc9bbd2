import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient({ seed: 'empty' });
let campaigns: any[];
const by = (metric: string, channel?: string) => campaigns.find((c) => c.metric === metric && (!channel || c.channel === channel));

beforeAll(async () => {
	campaigns = (await client.get('/api/v2/campaigns')).body.campaigns;
	const fb = (campaign: any, scores: number[], createdDate: string) =>
		scores.map((score, i) => ({ email: `${campaign.metric.toLowerCase()}${i}@r.example.com`, campaignId: campaign.id, score, createdDate }));
	client.sim.insert(client.A.id, 'feedback', [
		// 13 NPS answers: 8 promoters, 2 passives, 3 detractors, as in the live example (nps 39).
		...fb(by('NPS', 'email'), [10, 10, 10, 9, 9, 9, 9, 10, 8, 7, 6, 0, 3], '2026-03-10T12:00:00Z'),
		...fb(by('NPS', 'link'), [10, 0], '2026-02-01T12:00:00Z'),
		...fb(by('CSAT'), [5, 4, 3, 1], '2026-03-10T12:00:00Z'),
		...fb(by('CES'), [7, 6, 4, 2], '2026-03-10T12:00:00Z'),
		...fb(by('STAR'), [5, 4, 4, 1], '2026-03-10T12:00:00Z'),
	]);
});

describe('scores', () => {
	test('GET /api/v2/nps/score is the legacy score object', async () => {
		const r = await client.get('/api/v2/nps/score');
		// 15 answers: 9 promoters, 2 passives, 4 detractors.
		expect(r.body).toEqual({
			message: 'Success.',
			code: 200,
			data: { nps: 33, promoters: 60, passives: 13, detractors: 27, promotersCount: 9, passivesCount: 2, detractorsCount: 4, totalResponses: 15 },
		});
	});

	test('csat: % of 4-5; ces and star: averages', async () => {
		expect((await client.get('/api/v2/csat/score')).body.data).toEqual({
			csat: 50, average: 3.25, promoters: 50, passives: 25, detractors: 25, promotersCount: 2, passivesCount: 1, detractorsCount: 1, totalResponses: 4,
		});
		expect((await client.get('/api/v2/ces/score')).body.data).toMatchObject({ ces: 4.75, average: 4.75, promotersCount: 2, passivesCount: 1, detractorsCount: 1 });
		expect((await client.get('/api/v2/star/score')).body.data).toMatchObject({ star: 3.5, promotersCount: 3, detractorsCount: 1 });
		expect((await client.get('/api/v2/pmf/score')).status).toBe(404);
	});

	test('legacy score equals the v2 nps score', async () => {
		const legacy = await client.legacy('GET', '/api/service/nps/score');
		expect(legacy.body).toEqual({ message: 'success', code: 200, data: (await client.get('/api/v2/nps/score')).body.data });
	});
});

describe('reports', () => {
	const full = <T>(run: () => Promise<T>) => client.inFull(run);

	test('by default an entry carries only the fields the reference names: campaignId, questionsStats, trend, last, deliveryStats', async () => {
		const r = await client.get('/api/v2/reports?startDate=2026-03-01&endDate=2026-03-31');
		expect(r.status).toBe(200);
		expect(r.body.data).toHaveLength(campaigns.length);
		for (const report of r.body.data) expect(Object.keys(report).sort()).toEqual(['campaignId', 'deliveryStats', 'last', 'questionsStats', 'trend']);
		const nps = r.body.data.find((x: any) => x.campaignId === by('NPS', 'email').id);
		expect(nps.trend).toEqual([{ day: '2026-03-10', promoters: 8, passives: 2, detractors: 3, total: 13, score: 39 }]);
	});

	test("with responses: 'full', one entry per campaign with score math, trend, last, questionsStats, deliveryStats", async () => {
		const r = await full(() => client.get('/api/v2/reports'));
		expect(r.status).toBe(200);
		expect(r.body.data).toHaveLength(campaigns.length);
		const nps = r.body.data.find((x: any) => x.campaignId === by('NPS', 'email').id);
		expect(nps).toMatchObject({
			campaignName: by('NPS', 'email').name,
			metric: 'NPS',
			startDate: null,
			endDate: null,
			score: 39,
			promoters: 62,
			passives: 15,
			detractors: 23,
			promotersCount: 8,
			passivesCount: 2,
			detractorsCount: 3,
			totalResponses: 13,
			trend: [{ day: '2026-03-10', promoters: 8, passives: 2, detractors: 3, total: 13, score: 39 }],
			last: expect.objectContaining({ score: expect.any(Number), createdDate: '2026-03-10T12:00:00.000Z' }),
			deliveryStats: { sent: 0, opened: 0, responded: 0, bounced: 0, optedOut: 0, responseRate: 0 },
		});
		const main = nps.questionsStats.find((q: any) => q.isMain);
		expect(main).toMatchObject({ type: 'RATING', responses: 13 });
		expect(main.distribution['10']).toBe(4);
	});

	test('by campaign: a list with one entry; unknown campaign 404', async () => {
		const r = await client.get(`/api/v2/reports/${by('NPS', 'link').id}?startDate=2026-02-01&endDate=2026-02-01`);
		expect(r.body.data).toHaveLength(1);
		expect(r.body.data[0]).toMatchObject({ campaignId: by('NPS', 'link').id, trend: [{ day: '2026-02-01', promoters: 1, passives: 0, detractors: 1, total: 2, score: 0 }] });
		expect((await client.get('/api/v2/reports/6aca0000000000000000ffff')).status).toBe(404);
	});
});

describe('trends', () => {
	test('default group, custom range, current vs baseline with deltas', async () => {
		const r = await client.get('/api/v2/trends/default?date=custom&startDate=2026-03-01T00:00:00Z&endDate=2026-03-31T00:00:00Z');
		expect(r.status).toBe(200);
		const d = r.body.data;
		expect(d.group).toMatchObject({ isDefault: true, metricType: 'NPS' });
		expect(d.current).toMatchObject({ startDate: '2026-03-01T00:00:00.000Z', score: 39, totalResponses: 13 });
		// The baseline is the equally long span just before: it holds the two February answers.
		expect(d.baseline).toMatchObject({ endDate: '2026-02-28T23:59:59.999Z', score: 0, totalResponses: 2 });
		expect(d.deltas).toEqual({ score: 39, totalResponses: 11, promoters: 12, passives: 15, detractors: -27 });
		expect(d.trendLine).toEqual([{ day: '2026-03-10', score: 39, total: 13 }]);
		expect(d.current.distribution).toHaveLength(11);
	});

	test('UNIX seconds work for custom; both dates override any preset', async () => {
		const s = Date.parse('2026-03-01T00:00:00Z') / 1000;
		const e = Date.parse('2026-03-31T00:00:00Z') / 1000;
		const r = await client.get(`/api/v2/trends/default?date=today&startDate=${s}&endDate=${e}`);
		expect(r.body.data).toMatchObject({ date: 'custom', current: { totalResponses: 13 } });
	});

	test.each([
		['today', '2026-03-15T04:00:00.000Z'],
		['yesterday', '2026-03-14T04:00:00.000Z'],
		['past-week', '2026-03-08T12:00:00.000Z'],
		// Calendar arithmetic in local time: 08:00 New York is 13:00Z before the DST switch of 2026-03-08.
		['past-month', '2026-02-15T13:00:00.000Z'],
		['past-3-months', '2025-12-15T13:00:00.000Z'],
		['past-6-months', '2025-09-15T12:00:00.000Z'],
		['past-year', '2025-03-15T12:00:00.000Z'],
		['this-month-to-date', '2026-03-01T05:00:00.000Z'],
		['this-quarter-to-date', '2026-01-01T05:00:00.000Z'],
		['this-year-to-date', '2026-01-01T05:00:00.000Z'],
	])('preset %s starts at %s (account A, New York)', async (date, start) => {
		const r = await client.get(`/api/v2/trends/default?date=${date}`);
		expect(r.status).toBe(200);
		expect(r.body.data.current.startDate).toBe(start);
	});

	test('errors: unknown preset or custom without both dates (400), unknown group (404)', async () => {
		expect((await client.get('/api/v2/trends/default?date=last-decade')).status).toBe(400);
		expect((await client.get('/api/v2/trends/default?date=custom&startDate=2026-01-01')).status).toBe(400);
		expect((await client.get('/api/v2/trends/6ab1ffffffffffffffffffff')).status).toBe(404);
		const group = (await client.get('/api/v2/trends')).body.data.find((g: any) => g.metricType === 'CSAT');
		expect((await client.get(`/api/v2/trends/${group.id}?date=past-month`)).body.data.current.totalResponses).toBe(4);
	});
});

describe('ping', () => {
	test('identity, plan, credits of the current month, usage counters', async () => {
		client.sim.insert(client.A.id, 'outbox', [
			{ email: 'a@ping.example.com', surveyCreatedDate: '2026-03-02T12:00:00Z' },
			{ email: 'b@ping.example.com', surveyCreatedDate: '2026-02-02T12:00:00Z' },
			{ email: 'c@ping.example.com', surveyCreatedDate: '2026-03-03T12:00:00Z', status: 'queued' },
		]);
		const r = await client.get('/api/v2/ping');
		expect(r.body.data).toEqual({
			account: { id: client.A.id, name: client.A.name, timezone: 'America/New_York' },
			apiKey: { permission: 'write' },
			plan: { name: 'Growth', surveyCreditsPerPeriod: 10000 },
			credits: { periodStart: '2026-03-01T05:00:00.000Z', periodEnd: '2026-04-01T03:59:59.999Z', total: 10000, used: 2, balance: 9998 },
			usage: { contacts: expect.any(Number), feedback: 27, outbox: 3, queue: 1, suppressions: 0 },
		});
	});
});
