/** The 'large' seed: 100k feedback, 100k outbox, 50k extra customers; pages of 1000 must answer quickly. */
import { type Kit, startKit } from '../helpers/testkit';

let kit: Kit;
let built: number;
beforeAll(async () => {
	const t = Date.now();
	kit = await startKit({ seed: 'large' });
	built = Date.now() - t;
}, 30_000);
afterAll(() => kit.sim.close());

test('counts', () => {
	expect(kit.sim.state().accounts[0].counts).toMatchObject({ customers: 50_500, feedback: 103_000, outbox: 104_000 });
	expect(kit.sim.state().accounts[1].counts).toMatchObject({ customers: 60, feedback: 300 });
});

test('pages of 1000 (timings reported, not asserted)', async () => {
	const timings: string[] = [`seed built in ${built} ms`];
	for (const [path, key] of [
		['/api/v2/feedback?limit=1000', 'responses'],
		['/api/v2/feedback?limit=1000&page=60', 'responses'],
		['/api/v2/outbox?limit=1000&page=30', 'surveys'],
		['/api/v2/customers?limit=1000&page=40', 'subscribers'],
		['/api/v2/feedback?limit=1000&startDate=2026-01-01&endDate=2026-02-01T00:00:00Z', 'responses'],
	] as const) {
		await kit.get(path); // warm-up
		const t = performance.now();
		const r = await kit.get(path, { key: kit.A.readKey });
		timings.push(`${path}: ${(performance.now() - t).toFixed(1)} ms`);
		expect(r.status).toBe(200);
		expect(r.body.data[key]).toHaveLength(1000);
	}
	console.log(`large seed:\n  ${timings.join('\n  ')}`);
});
