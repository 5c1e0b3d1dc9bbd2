/**
 * The pickers, against the simulator: the load-options lists as the editor asks for them
 * (n8n-core's LoadOptionsContext with the node's current parameters: the template's questions of
 * the chosen campaign, the account's property labels), what a chosen value sends, and Customer ›
 * Get by ID or email and Company › Get from the list, by ID or by domain on version 3, beside the
 * plain ID field versions 1 and 2 keep.
 */
import type { IDataObject } from 'n8n-workflow';

import { AUTHENTICATION_METHODS } from '../../credentials/authentication';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { listSearch, loadOptions, nodeOf, pathOf, queryOf } from '../helpers/engine';
import { byId } from '../helpers/parameters';
import { runNodeOn } from '../helpers/runNode';
import { campaignsOf, serviceFor, useSimulator } from '../helpers/simulator';
import { testTransport } from '../helpers/transport';

const sim = useSimulator();
const service = serviceFor(sim);
const run = runNodeOn(service);

async function get(path: string): Promise<IDataObject> {
	const response = await fetch(`${sim.baseUrl}${path}`, { headers: { 'X-Api-Key': service.apiKey } });
	return (await response.json()) as IDataObject;
}

const credentials = () => ({ [AUTHENTICATION_METHODS.apiKeyHeader]: { apiKey: sim.accounts[0].writeKey, baseUrl: sim.baseUrl } });

function options(method: string, parameters: IDataObject, path: string) {
	return loadOptions({
		node: nodeOf('surveyFeedback', { authentication: 'apiKeyHeader', ...parameters } as never, { typeVersion: 3 }),
		nodeType: new SurveyFeedback(testTransport()),
		credentials: credentials(),
		path,
		method,
	});
}

