/** The six date rules of the spec, each against the HTTP API, with records inserted at chosen instants. */
import { parseInstant, reportDay } from '../../dev/simulator/dates';
import { useSimulatorClient } from '../helpers/simulatorClient';

// Full answers: the import's and deletes' rows show what each date rule did.
const client = useSimulatorClient({ seed: 'empty', responses: 'full' });
let npsEmail: any;
const unix = (iso: string) => String(Date.parse(iso) / 1000);
const millis = (iso: string) => String(Date.parse(iso));

beforeAll(async () => {
	npsEmail = (await client.get('/api/v2/campaigns')).body.campaigns.find((c: any) => c.metric === 'NPS' && c.channel === 'email');
});

describe('rule 1 and 2: customers, feedback, deprecated responses use exact UTC instants', () => {
	const INSTANTS = ['2026-01-10T00:00:00.000Z', '2026-01-10T12:00:00.000Z', '2026-01-10T23:59:59.000Z', '2026-01-11T00:00:00.000Z'];
	const lists: Array<[string, string, string]> = [
		['/api/v2/feedback', 'responses', 'createdDate'],
		['/api/v2/nps/customers/response', 'responses', 'createdDate'],
		['/api/v2/customers', 'subscribers', 'createdDate'],
	];

	beforeAll(() => {
		client.sim.insert(client.A.id, 'customers', INSTANTS.map((createdDate, i) => ({ email: `r1-${i}@rule1.com`, createdDate })));
		client.sim.insert(client.A.id, 'feedback', INSTANTS.map((createdDate, i) => ({ email: `r1-${i}@rule1.com`, createdDate, campaignId: npsEmail.id })));
	});

	const cases: Array<[string, string, number[]]> = [
		['a bare date is 00:00:00Z and endDate is not expanded', 'startDate=2026-01-10&endDate=2026-01-10', [0]],
		['a full date-time includes the final day', 'startDate=2026-01-10&endDate=2026-01-10T23:59:59Z', [0, 1, 2]],
		['startDate is inclusive at the exact instant', 'startDate=2026-01-10T12:00:00Z', [1, 2, 3]],
		['endDate is inclusive at the exact instant', 'endDate=2026-01-11', [0, 1, 2, 3]],
		['an offset is honoured', `startDate=${encodeURIComponent('2026-01-10T07:00:00-05:00')}`, [1, 2, 3]],
		['UNIX seconds', `startDate=${unix('2026-01-10T12:00:00Z')}&endDate=${unix('2026-01-10T23:59:59Z')}`, [1, 2]],
		['a millisecond startDate lands in the far future: nothing', `startDate=${millis('2026-01-10T00:00:00Z')}`, []],
		['a millisecond endDate lands in the far future: everything', `endDate=${millis('2026-01-10T00:00:00Z')}`, [0, 1, 2, 3]],
	];

	for (const [path, key, field] of lists) {
		test.each(cases)(`${path}: %s`, async (_name, query, expected) => {
			const r = await client.get(`${path}?${query}&sort=${field}&limit=100`);
			expect(r.status).toBe(200);
			const times = r.body.data[key].filter((x: any) => x.email.endsWith('@rule1.com')).map((x: any) => x[field]);
			expect(times).toEqual(expected.map((i) => INSTANTS[i]));
		});
	}

	test.each(['banana', '2026-02-30', '10/01/2026'])('startDate=%s is a 400 (no rollover here)', async (v) => {
		const r = await client.get(`/api/v2/feedback?startDate=${encodeURIComponent(v)}`);
		expect(r.status).toBe(400);
	});

	test('parseInstant treats any number as seconds', () => {
		expect(new Date(parseInstant('1768046400', 'x')).toISOString()).toBe('2026-01-10T12:00:00.000Z');
		expect(new Date(parseInstant('1768046400000', 'x')).getUTCFullYear()).toBeGreaterThan(50000);
	});
});

