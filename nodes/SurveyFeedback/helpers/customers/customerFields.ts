import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Column, ColumnSet } from '../bulk/columnMapper';
import { itemParameter } from '../bulk/itemParameter';
import { propertyTypeAndValue } from '../descriptions';

/** Values of registered custom customer properties, as `{ label, value, type }` entries. */
export const customPropertiesField: INodeProperties = {
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

/** The optional customer fields of the write side, in the editor (camelCase parameter names). */
export const customerAdditionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		{ displayName: 'Company', name: 'company', type: 'string', default: '', description: 'Company name' },
		{ displayName: 'First Name', name: 'firstName', type: 'string', default: '' },
		{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '' },
		{
			displayName: 'Properties to Clear',
			name: 'unsetProperties',
			type: 'string',
			default: '',
			description: 'Custom property names or labels to clear, comma-separated; other properties stay as they are',
		},
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'string',
			default: '',
			description: 'Tags to set on the customer, comma-separated or a list from an expression',
		},
		{
			displayName: 'Tags to Remove',
			name: 'unsetTags',
			type: 'string',
			default: '',
			description: 'Tags to remove, comma-separated; other tags stay as they are',
		},
	],
};

/** Editor labels of the row's fields, for errors in Define Below mode. */
export const CUSTOMER_FIELD_LABELS: Record<string, string> = {
	email: 'Email',
	first_name: 'Additional Fields › First Name',
	last_name: 'Additional Fields › Last Name',
	company: 'Additional Fields › Company',
	tags: 'Additional Fields › Tags',
	unset_tags: 'Additional Fields › Tags to Remove',
	unset_properties: 'Additional Fields › Properties to Clear',
	properties: 'Custom Properties',
};

/**
 * Reads each item's customer from the editor's fields, in the row's shape (the row schema
 * validates it). Made once per run.
 */
export function customerFromEditor(ctx: IExecuteFunctions, { withProperties }: { withProperties: boolean }): (itemIndex: number) => IDataObject {
	const email = itemParameter(ctx, 'email', '');
	const additionalFields = itemParameter<IDataObject>(ctx, 'additionalFields', {});
	const customProperties = withProperties ? itemParameter<{ property?: IDataObject[] }>(ctx, 'customProperties', {}) : undefined;
	return (itemIndex) => {
		const fields = additionalFields(itemIndex);
		const row: IDataObject = {
			email: email(itemIndex),
			first_name: fields.firstName,
			last_name: fields.lastName,
			company: fields.company,
			tags: fields.tags,
			unset_tags: fields.unsetTags,
			unset_properties: fields.unsetProperties,
		};
		if (customProperties) row.properties = customProperties(itemIndex).property;
		return row;
	};
}

/**
 * A customer's own fields as the column mapper lists them (version 3), by the service's names. The
 * lists are text columns, comma-separated or a list from an expression, as in the earlier versions
 * (the mapper shows a column of type array as a JSON editor).
 */
const customerColumnList: Column[] = [
	{ id: 'email', displayName: 'Email', type: 'string', required: true },
	{ id: 'first_name', displayName: 'First Name', type: 'string' },
	{ id: 'last_name', displayName: 'Last Name', type: 'string' },
	{ id: 'company', displayName: 'Company', type: 'string' },
	{ id: 'tags', displayName: 'Tags', type: 'string' },
	{ id: 'unset_tags', displayName: 'Tags to Remove', type: 'string' },
	{ id: 'unset_properties', displayName: 'Properties to Clear', type: 'string' },
];

/** Customer › Create or Update: the customer's fields and the account's custom properties. */
export const customerColumns: ColumnSet = { method: 'customerColumns', columns: customerColumnList, takesProperties: true };

/** Survey › Send: the recipient's fields (the endpoint takes no custom properties). */
export const recipientColumns: ColumnSet = { method: 'recipientColumns', columns: customerColumnList, takesProperties: false };
