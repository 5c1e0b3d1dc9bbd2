import { recordsOf } from '../../shared/paging';
import type { ServiceRecord } from '../../shared/serviceRecord';
import type { Transport } from '../../shared/transport';
import type { ApiContext } from '../../shared/transport/connection';

/** A custom customer property the account shows: the label writes send, and its type. */
export interface AccountProperty {
	label: string;
	/** The service's own name for it (`subscription_name` for "Subscription name"), when the records carry one. */
	name?: string;
	/** `text`, `number`, `boolean` or `date`, as the records give it (`text` when they do not). */
	type: string;
}

/** How many of the newest customers are read to find the account's properties: one request. */
export const PROPERTY_SAMPLE_SIZE = 500;

/** Where the editor's lists of properties come from, for their hints. */
export const PROPERTY_SOURCE_HINT = `the properties found on the account's ${PROPERTY_SAMPLE_SIZE} newest customers (the service has no list of registered properties)`;

/**
 * The custom properties the account shows. The service takes only registered properties and has no
 * endpoint that lists them, so they are read off its customers' records: every property a customer
 * carries was registered. A property no sampled customer has yet is not found; the editor lets the
 * user type it in. Sorted by label; a label's type is the one most of its records give.
 */
export async function accountProperties(ctx: ApiContext, transport: Pick<Transport, 'for'>): Promise<AccountProperty[]> {
	const body = await transport.for(ctx, 'Customer properties').request({ method: 'GET', path: '/api/v2/customers', qs: { limit: PROPERTY_SAMPLE_SIZE } });
	const found = new Map<string, { label: string; name?: string; types: Map<string, number> }>();
	for (const customer of recordsOf(body, 'subscribers')) {
		const properties = Array.isArray(customer.properties) ? (customer.properties as ServiceRecord[]) : [];
		for (const property of properties) {
			if (!property || typeof property !== 'object' || typeof property.label !== 'string' || !property.label.trim()) continue;
			const label = property.label.trim();
			const key = label.toLowerCase();
			const entry = found.get(key) ?? { label, name: typeof property.name === 'string' ? property.name : undefined, types: new Map() };
			const type = typeof property.type === 'string' && property.type ? property.type.toLowerCase() : 'text';
			entry.types.set(type, (entry.types.get(type) ?? 0) + 1);
			found.set(key, entry);
		}
	}
	return [...found.values()]
		.map(({ label, name, types }) => ({ label, ...(name ? { name } : {}), type: [...types.entries()].sort((a, b) => b[1] - a[1])[0][0] }))
		.sort((a, b) => a.label.localeCompare(b.label));
}
