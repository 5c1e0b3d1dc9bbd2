import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { rules, typed } from '../../../shared/inputs';
import { columnSet, listField as list, textField as text, type RowField, type RowTable } from '../bulk/rowTable';
import { propertyTypeAndValue } from '../descriptions';

/**
 * The person rows of the write side, each field once (see bulk/rowTable.ts): a customer of
 * POST /api/v2/customers, a survey recipient of POST /api/v2/survey, a subscriber of the legacy v1
 * API, and the email-only row of delete, unsubscribe and resubscribe.
 */

/** A row the service took, keyed by its email. */
export type PersonRow = IDataObject & { email: string };

export const EMAIL: RowField = {
	name: 'email',
	label: 'Email',
	type: 'string',
	required: true,
	schema: rules.email,
	editor: { in: 'top', property: { placeholder: 'name@email.com', default: '={{ $json.email }}' } },
};

/** A person's name and company, as every person row has them. */
export const PERSON: RowField[] = [
	text('first_name', 'First Name'),
	text('last_name', 'Last Name'),
	text('company', 'Company', { description: 'Company name', alsoNamed: ['companyName'] }),
];

/** Values of registered custom customer properties, as `{ label, value, type }` entries. */
const customPropertiesField: INodeProperties = {
	displayName: 'Custom Properties',
	name: 'customProperties',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Custom Property',
	default: {},
	description: 'Values of custom customer properties registered in the account',
	options: [
		{
			displayName: 'Property',
			name: 'property',
			values: [
				{
					// The labels the account shows (methods/accountProperties.ts); one not listed yet is typed in by expression.
					displayName: 'Label Name or ID',
					name: 'label',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getCustomPropertyLabels' },
					default: '',
					description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					hint: 'The labels the account’s newest customers carry, each with its type; by expression, any registered label',
				},
				...propertyTypeAndValue,
			],
		},
	],
};

/** A custom property as the service takes it. */
export interface PropertyEntry {
	label: string;
	value: unknown;
	type: string;
}

/** A custom property from a label and a plain value, its type told by the value: number, boolean, else text. */
export function propertyEntry(label: string, value: unknown): PropertyEntry {
	return { label, value: value ?? null, type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text' };
}

const NEEDS_LABEL = "needs a label (the property's name)";

/**
 * Custom customer properties: a list of `{ label, value, type }` (the service's shape, also what
 * Get Many returns), or a plain object `{ plan: "pro" }` whose keys are the labels. Each entry's
 * problems are its own issues ("entry 2 needs a label").
 */
export const propertyList = z.preprocess(
	(value) => {
		if (value === undefined || value === null || value === '') return [];
		if (typeof value !== 'object' || Array.isArray(value)) return value;
		return Object.entries(value as IDataObject).map(([label, entry]) => propertyEntry(label, entry));
	},
	z.array(
		z.object(
			{
				label: z.string({ errorMap: () => ({ message: NEEDS_LABEL }) }).trim().min(1, NEEDS_LABEL),
				value: z.unknown().transform((value) => value ?? null),
				type: z
					.string({ errorMap: () => ({ message: 'has a type that is not text' }) })
					.nullish()
					.transform((type) => type || 'text'),
			},
			typed('{ label, value, type }'),
		),
		typed('a list of { label, value, type } or an object of values'),
	),
);

export const CUSTOM_PROPERTIES: RowField = {
	name: 'properties',
	label: 'Custom Properties',
	type: 'array',
	schema: propertyList,
	shape: '(a list of { label, value, type }, or an object of values)',
	column: false,
	editor: { in: 'top', property: customPropertiesField, read: (value) => (value as { property?: unknown } | undefined)?.property },
};

const CUSTOMER_LISTS: RowField[] = [
	list('tags', 'Tags', 'Tags to set on the customer, comma-separated or a list from an expression'),
	list('unset_tags', 'Tags to Remove', 'Tags to remove, comma-separated; other tags stay as they are'),
	list('unset_properties', 'Properties to Clear', 'Custom property names or labels to clear, comma-separated; other properties stay as they are'),
];

/**
 * What the service sets on the customer records Get Many returns (IDs, dates, statuses,
 * subscription state): a write does not take them, and leaving them out loses nothing (the
 * service keeps them as they are), so a record read from the service can be written back.
 */
const CUSTOMER_READ_ONLY = ['id', '_id', 'customerId', 'companyId', 'createdDate', 'updatedDate', 'channel', 'status', 'customerStatus', 'unsubscribed', 'unsubscribedBy', 'unsubscribedDate'];

/**
 * Customer data the customer and survey writes have no column for (the import has): a record
 * read from the service carries it, and so do CRM contacts. Never dropped silently: listed in
 * `ignoredFields`, or sent as custom properties where the row takes them (the spec's own example
 * of a customer property is country).
 */
const CUSTOMER_DATA_WITHOUT_COLUMN = ['job_title', 'phone', 'country', 'state', 'city'];

const customerReading = { readOnly: CUSTOMER_READ_ONLY, withoutColumn: CUSTOMER_DATA_WITHOUT_COLUMN };

/** A customer of POST /api/v2/customers. */
export const CUSTOMER: RowTable = { fields: [EMAIL, ...PERSON, ...CUSTOMER_LISTS, CUSTOM_PROPERTIES], ...customerReading };

/** A subscriber of POST /api/v2/survey: a customer without custom properties. */
export const RECIPIENT: RowTable = { fields: [EMAIL, ...PERSON, ...CUSTOMER_LISTS], ...customerReading };

/** A subscriber of the legacy v1 API, which requires every field. */
export const V1_SUBSCRIBER: RowTable = {
	fields: [
		EMAIL,
		...PERSON.map((field): RowField => ({
			...field,
			required: true,
			schema: rules.text,
			description: `${field.description ? `${field.description}, r` : 'R'}equired by the v1 API`,
			editor: { in: 'top' },
		})),
	],
	...customerReading,
};

/** The customer operations that need only an email (delete, unsubscribe, resubscribe). */
export const EMAIL_ONLY: RowTable = { fields: [EMAIL] };

/** Customer › Create or Update's columns on version 3: the customer's fields, then the account's custom properties. */
export const customerColumns = columnSet('customerColumns', CUSTOMER);

/** Survey › Send's columns on version 3: the recipient's fields (the endpoint takes no custom properties). */
export const recipientColumns = columnSet('recipientColumns', RECIPIENT);
