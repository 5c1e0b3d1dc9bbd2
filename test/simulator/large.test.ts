/** The 'large' seed: 100k feedback, 100k outbox, 50k extra customers, served in pages of 1000. */
import { useSimulatorClient } from '../helpers/simulatorClient';

const client = useSimulatorClient({ seed: 'large' });

test('counts', () => {
	expect(client.sim.state().accounts[0].counts).toMatchObject({ customers: 50_500, feedback: 103_000, outbox: 104_000 });
	expect(client.sim.state().accounts[1].counts).toMatchObject({ customers: 60, feedback: 300 });
});

test('pages of 1000', async () => {
	for (const [path, key] of [
		['/api/v2/feedback?limit=1000', 'responses'],
		['/api/v2/feedback?limit=1000&page=60', 'responses'],
		['/api/v2/outbox?limit=1000&page=30', 'surveys'],
		['/api/v2/customers?limit=1000&page=40', 'subscribers'],
		['/api/v2/feedback?limit=1000&startDate=2026-01-01&endDate=2026-02-01T00:00:00Z', 'responses'],
	] as const) {
		const r = await client.get(path, { key: client.A.readKey });
		expect(r.status).toBe(200);
		expect(r.body.data[key]).toHaveLength(1000);
	}
});
