import type { FieldType, IDataObject, IExecuteFunctions, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';
import { validateFieldType } from 'n8n-workflow';

import { apiDate } from '../../../shared/dates';
import { describeType, problem, type ItemProblems } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { accountProperties } from '../../methods/accountProperties';
import { propertyList, type PropertyEntry } from '../customers/customerRows';
import { itemParameter, nodeSetting } from '../parameters';
import { isVersion3OrLater, offersTypeConversion } from '../versions';
import { PROPERTY_FIELD_TYPES, propertyColumnName, propertyLabelOf, propertyTypeOf, type ColumnSet } from './columnMapper';
import { fold, itemExtraFieldSettings, type ExtraFieldSettings } from './extraFields';
import { itemJsonReader } from './itemJson';
import { automapNames, editorLabels, editorRow, type RowTable } from './rowTable';
import { rowSchema, validateRow } from './rowValidation';

/**
 * The one reading of a bulk write's rows, whichever way the user fills them; every way ends in
 * the row's zod schema (rowValidation.ts), made from its table (rowTable.ts):
 * - versions 1 and 2, Define Below: each field from its editor parameter (`editorRows`);
 * - versions 1 and 2, Map Automatically: each item's JSON by field name (`itemJsonRows`, itemJson.ts);
 * - version 3, Map Each Column Manually: each column's value from `columns.value`, converted to the
 *   column's type as n8n's resource mapper converts it (`columnValue`), a property column as a
 *   `{ label, value, type }` entry (`columnRows`);
 * - version 3, Map Automatically: each item's JSON, the fields named like a custom property taken
 *   as that property (`automaticRows`).
 * A column or field whose value is null, undefined or empty text is not sent.
 *
 * `rowReader` runs once per execution and reads only the per-node settings (../parameters.ts):
 * Input Mode, the mapper's mode, schema and Attempt to Convert Types. Everything else is read by
 * the function it returns, for one item, in that item's path: a failure there is the item's own.
 */

/** An item's validated row, and the fields its output gets besides the service's answer. */
export interface ItemRow<T = IDataObject> {
	row: T;
	/** With Map Automatically: `ignoredFields`, the item's fields that were left out (always with Ignore Them). */
	output: IDataObject;
}

export interface RowReading {
	/** The operation's columns, for the bulk writes that take them from a column mapper on version 3. */
	columns?: ColumnSet;
	/** Read only the row's fields of an item and leave its other fields alone (the writes that need only an email). */
	ignoreOthers?: boolean;
	/** The service, for the account's custom properties that Map Automatically may need on version 3. */
	api?: ServiceApi;
}

/** Reads one item's row; its problems are recorded for the item's one error (its row is then not used). */
export type RowReader<T> = (itemIndex: number, problems: ItemProblems) => ItemRow<T> | Promise<ItemRow<T>>;

type Validate<T> = (raw: IDataObject, label: (field: string) => string, problems: ItemProblems, output?: IDataObject) => ItemRow<T>;

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The column types Attempt to Convert Types acts on: when it is off, a value must already have the
 * type (n8n's strict check); text and dates are read as with it on.
 */
const STRICT_TYPES = new Set<FieldType>(['number', 'boolean', 'array', 'object']);

const typeWanted = (type: FieldType) => (type === 'array' ? 'a list (such as a JSON list [ … ])' : type === 'boolean' ? 'true or false' : `a ${type}`);

/**
 * A column's value as the column's type wants it: converted as n8n's resource mapper converts a
 * value (`validateFieldType`: numeric text to a number, `TRUE`/`false`/1/0 to a boolean, a JSON list
 * to a list) unless `convertTypes` is false (Attempt to Convert Types off: it must already have the
 * type), a property's date by the service's rule (an ISO instant in UTC, read in the workflow's zone
 * when it has none; the row's own dates are its schema's); undefined when empty. The conversion is
 * n8n's, so that a value converts as n8n converts it in every version; zod's schema of the row
 * checks the result. Raises a property's problem.
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
	// A field of the row keeps what n8n could not convert: its schema names the problem in the row's words.
	if (!property) return value;
	return problem(`must be ${typeWanted(type as FieldType)} (the property's type), got ${JSON.stringify(value)}`);
}

/** Reads each item's row of the table, in the node's version and mode. Made once per execution. */
export function rowReader<T extends IDataObject = IDataObject>(ctx: IExecuteFunctions, table: RowTable, reading: RowReading = {}): RowReader<T> {
	const schema = rowSchema(table, { timezone: ctx.getTimezone() });
	const validate: Validate<T> = (raw, label, problems, output = {}) => ({ row: validateRow<T>(schema, raw, label, problems), output });
	if (reading.columns && isVersion3OrLater(ctx)) {
		const mapper: MapperSettings = {
			columns: reading.columns,
			schema: nodeSetting<ResourceMapperField[]>(ctx, 'columns.schema') ?? [],
			// Version 3 always converts; from 3.1, Attempt to Convert Types decides, on unless turned off
			// (a workflow made by the API or an AI agent may leave it out).
			convertTypes: !offersTypeConversion(ctx) || nodeSetting(ctx, 'columns.attemptToConvertTypes') !== false,
		};
		const rows = nodeSetting(ctx, 'columns.mappingMode') === 'autoMapInputData' ? automaticRows : columnRows;
		return rows(ctx, table, reading, mapper, validate);
	}
	if (nodeSetting(ctx, 'inputMode') === 'itemJson') return itemJsonRows(ctx, table, reading, validate);
	return editorRows(ctx, table, validate);
}

/** Versions 1 and 2, Define Below: a row from the operation's editor fields, each read for the item. */
function editorRows<T>(ctx: IExecuteFunctions, table: RowTable, validate: Validate<T>): RowReader<T> {
	const labels = editorLabels(table);
	const label = (field: string) => labels[field] ?? field;
	const parameters = new Map<string, (itemIndex: number) => unknown>();
	const parameterOf = (name: string, fallback: unknown) => {
		if (!parameters.has(name)) parameters.set(name, itemParameter(ctx, name, fallback));
		return parameters.get(name)!;
	};
	return (itemIndex, problems) => validate(editorRow(table, (name, fallback) => parameterOf(name, fallback)(itemIndex)), label, problems);
}

const readJson = (table: RowTable, reading: RowReading) =>
	itemJsonReader({ names: automapNames(table), readOnly: table.readOnly, withoutColumn: table.withoutColumn, ignoreOthers: reading.ignoreOthers });

/** Versions 1 and 2, Map Automatically: the item's JSON, its other fields as Handling Extra Fields in Input and Fields to Ignore say. */
function itemJsonRows<T>(ctx: IExecuteFunctions, table: RowTable, reading: RowReading, validate: Validate<T>): RowReader<T> {
	const items = ctx.getInputData();
	const fromItemJson = readJson(table, reading);
	const handlingOf = itemParameter(ctx, 'handlingExtraData', 'error');
	const ignoreFieldsOf = itemParameter(ctx, 'ignoreFields', '');
	const settingsOf = itemExtraFieldSettings('Define Below');
	return (itemIndex, problems) => {
		const settings = settingsOf(handlingOf(itemIndex), ignoreFieldsOf(itemIndex));
		const { raw, label, ignored } = fromItemJson(items[itemIndex].json, settings, problems);
		return validate(raw, label, problems, ignored ? { ignoredFields: ignored } : {});
	};
}

/** Version 3's column mapper, as the node stores it: the same for every item. */
interface MapperSettings {
	columns: ColumnSet;
	schema: ResourceMapperField[];
	convertTypes: boolean;
}

/** Version 3: a custom property of the item from a property column or Options, converted to its type; nothing when empty. */
function propertyReader(ctx: IExecuteFunctions, convertTypes: boolean) {
	const timezone = ctx.getTimezone();
	return (label: string, value: unknown, type: FieldType | undefined, where: string, problems: ItemProblems): PropertyEntry[] => {
		const converted = problems.check(() => columnValue(value, type, timezone, { property: true, convertTypes }), where);
		return converted === undefined ? [] : [{ label, value: converted, type: propertyTypeOf(type) }];
	};
}

/** Two properties of one row with the same label: each after the first is refused, naming it. */
function refuseTwice(entries: PropertyEntry[], where: (entry: PropertyEntry) => string, problems: ItemProblems) {
	const seen = new Set<string>();
	for (const entry of entries) {
		const key = entry.label.trim().toLowerCase();
		if (seen.has(key)) problems.add(where(entry), `gives the property ${entry.label} a second time; keep one of them`);
		seen.add(key);
	}
}

/**
 * Version 3, both modes: Options › Other Custom Properties of the item, after the properties the
 * row has (`given`), on the rows that take properties.
 */
function addOtherProperties(raw: IDataObject, given: PropertyEntry[], options: IDataObject, property: ReturnType<typeof propertyReader>, problems: ItemProblems) {
	const entries = (options.otherProperties as { property?: IDataObject[] } | undefined)?.property ?? [];
	const others = entries.flatMap((entry, index) => {
		const label = typeof entry.label === 'string' ? entry.label.trim() : '';
		const where = `Options › Other Custom Properties › ${label || `entry ${index + 1}`}`;
		if (!label) {
			problems.add(where, "needs a label (the property's name)");
			return [];
		}
		const type = typeof entry.type === 'string' && entry.type ? entry.type : 'text';
		return property(label, entry.value, PROPERTY_FIELD_TYPES[type] ?? 'string', where, problems).map((found) => ({ ...found, type }));
	});
	if (!others.length) return;
	refuseTwice([...given, ...others], (entry) => `Options › Other Custom Properties › ${entry.label}`, problems);
	raw.properties = [...given, ...others] as unknown as IDataObject[];
}

/**
 * Version 3, Map Each Column Manually: the row from the item's `columns`, read whole and converted
 * here column by column (`columnValue`), as n8n converts `columns.value`: so that an empty value is
 * dropped before the conversion (n8n turns empty text into 0 for a number and refuses it for a
 * boolean), a date keeps the service's zone rule, and every n8n version reads alike (n8n 1.88
 * cannot skip its own check of `columns.value`).
 */
function columnRows<T>(ctx: IExecuteFunctions, table: RowTable, reading: RowReading, mapper: MapperSettings, validate: Validate<T>): RowReader<T> {
	const timezone = ctx.getTimezone();
	const withProperties = mapper.columns.takesProperties;
	const typeOf = new Map<string, FieldType | undefined>(mapper.schema.map((field) => [field.id, field.type]));
	const byId = new Map(mapper.columns.columns.map((column) => [column.id, column]));
	const columnLabel = (field: string) => `Columns › ${byId.get(field)?.displayName ?? field}`;
	// A column the user has not added (hidden, `removed`) sends nothing, whatever value the editor
	// gave it: n8n 1.88's editor saves false for every boolean column, hidden ones too.
	const notAdded = new Set(mapper.schema.filter((field) => field.removed).map((field) => field.id));
	const mapperOf = itemParameter<Partial<ResourceMapperValue>>(ctx, 'columns', {});
	const optionsOf = itemParameter<IDataObject>(ctx, 'options', {});
	const property = propertyReader(ctx, mapper.convertTypes);
	return (itemIndex, problems) => {
		const raw: IDataObject = {};
		const properties: PropertyEntry[] = [];
		for (const [id, value] of Object.entries(mapperOf(itemIndex).value ?? {})) {
			if (notAdded.has(id)) continue;
			const label = propertyLabelOf(id);
			if (label !== undefined) {
				properties.push(...property(label, value, typeOf.get(id), `Columns › ${propertyColumnName(label)}`, problems));
				continue;
			}
			const column = byId.get(id);
			if (!column) {
				problems.add(`Columns › ${id}`, 'is not a column of this operation; remove it from the mapping');
				continue;
			}
			const converted = problems.check(() => columnValue(value, column.type, timezone, { convertTypes: mapper.convertTypes }), columnLabel(id));
			if (converted !== undefined) raw[id] = converted as IDataObject[string];
		}
		if (properties.length) raw.properties = properties as unknown as IDataObject[];
		if (withProperties) addOtherProperties(raw, properties, optionsOf(itemIndex), property, problems);
		return validate(raw, columnLabel, problems);
	};
}

/**
 * Version 3, Map Automatically: the item's JSON, after taking the fields named (folded) like a
 * property column of the saved mapper, or like a custom property of the account, as that property.
 * The account's properties are read (one request per execution) at the first item with a field
 * that neither the row nor the saved mapper knows; an item without one is read without them, and
 * so is every item when that request fails.
 */
function automaticRows<T>(ctx: IExecuteFunctions, table: RowTable, reading: RowReading, mapper: MapperSettings, validate: Validate<T>): RowReader<T> {
	const items = ctx.getInputData();
	const timezone = ctx.getTimezone();
	const { columns, takesProperties: withProperties } = mapper.columns;
	const property = propertyReader(ctx, mapper.convertTypes);
	const optionsOf = itemParameter<IDataObject>(ctx, 'options', {});
	const settingsOf = itemExtraFieldSettings('Map Each Column Manually');
	const fromItemJson = readJson(table, reading);
	// Thousands of items usually share their field names: each name is folded once.
	const foldedNames = new Map<string, string>();
	const folded = (name: string) => {
		let value = foldedNames.get(name);
		if (value === undefined) foldedNames.set(name, (value = fold(name)));
		return value;
	};

	// The property columns by folded label, but for those named like a field of the row (a property "Company").
	type PropertyColumns = Map<string, { label: string; type: FieldType | undefined }>;
	const ownNames = new Set(columns.flatMap(({ id, displayName }) => [fold(id), fold(displayName)]));
	const propertyColumns = (found: Array<{ label: string; type: FieldType | undefined }>): PropertyColumns =>
		new Map(found.filter(({ label }) => withProperties && !ownNames.has(fold(label))).map((column) => [fold(column.label), column]));
	const mapperProperties = mapper.schema.flatMap((field) => {
		const label = propertyLabelOf(field.id);
		return label === undefined ? [] : [{ label, type: field.type }];
	});
	const saved = propertyColumns(mapperProperties);
	const known = new Set([...Object.keys(automapNames(table)), ...(table.readOnly ?? []), ...mapperProperties.map(({ label }) => label)].map(fold));
	let withAccount: Promise<PropertyColumns> | undefined;
	const propertyColumnsFor = (json: IDataObject, { ignoreFields }: ExtraFieldSettings): PropertyColumns | Promise<PropertyColumns> => {
		const api = reading.api;
		if (!withProperties || !api || Object.keys(json).every((name) => known.has(folded(name)) || ignoreFields?.has(folded(name)))) return saved;
		withAccount ??= accountProperties(ctx, { for: () => api }).then(
			(found) => propertyColumns([...found.map(({ label, type }) => ({ label, type: PROPERTY_FIELD_TYPES[type] ?? 'string' })), ...mapperProperties]),
			() => saved,
		);
		return withAccount;
	};

	/** The item's JSON with its property fields moved into `properties` (the fields to ignore stay, for the reader to list). */
	const withPropertyFields = (json: IDataObject, found: PropertyColumns, settings: ExtraFieldSettings, problems: ItemProblems): IDataObject => {
		const kept: IDataObject = {};
		const moved: PropertyEntry[] = [];
		for (const [name, value] of Object.entries(json)) {
			const column = settings.ignoreFields?.has(folded(name)) ? undefined : found.get(folded(name));
			if (!column) kept[name] = value;
			else moved.push(...property(column.label, value, column.type, `Item JSON › ${name}`, problems));
		}
		if (!moved.length) return kept;
		const given = propertyList.safeParse(kept.properties);
		// The item as it is when its own properties are malformed: the schema names what is wrong with them.
		if (!given.success) return json;
		const entries = [...(given.data as PropertyEntry[]), ...moved];
		refuseTwice(entries, (entry) => `Item JSON › ${entry.label}`, problems);
		return { ...kept, properties: entries as unknown as IDataObject[] };
	};

	// With Attempt to Convert Types off, an item's field must already have its column's type.
	const strictFields = mapper.convertTypes ? [] : columns.filter(({ type }) => STRICT_TYPES.has(type));
	return async (itemIndex, problems) => {
		const options = optionsOf(itemIndex);
		const settings = settingsOf(options.handlingExtraData, options.ignoreFields);
		const json = items[itemIndex].json;
		const found = await propertyColumnsFor(json, settings);
		const { raw, label, ignored } = fromItemJson(withPropertyFields(json, found, settings, problems), settings, problems);
		for (const { id, type } of strictFields) {
			if (id in raw) problems.check(() => columnValue(raw[id], type, timezone, { convertTypes: false }), label(id));
		}
		if (withProperties) {
			const given = propertyList.safeParse(raw.properties);
			if (given.success) addOtherProperties(raw, given.data as PropertyEntry[], options, property, problems);
		}
		return validate(raw, label, problems, ignored ? { ignoredFields: ignored } : {});
	};
}
