import type { FieldType, IDataObject, IExecuteFunctions, INode, ResourceMapperValue } from 'n8n-workflow';
import { validateFieldType } from 'n8n-workflow';

import { apiDate } from '../../../shared/dates';
import { at, fieldError } from '../../../shared/errors';
import { attempt, checked, describeType, problem } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { accountProperties, type AccountProperty } from '../../methods/accountProperties';
import { isVersion3OrLater, offersTypeConversion } from '../versions';
import { PROPERTY_FIELD_TYPES, propertyColumnName, propertyLabelOf, propertyTypeOf, type ColumnSet } from './columnMapper';
import { extraFieldSettings, fold, type ExtraFieldSettings } from './extraFields';
import { itemJsonReader, type ItemJsonReader } from './itemJson';
import { itemParameter } from './itemParameter';
import { parseRow, propertyList } from './rowSchemas';
import { automapNames, editorLabels, editorRow, rowSchema, takesProperties, type RowTable } from './rowTable';

/**
 * The one reading of a bulk write's rows, whichever way the user fills them; every way ends in
 * the row's table (rowTable.ts) and its schema:
 * - versions 1 and 2, Define Below: each field from its editor parameter;
 * - version 3, Map Each Column Manually: each column's value from `columns.value`, converted to the
 *   column's type as n8n's resource mapper converts it (`validateFieldType`; from version 3.1 only
 *   with Attempt to Convert Types on, else the value must have the type), dates by the service's
 *   rule in the workflow's zone, a property column as a `{ label, value, type }` entry;
 * - Map Automatically (every version): each item's JSON by field name (itemJson.ts), the fields
 *   named like a custom property of the account taken as that property, with its type.
 * A column or field whose value is null, undefined or empty text is not sent.
 */

/** A validated row, and the fields its item's output gets besides the service's answer. */
export interface ReadRow<T = IDataObject> {
	row: T;
	/** With Map Automatically: `ignoredFields`, the item's fields that were left out (always with Ignore Them). */
	output: IDataObject;
}

/** A property entry of the row, as the service takes it. */
type PropertyEntry = { label: string; value: unknown; type: string };

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Each table's Map Automatically reader, made once. */
const itemJsonReaders = new WeakMap<RowTable, ItemJsonReader>();
function itemJsonOf(table: RowTable, { ignoreOthers = false } = {}): ItemJsonReader {
	let reader = itemJsonReaders.get(table);
	if (!reader) {
		reader = itemJsonReader({ names: automapNames(table), readOnly: table.readOnly, withoutColumn: table.withoutColumn, ignoreOthers });
		itemJsonReaders.set(table, reader);
	}
	return reader;
}

/**
 * The column types Attempt to Convert Types acts on: when it is off, a value must already have the
 * type (n8n's strict check); text and dates are read as with it on.
 */
const STRICT_TYPES = new Set<FieldType>(['number', 'boolean', 'array', 'object']);

const typeWanted = (type: FieldType) => (type === 'array' ? 'a list (such as a JSON list [ … ])' : type === 'boolean' ? 'true or false' : `a ${type}`);

/**
 * A column's value as the column's type wants it: converted as n8n's resource mapper converts a
 * value (numeric text to a number, `TRUE`/`false`/1/0 to a boolean, a JSON list to a list) unless
 * `convertTypes` is false (Attempt to Convert Types off: it must already have the type), a
 * property's date by the service's rule (an ISO instant in UTC, read in the workflow's zone when
 * it has none; the row's own dates are its table's); undefined when empty. Raises a property's
 * problem.
 */
export function columnValue(value: unknown, type: FieldType | undefined, timezone: string, { property = false, convertTypes = true } = {}): unknown {
	if (isEmpty(value)) return undefined;
	if (type === 'dateTime') return property ? apiDate(value, 'iso', { timezone }) : value;
	if (!type || type === 'string') {
		if (!property || value === null || typeof value !== 'object') return value;
		problem(`is ${describeType(value)}; a custom property takes text, a number, a boolean or a date`);
	}
	const result = validateFieldType('column', value, type as FieldType, { strict: !convertTypes });
	if (result.valid) return result.newValue;
	if (!convertTypes && STRICT_TYPES.has(type as FieldType)) {
		return problem(
			`must be ${typeWanted(type as FieldType)}, got ${JSON.stringify(value)}; with Attempt to Convert Types off, a value must already have its column's type (turn it on to convert text such as "true" or "42")`,
		);
	}
	// A field of the row keeps what n8n could not convert: its own rule names the problem in the row's words.
	if (!property) return value;
	return problem(`must be ${typeWanted(type as FieldType)} (the property's type), got ${JSON.stringify(value)}`);
}

