import type { FieldType, INodeProperties, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import { PROPERTY_SOURCE_HINT, type AccountProperty } from '../../methods/accountProperties';
import { propertyTypeAndValue } from '../descriptions';
import { FROM_VERSION_3, VERSION_3_0_ONLY, FROM_VERSION_3_1 } from '../versions';
import { EXTRA_FIELD_CHOICES } from './extraFields';

/**
 * Version 3 of the bulk writes maps input to a row with n8n's column mapper (a `resourceMapper`
 * parameter named `columns`, as n8n's own write operations have it): every field of the row is a
 * column with its type, filled per column (Map Each Column Manually) or from each item's JSON
 * (Map Automatically). This file holds what the columns are and the mapper's parameters; the
 * editor's lists of columns are in methods/resourceMapping.ts, the reading of each item in rowReader.ts.
 */

/** A field of the row as a column: its name in the row (the service's), as a person reads it, its type. */
export interface Column {
	id: string;
	displayName: string;
	type: FieldType;
	required?: boolean;
}

/**
 * The columns of one operation's row: listed by the method `method` (methods/resourceMapping.ts),
 * with the account's custom properties after them when the row takes some.
 */
export interface ColumnSet {
	method: string;
	columns: Column[];
	takesProperties: boolean;
}

/** Custom property columns are told from the row's own by this start of their ID: `property:Plan`. */
const PROPERTY_COLUMN = 'property:';

export const propertyColumnId = (label: string) => `${PROPERTY_COLUMN}${label}`;

/** The property label of a column ID, or undefined for a field of the row. */
export const propertyLabelOf = (id: string): string | undefined => (id.startsWith(PROPERTY_COLUMN) ? id.slice(PROPERTY_COLUMN.length) : undefined);

/** The service's property types and the mapper's field types, both ways. */
export const PROPERTY_FIELD_TYPES: Record<string, FieldType> = { text: 'string', number: 'number', boolean: 'boolean', date: 'dateTime' };

export const propertyTypeOf = (type: FieldType | undefined): string =>
	Object.entries(PROPERTY_FIELD_TYPES).find(([, fieldType]) => fieldType === type)?.[0] ?? 'text';

/** How a property column is named in the list: apart from the row's own fields of the same name. */
export const propertyColumnName = (label: string) => `${label} (property)`;

/** The mapper's list: the operation's columns, then the account's custom properties, each a column of its own. */
export function mapperFields(columns: Column[], properties: AccountProperty[] = []): ResourceMapperFields {
	const field = ({ id, displayName, type, required }: Column): ResourceMapperField => ({
		id,
		displayName,
		type,
		required: required ?? false,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
	});
	return {
		fields: [
			...columns.map(field),
			...properties.map(({ label, type }) =>
				field({ id: propertyColumnId(label), displayName: propertyColumnName(label), type: PROPERTY_FIELD_TYPES[type] ?? 'string' }),
			),
		],
	};
}

/** The mapper's notice: where the property columns come from and how to send one they do not show. */
const PROPERTY_NOTICE = `The columns after the operation's own fields are the account's custom properties: ${PROPERTY_SOURCE_HINT}. To send one the list does not show, add it under Options › Other Custom Properties, or use Map Automatically with Send as Custom Properties.`;

/**
 * The `columns` parameter of version 3 (and its notice, for the operations that take custom
 * properties). Version 3.1 adds n8n's Attempt to Convert Types, on in a new node: version 3
 * always converts, and an n8n 2.x editor saved `attemptToConvertTypes: false` in each of its
 * mappers, so that saved value cannot mean "turned off" there.
 */
export function columnsProperties({ method, takesProperties }: ColumnSet): INodeProperties[] {
	const columns = (typeConversion: boolean): INodeProperties => ({
		displayName: 'Columns',
		name: 'columns',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null, ...(typeConversion ? { attemptToConvertTypes: true } : {}) },
		required: true,
		typeOptions: {
			loadOptionsDependsOn: ['authentication'],
			resourceMapper: {
				resourceMapperMethod: method,
				mode: 'add',
				fieldWords: { singular: 'column', plural: 'columns' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: true,
				...(typeConversion ? { showTypeConversionOptions: true } : {}),
			},
		},
		displayOptions: { show: typeConversion ? FROM_VERSION_3_1 : VERSION_3_0_ONLY },
	});
	const both = [columns(false), columns(true)];
	if (!takesProperties) return both;
	return [{ displayName: PROPERTY_NOTICE, name: 'columnsNotice', type: 'notice', default: '', displayOptions: { show: FROM_VERSION_3 } }, ...both];
}

/** "Other Custom Properties": properties the columns do not list, as `{ label, value, type }`. */
const otherPropertiesOption: INodeProperties = {
	displayName: 'Other Custom Properties',
	name: 'otherProperties',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Custom Property',
	default: {},
	description: `Custom properties the Columns do not list (they show ${PROPERTY_SOURCE_HINT}), sent with every item in either mapping mode. The service takes registered properties only.`,
	options: [
		{
			displayName: 'Property',
			name: 'property',
			values: [
				{ displayName: 'Label', name: 'label', type: 'string', default: '', description: 'The property name, as registered in the account' },
				...propertyTypeAndValue,
			],
		},
	],
};

/** Options that act only when the mapper maps automatically (the path starts at the node's parameters). */
const AUTOMAP_ONLY = { show: { '/columns.mappingMode': ['autoMapInputData'] } };

/**
 * Version 3's Options: what Map Automatically does with the fields of an item that are not
 * columns and the fields it leaves out (shown under Map Automatically only), and (where the row
 * takes them) properties the columns do not list. `before` are the operation's own options
 * (Survey › Send's delay).
 */
export function mapperOptions({ takesProperties, before = [] }: { takesProperties: boolean; before?: INodeProperties[] }): INodeProperties {
	const { error, ignoreIt, customProperties } = EXTRA_FIELD_CHOICES;
	const options: INodeProperties[] = [
		...before,
		{
			displayName: 'Fields to Ignore',
			name: 'ignoreFields',
			type: 'string',
			default: '',
			placeholder: 'e.g. ID, createdAt, updatedAt, archived',
			displayOptions: AUTOMAP_ONLY,
			description:
				"Map Automatically: fields of the input items to leave out of the write, comma-separated (a CRM's own ID and dates, for instance); the other fields are mapped or handled as Handling Extra Fields in Input says",
		},
		{
			displayName: 'Handling Extra Fields in Input',
			name: 'handlingExtraData',
			type: 'options',
			options: takesProperties ? [error, ignoreIt, customProperties] : [error, ignoreIt],
			default: 'error',
			displayOptions: AUTOMAP_ONLY,
			description:
				'Map Automatically: what to do with item fields that are not columns. The read-only fields of the service’s records, such as their ID and createdDate, are always left out; a field named like a column in another case or with spaces, _ or - (First Name, FIRST_NAME) is that column.',
		},
		...(takesProperties ? [otherPropertiesOption] : []),
	];
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: options.sort((a, b) => a.displayName.localeCompare(b.displayName)),
		displayOptions: { show: FROM_VERSION_3 },
	};
}
