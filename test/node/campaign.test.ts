/** Campaign: Get Many, run in n8n's own engine against the simulator. */
import { pathOf } from '../helpers/engine';
import { runNodeOn } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const run = runNodeOn(serviceFor(sim));

describe('Campaign', () => {
	it('Get Many returns every campaign, active and deactivated', async () => {
		const { json, sent } = await run({ resource: 'campaign', operation: 'getMany' });
		expect(sent).toHaveLength(1);
		expect(pathOf(sent[0])).toBe('/api/v2/campaigns');
		expect(json).toHaveLength(sim.state().accounts[0].counts.campaigns);
		expect(new Set(json.map((campaign) => campaign.isActive))).toEqual(new Set([true, false]));
	});

	it('runs once per input item, each output paired with its item', async () => {
		const { output } = await run({ resource: 'campaign', operation: 'getMany' }, { items: [{}, {}] });
		const count = sim.state().accounts[0].counts.campaigns;
		expect(output).toHaveLength(2 * count);
		expect(output.slice(0, count).every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(output.slice(count).every((item) => (item.pairedItem as { item: number }).item === 1)).toBe(true);
	});
});
