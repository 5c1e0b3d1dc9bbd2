/**
 * Proves, in a real n8n (2.41.1, the package installed as a community package) against the
 * simulator, that every resource of the Survey Feedback node works end to end:
 *
 * - reads of every resource (account, customer, company, feedback, outbox, template, campaign,
 *   report, score, trend, email and domain suppressions, the deprecated v2 and legacy v1
 *   endpoints), with filters, limits, resource locators and expressions chained from one node to
 *   the next, each output item paired to its input;
 * - writes of every resource (customer upsert / unsubscribe / resubscribe / sync attributes /
 *   delete, survey send, outbox delete, feedback import / set tags / set topics / delete,
 *   suppressions add and remove, the deprecated tag endpoint, v1 create subscribers), each read
 *   back or undone, and what the service received (the simulator's request log);
 * - each of the three credential types puts the key where it says (X-Api-Key, Authorization,
 *   ?api_key=), legacy v1 calls always use Authorization, and the key never appears in n8n's output.
 */
import { nodesThatRan, outputItems, type ExecuteResult } from '../../dev/n8n/harness';
import { ACCOUNT_A, CAMPAIGN_A1, describeRun, n8nInstance, pairedIndexes, simClient, type LoggedRequest } from './support';
import {
	IMPORT_EMAIL,
	READS_ID,
	readsWorkflow,
	SUPPRESSED_DOMAIN,
	SUPPRESSED_EMAIL,
	SURVEY_EMAIL,
	V1_EMAIL,
	WRITE_EMAILS,
	WRITES_ID,
	writesWorkflow,
} from './workflows';

const sim = simClient();
const n8n = n8nInstance();

const only = (log: LoggedRequest[], method: string, path: string) => log.filter((r) => r.method === method && r.path === path);
const ids = (items: any[]) => items.map((item) => item.id);
const secrets = [ACCOUNT_A.writeKey, ACCOUNT_A.readKey];

