/**
 * Proves that every example workflow in examples/ (what users import), except the trigger one,
 * imports into a real n8n unchanged and runs green against the simulator, with the credential
 * id the examples name (sfSimulatorCredential). A new example file is picked up by itself (and
 * gets the generic checks); the known ones are also checked for what they claim to show.
 * The trigger example (a poll trigger) cannot run under `n8n execute`; trigger.test.ts covers it.
 * The AI examples need a chat model or an MCP client: ai-agent.test.ts and ai-mcp.test.ts run them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { DateTime } from 'luxon';

import { nodeError, nodesThatRan, outputItems, PINNED_N8N_VERSION, REPO_ROOT, type ExecuteResult } from '../../dev/n8n/harness';
import { needsModelOrMcpClient } from '../../dev/n8n/examples';
import { crmSubscriber } from '../helpers/crmExample';
import {
	ACCOUNT_A,
	CAMPAIGN_A1,
	context,
	describeRun,
	n8nInstance,
	pairedIndexes,
	readExamples,
	simClient,
	TRIGGER_TYPE,
	type LoggedRequest,
} from './support';

const sim = simClient();
const n8n = n8nInstance();
const examples = readExamples();
const runnable = Object.keys(examples).filter(
	(file) => !examples[file].nodes.some((node) => node.type === TRIGGER_TYPE) && !needsModelOrMcpClient(examples[file]),
);

/**
 * crm-custom-properties.json (version 3.1, Map Automatically): the CRM's bookkeeping kept out by Fields to Ignore, one
 * request; the rows the service refuses (an unregistered label, `refused` of them) are each their item's error in its
 * place (On Error: Continue, the same on every n8n version), the others sync, and the customers in Germany are read
 * back by their Country property.
 */
function checkCrmCustomProperties(res: ExecuteResult, log: LoggedRequest[], refused: number[]): void {
	const contacts = outputItems(res, 'CRM contacts');
	const rows = outputItems(res, 'Sync with custom properties');
	expect(pairedIndexes(res, 'Sync with custom properties')).toEqual(contacts.map((_, i) => i));
	for (const [i, row] of rows.entries()) {
		if (refused.includes(i)) {
			expect(row.error).toContain('referralCode');
			expect(row.details).toMatchObject({ email: contacts[i].email, status: 'failed' });
		} else {
			expect(row.email).toBe(contacts[i].email);
			expect(['created', 'updated']).toContain(row.status);
			// Fields to Ignore: named in each output item, never sent.
			expect(row.ignoredFields).toEqual(['id', 'createdAt', 'updatedAt', 'archived']);
		}
	}
	const posts = log.filter((r) => r.method === 'POST' && r.path === '/api/v2/customers');
	expect(posts).toHaveLength(1);
	expect(posts[0].body.subscribers).toEqual(contacts.map(crmSubscriber));
	// Read back once (Execute Once), filtered by a property that came from the CRM.
	// Map Automatically reads the account's properties once (the newest customers), for the CRM's fields the saved schema does not list.
	const customerReads = log.filter((r) => r.method === 'GET' && r.path === '/api/v2/customers');
	const reads = customerReads.filter((r) => r.query.attributes);
	expect(customerReads.length - reads.length).toBeLessThanOrEqual(1);
	expect(reads).toHaveLength(1);
	expect(reads[0].query.attributes).toEqual([{ name: 'country', op: 'equal', value: 'DE' }]);
	const inGermany = outputItems(res, 'Customers in Germany').map((c) => c.email);
	const syncedInGermany = contacts.filter((c, i) => !refused.includes(i) && c.country === 'DE').map((c) => c.email);
	expect(syncedInGermany.length).toBeGreaterThan(0);
	expect(inGermany).toEqual(expect.arrayContaining(syncedInGermany));
}

/** The contacts of the CRM example that carry a label the account has not registered (referralCode). */
const CRM_UNREGISTERED = [3, 7, 11];