/**
 * What Map Automatically does with the fields of an item it does not write, as the node's
 * parameters set it (Handling Extra Fields in Input, Fields to Ignore), read once per run: beside
 * Input Mode on versions 1 and 2, under Options beside version 3's column mapper.
 */
export function readExtraFieldSettings(ctx: IExecuteFunctions, under?: 'options'): ExtraFieldSettings {
	const path = (name: string) => (under ? `${under}.${name}` : name);
	return extraFieldSettings(ctx.getNodeParameter(path('handlingExtraData'), 0, 'error'), ctx.getNodeParameter(path('ignoreFields'), 0, ''));
}

/** Two properties of one row with the same label: the second one is refused, naming it. */
function refuseTwice(entries: PropertyEntry[], where: (entry: PropertyEntry) => string, ctx: { node: INode; itemIndex: number }) {
	const seen = new Set<string>();
	for (const entry of entries) {
		const key = entry.label.trim().toLowerCase();
		if (seen.has(key)) throw fieldError(at(ctx, where(entry)), `gives the property ${entry.label} a second time; keep one of them`);
		seen.add(key);
	}
}

export interface RowReading {
	/** The operation's columns, for the bulk writes that take them from a column mapper on version 3. */
	columns?: ColumnSet;
	/** Read only the row's fields of an item and leave its other fields alone (the writes that need only an email). */
	ignoreOthers?: boolean;
	/** The account's custom properties, read at execution for Map Automatically (see `accountPropertiesNeeded`). */
	accountProperties?: AccountProperty[];
}

/**
 * Whether Map Automatically on version 3 needs the account's custom properties to read these
 * items: some item has a field that is no field of the row, and no property column the saved
 * mapper lists. The operation then reads them once (methods/accountProperties.ts).
 */
export function accountPropertiesNeeded(ctx: IExecuteFunctions, table: RowTable, columns: ColumnSet): boolean {
	if (!isVersion3OrLater(ctx) || !columns.takesProperties) return false;
	const mapper = ctx.getNodeParameter('columns', 0, {}) as Partial<ResourceMapperValue>;
	if (mapper.mappingMode !== 'autoMapInputData') return false;
	const known = new Set([...Object.keys(automapNames(table)), ...(table.readOnly ?? [])].map(fold));
	for (const field of mapper.schema ?? []) {
		const label = propertyLabelOf(field.id);
		if (label !== undefined) known.add(fold(label));
	}
	const { ignoreFields } = readExtraFieldSettings(ctx, 'options');
	const seen = new Set<string>();
	for (const item of ctx.getInputData()) {
		for (const name of Object.keys(item.json)) {
			if (seen.has(name)) continue;
			seen.add(name);
			if (!known.has(fold(name)) && !ignoreFields?.has(fold(name))) return true;
		}
	}
	return false;
}

/**
 * The reading of a bulk write that takes custom properties, with the account's properties when
 * Map Automatically needs them: one request per execution. When that request fails, the items are
 * read with the properties the saved mapper lists, as without it.
 */
export async function withAccountProperties(ctx: IExecuteFunctions, api: ServiceApi, table: RowTable, columns: ColumnSet): Promise<RowReading> {
	if (!accountPropertiesNeeded(ctx, table, columns)) return { columns };
	try {
		return { columns, accountProperties: await accountProperties(ctx, { for: () => api }) };
	} catch {
		return { columns };
	}
}

