/**
 * The searchable lists (campaigns, templates, trend groups) as the editor asks for them: in
 * n8n-core's LoadOptionsContext, with the credential the node's Authentication picks.
 */
import { AUTHENTICATION_METHODS, type AuthenticationMethod } from '../../credentials/authentication';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { SurveyFeedbackTrigger } from '../../nodes/SurveyFeedbackTrigger/SurveyFeedbackTrigger.node';
import { listSearch, nodeOf, type OurNodeType, pathOf } from '../helpers/engine';
import { testTransport } from '../helpers/transport';
import { campaignsOf, useSimulator } from '../helpers/simulator';

const sim = useSimulator();

async function campaignIds(): Promise<string[]> {
	return (await campaignsOf(sim)).map((campaign) => String(campaign.id));
}

function search(method: string, options: { filter?: string; authentication?: AuthenticationMethod; type?: OurNodeType; path?: string } = {}) {
	const authentication = options.authentication ?? 'apiKeyHeader';
	const type = options.type ?? 'surveyFeedback';
	const parameters = type === 'surveyFeedback' ? { resource: 'survey', operation: 'send' } : { event: 'newFeedback' };
	return listSearch({
		node: nodeOf(type, { authentication, ...parameters }),
		nodeType: type === 'surveyFeedback' ? new SurveyFeedback(testTransport()) : new SurveyFeedbackTrigger(testTransport()),
		credentials: { [AUTHENTICATION_METHODS[authentication]]: { apiKey: sim.accounts[0].writeKey, baseUrl: sim.baseUrl } },
		path: options.path ?? 'campaign',
		method,
		filter: options.filter,
	});
}

describe('campaigns', () => {
	it('lists every campaign by name with metric and channel, sorted, in one request', async () => {
		const { results, sent } = await search('searchCampaigns');
		expect(sent.map((request) => [request.method, pathOf(request)])).toEqual([['GET', '/api/v2/campaigns']]);
		expect(results.map((entry) => entry.value).sort()).toEqual((await campaignIds()).sort());
		const names = results.map((entry) => entry.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(names).toContain('NPS Relationship (email) (NPS, EMAIL)');
	});

	it('narrows to the entries whose name or ID contain the filter, ignoring case', async () => {
		const { results } = await search('searchCampaigns', { filter: 'csat' });
		expect(results.length).toBeGreaterThan(0);
		expect(results.every((entry) => `${entry.name} ${entry.value}`.toLowerCase().includes('csat'))).toBe(true);
	});

	it.each(['legacyHeader', 'queryParameter'] as const)('uses the credential the node picks (%s)', async (authentication) => {
		const { results, sent } = await search('searchCampaigns', { authentication });
		expect(results.length).toBeGreaterThan(0);
		const url = new URL(sent[0].url);
		if (authentication === 'queryParameter') expect(url.searchParams.get('api_key')).toBe(sim.accounts[0].writeKey);
		else expect(sent[0].headers.Authorization).toBe(`api_key=${sim.accounts[0].writeKey}`);
	});

	it('serves the trigger too', async () => {
		const { results } = await search('searchCampaigns', { type: 'surveyFeedbackTrigger' });
		expect(results.length).toBeGreaterThan(0);
	});
});

it('templates are listed by name', async () => {
	const { results, sent } = await search('searchTemplates', { path: 'template' });
	expect(pathOf(sent[0])).toBe('/api/v2/templates');
	expect(results.length).toBeGreaterThan(0);
	expect(results.every((entry) => typeof entry.name === 'string' && entry.value)).toBe(true);
});

it('trend groups start with the default group', async () => {
	const { results } = await search('searchTrendGroups', { path: 'trendGroup' });
	expect(results[0]).toEqual({ name: 'Default Group', value: 'default' });
	expect(results.length).toBeGreaterThan(1);
});