/** What each known example shows, beyond running green. */
const checks: Record<string, (res: ExecuteResult, log: LoggedRequest[]) => Promise<void> | void> = {
	'sync-customers.json': (res, log) => {
		const contacts = outputItems(res, 'CRM contacts');
		const rows = outputItems(res, 'Create or update customers');
		expect(rows).toHaveLength(contacts.length);
		expect(rows.map((row) => row.email)).toEqual(contacts.map((c) => c.email));
		expect(pairedIndexes(res, 'Create or update customers')).toEqual(contacts.map((_, i) => i));
		for (const row of rows) expect(['created', 'updated']).toContain(row.status);
		const posts = log.filter((r) => r.method === 'POST' && r.path === '/api/v2/customers');
		expect(posts).toHaveLength(1);
		expect(posts[0].body.subscribers[0]).toMatchObject({ email: contacts[0].email, tags: ['crm', contacts[0].plan] });
	},
	'bulk-sync-automatic.json': (res, log) => {
		const contacts = outputItems(res, 'CRM contacts');
		const rows = outputItems(res, 'Create or update customers');
		expect(contacts).toHaveLength(2500);
		expect(rows.map((row) => row.email)).toEqual(contacts.map((c) => c.email));
		expect(pairedIndexes(res, 'Create or update customers')).toEqual(contacts.map((_, i) => i));
		for (const row of rows) expect(['created', 'updated']).toContain(row.status);
		// Read by name, validated by the row's schema (zod, resolved from n8n's own node_modules).
		const posts = log.filter((r) => r.method === 'POST' && r.path === '/api/v2/customers');
		expect(posts.map((p) => p.body.subscribers.length)).toEqual([1000, 1000, 500]);
		expect(posts[0].body.subscribers[0]).toEqual({
			email: contacts[0].email,
			first_name: contacts[0].firstName,
			last_name: 'Example',
			company: contacts[0].companyName,
			tags: ['crm'],
			properties: [{ label: 'plan', value: contacts[0].properties.plan, type: 'text' }],
		});
	},
	'crm-custom-properties.json': (res, log) => checkCrmCustomProperties(res, log, CRM_UNREGISTERED),
	'sync-spreadsheet.json': (res, log) => {
		const sheet = outputItems(res, 'Sheet rows');
		const rows = outputItems(res, 'Create or update customers');
		expect(rows.map((row) => row.email)).toEqual(sheet.map((r) => r.Email));
		expect(pairedIndexes(res, 'Create or update customers')).toEqual(sheet.map((_, i) => i));
		for (const row of rows) expect(['created', 'updated']).toContain(row.status);
		// Headers as people write them read as the customer's fields, Plan as the registered property, row_number left out.
		const posts = log.filter((r) => r.method === 'POST' && r.path === '/api/v2/customers');
		expect(posts).toHaveLength(1);
		expect(posts[0].body.subscribers).toEqual(
			sheet.map((r) => ({
				email: r.Email,
				first_name: r['First Name'],
				last_name: r['Last Name'],
				company: r.Company,
				properties: [{ label: 'Plan', value: r.Plan, type: 'text' }],
			})),
		);
	},
	'send-survey.json': (res, log) => {
		const deals = outputItems(res, 'Closed-won deals');
		const rows = outputItems(res, 'Send NPS survey');
		expect(rows.map((row) => row.email)).toEqual(deals.map((d) => d.email));
		expect(pairedIndexes(res, 'Send NPS survey')).toEqual(deals.map((_, i) => i));
		// No delay: queued for the campaign's sending time frame.
		for (const row of rows) expect(row).toMatchObject({ status: 'queued', campaign: CAMPAIGN_A1, surveyId: expect.any(String) });
		const posts = log.filter((r) => r.method === 'POST' && r.path === '/api/v2/survey');
		expect(posts).toHaveLength(1);
		expect(posts[0].body).not.toHaveProperty('delay');
	},
	'import-feedback.json': (res, log) => {
		const input = outputItems(res, 'Old survey results');
		const rows = outputItems(res, 'Import feedback');
		expect(rows).toHaveLength(input.length);
		expect(pairedIndexes(res, 'Import feedback')).toEqual(input.map((_, i) => i));
		for (const [i, row] of rows.entries()) expect(row).toMatchObject({ email: input[i].email, status: 'imported' });
		const posts = log.filter((r) => r.method === 'POST' && r.path === '/api/v2/import');
		expect(posts.map((r) => r.body.feedback.length)).toEqual([input.length]);
		// The example turns the service's duplicate check off, so re-running it imports again.
		expect(posts[0].body.options).toEqual({ skip_duplicates: false });
	},
	'weekly-report.json': async (res, log) => {
		// Last Complete Calendar Week in the instance's time zone: a Monday to the Sunday after it, ended before today.
		const campaigns = (await sim.get('/api/v2/campaigns', ACCOUNT_A.readKey)).campaigns;
		const [request] = log.filter((r) => r.path === '/api/v2/reports/');
		const monday = DateTime.fromISO(request.query.startDate, { zone: 'utc' });
		const sunday = DateTime.fromISO(request.query.endDate, { zone: 'utc' });
		expect(request.query.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		expect([monday.weekday, sunday.weekday, sunday.diff(monday, 'days').days]).toEqual([1, 7, 6]);
		const daysAgo = DateTime.utc().startOf('day').diff(sunday, 'days').days;
		expect(daysAgo).toBeGreaterThanOrEqual(0);
		expect(daysAgo).toBeLessThanOrEqual(8);
		// One flat row per campaign: the campaign, the days, the score and the breakdown (node version 3's Simplify).
		const reports = outputItems(res, "Last week's report");
		expect(reports.map((r) => r.campaignName).sort()).toEqual(campaigns.map((c: { name: string }) => c.name).sort());
		for (const report of reports) {
			// Ten fields, n8n's rule for Simplify.
			expect(Object.keys(report)).toEqual(['campaignId', 'campaignName', 'startDate', 'endDate', 'score', 'promoters', 'detractors', 'promotersCount', 'passivesCount', 'detractorsCount']);
			// The days the node sent, summed from each report's daily trend (the service sends no summary by default).
			expect([report.startDate, report.endDate]).toEqual([request.query.startDate, request.query.endDate]);
			expect(typeof report.score).toBe('number');
		}
	},
	'detractors.json': async (res, log) => {
		const [request] = log.filter((r) => r.path === '/api/v2/feedback');
		const start = request.query.startDate;
		const expected = (await sim.get(`/api/v2/feedback?limit=1&startDate=${encodeURIComponent(start)}`, ACCOUNT_A.readKey)).data.total;
		const recent = outputItems(res, 'Recent feedback');
		expect(recent).toHaveLength(expected);
		for (const f of recent) expect(Date.parse(f.createdDate)).toBeGreaterThanOrEqual(Date.parse(start));
		const detractors = outputItems(res, 'Detractors only');
		expect(detractors.length).toBeGreaterThan(0);
		expect(detractors).toEqual(recent.filter((f) => f.score <= 6));
	},
};

describe('example workflows', () => {
	it('the package ships no zod of its own: the one it imports at run time is n8n\'s', () => {
		// The package is installed as a community install has it: its files, no node_modules, and
		// beside it only what n8n's own install links (n8n-workflow, luxon). Map Automatically (the
		// bulk-sync-automatic example below) validates with zod, so zod resolves from n8n's own
		// node_modules, which n8n puts on the module path of community nodes.
		const nodes = path.join(n8n.workDir, '.n8n', 'nodes', 'node_modules');
		expect(fs.existsSync(path.join(nodes, 'n8n-nodes-survey-feedback', 'node_modules'))).toBe(false);
		expect(fs.existsSync(path.join(nodes, 'zod'))).toBe(false);
		const hostZod = JSON.parse(fs.readFileSync(path.join(n8n.runtime.runtimeDir, 'node_modules', 'zod', 'package.json'), 'utf8'));
		const ours: string = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).devDependencies.zod;
		// The zod the package is typed against is the pinned n8n's; other n8n versions ship another of the same major.
		if (n8n.runtime.version === PINNED_N8N_VERSION) expect(hostZod.version).toBe(ours);
		else expect(hostZod.version.split('.')[0]).toBe(ours.split('.')[0]);
	});

	it('covers every example file but the trigger and AI ones', () => {
		expect(runnable.length).toBeGreaterThanOrEqual(5);
		expect(Object.keys(context().examples).sort()).toEqual(Object.keys(examples).sort());
	});

	it.each(runnable)('%s runs green', async (file) => {
		const mark = await sim.mark();
		const res = await n8n.execute(context().examples[file]);
		const log = await sim.requests({ after: mark });
		expect(describeRun(res)).toMatch(/^status success/);
		expect(nodeError(res)).toBeUndefined();
		expect(nodesThatRan(res).sort()).toEqual(examples[file].nodes.map((node) => node.name).sort());
		expect(log.length).toBeGreaterThan(0);
		expect(log.filter((r) => r.status !== 200).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([]);
		await checks[file]?.(res, log);
	});
});

describe('crm-custom-properties.json with its labels registered, or read leniently', () => {
	// The spec takes "registered custom customer properties": the simulator refuses other labels by default
	// (above: three refused rows). Registering the CRM's label, or the lenient reading, syncs all twelve.
	const file = 'crm-custom-properties.json';
	afterEach(() => sim.configure({ unregisteredProperties: 'refuse', registeredProperties: [] }));

	it.each([
		['referralCode registered in the account', { unregisteredProperties: 'refuse' as const, registeredProperties: ['referralCode'] }],
		['the lenient reading', { unregisteredProperties: 'accept' as const, registeredProperties: [] }],
	])('%s: every contact syncs', async (_, config) => {
		await sim.configure(config);
		const mark = await sim.mark();
		const res = await n8n.execute(context().examples[file]);
		const log = await sim.requests({ after: mark });
		expect(describeRun(res)).toMatch(/^status success/);
		checkCrmCustomProperties(res, log, []);
	});
});
