import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact, optionalText, requireEmail, requireText, toStringList } from './inputs';

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
				{ displayName: 'Label', name: 'label', type: 'string', default: '', description: 'The property name' },
				{
					displayName: 'Type',
					name: 'type',
					type: 'options',
					options: [
						{ name: 'Boolean', value: 'boolean' },
						{ name: 'Date', value: 'date' },
						{ name: 'Number', value: 'number' },
						{ name: 'Text', value: 'text' },
					],
					default: 'text',
				},
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
};

/** The optional customer fields of the write side (snake_case, as the service expects them). */
export function customerFieldOptions({ withProperties }: { withProperties: boolean }): INodeProperties[] {
	const fields: INodeProperties[] = [
		{
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
		},
	];
	if (withProperties) fields.push(customPropertiesField);
	return fields;
}

/** Reads one item's customer (email plus the fields set) into the service's write shape. */
export function readCustomer(this: IExecuteFunctions, itemIndex: number, { withProperties }: { withProperties: boolean }): IDataObject & { email: string } {
	const node = this.getNode();
	const at = (field: string) => ({ node, itemIndex, field });
	const email = requireEmail(this.getNodeParameter('email', itemIndex), at('Email'));
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const customer: IDataObject = compact({
		email,
		first_name: optionalText(fields.firstName, at('First Name')),
		last_name: optionalText(fields.lastName, at('Last Name')),
		company: optionalText(fields.company, at('Company')),
		tags: toStringList(fields.tags, at('Tags')),
		unset_tags: toStringList(fields.unsetTags, at('Tags to Remove')),
		unset_properties: toStringList(fields.unsetProperties, at('Properties to Clear')),
	});
	if (withProperties) {
		const properties = readCustomProperties.call(this, itemIndex);
		if (properties.length) customer.properties = properties;
	}
	return customer as IDataObject & { email: string };
}

/** Reads the Custom Properties collection of one item into `{ label, value, type }` entries. */
export function readCustomProperties(this: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const node = this.getNode();
	const collection = this.getNodeParameter('customProperties', itemIndex, {}) as { property?: IDataObject[] };
	return (collection.property ?? []).map((property, index) => ({
		label: requireText(property.label, { node, itemIndex, field: `Custom Properties › Property ${index + 1} › Label` }),
		value: property.value,
		type: property.type ?? 'text',
	}));
}
