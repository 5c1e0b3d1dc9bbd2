/**
 * Custom property labels an account has not registered: the spec takes "registered custom customer
 * properties", so the simulator refuses the others by default (the item's row fails); the lenient
 * reading, `accept`, sets any label and is kept as an option of its configuration.
 */
import { start } from '../../dev/simulator/index';
import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient();

const customer = async (email: string) => (await client.get(`/api/v2/customers?email=${encodeURIComponent(email)}`)).body.data.subscribers[0];
const upsert = (subscribers: unknown[]) => client.post('/api/v2/customers', { subscribers });

afterEach(() => client.sim.configure({ unregisteredProperties: 'refuse', registeredProperties: [] }));

describe('the accept reading (an option)', () => {
	test('any label is set, named after it', async () => {
		expect(client.sim.configure({ unregisteredProperties: 'accept' }).unregisteredProperties).toBe('accept');
		const r = await upsert([{ email: 'labels.accept@example.com', properties: [{ label: 'Region', value: 'EMEA', type: 'text' }, { label: 'lifecycleStage', value: 'customer' }] }]);
		expect(r.body.data['labels.accept@example.com']).toMatchObject({ status: 'created' });
		expect((await customer('labels.accept@example.com')).properties).toEqual([
			{ label: 'Region', name: 'region', type: 'text', value: 'EMEA' },
			{ label: 'lifecycleStage', name: 'lifecyclestage', type: 'text', value: 'customer' },
		]);
	});
});

describe('the refuse reading (the default)', () => {
	test('a row with an unregistered label fails with a reason naming it and writes nothing; registered labels pass in any case', async () => {
		expect(client.sim.state().config).toMatchObject({
			unregisteredProperties: 'refuse',
			registeredProperties: ['Country', 'Plan', 'Group', 'Seats', 'VIP'],
		});
		const r = await upsert([
			{ email: 'labels.refused@example.com', first_name: 'Refused', properties: [{ label: 'plan', value: 'pro' }, { label: 'region', value: 'EMEA' }] },
			{ email: 'labels.registered@example.com', properties: [{ label: 'plan', value: 'pro' }, { label: 'SEATS', value: 3, type: 'number' }] },
		]);
		expect(r.status).toBe(200);
		expect(r.body.data).toEqual({
			'labels.refused@example.com': { status: 'failed', reason: 'property "region" is not a registered custom property of this account' },
			'labels.registered@example.com': { status: 'created', id: expect.any(String) },
		});
		expect(await customer('labels.refused@example.com')).toBeUndefined();
		expect((await customer('labels.registered@example.com')).properties.map((p: any) => p.name)).toEqual(['plan', 'seats']);
	});

	test('registeredProperties registers more labels (matched by name) and replaces the last list', async () => {
		client.sim.configure({ registeredProperties: ['Region', 'Lifecycle Stage'] });
		const ok = await upsert([{ email: 'labels.more@example.com', properties: [{ label: 'region', value: 'EMEA' }, { label: 'lifecycle_stage', value: 'lead' }] }]);
		expect(ok.body.data['labels.more@example.com'].status).toBe('created');
		expect(client.sim.configure({ registeredProperties: [] }).registeredProperties).toEqual(['Country', 'Plan', 'Group', 'Seats', 'VIP']);
		const refused = await upsert([{ email: 'labels.more@example.com', properties: [{ label: 'region', value: 'APAC' }] }]);
		expect(refused.body.data['labels.more@example.com']).toEqual({ status: 'failed', reason: 'property "region" is not a registered custom property of this account' });
		expect((await customer('labels.more@example.com')).properties.find((p: any) => p.name === 'region').value).toBe('EMEA');
	});

	test('survey and import rows fail the same way', async () => {
		const campaigns = (await client.get('/api/v2/campaigns')).body.campaigns;
		const email = campaigns.find((c: any) => c.isActive && c.channel === 'email');
		const nps = campaigns.find((c: any) => c.isActive && c.metric === 'NPS');
		const survey = await client.post('/api/v2/survey', { campaign: email.id, subscribers: [{ email: 'labels.survey@example.com', properties: [{ label: 'region', value: 'EMEA' }] }] });
		// Account A's spec-mode answers: rows keyed by email, and the import's details.failed by email.
		expect(survey.body.data).toEqual({
			'labels.survey@example.com': { status: 'failed', reason: 'property "region" is not a registered custom property of this account' },
		});
		const imported = await client.post('/api/v2/import', { campaign_id: nps.id, feedback: [{ email: 'labels.import@example.com', score: 9, properties: [{ label: 'region', value: 'EMEA' }] }] });
		expect(imported.body.data).toEqual({
			details: { failed: [{ email: 'labels.import@example.com', reason: 'property "region" is not a registered custom property of this account' }] },
		});
	});

	test('the reading survives a reset, is set by the control API or at start, and is checked', async () => {
		expect((await client.control('POST', '/config', { unregisteredProperties: 'accept', registeredProperties: ['Region'] })).body.config).toMatchObject({
			unregisteredProperties: 'accept',
			registeredProperties: ['Country', 'Plan', 'Group', 'Seats', 'VIP', 'Region'],
		});
		client.sim.reset();
		expect(client.sim.state().config).toMatchObject({ unregisteredProperties: 'accept', registeredProperties: ['Country', 'Plan', 'Group', 'Seats', 'VIP', 'Region'] });
		expect((await client.control('POST', '/config', { unregisteredProperties: 'maybe' })).status).toBe(400);
		expect((await client.control('POST', '/config', { registeredProperties: 'Region' })).status).toBe(400);

		for (const [option, reading] of [[undefined, 'refuse'], ['accept', 'accept'], ['refuse', 'refuse']] as const) {
			const other = await start({ seed: 'empty', rateLimit: false, unregisteredProperties: option });
			try {
				expect(other.state().config.unregisteredProperties).toBe(reading);
			} finally {
				await other.close();
			}
		}
	});
});
