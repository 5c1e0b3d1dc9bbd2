/**
 * Fields shown otherwise (`shownFields` in the config): answers show the chosen values for one
 * record, wherever it appears, while filters and order still use what the simulator stored.
 */
import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient({ seed: 'empty', now: () => new Date('2026-03-15T12:00:00Z') });

describe('shownFields', () => {
	beforeEach(() => client.sim.reset('empty'));

	test('a record shows the chosen fields in lists and by ID; its stored date still filters and sorts it', async () => {
		const [early, hidden, late] = client.sim.insert(client.A.id, 'feedback', [
			{ email: 'early@example.com', createdDate: '2026-03-10T00:00:00Z' },
			{ email: 'hidden@example.com', createdDate: '2026-03-11T00:00:00Z' },
			{ email: 'late@example.com', createdDate: '2026-03-12T00:00:00Z' },
		]);
		const config = (await client.control('POST', '/config', { shownFields: [{ id: hidden.id, fields: { createdDate: null } }] })).body.config;
		expect(config.shownFields).toEqual([{ id: hidden.id, fields: { createdDate: null } }]);

		const list = (await client.get('/api/v2/feedback?sort=createdDate&startDate=2026-03-10T12:00:00Z')).body.data.responses;
		expect(list.map((f: any) => [f.id, f.createdDate])).toEqual([
			[hidden.id, null],
			[late.id, '2026-03-12T00:00:00.000Z'],
		]);
		expect((await client.get(`/api/v2/feedback/${hidden.id}`)).body.data).toMatchObject({ id: hidden.id, email: 'hidden@example.com', createdDate: null });
		expect((await client.get(`/api/v2/feedback/${early.id}`)).body.data.createdDate).toBe('2026-03-10T00:00:00.000Z');
	});

	test('an outbox row is found by its surveyId; a reset empties the list; bad rules are refused', async () => {
		const [row] = client.sim.insert(client.A.id, 'outbox', [{ email: 'row@example.com', surveyCreatedDate: '2026-03-11T00:00:00Z' }]);
		client.sim.configure({ shownFields: [{ id: String(row.surveyId), fields: { surveyCreatedDate: '11/03/2026' } }] });
		expect((await client.get('/api/v2/outbox')).body.data.surveys[0].surveyCreatedDate).toBe('11/03/2026');

		client.sim.reset('empty');
		expect(client.sim.state().config.shownFields).toEqual([]);
		expect((await client.control('POST', '/config', { shownFields: [{ fields: {} }] })).status).toBe(400);
		expect((await client.control('POST', '/config', { shownFields: [{ id: 'x', fields: null }] })).status).toBe(400);
	});
});
