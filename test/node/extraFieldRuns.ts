/**
 * What the Map Automatically test files share (extraFields*, fieldsToIgnore, unregisteredProperties):
 * the simulator with requests cleared before each test and its property registry reset after,
 * the bodies it received, a run of a bulk write in Map Automatically with one choice of Handling
 * Extra Fields in Input, and a contact as a CRM exports it.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

export const CHOICES = ['error', 'ignoreIt', 'customProperties'] as const;
export type Choice = (typeof CHOICES)[number];

/** A contact as a CRM exports it: its own ID and timestamps, flags, and custom fields. */
export const contact = (n: number, extra: IDataObject = {}): IDataObject => ({
	id: `crm-${n}`,
	email: `crm.contact${n}@example.com`,
	firstName: `Contact ${n}`,
	createdAt: '2025-11-02T10:00:00Z',
	archived: false,
	plan: 'pro',
	seats: 12,
	...extra,
});

/** Called once at the top of a test file. */
export function useExtraFieldRuns() {
	const sim = useSimulator();
	const service = serviceFor(sim);

	beforeEach(() => sim.clearRequests());
	afterEach(() => sim.configure({ unregisteredProperties: 'refuse', registeredProperties: [] }));

	const bodies = (path: string) => sim.requests({ method: 'POST', path }).filter((r) => r.path === path).map((r) => r.body as IDataObject);

	/** Map Automatically, with Handling Extra Fields in Input set to `choice` (undefined: as a workflow saved before it existed). */
	const auto = (resource: string, operation: string, items: IDataObject[], choice?: Choice, parameters: IDataObject = {}, continueOnFail = false) =>
		runNode({
			service,
			parameters: { resource, operation, inputMode: 'itemJson', ...(choice ? { handlingExtraData: choice } : {}), ...parameters },
			items,
			continueOnFail,
		});

	return { sim, service, bodies, auto };
}