describe('every resource, reads', () => {
	let res: ExecuteResult;
	let log: LoggedRequest[];
	let counts: Record<string, number>;

	beforeAll(async () => {
		counts = (await sim.state()).accounts[0].counts;
		const mark = await sim.mark();
		res = await n8n.execute(READS_ID);
		log = await sim.requests({ after: mark });
	});

	it('runs every node green', () => {
		expect(res.status).toBe('success');
		expect(describeRun(res)).not.toMatch(/error in/);
		expect(nodesThatRan(res).sort()).toEqual(readsWorkflow.nodes.map((n) => n.name).sort());
		// Every request was answered with success, by account A.
		expect(log.filter((r) => r.status !== 200).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([]);
		expect(new Set(log.map((r) => r.accountId))).toEqual(new Set([ACCOUNT_A.id]));
	});

	it('account status through each of the three credential types, the key where each says', () => {
		for (const node of ['Account (X-Api-Key)', 'Account (Authorization)', 'Account (query parameter)']) {
			const items = outputItems(res, node);
			expect(items).toHaveLength(1);
			expect(items[0].account.id).toBe(ACCOUNT_A.id);
			expect(items[0].apiKey).toEqual({ permission: 'write' });
		}
		const pings = only(log, 'GET', '/api/v2/ping');
		expect(pings.map((r) => r.auth).sort()).toEqual(['authorization', 'query', 'x-api-key']);
		// The key is in no output, log line or error that n8n printed.
		for (const secret of secrets) expect(res.stdout + res.stderr).not.toContain(secret);
	});

	it('customers: Get Many with an attribute filter and a limit, then Get by ID per item', () => {
		const customers = outputItems(res, 'Enterprise customers');
		expect(customers).toHaveLength(5);
		for (const c of customers) expect(c.properties).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'plan', value: 'enterprise' })]));
		const [list] = only(log, 'GET', '/api/v2/customers');
		expect(list.query).toMatchObject({ page: '1', limit: '5', attributes: [{ name: 'plan', op: 'equal', value: 'enterprise' }], match: 'all' });

		expect(ids(outputItems(res, 'Customer by ID'))).toEqual(ids(customers));
		expect(pairedIndexes(res, 'Customer by ID')).toEqual([0, 1, 2, 3, 4]);
		expect(only(log, 'GET', `/api/v2/customers/${customers[0].id}`)).toHaveLength(1);
	});

	it('companies: Get Many sorted, then Get by domain', () => {
		const companies = outputItems(res, 'Companies');
		expect(companies).toHaveLength(3);
		const names = companies.map((c) => c.companyName);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(ids(outputItems(res, 'Company by domain'))).toEqual(ids(companies));
		expect(pairedIndexes(res, 'Company by domain')).toEqual([0, 1, 2]);
	});

	it('feedback: Get Many of one campaign, then Get by ID', () => {
		const feedback = outputItems(res, 'Feedback of campaign 1');
		expect(feedback).toHaveLength(3);
		for (const f of feedback) expect(f.campaignId).toBe(CAMPAIGN_A1);
		const byId = outputItems(res, 'Feedback by ID');
		expect(ids(byId)).toEqual(ids(feedback));
		expect(byId[0]).toMatchObject({ score: feedback[0].score, email: feedback[0].email });
	});

	it('feedback: Luxon DateTimes from expressions are sent as exact UTC instants', () => {
		const [request] = only(log, 'GET', '/api/v2/feedback').filter((r) => r.query.startDate);
		const { startDate, endDate } = request.query;
		expect(startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
		expect(endDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
		const span = Date.parse(endDate) - Date.parse(startDate);
		expect(Math.abs(span - 7 * 24 * 3600_000)).toBeLessThan(60_000);
		expect(Math.abs(Date.parse(endDate) - Date.parse(request.time))).toBeLessThan(5 * 60_000);
		const feedback = outputItems(res, 'Feedback of the last week');
		expect(feedback.length).toBeGreaterThan(0);
		for (const f of feedback) {
			expect(Date.parse(f.createdDate)).toBeGreaterThanOrEqual(Date.parse(startDate));
			expect(Date.parse(f.createdDate)).toBeLessThanOrEqual(Date.parse(endDate));
		}
		const times = feedback.map((f) => Date.parse(f.createdDate));
		expect(times).toEqual([...times].sort((a, b) => a - b));
	});

	it('outbox: Get Many filtered by channel', () => {
		const surveys = outputItems(res, 'Email outbox');
		expect(surveys).toHaveLength(10);
		for (const s of surveys) expect(s.channel).toBe('email');
		expect(only(log, 'GET', '/api/v2/outbox')[0].query).toMatchObject({ channel: 'email', limit: '10' });
	});

	it('templates, campaigns, and the deprecated lists that return the same records', () => {
		const templates = outputItems(res, 'Templates');
		expect(templates).toHaveLength(counts.templates);
		const withQuestions = outputItems(res, 'Template by ID');
		expect(ids(withQuestions)).toEqual(ids(templates));
		for (const t of withQuestions) expect(t.surveyQuestions.length).toBeGreaterThan(0);

		const campaigns = outputItems(res, 'Campaigns');
		expect(campaigns).toHaveLength(counts.campaigns);
		expect(campaigns.map((c) => c.id)).toContain(CAMPAIGN_A1);

		expect(ids(outputItems(res, 'Deprecated campaigns'))).toEqual(ids(campaigns));
		expect(ids(outputItems(res, 'Deprecated templates'))).toEqual(ids(templates));
		expect(only(log, 'GET', '/api/v2/nps/campaigns')).toHaveLength(1);
		expect(only(log, 'GET', '/api/v2/nps/templates')).toHaveLength(1);
	});

	it('report of one campaign for a range of days, sent as YYYY-MM-DD', () => {
		const reports = outputItems(res, 'Report of campaign 1');
		expect(reports).toHaveLength(1);
		// The fields the reference names for a report (the simulator's default answers with those alone).
		expect(reports[0]).toMatchObject({ campaignId: CAMPAIGN_A1, trend: expect.any(Array), deliveryStats: expect.any(Object) });
		const [request] = only(log, 'GET', `/api/v2/reports/${CAMPAIGN_A1}`);
		expect(request.query.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		expect(request.query.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
	});

	it('scores, and the v1 score equal to the v2 NPS score', () => {
		const [nps] = outputItems(res, 'NPS score');
		expect(typeof nps.nps).toBe('number');
		expect(typeof outputItems(res, 'CSAT score')[0].csat).toBe('number');
		expect(outputItems(res, 'V1 score')).toEqual([nps]);
	});

	it('trends: the groups, and the default group over the past month', () => {
		expect(outputItems(res, 'Trend groups')).toHaveLength(counts.trendGroups);
		const [trend] = outputItems(res, 'Default trend');
		expect(trend.group.isDefault).toBe(true);
		expect(trend.date).toBe('past-month');
		expect(only(log, 'GET', '/api/v2/trends/default')[0].query).toMatchObject({ date: 'past-month' });
	});

	it('email and domain suppressions', () => {
		expect(outputItems(res, 'Email suppressions')).toHaveLength(counts.emailSuppressions);
		expect(outputItems(res, 'Domain suppressions')).toHaveLength(counts.domainSuppressions);
	});

	it('deprecated responses and the legacy v1 lists, v1 always with the Authorization header', () => {
		expect(outputItems(res, 'Deprecated responses')).toHaveLength(4);
		expect(outputItems(res, 'V1 subscribers')).toHaveLength(3);
		expect(outputItems(res, 'V1 latest responses')).toHaveLength(2);
		const v1 = log.filter((r) => r.api === 'legacy');
		expect(v1.map((r) => r.path).sort()).toEqual(['/api/service/nps/customers', '/api/service/nps/customers/response', '/api/service/nps/score']);
		// 'V1 subscribers' uses the query-parameter credential: v1 still gets the header.
		for (const r of v1) expect(r.auth).toBe('authorization');
		expect(only(v1, 'GET', '/api/service/nps/customers')[0].query).toMatchObject({ currentPage: '1', limit: '3' });
	});
});

describe('every resource, writes', () => {
	let res: ExecuteResult;
	let log: LoggedRequest[];

	beforeAll(async () => {
		// The simulator's full answers: the workflow tags the feedback it imported by the ID that only they
		// carry (the spec's import answer lists only the failed items). The spec's answers: examples.test.ts.
		await sim.configure({ responses: 'full' });
		const mark = await sim.mark();
		try {
			res = await n8n.execute(WRITES_ID);
		} finally {
			await sim.configure({ responses: 'spec' });
		}
		log = await sim.requests({ after: mark });
	});

	it('runs every node green', () => {
		expect(describeRun(res)).toMatch(/^status success/);
		expect(nodesThatRan(res).sort()).toEqual(writesWorkflow.nodes.map((n) => n.name).sort());
		expect(log.filter((r) => r.status === null || r.status >= 300).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([]);
		for (const secret of secrets) expect(res.stdout + res.stderr).not.toContain(secret);
	});

	it('customers: upsert, unsubscribe, resubscribe, sync attributes, delete; one row per item, paired', async () => {
		const upserted = outputItems(res, 'Upsert');
		expect(upserted.map((row) => [row.email, row.status])).toEqual(WRITE_EMAILS.map((email) => [email, 'created']));
		expect(pairedIndexes(res, 'Upsert')).toEqual([0, 1]);
		const [upsert] = only(log, 'POST', '/api/v2/customers');
		expect(upsert.auth).toBe('authorization');
		expect(upsert.body.subscribers[0]).toEqual({
			email: WRITE_EMAILS[0],
			first_name: 'Ada',
			tags: ['e2e', 'writes'],
			properties: [{ label: 'Plan', value: 'pro', type: 'text' }],
		});

		expect(outputItems(res, 'Unsubscribe').map((row) => row.status)).toEqual(['unsubscribed', 'unsubscribed']);
		expect(only(log, 'POST', '/api/v2/customers/unsubscribe')[0].body).toEqual({ subscribers: WRITE_EMAILS, message: ['e2e opt-out'] });
		expect(outputItems(res, 'Resubscribe').map((row) => row.status)).toEqual(['resubscribed', 'resubscribed']);

		const jobs = outputItems(res, 'Sync attributes');
		expect(jobs.map((job) => job.scope)).toEqual(['feedback', 'outbox', 'feedback', 'outbox']);
		expect(pairedIndexes(res, 'Sync attributes')).toEqual([0, 0, 1, 1]);
		expect(only(log, 'POST', '/api/v2/sync-attributes').map((r) => r.body)).toEqual(WRITE_EMAILS.map((email) => ({ emails: [email], scope: 'all' })));

		expect(outputItems(res, 'Delete customers').map((row) => [row.email, row.status])).toEqual(WRITE_EMAILS.map((email) => [email, 'deleted']));
		for (const email of WRITE_EMAILS) {
			expect((await sim.get(`/api/v2/customers?email=${encodeURIComponent(email)}`, ACCOUNT_A.readKey)).data.total).toBe(0);
		}
	});

	it('survey send with a delay, the outbox record read back and deleted', () => {
		const [sent] = outputItems(res, 'Send survey');
		expect(sent).toMatchObject({ email: SURVEY_EMAIL, campaign: CAMPAIGN_A1, delay: 0, status: 'sent', surveyId: expect.any(String) });
		const [send] = only(log, 'POST', '/api/v2/survey');
		expect(send.body).toEqual({ campaign: CAMPAIGN_A1, delay: 0, subscribers: [{ email: SURVEY_EMAIL, first_name: 'Alan' }] });
		// A delay overrides the campaign's sending hours: the node says so in a hint.
		const hints = res.data.data.resultData.runData['Send survey'][0].hints ?? [];
		expect(JSON.stringify(hints)).toMatch(/overrides the campaign/);

		const outbox = outputItems(res, 'Outbox of recipient');
		expect(outbox.map((s) => s.surveyId)).toEqual([sent.surveyId]);
		expect(outputItems(res, 'Delete sent survey')).toEqual([expect.objectContaining({ surveyId: sent.surveyId, status: 'deleted', deleted: 1 })]);
	});

	it('feedback import (mapped fields), tags, topics, deprecated tags, delete', async () => {
		const [imported] = outputItems(res, 'Import feedback');
		expect(imported).toMatchObject({ email: IMPORT_EMAIL, campaignId: CAMPAIGN_A1, status: 'imported', id: expect.any(String) });
		const [importRequest] = only(log, 'POST', '/api/v2/import');
		expect(importRequest.body).toMatchObject({
			campaign_id: CAMPAIGN_A1,
			feedback: [expect.objectContaining({ email: IMPORT_EMAIL, score: 4, comment: 'Too slow lately', first_name: 'Edsger' })],
			options: { skip_duplicates: false },
		});

		const [tagged] = outputItems(res, 'Set tags');
		expect(tagged.id).toBe(imported.id);
		expect(tagged.tags).toEqual(expect.arrayContaining(['e2e', 'slow']));
		const [withTopics] = outputItems(res, 'Set topics');
		expect(withTopics.topics).toEqual([{ name: 'Performance', sentiment: 'negative' }]);
		const [legacyTagged] = outputItems(res, 'Deprecated set tags');
		expect(legacyTagged.tags).toEqual(expect.arrayContaining(['e2e', 'slow', 'legacy-tag']));
		expect(only(log, 'POST', '/api/v2/nps/customers/response/tags')[0].body).toEqual({ id: imported.id, tags: ['legacy-tag'], op: 'append' });

		expect(outputItems(res, 'Delete feedback')).toEqual([expect.objectContaining({ feedbackId: imported.id, status: 'deleted', deleted: 1 })]);
		const gone = await fetch(`${sim.baseUrl}/api/v2/feedback/${imported.id}`, { headers: { 'X-Api-Key': ACCOUNT_A.readKey } });
		expect(gone.status).toBe(404);
	});

	it('email and domain suppressions added and removed; the query-parameter credential on writes', () => {
		const [added] = outputItems(res, 'Suppress email');
		expect(added).toMatchObject({ created: true, suppression: { email: SUPPRESSED_EMAIL, note: 'e2e', manual: true } });
		expect(outputItems(res, 'Unsuppress email')).toEqual([{ id: added.suppression.id, deleted: true }]);

		const [domain] = outputItems(res, 'Suppress domain');
		expect(domain).toMatchObject({ created: true, suppression: { pattern: SUPPRESSED_DOMAIN, category: 'corporate' } });
		expect(outputItems(res, 'Unsuppress domain')).toEqual([{ id: domain.suppression.id, deleted: true }]);
		const domainRequests = log.filter((r) => r.path.startsWith('/api/v2/suppressions/domains'));
		expect(domainRequests.map((r) => [r.method, r.auth])).toEqual([
			['POST', 'query'],
			['DELETE', 'query'],
		]);
	});

	it('legacy v1 create subscribers, with the Authorization header', async () => {
		expect(outputItems(res, 'V1 create subscriber')).toEqual([expect.objectContaining({ email: V1_EMAIL, status: 'accepted' })]);
		// v1 answers { message, code } alone: the item is only accepted, and n8n shows the hint that says how to check it.
		const hints = res.data.data.resultData.runData['V1 create subscriber'][0].hints ?? [];
		expect(hints).toEqual([expect.objectContaining({ type: 'info', location: 'outputPane', message: expect.stringMatching(/1 of 1 item \(item 0\) accepted without a result of its own: to see what became of each, look for the subscriber with Customer › Get/) })]);
		const [create] = log.filter((r) => r.api === 'legacy');
		expect(create).toMatchObject({ method: 'POST', path: '/api/service/nps/customers', auth: 'authorization', status: 200 });
		expect(create.body.subscribers).toEqual([expect.objectContaining({ email: V1_EMAIL, first_name: 'Barbara', last_name: 'Liskov', company: 'V1 Example Co' })]);
		expect((await sim.get(`/api/v2/customers?email=${encodeURIComponent(V1_EMAIL)}`, ACCOUNT_A.readKey)).data.total).toBe(1);
	});
});
