/**
 * What the "each item fails alone" test files share (eachItemAlone*.test.ts): a bulk write run in
 * n8n's engine on three items, one of which (the first, or the middle one) has a parameter whose
 * expression n8n cannot resolve for it (a reference to a node that did not run, as a workflow
 * builder meets it). With Continue On Fail that item is an error item paired to it and the other
 * two are written, in one request; without it the node's error names that item and nothing is
 * sent. A write whose mode has no parameter that can hold an expression (Map Automatically of
 * Customer › Delete and Resubscribe) has a bad item instead.
 */
import type { IDataObject, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';

import { runNode } from '../helpers/runNode';
import { sendableCampaigns, serviceFor, useSimulator } from '../helpers/simulator';

/** An active email campaign (Survey › Send) and an active NPS one (Feedback › Import) of the simulator's account. */
export type Campaigns = { email: string; nps: string };

/** Where the test puts which item fails: `$itemIndex === <place>`, so that the items themselves stay as they are. */
const FAILING_ITEM = '$failingItem';

/** An expression that fails for the failing item, and is `normal` for the others. */
export const failing = (normal: string) => `={{ ${FAILING_ITEM} ? $('Missing Node').item.json.x : ${normal} }}`;

/** What n8n says of that expression. */
const EXPRESSION_ERROR = /Referenced node doesn't exist/;

/** A column of a saved mapper, and the `columns` parameter as the editor stores it. */
export const column = (id: string, displayName: string, type: ResourceMapperField['type'] = 'string'): ResourceMapperField => ({
	id,
	displayName,
	type,
	required: false,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
});
export const columns = (mappingMode: 'defineBelow' | 'autoMapInputData', schema: ResourceMapperField[], value: IDataObject | null = null): ResourceMapperValue => ({
	mappingMode,
	value: value as ResourceMapperValue['value'],
	matchingColumns: [],
	schema,
	attemptToConvertTypes: true,
	convertFieldsToString: false,
});

export interface BulkCase {
	/** The write, its mode and the parameter holding the failing expression, for the test's name. */
	name: string;
	versions: number[];
	parameters: IDataObject | ((campaigns: Campaigns) => IDataObject);
	/** The JSON of item `marker` (`each0-…`). */
	item: (marker: string) => IDataObject;
	/** Instead of a failing expression, the failing item is this (for a mode where no parameter takes one). */
	badItem?: (marker: string) => IDataObject;
	request: { method: 'POST' | 'DELETE'; path: string };
}

/** The failing item's place among the three: the first, and the middle one. */
const PLACES = [0, 1];

/** Called once at the top of a test file: a test per case, version, place of the failing item and error setting. */
export function testEachItemAlone(cases: BulkCase[]) {
	const sim = useSimulator();
	const service = serviceFor(sim);
	let campaigns: Campaigns;
	let run = 0;
	beforeAll(async () => {
		sim.configure({ unregisteredProperties: 'accept' });
		campaigns = await sendableCampaigns(sim);
	});

	const table = cases.flatMap((bulk) =>
		bulk.versions.flatMap((version) => PLACES.flatMap((place) => [true, false].map((continueOnFail) => ({ bulk, name: bulk.name, version, place, continueOnFail })))),
	);

	test.each(table)('$name, version $version, failing item $place, Continue On Fail $continueOnFail', async ({ bulk, version, place, continueOnFail }) => {
		run++;
		const marker = (index: number) => `each${index}-${run}`;
		const items = [0, 1, 2].map((index) => (index === place && bulk.badItem ? bulk.badItem : bulk.item)(marker(index)));
		const given = typeof bulk.parameters === 'function' ? bulk.parameters(campaigns) : bulk.parameters;
		const parameters = JSON.parse(JSON.stringify(given).replaceAll(FAILING_ITEM, `$itemIndex === ${place}`)) as IDataObject;
		sim.clearRequests();
		const { output, error } = await runNode({ service, parameters, items, typeVersion: version, continueOnFail });
		const sent = sim.requests({ method: bulk.request.method, path: bulk.request.path }).filter((request) => request.path === bulk.request.path);
		const failure = bulk.badItem ? /is empty; an email address is required/ : EXPRESSION_ERROR;

		if (!continueOnFail) {
			expect(error?.message).toMatch(failure);
			expect(error?.context?.itemIndex).toBe(place);
			expect(sent).toEqual([]);
			return;
		}
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[place].json.error).toMatch(failure);
		const others = [0, 1, 2].filter((index) => index !== place);
		// The others have what the service said of them (unsubscribing an unknown email is refused, for one).
		for (const index of others) expect(String(output[index].json.error ?? '')).not.toMatch(failure);
		// One request, with the rows of the two other items and nothing of the failing one.
		expect(sent).toHaveLength(1);
		const body = JSON.stringify(sent[0].body);
		expect(others.map((index) => body.includes(marker(index)))).toEqual([true, true]);
		expect(body.includes(marker(place))).toBe(false);
	});
}
