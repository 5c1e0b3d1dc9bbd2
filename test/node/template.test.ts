/** Template: Get Many and Get, run in n8n's own engine against the simulator. */
import { pathOf } from '../helpers/engine';
import { byId, expression } from '../helpers/parameters';
import { runNodeOn } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const run = runNodeOn(serviceFor(sim));

describe('Template', () => {
	it('Get Many returns every template, one item each, in one request', async () => {
		const { json, sent } = await run({ resource: 'template', operation: 'getMany' });
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(pathOf(sent[0])).toBe('/api/v2/templates');
		expect(new URL(sent[0].url).search).toBe('');
		expect(json).toHaveLength(sim.state().accounts[0].counts.templates);
		expect(json.map((template) => template.name)).toContain('NPS Relationship');
	});

	it('Get returns the template with its questions', async () => {
		const [listed] = (await run({ resource: 'template', operation: 'getMany' })).json;
		for (const mode of ['list', 'id']) {
			const { json, sent } = await run({ resource: 'template', operation: 'get', template: { __rl: true, mode, value: listed.id } });
			expect(pathOf(sent[0])).toBe(`/api/v2/templates/${listed.id}`);
			expect(json).toHaveLength(1);
			expect(json[0]).toEqual(expect.objectContaining({ id: listed.id, surveyQuestions: expect.any(Array) }));
		}
	});

	it('Get of an unknown template says there is no such record in this account', async () => {
		const { error } = await run({ resource: 'template', operation: 'get', template: byId('6a0000000000000000000fff') });
		expect(error?.message).toMatch(/no such record in this account/);
	});

	it('Get refuses an empty template before sending anything', async () => {
		const { error, sent } = await run({ resource: 'template', operation: 'get', template: byId(expression('')) });
		expect(error?.message).toContain('Template: is required [item 0]');
		expect(sent).toHaveLength(0);
	});
});