describe('rule 3: outbox dates snap to whole days in the account time zone', () => {
	// Account A is America/New_York (UTC-5 in January); B is Europe/Berlin (UTC+1).
	const A = ['2026-01-10T04:59:59.000Z', '2026-01-10T05:00:00.000Z', '2026-01-11T04:59:59.000Z', '2026-01-11T05:00:00.000Z'];
	const B = ['2026-01-09T22:59:59.000Z', '2026-01-09T23:00:00.000Z', '2026-01-10T22:59:59.000Z', '2026-01-10T23:00:00.000Z'];

	beforeAll(() => {
		client.sim.insert(client.A.id, 'outbox', A.map((surveyCreatedDate, i) => ({ email: `r3-${i}@rule3.com`, surveyCreatedDate })));
		client.sim.insert(client.B.id, 'outbox', B.map((surveyCreatedDate, i) => ({ email: `r3-${i}@rule3.com`, surveyCreatedDate })));
	});

	const outbox = async (query: string, key = client.A.readKey) => {
		const r = await client.get(`/api/v2/outbox?${query}&sort=surveyCreatedDate&limit=100`, { key });
		expect(r.status).toBe(200);
		return r.body.data.surveys.filter((x: any) => x.email.endsWith('@rule3.com')).map((x: any) => x.surveyCreatedDate);
	};

	test('a bare date covers that whole day in New York', async () => {
		expect(await outbox('startDate=2026-01-10&endDate=2026-01-10')).toEqual([A[1], A[2]]);
	});

	test('the same dates cover a different UTC span in Berlin', async () => {
		expect(await outbox('startDate=2026-01-10&endDate=2026-01-10', client.B.readKey)).toEqual([B[1], B[2]]);
	});

	test('a date-time startDate snaps back to the start of its local day', async () => {
		expect(await outbox('startDate=2026-01-10T18:00:00Z')).toEqual([A[1], A[2], A[3]]);
	});

	test('a date-time endDate snaps forward to the end of its local day', async () => {
		expect(await outbox('endDate=2026-01-10T06:00:00Z')).toEqual([A[0], A[1], A[2]]);
	});

	test('UNIX seconds are snapped too', async () => {
		expect(await outbox(`startDate=${unix('2026-01-10T18:00:00Z')}&endDate=${unix('2026-01-10T18:00:00Z')}`)).toEqual([A[1], A[2]]);
	});
});

