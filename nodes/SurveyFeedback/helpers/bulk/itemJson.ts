import type { IDataObject } from 'n8n-workflow';

import { describeType, type ItemProblems } from '../../../shared/inputs';
import { propertyEntry } from '../customers/customerRows';
import { fold, resembledField, type ExtraFieldSettings } from './extraFields';

/**
 * How "Map Automatically" reads an item. A field is the row's field when its name is one the row
 * accepts (the service's own, and the camelCase ones n8n items usually carry) once case, spaces,
 * `_` and `-` are left aside: `Email`, `First Name`, `FIRST_NAME`, `first-name` and `firstname`
 * are all first_name. Two fields of an item that read as one field are refused, naming both.
 *
 * Nothing is dropped without a word. Only what the service sets on its own records (IDs, created
 * and updated dates, statuses, subscription state: `readOnly`) and Sheets' `row_number` are left
 * out silently, so a record read from the service can be written back. The fields named in Fields
 * to Ignore are left out and listed in `ignoredFields`. Customer data the endpoint has no column
 * for (`withoutColumn`: phone, country…) is listed in `ignoredFields`, or sent as custom properties
 * under Send as Custom Properties. Any other field is the user's choice (Handling Extra Fields in
 * Input): the item is refused (the default), the field is left out and listed, or it is sent as a
 * custom property where the row takes them. A name a letter or two off a field the row reads is
 * refused whatever the choice: a typo must never be sent elsewhere or dropped. Every such problem of
 * an item is recorded (`ItemProblems`), for the item's one error.
 */
export interface ItemJsonShape {
	/** Accepted name → the row's field; each name is also accepted folded (see `fold`). */
	names: Record<string, string>;
	/** Fields the service sets on its records and a write does not take (id, createdDate…); exact names. */
	readOnly?: string[];
	/**
	 * Customer data the endpoint has no column for (phone, country…), compared folded: never a
	 * reason to refuse an item (a record read from the service writes back under every choice),
	 * never dropped silently. Left out and listed in `ignoredFields` under Error and Ignore Them,
	 * sent as custom properties under Send as Custom Properties. Empty values are left out.
	 */
	withoutColumn?: string[];
	/** Read only the named fields and leave everything else (for operations that need only an email). */
	ignoreOthers?: boolean;
}

/** One item's JSON as a raw row, how its fields are named for errors, and the fields left out. */
export interface ItemJsonRead {
	raw: IDataObject;
	label: (field: string) => string;
	/**
	 * The item's fields that were left out, for its output's `ignoredFields`: always a list with
	 * Ignore Them (empty when none), else only when some were left out.
	 */
	ignored?: string[];
}

export type ItemJsonReader = (json: IDataObject, settings: ExtraFieldSettings, problems: ItemProblems) => ItemJsonRead;

/** Fields left out of every row silently: the row number Google Sheets adds to the rows it reads. */
const SPREADSHEET_BOOKKEEPING = ['row_number'];

/**
 * The columns n8n's Data Table keeps on each of its rows: left out silently too, when an item has
 * all three and a numeric ID, as every row a Data Table node reads has them.
 */
const DATA_TABLE_BOOKKEEPING = ['id', 'createdAt', 'updatedAt'];
const isDataTableRow = (json: IDataObject) => typeof json.id === 'number' && 'createdAt' in json && 'updatedAt' in json;

const EDIT_FIELDS_HINT = 'an Edit Fields node with "Include Other Input Fields" off';

/** "a, b, c, …": at most ten names. */
const nameList = (names: string[]) => `${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''}`;

/**
 * The extra fields as custom properties, after those the item gives in `properties` (a list or an
 * object of values). Only plain values: an object or a list is refused rather than flattened.
 */
