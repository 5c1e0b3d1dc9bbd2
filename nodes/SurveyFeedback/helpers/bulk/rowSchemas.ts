import type { IDataObject, INode } from 'n8n-workflow';
import { z } from 'zod';

import { fieldError } from '../../../shared/errors';
import { attempt, compact, describeType, problem } from '../../../shared/inputs';

/**
 * The rules shared by the row tables (rowTable.ts), and the check of a row against its table's zod
 * schema, whichever way the user filled it.
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

/** A custom property from a label and a plain value, its type told by the value: number, boolean, else text. */
export function propertyEntry(label: string, value: unknown): IDataObject {
	return {
		label,
		value: (value ?? null) as IDataObject[string],
		type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text',
	};
}

/**
 * Custom customer properties: a list of `{ label, value, type }` (the service's shape, also what
 * Get Many returns), or a plain object `{ plan: "pro" }` whose keys are the labels.
 */
export function propertyList(value: unknown): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	if (!Array.isArray(value)) {
		if (typeof value !== 'object') problem(`must be a list of { label, value, type } or an object of values, not ${describeType(value)}`);
		return Object.entries(value as IDataObject).map(([label, entry]) => propertyEntry(label, entry));
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