/** Reads each item's row of the table, in the node's version and mode. Made once per run. */
export function rowReader<T extends IDataObject = IDataObject>(ctx: IExecuteFunctions, table: RowTable, reading: RowReading = {}): (itemIndex: number) => ReadRow<T> {
	const node = ctx.getNode();
	const timezone = ctx.getTimezone();
	const schema = rowSchema(table, { timezone });
	const fromItemJson = itemJsonOf(table, { ignoreOthers: reading.ignoreOthers });
	const finish = (raw: IDataObject, itemIndex: number, label: (field: string) => string, output: IDataObject = {}): ReadRow<T> => ({
		row: parseRow(schema, raw, { node, itemIndex, label }) as T,
		output,
	});

	if (reading.columns && isVersion3OrLater(ctx)) return columnRowReader(ctx, table, { ...reading, columns: reading.columns }, finish);

	if (ctx.getNodeParameter('inputMode', 0, 'mapFields') === 'itemJson') {
		const items = ctx.getInputData();
		const settings = { ...readExtraFieldSettings(ctx), manualMode: 'Define Below' };
		return (itemIndex) => {
			const { raw, label, ignored } = fromItemJson(items[itemIndex].json, { node, itemIndex, ...settings });
			return finish(raw, itemIndex, label, ignored ? { ignoredFields: ignored } : {});
		};
	}

	const labels = editorLabels(table);
	const label = (field: string) => labels[field] ?? field;
	const parameters = new Map<string, (itemIndex: number) => unknown>();
	const parameter = (name: string, fallback: unknown) => {
		if (!parameters.has(name)) parameters.set(name, itemParameter(ctx, name, fallback));
		return parameters.get(name)!;
	};
	return (itemIndex) => finish(editorRow(table, (name, fallback) => parameter(name, fallback)(itemIndex)), itemIndex, label);
}

/**
 * Version 3: the rows from the column mapper (`columns`) and its Options. Map Each Column Manually
 * builds each row from the columns' values; Map Automatically reads each item's JSON, after taking
 * the fields named like a property column or a property of the account (folded) as that property.
 * Options › Other Custom Properties are added to every row in both modes.
 */
