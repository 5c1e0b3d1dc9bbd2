import type { IDataObject, INode } from 'n8n-workflow';
import { z } from 'zod';

import { fieldError } from '../../../shared/errors';
import { attempt, compact, describeType, problem, rules } from '../../../shared/inputs';

/**
 * The rows bulk operations send (a customer, a survey recipient, an imported response…) are each
 * described once as a zod schema, whichever way the user fills them: "Define Below" builds the row
 * from the editor's fields, "Map Automatically" takes it from the item's JSON; both are validated
 * by the same schema, so the rules of a row live in one place.
 */

/** A zod field checked (and converted) by an input rule; the rule's problem becomes the issue. */
export function ruled<T>(rule: (value: unknown) => T): z.ZodType<T, z.ZodTypeDef, unknown> {
	return z.unknown().transform((value, ctx) => {
		const result = attempt(() => rule(value));
		if ('value' in result) return result.value;
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: result.problem });
		return z.NEVER;
	});
}

/**
 * Custom customer properties: a list of `{ label, value, type }` (the service's shape, also what
 * Get Many returns), or a plain object `{ plan: "pro" }` whose keys are the labels.
 */
export function propertyList(value: unknown): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	if (!Array.isArray(value)) {
		if (typeof value !== 'object') problem(`must be a list of { label, value, type } or an object of values, not ${describeType(value)}`);
		return Object.entries(value as IDataObject).map(([label, entry]) => ({
			label,
			value: entry ?? null,
			type: typeof entry === 'number' ? 'number' : typeof entry === 'boolean' ? 'boolean' : 'text',
		}));
	}
	return (value as unknown[]).map((property, index) => {
		if (!property || typeof property !== 'object' || Array.isArray(property)) {
			problem(`entry ${index + 1} must be { label, value, type }, not ${describeType(property)}`);
		}
		const { label, value: propertyValue, type } = property as IDataObject;
		if (typeof label !== 'string' || label.trim() === '') problem(`entry ${index + 1} needs a label (the property's name)`);
		if (type !== undefined && type !== null && typeof type !== 'string') problem(`entry ${index + 1} has a type that is not text`);
		return { label: (label as string).trim(), value: propertyValue ?? null, type: (type as string | undefined) || 'text' };
	});
}

export const text = ruled(rules.optionalText);
export const requiredText = ruled(rules.text);
export const email = ruled(rules.email);
export const stringList = ruled(rules.stringList);

/** Where a row came from, for the errors that name the item and the field. */
export interface RowContext {
	node: INode;
	itemIndex: number;
	/** The name a field has for the user: an editor label, or the key of the item's JSON. */
	label: (field: string) => string;
}

/** Validates a row with its schema; returns what is sent (only what was set), or fails naming the item and the field. */
export function parseRow<T extends IDataObject>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, raw: IDataObject, ctx: RowContext): T {
	const parsed = schema.safeParse(raw);
	if (parsed.success) return compact(parsed.data);
	const [issue] = parsed.error.issues;
	const field = issue.path.length ? ctx.label(String(issue.path[0])) : 'Item';
	const message = issue.code === z.ZodIssueCode.custom ? issue.message : issue.message.toLowerCase();
	throw fieldError({ node: ctx.node, itemIndex: ctx.itemIndex, field }, message);
}

/**
 * How "Map Automatically" reads an item: the names it accepts for each field of the row (the
 * service's own, and the camelCase ones n8n items usually carry), and the read-only fields of the
 * service's own records, which are left out. Any other field is refused: sending it nowhere
 * silently could lose data the user meant to send, and the service takes custom values only as
 * registered properties.
 */
export interface ItemJsonShape {
	/** Accepted name → the row's field. */
	names: Record<string, string>;
	/** Fields the service's records carry but a write does not take (id, createdDate…). */
	readOnly?: string[];
	/** Read only the named fields and leave everything else (for operations that need only an email). */
	ignoreOthers?: boolean;
}

/** Reads one item's JSON into a raw row, and how its fields are named for errors. */
export type ItemJsonReader = (json: IDataObject, ctx: Omit<RowContext, 'label'>) => { raw: IDataObject; label: (field: string) => string };

export function itemJsonReader(shape: ItemJsonShape): ItemJsonReader {
	const readOnly = new Set(shape.readOnly ?? []);
	const accepted = Object.keys(shape.names);
	return (json, ctx) => {
		const raw: IDataObject = {};
		const given: Record<string, string> = {};
		const unknown: string[] = [];
		for (const [name, value] of Object.entries(json)) {
			const field = shape.names[name];
			if (field === undefined) {
				if (!shape.ignoreOthers && !readOnly.has(name)) unknown.push(name);
				continue;
			}
			if (given[field] !== undefined && given[field] !== name) {
				throw fieldError({ node: ctx.node, itemIndex: ctx.itemIndex, field: `Item JSON › ${name}` }, `gives ${field} a second time (also as ${given[field]}); keep one of them`);
			}
			given[field] = name;
			raw[field] = value;
		}
		if (unknown.length) {
			throw fieldError(
				{ node: ctx.node, itemIndex: ctx.itemIndex, field: 'Item JSON' },
				`has ${unknown.length === 1 ? 'a field' : 'fields'} this operation does not take: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''}`,
				`Map Automatically reads ${accepted.join(', ')}. Remove other fields first (an Edit Fields node with "Include Other Input Fields" off), put custom values under properties, or use Define Below.`,
			);
		}
		return { raw, label: (field) => `Item JSON › ${given[field] ?? field}` };
	};
}