function withExtraProperties(given: unknown, extra: Array<[string, unknown]>, problems: ItemProblems): unknown {
	const fromExtra = extra.flatMap(([name, value]) => {
		if (value !== null && typeof value === 'object') {
			problems.add(
				`Item JSON › ${name}`,
				`is ${describeType(value)}; a custom property takes text, a number or a boolean`,
				Array.isArray(value)
					? `Lists are not flattened. Turn it into text first with an Edit Fields node (e.g. ${name} = {{ $json.${name}.join(', ') }}), or remove the field.`
					: `Nested values are not flattened. Bring the values you need to the top level first with an Edit Fields node (e.g. ${name}_city = {{ $json.${name}.city }}), and remove ${name}.`,
			);
			return [];
		}
		return [propertyEntry(name, value)];
	});
	if (given === undefined || given === null || given === '') return fromExtra;
	if (typeof given !== 'object') return given; // the row's schema names what is wrong with it
	const listed: unknown[] = Array.isArray(given) ? given : Object.entries(given as IDataObject).map(([label, value]) => propertyEntry(label, value));
	const labels = new Set(listed.map((entry) => fold(String((entry as IDataObject | null)?.label ?? '').trim())));
	for (const [name] of extra) {
		if (labels.has(fold(name))) problems.add(`Item JSON › ${name}`, 'is also a property in properties; keep one of them');
	}
	return [...listed, ...fromExtra];
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function itemJsonReader(shape: ItemJsonShape): ItemJsonReader {
	const readOnly = new Set([...(shape.readOnly ?? []), ...SPREADSHEET_BOOKKEEPING]);
	const accepted = Object.keys(shape.names);
	const takesProperties = Object.values(shape.names).includes('properties');
	const byFoldedName = new Map<string, string>();
	for (const [name, field] of Object.entries(shape.names)) {
		const key = fold(name);
		if (byFoldedName.has(key) && byFoldedName.get(key) !== field) throw new Error(`Map Automatically: ${name} folds to two fields`);
		byFoldedName.set(key, field);
	}
	const withoutColumn = new Map((shape.withoutColumn ?? []).map((name) => [fold(name), name]));
	// Thousands of items usually share their field names: each name is folded and compared once.
	const foldedNames = new Map<string, string>();
	const folded = (name: string) => {
		let value = foldedNames.get(name);
		if (value === undefined) foldedNames.set(name, (value = fold(name)));
		return value;
	};
	const fieldOf = (name: string) => shape.names[name] ?? byFoldedName.get(folded(name));
	const resemblances = new Map<string, string | undefined>();
	const resembles = (name: string) => {
		if (!resemblances.has(name)) resemblances.set(name, resembledField(name, accepted));
		return resemblances.get(name);
	};
	return (json, settings, problems) => {
		const raw: IDataObject = {};
		const given: Record<string, string> = {};
		const leftOut = new Set<string>();
		const uncolumned: Array<[string, unknown]> = [];
		const extra: Array<[string, unknown]> = [];
		const dataTableRow = isDataTableRow(json);
		/** Whether `name` is the first field of the item that gives `field`; a second one is a problem. */
		const take = (field: string, name: string) => {
			if (given[field] !== undefined) {
				problems.add(`Item JSON › ${name}`, `gives ${field} a second time (also as ${given[field]}); keep one of them`);
				return false;
			}
			given[field] = name;
			return true;
		};
		for (const [name, value] of Object.entries(json)) {
			if (settings.ignoreFields?.has(folded(name))) {
				leftOut.add(name);
				continue;
			}
			if (readOnly.has(name) || (dataTableRow && DATA_TABLE_BOOKKEEPING.includes(name))) continue;
			const field = fieldOf(name);
			if (field !== undefined) {
				if (take(field, name)) raw[field] = value;
				continue;
			}
			if (shape.ignoreOthers) continue;
			const customerData = withoutColumn.get(folded(name));
			if (customerData !== undefined) {
				if (take(customerData, name) && !isEmpty(value)) uncolumned.push([name, value]);
				continue;
			}
			const resembled = resembles(name);
			if (resembled) {
				problems.add(
					`Item JSON › ${name}`,
					`looks like ${resembled}, which this operation reads; rename it`,
					`A field named a letter or two off one Map Automatically reads is refused whatever "Handling Extra Fields in Input" says, so that a typo is never sent as a custom property or left out. Rename it to ${resembled} if that is what it holds, give it a clearly different name (${EDIT_FIELDS_HINT}, or Rename Keys), or add it to Fields to Ignore to leave it out.`,
				);
				continue;
			}
			extra.push([name, value]);
		}
		const label = (field: string) => `Item JSON › ${given[field] ?? field}`;
		const ignoredFields = (...more: Array<Array<[string, unknown]>>) => {
			for (const fields of more) for (const [name] of fields) leftOut.add(name);
			return Object.keys(json).filter((name) => leftOut.has(name));
		};
		const read = (ignored: string[]) => (ignored.length ? { raw, label, ignored } : { raw, label });
		if (settings.extraFields === 'ignoreIt') return { raw, label, ignored: ignoredFields(uncolumned, extra) };
		if (settings.extraFields === 'customProperties' && (extra.length || uncolumned.length)) {
			if (!takesProperties) {
				problems.add('Handling Extra Fields in Input', 'this operation takes no custom properties; choose Error or Ignore Them');
				return read(ignoredFields());
			}
			const sent = new Set([...uncolumned, ...extra].map(([name]) => name));
			const inItemOrder = Object.entries(json).filter(([name]) => sent.has(name));
			raw.properties = withExtraProperties(raw.properties, inItemOrder, problems) as IDataObject[string];
			return read(ignoredFields());
		}
		if (!extra.length) return read(ignoredFields(uncolumned));
		const extraNames = extra.map(([name]) => name);
		problems.add(
			'Item JSON',
			`has ${extra.length === 1 ? 'a field' : 'fields'} this operation does not take: ${nameList(extraNames)}`,
			`Map Automatically reads ${accepted.join(', ')} (in any case, with or without spaces, _ or -). Set "Handling Extra Fields in Input" to Ignore Them${takesProperties ? ' or Send as Custom Properties' : ''}, list the fields to leave out in Fields to Ignore, ${takesProperties ? 'put custom values under properties, ' : ''}or use ${settings.manualMode ?? 'Define Below'}.`,
		);
		return read([]);
	};
}
