import type { FieldType, IDataObject, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';

import { rules } from '../../../shared/inputs';
import type { Column, ColumnSet } from './columnMapper';
import type { RuleContext } from './rowValidation';

/**
 * A kind of row a bulk write sends (a customer, a survey recipient, an imported response, a legacy
 * subscriber) is written once, as a table of its fields. Everything that names a field is made
 * from it: the Define Below fields of versions 1 and 2, the column mapper's columns of version 3,
 * the names Map Automatically folds to each field, the zod schema a row is checked against
 * (rowValidation.ts), and the labels errors name. Adding a field the service gains is one line of its table.
 */

/**
 * A field's zod schema: it checks the value and converts it for the service (a list from
 * comma-separated text, a date in UTC), its issues in the node's words. A function of the run's
 * zone for the fields that read dates.
 */
export type FieldSchema = z.ZodType<unknown, z.ZodTypeDef, unknown>;

/** Where versions 1 and 2 (Define Below) keep a field: a parameter of its own, or an entry of Additional Fields. */
export interface EditorPlace {
	in: 'top' | 'additionalFields';
	/** What the field's editor parameter has besides its label, name (camelCase), type and empty default. */
	property?: Partial<INodeProperties>;
	/** The row's value from the parameter's (a fixed collection's entries, for instance). */
	read?: (value: unknown) => unknown;
}

export interface RowField {
	/** Its name in the service: the row's key, the column's ID; camelCase, the Define Below parameter's name. */
	name: string;
	/** As a person reads it: the column, the editor field and the errors. */
	label: string;
	/** The column mapper's type for it; `dateTime` also makes the Define Below field a date picker. */
	type: FieldType;
	schema: FieldSchema | ((ctx: RuleContext) => FieldSchema);
	required?: boolean;
	description?: string;
	/** How its value is written, for Map Automatically's notice: `([{ name, sentiment }])`. */
	shape?: string;
	/** Names Map Automatically also reads as this field, besides its name and camelCase (in any case, with or without spaces, _ or -). */
	alsoNamed?: string[];
	/** False for a field that is no column of the mapper (custom properties: each has a column of its own). */
	column?: false;
	/** Where Define Below keeps it on versions 1 and 2; none for a field those versions do not have. */
	editor?: EditorPlace;
}

/** A kind of row: its fields in order, and what Map Automatically leaves out of an item. */
export interface RowTable {
	fields: RowField[];
	/** What the service sets on its own records (id, createdDate…): left out of a row silently, so a record read back can be written. */
	readOnly?: string[];
	/** Customer data the row has no field for (phone, country…): listed in ignoredFields, or sent as custom properties. */
	withoutColumn?: string[];
}

/** An optional text field, kept in Additional Fields by Define Below. */
export const textField = (name: string, label: string, more: Partial<RowField> = {}): RowField => ({
	name,
	label,
	type: 'string',
	schema: rules.optionalText,
	editor: { in: 'additionalFields' },
	...more,
});

/** A list of texts, given as a list or comma-separated (a text column in the mapper), kept in Additional Fields. */
export const listField = (name: string, label: string, description: string): RowField => textField(name, label, { schema: rules.stringList, description });

/** `first_name` → `firstName`: the Define Below parameter of a field, and a name Map Automatically reads. */
export const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Whether the row takes custom properties (`properties`, `{ label, value, type }` entries). */
export const takesProperties = (table: RowTable) => table.fields.some(({ name }) => name === 'properties');

/** The row's fields by the service's names, for Map Automatically's notice: "email, first_name, …, topics ([{ name, sentiment }])". */
export const rowShape = (table: RowTable) => table.fields.map(({ name, shape }) => (shape ? `${name} ${shape}` : name)).join(', ');

/** The names Map Automatically reads, each with its field: the service's, the camelCase one, and the field's other names. */
export function automapNames(table: RowTable): Record<string, string> {
	const names: Record<string, string> = {};
	for (const { name, alsoNamed = [] } of table.fields) {
		for (const alias of [name, camelCase(name), ...alsoNamed]) names[alias] = name;
	}
	return names;
}

/** The mapper's columns of the row (version 3). */
export function tableColumns(table: RowTable): Column[] {
	return table.fields
		.filter((field) => field.column !== false)
		.map(({ name, label, type, required }) => ({ id: name, displayName: label, type, ...(required ? { required } : {}) }));
}

/** The column set of a bulk write, its list in the editor made by the resource-mapping method `method`. */
export const columnSet = (method: string, table: RowTable): ColumnSet => ({ method, columns: tableColumns(table), takesProperties: takesProperties(table) });

/** A field's Define Below parameter. */
function editorProperty(field: RowField, override: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: field.label,
		name: camelCase(field.name),
		type: field.type === 'dateTime' ? 'dateTime' : 'string',
		default: '',
		...(field.description ? { description: field.description } : {}),
		...(field.required && field.editor?.in === 'top' ? { required: true } : {}),
		...field.editor?.property,
		...override,
	} as INodeProperties;
}

/**
 * The Define Below fields of versions 1 and 2, in the table's order; the fields kept in Additional
 * Fields are one collection (sorted by label, as n8n sorts a collection's options), where its first
 * field is. `overrides` sets what one operation says differently (the email's description).
 */
export function editorProperties(table: RowTable, overrides: Record<string, Partial<INodeProperties>> = {}): INodeProperties[] {
	const properties: INodeProperties[] = [];
	const additional: INodeProperties[] = [];
	for (const field of table.fields) {
		if (!field.editor) continue;
		const property = editorProperty(field, overrides[field.name]);
		if (field.editor.in === 'top') {
			properties.push(property);
			continue;
		}
		if (!additional.length) {
			properties.push({ displayName: 'Additional Fields', name: 'additionalFields', type: 'collection', placeholder: 'Add Field', default: {}, options: additional });
		}
		additional.push(property);
	}
	additional.sort((a, b) => a.displayName.localeCompare(b.displayName));
	return properties;
}

/** The labels Define Below's errors name: the parameter's, under Additional Fields for the fields kept there. */
export function editorLabels(table: RowTable): Record<string, string> {
	return Object.fromEntries(
		table.fields.map((field) => {
			const label = (field.editor?.property?.displayName as string | undefined) ?? field.label;
			return [field.name, field.editor?.in === 'additionalFields' ? `Additional Fields › ${label}` : label];
		}),
	);
}

/**
 * Reads a row of the table from the Define Below parameters: each field from its parameter, or
 * from Additional Fields. `parameter(name)` reads one parameter for the item.
 */
export function editorRow(table: RowTable, parameter: (name: string, fallback: unknown) => unknown): IDataObject {
	const additional = table.fields.some((field) => field.editor?.in === 'additionalFields') ? ((parameter('additionalFields', {}) ?? {}) as IDataObject) : {};
	const row: IDataObject = {};
	for (const field of table.fields) {
		if (!field.editor) continue;
		const name = (field.editor.property?.name as string | undefined) ?? camelCase(field.name);
		const value = field.editor.in === 'top' ? parameter(name, field.editor.property?.default ?? '') : additional[name];
		row[field.name] = (field.editor.read ? field.editor.read(value) : value) as IDataObject[string];
	}
	return row;
}