describe('Feedback › Import: the question from the campaign’s template', () => {
	const QUESTION_PATH = 'additionalQuestions.question[0].uuid';
	let campaign: IDataObject;
	let template: IDataObject;

	beforeAll(async () => {
		const campaigns = await campaignsOf(sim);
		// A campaign whose template has more than its main question and the open reason.
		for (const candidate of campaigns) {
			const found = (await get(`/api/v2/templates/${String(candidate.templateId)}`)).data as IDataObject;
			if ((found.surveyQuestions as IDataObject[]).length > 2) {
				campaign = candidate;
				template = found;
				break;
			}
		}
		expect(template).toBeDefined();
	});

	const importParameters = (campaignValue: IDataObject) => ({ resource: 'feedback', operation: 'import', campaign: campaignValue });

	it('lists the template’s questions but its main one, by text, valued by UUID, in two requests', async () => {
		const { results, sent } = await options('getTemplateQuestions', importParameters({ __rl: true, mode: 'list', value: campaign.id }), QUESTION_PATH);
		expect(sent.map((request) => [request.method, pathOf(request)])).toEqual([
			['GET', '/api/v2/campaigns'],
			['GET', `/api/v2/templates/${String(template.id)}`],
		]);
		const questions = template.surveyQuestions as IDataObject[];
		const main = questions.find((question) => question.isMain);
		expect(results.map((entry) => entry.value)).toEqual(questions.filter((question) => !question.isMain).map((question) => question.uuid));
		expect(results.map((entry) => entry.value)).not.toContain(main?.uuid);
		expect(results).toEqual(
			expect.arrayContaining([
				{ name: 'What is the main reason for your score?', value: expect.any(String), description: expect.stringMatching(/^Open Ended \(/) },
				{ name: 'What should we improve?', value: expect.any(String), description: expect.stringMatching(/^Multiple Options \(/) },
				{ name: 'How satisfied are you with our support?', value: expect.any(String), description: expect.stringMatching(/^Rating, CSAT \(/) },
			]),
		);
	});

	it('follows a campaign given by ID too', async () => {
		const { results } = await options('getTemplateQuestions', importParameters(byId(String(campaign.id))), QUESTION_PATH);
		expect(results.length).toBe((template.surveyQuestions as IDataObject[]).length - 1);
	});

	it('says to choose the campaign first when there is none, without a request', async () => {
		await expect(options('getTemplateQuestions', importParameters({ __rl: true, mode: 'list', value: '' }), QUESTION_PATH)).rejects.toThrow(
			'Choose the campaign first',
		);
	});

	it('a chosen question is sent as its UUID', async () => {
		const { results } = await options('getTemplateQuestions', importParameters(byId(String(campaign.id))), QUESTION_PATH);
		const reason = results.find((entry) => entry.name === 'What is the main reason for your score?')!;
		const { sent, error } = await run(
			{
				...importParameters(byId(String(campaign.id))),
				email: 'picker@example.com',
				score: '9',
				additionalQuestions: { question: [{ uuid: reason.value, type: 'OPEN_ENDED', answer: 'Fast support' }] },
			},
			{ typeVersion: 2 },
		);
		expect(error).toBeUndefined();
		const body = sent[0].body as { responses?: IDataObject[] } & IDataObject;
		const rows = (body.responses ?? body.feedback ?? body.data) as IDataObject[];
		expect(rows[0].additional_questions).toEqual([{ uuid: reason.value, type: 'OPEN_ENDED', answer: 'Fast support' }]);
	});
});

describe('Customer › Create or Update: the property label from the account', () => {
	it('lists the labels the account’s newest customers carry, each with its type, in one request', async () => {
		const { results, sent } = await options(
			'getCustomPropertyLabels',
			{ resource: 'customer', operation: 'upsert' },
			'customProperties.property[0].label',
		);
		expect(sent.map((request) => [pathOf(request), queryOf(request)])).toEqual([['/api/v2/customers', { limit: '500' }]]);
		expect(results.map((entry) => entry.value)).toEqual(['Country', 'Group', 'Plan', 'Seats', 'VIP']);
		expect(results.find((entry) => entry.value === 'Seats')?.description).toMatch(/^Number \(seats\)/);
		expect(results.find((entry) => entry.value === 'VIP')?.description).toMatch(/^Boolean \(vip\)/);
		expect(results.find((entry) => entry.value === 'Plan')?.description).toMatch(/^Text \(plan\)/);
	});
});

describe('Customer › Get', () => {
	let customer: IDataObject;
	beforeAll(async () => {
		customer = ((await get('/api/v2/customers?limit=1')).data as { subscribers: IDataObject[] }).subscribers[0];
	});

	it('version 3 by ID: the customer', async () => {
		const { json, sent, error } = await run({ resource: 'customer', operation: 'get', customer: byId(String(customer.id)) }, { typeVersion: 3 });
		expect(error).toBeUndefined();
		expect(sent.map((request) => [pathOf(request), queryOf(request)])).toEqual([[`/api/v2/customers/${String(customer.id)}`, {}]]);
		expect(json[0].id).toBe(customer.id);
	});

	it('version 3 by email: the customer, through the list’s email filter', async () => {
		const email = String(customer.email);
		const { json, sent, error } = await run(
			{ resource: 'customer', operation: 'get', customer: { __rl: true, mode: 'email', value: email.toUpperCase() } },
			{ typeVersion: 3 },
		);
		expect(error).toBeUndefined();
		expect(sent.map((request) => [pathOf(request), queryOf(request)])).toEqual([['/api/v2/customers', { email: email.toUpperCase(), limit: '1' }]]);
		expect(json).toHaveLength(1);
		expect(json[0].id).toBe(customer.id);
		expect(json[0].email).toBe(email);
	});

	it('version 3 by an email set by expression that is not one: refused naming the field, before anything is sent', async () => {
		const { error, sent } = await run(
			{ resource: 'customer', operation: 'get', customer: { __rl: true, mode: 'email', value: '={{ $json.email }}' } },
			{ typeVersion: 3, items: [{ email: 'not-an-email' }] },
		);
		expect(error?.message).toBe('Customer: Get failed: Customer: "not-an-email" is not an email address [item 0]');
		expect(sent).toHaveLength(0);
	});

	it('version 3 by an email no customer has: no such record, as for an unknown ID', async () => {
		const { error, json } = await run(
			{ resource: 'customer', operation: 'get', customer: { __rl: true, mode: 'email', value: 'nobody.here@example.org' } },
			{ typeVersion: 3 },
		);
		expect(json).toEqual([]);
		expect(error?.message).toBe('Customer: Get failed: no such record in this account: no customer has the email nobody.here@example.org [item 0]');
		const unknownId = await run({ resource: 'customer', operation: 'get', customer: byId('6a0000000000000000000fff') }, { typeVersion: 3 });
		expect(unknownId.error?.message).toMatch(/no such record in this account/);
	});

	it('version 3 by a value that is not an email: n8n refuses it (the mode’s check) before anything is sent', async () => {
		const { error, sent } = await run({ resource: 'customer', operation: 'get', customer: { __rl: true, mode: 'email', value: 'not-an-email' } }, { typeVersion: 3 });
		expect(error?.message).toContain('Not an email address');
		expect(sent).toHaveLength(0);
	});

	it.each([1, 2])('version %i keeps its Customer ID field', async (typeVersion) => {
		const { json, sent } = await run({ resource: 'customer', operation: 'get', customerId: String(customer.id) }, { typeVersion });
		expect(pathOf(sent[0])).toBe(`/api/v2/customers/${String(customer.id)}`);
		expect(json[0].id).toBe(customer.id);
	});
});

describe('Company › Get', () => {
	let company: IDataObject;
	beforeAll(async () => {
		const companies = ((await get('/api/v2/companies')).data as { companies: IDataObject[] }).companies;
		company = companies.find((candidate) => candidate.domain)!;
		expect(company).toBeDefined();
	});

	it.each([
		['list', () => String(company.id), () => `/api/v2/companies/${String(company.id)}`],
		['id', () => String(company.id), () => `/api/v2/companies/${String(company.id)}`],
		['domain', () => String(company.domain), () => `/api/v2/companies/${String(company.domain)}`],
	])('version 3 %s: the company', async (mode, value, path) => {
		const { json, sent, error } = await run({ resource: 'company', operation: 'get', company: { __rl: true, mode, value: value() } }, { typeVersion: 3 });
		expect(error).toBeUndefined();
		expect(sent.map((request) => pathOf(request))).toEqual([path()]);
		expect(json[0].id).toBe(company.id);
	});

	it('version 3 by an unknown domain: no such record', async () => {
		const { error } = await run({ resource: 'company', operation: 'get', company: { __rl: true, mode: 'domain', value: 'no-such-company.example' } }, { typeVersion: 3 });
		expect(error?.message).toMatch(/no such record in this account/);
	});

	it.each([1, 2])('version %i keeps its Company ID or Domain field', async (typeVersion) => {
		const { json, sent } = await run({ resource: 'company', operation: 'get', companyId: String(company.domain) }, { typeVersion });
		expect(pathOf(sent[0])).toBe(`/api/v2/companies/${String(company.domain)}`);
		expect(json[0].id).toBe(company.id);
	});

	it('the list names each company with its domain', async () => {
		const { results, sent } = await listSearch({
			node: nodeOf('surveyFeedback', { authentication: 'apiKeyHeader', resource: 'company', operation: 'get' }, { typeVersion: 3 }),
			nodeType: new SurveyFeedback(testTransport()),
			credentials: credentials(),
			path: 'company',
			method: 'searchCompanies',
		});
		expect(sent.map((request) => pathOf(request))).toEqual(['/api/v2/companies']);
		expect(results).toContainEqual({ name: `${String(company.companyName)} (${String(company.domain)})`, value: company.id });
	});
});
