import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { at, fieldError, type FieldContext } from './errors';

/**
 * A value that breaks an input rule. The rules below are written once and used two ways: by the
 * `require…` readers for editor fields (as a fieldError naming the item and the field) and by the
 * row schemas of the bulk operations (as a zod issue).
 */
export class InputProblem extends Error {}

/** Raises a rule's problem. */
export const problem = (message: string): never => {
	throw new InputProblem(message);
};

/** Runs a rule: its value, or its problem (anything a rule throws is a problem with the value it checked). */
export function attempt<T>(rule: () => T): { value: T } | { problem: string } {
	try {
		return { value: rule() };
	} catch (error) {
		return { problem: error instanceof Error ? error.message : String(error) };
	}
}

/** Applies a rule to a field's value, turning its problem into the field's error. */
export function checked<T>(ctx: FieldContext, rule: () => T, description?: string): T {
	const result = attempt(rule);
	if ('problem' in result) throw fieldError(ctx, result.problem, description);
	return result.value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function describeType(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export const rules = {
	email(value: unknown): string {
		if (isEmpty(value)) problem('is empty; an email address is required');
		if (typeof value !== 'string') problem(`must be a text email address, not ${describeType(value)}`);
		const email = (value as string).trim();
		if (!EMAIL.test(email)) problem(`"${email}" is not an email address`);
		return email;
	},
	text(value: unknown): string {
		if (isEmpty(value)) problem('is required');
		if (typeof value !== 'string' && typeof value !== 'number') problem(`must be text, not ${describeType(value)}`);
		return String(value).trim();
	},
	optionalText(value: unknown): string | undefined {
		if (value === undefined || value === null || value === '') return undefined;
		if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') problem(`must be text, not ${describeType(value)}`);
		return String(value);
	},
	/** A list given as an array or as comma-separated text; empty entries dropped. */
	stringList(value: unknown): string[] {
		if (value === undefined || value === null || value === '') return [];
		if (!Array.isArray(value) && typeof value !== 'string') problem(`must be a list or comma-separated text, not ${describeType(value)}`);
		const entries: unknown[] = Array.isArray(value) ? value : (value as string).split(',');
		const list: string[] = [];
		for (const entry of entries) {
			if (typeof entry !== 'string' && typeof entry !== 'number') problem(`must hold only text entries, found ${describeType(entry)}`);
			const text = String(entry).trim();
			if (text !== '') list.push(text);
		}
		return list;
	},
};

export const requireEmail = (value: unknown, ctx: FieldContext): string => checked(ctx, () => rules.email(value));
export const requireText = (value: unknown, ctx: FieldContext): string => checked(ctx, () => rules.text(value));
export const optionalText = (value: unknown, ctx: FieldContext): string | undefined => checked(ctx, () => rules.optionalText(value));
export const toStringList = (value: unknown, ctx: FieldContext): string[] => checked(ctx, () => rules.stringList(value));

export function integerInRange(value: unknown, min: number, max: number, ctx: FieldContext): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
		throw fieldError(ctx, `must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
	}
	return number;
}

/** The values of an editor option list: the one place a list of allowed values is written. */
export function optionValues(options: INodePropertyOptions[]): string[] {
	return options.map((option) => String(option.value));
}

/**
 * One of the option list's values (an expression can set anything). Case and surrounding space
 * are forgiven; the list's own spelling is returned.
 */
export function oneOf(value: unknown, options: INodePropertyOptions[], ctx: FieldContext): string {
	const given = String(value ?? '').trim();
	const match = optionValues(options).find((allowed) => allowed.toLowerCase() === given.toLowerCase());
	if (match === undefined) throw fieldError(ctx, `"${given}" is not one of ${optionValues(options).join(', ')}`);
	return match;
}

/** Drops keys whose value is undefined, null, '' or an empty list, so requests carry only what was set. */
export function compact<T extends IDataObject>(object: T): T {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(object)) {
		if (value === undefined || value === null || value === '') continue;
		if (Array.isArray(value) && value.length === 0) continue;
		result[key] = value;
	}
	return result as T;
}

export interface AttributeFilter {
	name: string;
	op: string;
	value?: string;
}

/** Reads the Attribute Filters collection into the `attributes` and `match` query values. */
export function attributeFilterQuery(
	collection: { filter?: AttributeFilter[] } | undefined,
	match: string | undefined,
	ctx: Omit<FieldContext, 'field'>,
): IDataObject {
	const filters = collection?.filter ?? [];
	if (filters.length === 0) return {};
	const attributes = filters.map((filter, index) => {
		const name = requireText(filter.name, at(ctx, `Attribute Filters › Filter ${index + 1} › Property Name`));
		const op = filter.op || 'equal';
		return { name, op, value: op === 'exists' ? filter.value || 'true' : (filter.value ?? '') };
	});
	return { attributes, match: match || 'all' };
}
