/**
 * Proves what the n8n editor does with the package, in a real n8n server (`n8n start`) against the
 * simulator, through the same REST calls the editor makes:
 *
 * - the community package's nodes (also as an AI agent tool) and its three credential types are
 *   registered under their community type names;
 * - the credential test ("Test" in the credential dialog) of each of the three credential types
 *   passes, sending the key the way its type says (GET /api/v2/ping), a wrong key fails, and the
 *   editor is never shown the stored key;
 * - the searchable lists of the resource locators (campaigns, templates, trend groups) list the
 *   account's records and filter them.
 */
import { ACCOUNT_A, CREDENTIALS, n8nInstance, NODE_TYPE, PACKAGE_NAME, simClient, TRIGGER_TYPE, type CredentialName } from './support';

const sim = simClient();
const n8n = n8nInstance();

const credentialRef = (name: CredentialName) => {
	const c = CREDENTIALS[name];
	return { id: c.id, name: c.name, type: c.type };
};

/**
 * The credential dialog's "Test": the stored credential as the editor holds it (the key redacted),
 * optionally with some fields changed, sent to POST /rest/credentials/test.
 */
async function testCredential(name: CredentialName, change: Record<string, unknown> = {}): Promise<{ status: string; message: string }> {
	const shown = (await n8n.rest('GET', `/credentials/${CREDENTIALS[name].id}?includeData=true`)).data;
	expect(JSON.stringify(shown)).not.toContain(CREDENTIALS[name].account[CREDENTIALS[name].key]);
	const credentials = { ...credentialRef(name), data: { ...shown.data, ...change } };
	return (await n8n.rest('POST', '/credentials/test', { credentials })).data;
}

/** POST /rest/dynamic-node-parameters/resource-locator-results, as the editor's "From List" does. */
async function listSearch(methodName: string, parameter: string, parameters: Record<string, unknown>, filter?: string) {
	const c = CREDENTIALS.write;
	const body = await n8n.rest('POST', '/dynamic-node-parameters/resource-locator-results', {
		path: `parameters.${parameter}`,
		nodeTypeAndVersion: { name: NODE_TYPE, version: 1 },
		currentNodeParameters: { authentication: c.authentication, ...parameters, [parameter]: { __rl: true, mode: 'list', value: '' } },
		methodName,
		credentials: { [c.type]: { id: c.id, name: c.name } },
		...(filter === undefined ? {} : { filter }),
	});
	return body.data.results as Array<{ name: string; value: string }>;
}

describe('the package in the n8n editor', () => {
	beforeAll(async () => {
		await n8n.start();
	});

	afterAll(async () => {
		await n8n.stop();
	});

	it('registers both nodes (and the node as an AI tool) and the three credential types', async () => {
		const nodeTypes: Array<{ name: string }> = (await n8n.http('GET', '/types/nodes.json')).body;
		const ours = nodeTypes.map((t) => t.name).filter((name) => name.startsWith(`${PACKAGE_NAME}.`));
		expect(ours).toEqual(expect.arrayContaining([NODE_TYPE, TRIGGER_TYPE, `${NODE_TYPE}Tool`]));
		const credentialTypes: Array<{ name: string }> = (await n8n.http('GET', '/types/credentials.json')).body;
		expect(credentialTypes.map((t) => t.name)).toEqual(
			expect.arrayContaining(['surveyFeedbackApi', 'surveyFeedbackLegacyHeaderApi', 'surveyFeedbackQueryAuthApi']),
		);
	});

	it('the credential test of each credential type passes, with the key where the type puts it', async () => {
		const mark = await sim.mark();
		for (const name of ['write', 'legacyHeader', 'query'] as const) {
			expect(await testCredential(name)).toMatchObject({ status: 'OK' });
		}
		const pings = await sim.requests({ path: '/api/v2/ping', method: 'GET', after: mark });
		expect(pings.map((r) => [r.auth, r.accountId, r.status])).toEqual([
			['x-api-key', ACCOUNT_A.id, 200],
			['authorization', ACCOUNT_A.id, 200],
			['query', ACCOUNT_A.id, 200],
		]);
	});

	it('a wrong key fails the credential test (401 from the service)', async () => {
		const wrongKey = 'sf_e2e_wrong_key_0123456789';
		const mark = await sim.mark();
		for (const name of ['write', 'query'] as const) {
			const result = await testCredential(name, { apiKey: wrongKey });
			expect(result).toEqual({ status: 'Error', message: 'The API key was refused: check the API Key, and that the Base URL is the address of this account’s API' });
		}
		// The service saw the wrong key in both places and refused it (n8n may ask more than once).
		const pings = await sim.requests({ path: '/api/v2/ping', method: 'GET', after: mark });
		expect(new Set(pings.map((r) => `${r.auth} ${r.status}`))).toEqual(new Set(['x-api-key 401', 'query 401']));
	});

	it('lists campaigns, templates and trend groups for the resource locators, filtered', async () => {
		const { campaigns } = await sim.get('/api/v2/campaigns', ACCOUNT_A.readKey);
		const survey = { resource: 'survey', operation: 'send' };
		const all = await listSearch('searchCampaigns', 'campaign', survey);
		expect(all.map((r) => r.value).sort()).toEqual(campaigns.map((c: { id: string }) => c.id).sort());
		expect(all.find((r) => r.value === '6aca00000000000000000001')?.name).toBe('NPS Relationship (email) (NPS, EMAIL)');
		expect(all.filter((r) => r.name.includes('deactivated'))).toHaveLength(campaigns.filter((c: { isActive: boolean }) => !c.isActive).length);

		// Survey › Send offers only the campaigns a transactional survey can go through.
		const sendable = await listSearch('searchSendableCampaigns', 'campaign', survey);
		const canSend = campaigns.filter((c: { isActive: boolean; channel: string }) => c.isActive && ['email', 'inapp'].includes(c.channel));
		expect(sendable.map((r) => r.value).sort()).toEqual(canSend.map((c: { id: string }) => c.id).sort());
		expect(canSend.length).toBeLessThan(campaigns.length);

		const csat = await listSearch('searchCampaigns', 'campaign', survey, 'csat');
		expect(csat.length).toBeGreaterThan(0);
		expect(csat.length).toBeLessThan(all.length);
		for (const r of csat) expect(r.name.toLowerCase()).toContain('csat');

		const templates = await listSearch('searchTemplates', 'template', { resource: 'template', operation: 'get' });
		expect(templates.map((r) => r.name)).toContain('NPS Relationship');

		const groups = await listSearch('searchTrendGroups', 'trendGroup', { resource: 'trend', operation: 'get' });
		expect(groups[0]).toEqual({ name: 'Default Group', value: 'default' });
		expect(groups.map((r) => r.name)).toContain('All NPS (NPS) — default');
	});
});
