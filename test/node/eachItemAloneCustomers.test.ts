/**
 * Each item fails alone in the customer writes (Create or Update, Delete, Unsubscribe, Resubscribe),
 * on every node version and input mode, with the failing item first or in the middle
 * (eachItemAlone.ts says what is checked).
 */
import { column, columns, failing, testEachItemAlone, type BulkCase } from './eachItemAlone';

const email = (marker: string) => `${marker}@items.test`;
const CUSTOMERS = { method: 'POST', path: '/api/v2/customers' } as const;
const MAPPER = [column('email', 'Email'), column('first_name', 'First Name')];

const upsert: BulkCase[] = [
	{
		name: 'Customer › Create or Update, Define Below, Email',
		versions: [1, 2],
		parameters: { operation: 'upsert', email: failing('$json.email') },
		item: (marker) => ({ email: email(marker) }),
		request: CUSTOMERS,
	},
	{
		name: 'Customer › Create or Update, Define Below, Additional Fields › First Name',
		versions: [1, 2],
		parameters: { operation: 'upsert', additionalFields: { firstName: failing('$json.first') } },
		item: (marker) => ({ email: email(marker), first: 'Ann' }),
		request: CUSTOMERS,
	},
	{
		name: 'Customer › Create or Update, Map Automatically, Fields to Ignore',
		versions: [1, 2],
		parameters: { operation: 'upsert', inputMode: 'itemJson', ignoreFields: failing("'crm_id'") },
		item: (marker) => ({ email: email(marker), crm_id: 7 }),
		request: CUSTOMERS,
	},
	{
		name: 'Customer › Create or Update, Map Each Column Manually, a column',
		versions: [3, 3.1],
		parameters: { operation: 'upsert', columns: columns('defineBelow', MAPPER, { email: '={{ $json.email }}', first_name: failing('$json.first') }) },
		item: (marker) => ({ email: email(marker), first: 'Ann' }),
		request: CUSTOMERS,
	},
	{
		name: 'Customer › Create or Update, Map Each Column Manually, Options › Other Custom Properties',
		versions: [3, 3.1],
		parameters: {
			operation: 'upsert',
			columns: columns('defineBelow', MAPPER, { email: '={{ $json.email }}' }),
			options: { otherProperties: { property: [{ label: 'Plan', type: 'text', value: failing('$json.plan') }] } },
		},
		item: (marker) => ({ email: email(marker), plan: 'pro' }),
		request: CUSTOMERS,
	},
	{
		name: 'Customer › Create or Update, Map Automatically, Options › Fields to Ignore',
		versions: [3, 3.1],
		parameters: { operation: 'upsert', columns: columns('autoMapInputData', MAPPER), options: { ignoreFields: failing("'crm_id'") } },
		item: (marker) => ({ email: email(marker), crm_id: 7 }),
		request: CUSTOMERS,
	},
	{
		name: 'Customer › Create or Update, Map Automatically, Options › Handling Extra Fields in Input',
		versions: [3, 3.1],
		parameters: { operation: 'upsert', columns: columns('autoMapInputData', MAPPER), options: { handlingExtraData: failing("'ignoreIt'") } },
		item: (marker) => ({ email: email(marker), crm_id: 7 }),
		request: CUSTOMERS,
	},
];

const ALL_VERSIONS = [1, 2, 3, 3.1];
const emailLists: BulkCase[] = (
	[
		['delete', 'Delete', 'DELETE', '/api/v2/customers'],
		['unsubscribe', 'Unsubscribe', 'POST', '/api/v2/customers/unsubscribe'],
		['resubscribe', 'Resubscribe', 'POST', '/api/v2/customers/resubscribe'],
	] as const
).flatMap(([operation, label, method, path]): BulkCase[] => [
	{
		name: `Customer › ${label}, Define Below, Email`,
		versions: ALL_VERSIONS,
		parameters: { operation, email: failing('$json.email') },
		item: (marker) => ({ email: email(marker) }),
		request: { method, path },
	},
	operation === 'unsubscribe'
		? {
				name: 'Customer › Unsubscribe, Map Automatically, Opt-Out Message',
				versions: ALL_VERSIONS,
				parameters: { operation, inputMode: 'itemJson', message: failing("'moved'") },
				item: (marker) => ({ email: email(marker) }),
				request: { method, path },
			}
		: {
				// No parameter of this mode takes an expression: the failing item has no email.
				name: `Customer › ${label}, Map Automatically, an item without email`,
				versions: ALL_VERSIONS,
				parameters: { operation, inputMode: 'itemJson' },
				item: (marker) => ({ email: email(marker) }),
				badItem: (marker) => ({ name: marker }),
				request: { method, path },
			},
]);

testEachItemAlone([...upsert, ...emailLists]);
