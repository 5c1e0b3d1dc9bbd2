/** Score: Get, per metric, run in n8n's own engine against the simulator. */
import { pathOf } from '../helpers/engine';
import { expression } from '../helpers/parameters';
import { runNodeOn } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const run = runNodeOn(serviceFor(sim));

describe('Score', () => {
	it.each(['nps', 'csat', 'ces', 'star'])('gets the %s score object from data', async (metric) => {
		const { json, sent, error } = await run({ resource: 'score', operation: 'get', metric });
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(pathOf(sent[0])).toBe(`/api/v2/${metric}/score`);
		expect(json).toEqual([
			expect.objectContaining({ [metric]: expect.any(Number), totalResponses: expect.any(Number), promotersCount: expect.any(Number) }),
		]);
		expect(json[0]).not.toHaveProperty('message');
	});

	it('refuses an unknown metric from an expression before sending anything', async () => {
		const { error, sent } = await run({ resource: 'score', operation: 'get', metric: expression('pmf') });
		expect(error?.message).toContain('Score: Get failed: Metric: "pmf" is not one of ces, csat, nps, star [item 0]');
		expect(sent).toHaveLength(0);
	});
});
