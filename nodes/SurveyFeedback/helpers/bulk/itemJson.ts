import type { IDataObject } from 'n8n-workflow';

import { fieldError } from '../../../shared/errors';
import { describeType } from '../../../shared/inputs';
import { resembledField, type ExtraFieldHandling } from './extraFields';
import { propertyEntry, type RowContext } from './rowSchemas';

/**
 * How "Map Automatically" reads an item: the names it accepts for each field of the row (the
 * service's own, and the camelCase ones n8n items usually carry), and the read-only fields of the
 * service's own records, which are left out. What becomes of any other field is the user's choice
 * (Handling Extra Fields in Input): the item is refused (the default), the field is left out, or
 * it is sent as a custom property where the row takes them. A field named like one the row reads
 * is refused whatever the choice: a typo must never be sent elsewhere or dropped.
 */
export interface ItemJsonShape {
	/** Accepted name → the row's field. */
	names: Record<string, string>;
	/** Fields the service's records carry but a write does not take (id, createdDate…). */
	readOnly?: string[];
	/** Read only the named fields and leave everything else (for operations that need only an email). */
	ignoreOthers?: boolean;
}

/** One item's JSON as a raw row, how its fields are named for errors, and the extra fields left out. */
export interface ItemJsonRead {
	raw: IDataObject;
	label: (field: string) => string;
	/** With Ignore Them: the item's fields that were left out (none: an empty list). */
	ignored?: string[];
}

export type ItemJsonReader = (json: IDataObject, ctx: Omit<RowContext, 'label'> & { extraFields: ExtraFieldHandling }) => ItemJsonRead;

const EDIT_FIELDS_HINT = 'an Edit Fields node with "Include Other Input Fields" off';

/** "a, b, c, …": at most ten names. */
const nameList = (names: string[]) => `${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''}`;

/**
 * The extra fields as custom properties, after those the item gives in `properties` (a list or an
 * object of values). Only plain values: an object or a list is refused rather than flattened.
 */
function withExtraProperties(given: unknown, extra: Array<[string, unknown]>, ctx: Omit<RowContext, 'label'>): unknown {
	const fromExtra = extra.map(([name, value]) => {
		if (value !== null && typeof value === 'object') {
			throw fieldError(
				{ node: ctx.node, itemIndex: ctx.itemIndex, field: `Item JSON › ${name}` },
				`is ${describeType(value)}; a custom property takes text, a number or a boolean`,
				Array.isArray(value)
					? `Lists are not flattened. Turn it into text first with an Edit Fields node (e.g. ${name} = {{ $json.${name}.join(', ') }}), or remove the field.`
					: `Nested values are not flattened. Bring the values you need to the top level first with an Edit Fields node (e.g. ${name}_city = {{ $json.${name}.city }}), and remove ${name}.`,
			);
		}
		return propertyEntry(name, value);
	});
	if (given === undefined || given === null || given === '') return fromExtra;
	if (typeof given !== 'object') return given; // the row's schema names what is wrong with it
	const listed: unknown[] = Array.isArray(given) ? given : Object.entries(given as IDataObject).map(([label, value]) => propertyEntry(label, value));
	const labels = new Set(listed.map((entry) => String((entry as IDataObject | null)?.label ?? '').trim().toLowerCase()));
	const twice = extra.find(([name]) => labels.has(name.toLowerCase()));
	if (twice) {
		throw fieldError({ node: ctx.node, itemIndex: ctx.itemIndex, field: `Item JSON › ${twice[0]}` }, 'is also a property in properties; keep one of them');
	}
	return [...listed, ...fromExtra];
}

export function itemJsonReader(shape: ItemJsonShape): ItemJsonReader {
	const readOnly = new Set(shape.readOnly ?? []);
	const accepted = Object.keys(shape.names);
	const takesProperties = Object.values(shape.names).includes('properties');
	// Thousands of items usually share their field names: each name is compared once.
	const resemblances = new Map<string, string | undefined>();
	const resembles = (name: string) => {
		if (!resemblances.has(name)) resemblances.set(name, resembledField(name, accepted));
		return resemblances.get(name);
	};
	return (json, ctx) => {
		const raw: IDataObject = {};
		const given: Record<string, string> = {};
		const extra: Array<[string, unknown]> = [];
		for (const [name, value] of Object.entries(json)) {
			const field = shape.names[name];
			if (field === undefined) {
				if (!shape.ignoreOthers && !readOnly.has(name)) extra.push([name, value]);
				continue;
			}
			if (given[field] !== undefined && given[field] !== name) {
				throw fieldError({ node: ctx.node, itemIndex: ctx.itemIndex, field: `Item JSON › ${name}` }, `gives ${field} a second time (also as ${given[field]}); keep one of them`);
			}
			given[field] = name;
			raw[field] = value;
		}
		const label = (field: string) => `Item JSON › ${given[field] ?? field}`;
		const extraNames = extra.map(([name]) => name);
		for (const name of extraNames) {
			const resembled = resembles(name);
			if (resembled) {
				throw fieldError(
					{ node: ctx.node, itemIndex: ctx.itemIndex, field: `Item JSON › ${name}` },
					`looks like ${resembled}, which this operation reads; rename it`,
					`A field named like one Map Automatically reads (another case, _ or -, a letter or two off) is refused whatever "Handling Extra Fields in Input" says, so that a typo is never sent as a custom property or left out. Rename it to ${resembled} if that is what it holds, or give it a clearly different name (${EDIT_FIELDS_HINT}, or Rename Keys).`,
				);
			}
		}
		if (ctx.extraFields === 'ignoreIt') return { raw, label, ignored: extraNames };
		if (!extra.length) return { raw, label };
		if (ctx.extraFields === 'customProperties') {
			if (!takesProperties) {
				throw fieldError(
					{ node: ctx.node, itemIndex: ctx.itemIndex, field: 'Handling Extra Fields in Input' },
					'this operation takes no custom properties; choose Error or Ignore Them',
				);
			}
			raw.properties = withExtraProperties(raw.properties, extra, ctx) as IDataObject[string];
			return { raw, label };
		}
		throw fieldError(
			{ node: ctx.node, itemIndex: ctx.itemIndex, field: 'Item JSON' },
			`has ${extra.length === 1 ? 'a field' : 'fields'} this operation does not take: ${nameList(extraNames)}`,
			`Map Automatically reads ${accepted.join(', ')}. Set "Handling Extra Fields in Input" to Ignore Them${takesProperties ? ' or Send as Custom Properties' : ''}, remove other fields first (${EDIT_FIELDS_HINT}), ${takesProperties ? 'put custom values under properties, ' : ''}or use Define Below.`,
		);
	};
}