function columnRowReader<T>(
	ctx: IExecuteFunctions,
	table: RowTable,
	reading: RowReading & { columns: ColumnSet },
	finish: (raw: IDataObject, itemIndex: number, label: (field: string) => string, output?: IDataObject) => ReadRow<T>,
): (itemIndex: number) => ReadRow<T> {
	const node = ctx.getNode();
	const timezone = ctx.getTimezone();
	const { columns } = reading.columns;
	const withProperties = takesProperties(table);
	const mapper = ctx.getNodeParameter('columns', 0, {}) as Partial<ResourceMapperValue>;
	// Version 3 always converts; from 3.1, Attempt to Convert Types decides, on unless turned off
	// (a workflow made by the API or an AI agent may leave it out).
	const convertTypes = !offersTypeConversion(ctx) || mapper.attemptToConvertTypes !== false;
	const optionsOf = itemParameter<IDataObject>(ctx, 'options', {});
	const typeOf = new Map<string, FieldType | undefined>((mapper.schema ?? []).map((field) => [field.id, field.type]));
	const byId = new Map(columns.map((column) => [column.id, column]));
	const columnLabel = (field: string) => `Columns › ${byId.get(field)?.displayName ?? field}`;
	const property = (label: string, value: unknown, type: FieldType | undefined, where: string, itemIndex: number): PropertyEntry[] => {
		const converted = checked(at({ node, itemIndex }, where), () => columnValue(value, type, timezone, { property: true, convertTypes }));
		return converted === undefined ? [] : [{ label, value: converted, type: propertyTypeOf(type) }];
	};

	const otherProperties = (itemIndex: number): PropertyEntry[] => {
		if (!withProperties) return [];
		const given = (optionsOf(itemIndex).otherProperties as { property?: IDataObject[] } | undefined)?.property ?? [];
		return given.flatMap((entry, index) => {
			const label = typeof entry.label === 'string' ? entry.label.trim() : '';
			const where = `Options › Other Custom Properties › ${label || `entry ${index + 1}`}`;
			if (!label) throw fieldError(at({ node, itemIndex }, where), "needs a label (the property's name)");
			const type = typeof entry.type === 'string' && entry.type ? entry.type : 'text';
			return property(label, entry.value, PROPERTY_FIELD_TYPES[type] ?? 'string', where, itemIndex).map((found) => ({ ...found, type }));
		});
	};
	const withOtherProperties = (raw: IDataObject, itemIndex: number, mapped: PropertyEntry[]) => {
		const others = otherProperties(itemIndex);
		if (!others.length) return;
		refuseTwice([...mapped, ...others], (entry) => `Options › Other Custom Properties › ${entry.label}`, { node, itemIndex });
		raw.properties = [...mapped, ...others] as unknown as IDataObject[];
	};

	if (mapper.mappingMode !== 'autoMapInputData') {
		// The mapper is read whole and n8n's conversion (validateFieldType) applied here, per column, as
		// n8n applies it to `columns.value`: so that an empty value is dropped before it (n8n turns
		// empty text into 0 for a number and refuses it for a boolean), a date keeps the service's zone
		// rule, and every n8n version reads alike (n8n 1.88 cannot skip its own check of `columns.value`).
		const mapperOf = itemParameter<Partial<ResourceMapperValue>>(ctx, 'columns', {});
		// A column the user has not added (hidden, `removed`) sends nothing, whatever value the editor
		// gave it: n8n 1.88's editor saves false for every boolean column, hidden ones too.
		const notAdded = new Set((mapper.schema ?? []).filter((field) => field.removed).map((field) => field.id));
		return (itemIndex) => {
			const raw: IDataObject = {};
			const properties: PropertyEntry[] = [];
			for (const [id, value] of Object.entries(mapperOf(itemIndex).value ?? {})) {
				if (notAdded.has(id)) continue;
				const label = propertyLabelOf(id);
				if (label !== undefined) {
					properties.push(...property(label, value, typeOf.get(id), `Columns › ${propertyColumnName(label)}`, itemIndex));
					continue;
				}
				const column = byId.get(id);
				if (!column) throw fieldError(at({ node, itemIndex }, `Columns › ${id}`), 'is not a column of this operation; remove it from the mapping');
				const converted = checked(at({ node, itemIndex }, columnLabel(id)), () => columnValue(value, column.type, timezone, { convertTypes }));
				if (converted !== undefined) raw[id] = converted as IDataObject[string];
			}
			if (properties.length) raw.properties = properties as unknown as IDataObject[];
			withOtherProperties(raw, itemIndex, properties);
			return finish(raw, itemIndex, columnLabel);
		};
	}

	// The property columns and the account's properties by folded label, but for those named like a field of the row (a property "Company").
	const ownNames = new Set(columns.flatMap(({ id, displayName }) => [fold(id), fold(displayName)]));
	const propertyColumns = new Map<string, { label: string; type: FieldType | undefined }>();
	if (withProperties) {
		for (const { label, type } of reading.accountProperties ?? []) {
			if (!ownNames.has(fold(label))) propertyColumns.set(fold(label), { label, type: PROPERTY_FIELD_TYPES[type] ?? 'string' });
		}
		for (const field of mapper.schema ?? []) {
			const label = propertyLabelOf(field.id);
			if (label !== undefined && !ownNames.has(fold(label))) propertyColumns.set(fold(label), { label, type: field.type });
		}
	}
	const settings = { ...readExtraFieldSettings(ctx, 'options'), manualMode: 'Map Each Column Manually' };
	const fromItemJson = itemJsonOf(table, { ignoreOthers: reading.ignoreOthers });
	const items = ctx.getInputData();

	/** The item's JSON with its property fields moved into `properties` (the fields to ignore stay, for the reader to list). */
	const prepared = (json: IDataObject, itemIndex: number): IDataObject => {
		const kept: IDataObject = {};
		const moved: PropertyEntry[] = [];
		for (const [name, value] of Object.entries(json)) {
			const column = settings.ignoreFields?.has(fold(name)) ? undefined : propertyColumns.get(fold(name));
			if (!column) kept[name] = value;
			else moved.push(...property(column.label, value, column.type, `Item JSON › ${name}`, itemIndex));
		}
		if (!moved.length) return kept;
		const given = attempt(() => propertyList(kept.properties));
		// The item as it is when its own properties are malformed: the schema names what is wrong with them.
		if ('problem' in given) return json;
		const entries = [...(given.value as PropertyEntry[]), ...moved];
		refuseTwice(entries, (entry) => `Item JSON › ${entry.label}`, { node, itemIndex });
		return { ...kept, properties: entries as unknown as IDataObject[] };
	};

	// With Attempt to Convert Types off, an item's field must already have its column's type.
	const strictFields = convertTypes ? [] : columns.filter(({ type }) => STRICT_TYPES.has(type));
	return (itemIndex) => {
		const { raw, label, ignored } = fromItemJson(prepared(items[itemIndex].json, itemIndex), { node, itemIndex, ...settings });
		for (const { id, type } of strictFields) {
			if (id in raw) checked(at({ node, itemIndex }, label(id)), () => columnValue(raw[id], type, timezone, { convertTypes: false }));
		}
		if (withProperties) {
			const given = attempt(() => propertyList(raw.properties));
			if ('value' in given) withOtherProperties(raw, itemIndex, given.value as PropertyEntry[]);
		}
		return finish(raw, itemIndex, label, ignored ? { ignoredFields: ignored } : {});
	};
}