describe('rule 4: reports take YYYY-MM-DD only, in the account time zone', () => {
	const MESSAGE = { message: 'Invalid date format. Use YYYY-MM-DD.', code: 400, data: null };
	let campaign: any;

	beforeAll(async () => {
		campaign = (await client.get('/api/v2/campaigns')).body.campaigns.find((c: any) => c.metric === 'NPS' && c.channel === 'link');
		client.sim.insert(client.A.id, 'feedback', [
			{ email: 'r4@rule4.com', campaignId: campaign.id, score: 10, createdDate: '2026-01-10T04:59:59Z' },
			{ email: 'r4@rule4.com', campaignId: campaign.id, score: 10, createdDate: '2026-01-10T05:00:00Z' },
			{ email: 'r4@rule4.com', campaignId: campaign.id, score: 0, createdDate: '2026-01-11T04:59:59Z' },
			{ email: 'r4@rule4.com', campaignId: campaign.id, score: 9, createdDate: '2026-01-11T05:00:00Z' },
			{ email: 'r4@rule4.com', campaignId: campaign.id, score: 7, createdDate: '2026-03-02T12:00:00Z' },
		]);
	});

	/** The fuller answers (`responses: 'full'`) echo the resolved range: `get` against them. */
	async function inFull(path: string) {
		const before = client.sim.configure({}).responses;
		client.sim.configure({ responses: 'full' });
		try {
			return await client.get(path);
		} finally {
			client.sim.configure({ responses: before });
		}
	}

	test('startDate is the local start of day and endDate includes the whole local day', async () => {
		const r = await client.get(`/api/v2/reports/${campaign.id}?startDate=2026-01-10&endDate=2026-01-10`);
		expect(r.status).toBe(200);
		expect(r.body.data[0]).toMatchObject({
			campaignId: campaign.id,
			trend: [{ day: '2026-01-10', promoters: 1, passives: 0, detractors: 1, total: 2, score: 0 }],
		});
		const full = await inFull(`/api/v2/reports/${campaign.id}?startDate=2026-01-10&endDate=2026-01-10`);
		expect(full.body.data[0]).toMatchObject({
			startDate: '2026-01-10T05:00:00.000Z',
			endDate: '2026-01-11T04:59:59.999Z',
			totalResponses: 2,
			promotersCount: 1,
			detractorsCount: 1,
			score: 0,
		});
		const all = await client.get('/api/v2/reports/?startDate=2026-01-10&endDate=2026-01-10');
		expect(all.body.data.find((x: any) => x.campaignId === campaign.id).trend).toEqual(r.body.data[0].trend);
	});

	test.each(['2026-01-10T00:00:00Z', '1768046400', '2026-1-10', '10.01.2026', 'today'])('%s is a 400 with the exact message', async (v) => {
		for (const q of [`startDate=${encodeURIComponent(v)}`, `startDate=2026-01-01&endDate=${encodeURIComponent(v)}`]) {
			const r = await client.get(`/api/v2/reports?${q}`);
			expect(r.status).toBe(400);
			expect(r.body).toEqual(MESSAGE);
			expect((await client.get(`/api/v2/reports/${campaign.id}?${q}`)).body).toEqual(MESSAGE);
		}
	});

	test('1970-01-01 is rejected', async () => {
		const r = await client.get('/api/v2/reports?startDate=1970-01-01');
		expect(r.status).toBe(400);
		expect(r.body).toEqual(MESSAGE);
	});

	test('an impossible date is accepted and rolls over: 2026-02-30 is 2026-03-02', async () => {
		const r = await inFull(`/api/v2/reports/${campaign.id}?startDate=2026-02-30&endDate=2026-02-30`);
		expect(r.status).toBe(200);
		expect((await client.get(`/api/v2/reports/${campaign.id}?startDate=2026-02-30&endDate=2026-02-30`)).body.data[0].trend).toEqual([
			{ day: '2026-03-02', promoters: 0, passives: 1, detractors: 0, total: 1, score: 0 },
		]);
		expect(r.body.data[0]).toMatchObject({
			startDate: '2026-03-02T05:00:00.000Z',
			endDate: '2026-03-03T04:59:59.999Z',
			totalResponses: 1,
		});
		expect(new Date(reportDay('2026-13-01', 'UTC', 'start')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
	});
});

describe('rule 5: DELETE outbox/feedback filters take YYYY-MM-DD or ISO, snapped to local days', () => {
	const INSTANTS = ['2026-01-10T04:59:59Z', '2026-01-10T05:00:00Z', '2026-01-11T04:59:59Z', '2026-01-11T05:00:00Z'];
	const count = async (path: string, key: string) => (await client.get(`${path}?email=r5@rule5.com&limit=100`)).body.data[key].length;

	beforeEach(() => {
		client.sim.insert(client.A.id, 'feedback', INSTANTS.map((createdDate) => ({ email: 'r5@rule5.com', createdDate, campaignId: npsEmail.id })));
		client.sim.insert(client.A.id, 'outbox', INSTANTS.map((surveyCreatedDate) => ({ email: 'r5@rule5.com', surveyCreatedDate, campaignId: npsEmail.id })));
	});
	afterEach(async () => {
		await client.del('/api/v2/feedback', { responses: [{ email: 'r5@rule5.com' }] });
		await client.del('/api/v2/outbox', { surveys: [{ email: 'r5@rule5.com' }] });
	});

	test.each([
		['/api/v2/feedback', 'responses'],
		['/api/v2/outbox', 'surveys'],
	])('%s: a bare date deletes that whole local day', async (path, key) => {
		const r = await client.del(path, { [key]: [{ email: 'r5@rule5.com', startDate: '2026-01-10', endDate: '2026-01-10' }] });
		expect(r.status).toBe(200);
		expect(r.body.data).toEqual({ deleted: 2, results: [{ index: 0, email: 'r5@rule5.com', status: 'deleted', deleted: 2 }] });
		expect(await count(path, key)).toBe(2);
	});

	test.each([
		['/api/v2/feedback', 'responses'],
		['/api/v2/outbox', 'surveys'],
	])('%s: an ISO date-time snaps to its local day', async (path, key) => {
		const r = await client.del(path, { [key]: [{ email: 'r5@rule5.com', startDate: '2026-01-10T20:00:00Z', endDate: '2026-01-10T20:00:00Z' }] });
		expect(r.body.data.deleted).toBe(2);
	});

	test.each([
		['/api/v2/feedback', 'responses'],
		['/api/v2/outbox', 'surveys'],
	])('%s: UNIX timestamps are a 400 and nothing is deleted', async (path, key) => {
		for (const bad of [Number(unix('2026-01-10T00:00:00Z')), unix('2026-01-10T00:00:00Z')]) {
			const r = await client.del(path, { [key]: [{ email: 'r5@rule5.com' }, { email: 'r5@rule5.com', startDate: bad }] });
			expect(r.status).toBe(400);
			expect(r.body.message).toMatch(/UNIX/);
		}
		expect(await count(path, key)).toBe(4);
	});
});

describe('rule 6: import dates are ISO 8601 only', () => {
	test('ISO dates are used; UNIX dates fail the item; a UNIX default_send_date fails the request', async () => {
		const item = (extra: object, i: number) => ({ email: `r6-${i}@rule6.com`, score: 9, ...extra });
		const r = await client.post('/api/v2/import', {
			campaign_id: npsEmail.id,
			feedback: [
				item({ response_date: '2025-12-01T10:00:00Z', send_date: '2025-11-30T10:00:00Z', open_date: '2025-12-01' }, 0),
				item({ response_date: 1764583200 }, 1),
				item({ response_date: '1764583200' }, 2),
				item({ send_date: 1764583200 }, 3),
				item({ open_date: '1764583200' }, 4),
			],
		});
		expect(r.status).toBe(200);
		expect(r.body.data.imported).toBe(1);
		expect(r.body.data.details.failed.map((f: any) => [f.index, f.email])).toEqual([1, 2, 3, 4].map((i) => [i, `r6-${i}@rule6.com`]));
		for (const f of r.body.data.details.failed) expect(f.reason).toMatch(/UNIX/);
		const fb = (await client.get(`/api/v2/feedback/${r.body.data.details.imported[0].id}`)).body.data;
		expect(fb).toMatchObject({ createdDate: '2025-12-01T10:00:00.000Z', sendDate: '2025-11-30T10:00:00.000Z', openDate: '2025-12-01T00:00:00.000Z' });

		const bad = await client.post('/api/v2/import', { campaign_id: npsEmail.id, feedback: [item({}, 9)], options: { default_send_date: 1764583200 } });
		expect(bad.status).toBe(400);
		expect(bad.body.message).toMatch(/default_send_date/);
		const good = await client.post('/api/v2/import', { campaign_id: npsEmail.id, feedback: [item({}, 8)], options: { default_send_date: '2025-11-01T00:00:00Z' } });
		const id = good.body.data.details.imported[0].id;
		expect((await client.get(`/api/v2/feedback/${id}`)).body.data).toMatchObject({ sendDate: '2025-11-01T00:00:00.000Z', createdDate: '2026-03-15T12:00:00.000Z' });
	});
});
