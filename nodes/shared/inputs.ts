import type { IDataObject, INode, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { asItemError, at, fieldError, InputError, type FieldContext, type Problem } from './errors';

/**
 * Reading and checking the user's input. The rules are zod schemas (`rules`, and the row fields'
 * schemas built on them), used two ways: by the `require…` readers for one editor field, and by
 * the bulk writes' row schemas (helpers/bulk/rowValidation.ts). A rule zod cannot carry (the
 * service's date rule, n8n's conversions) raises an `InputProblem` instead.
 */

/** A value that breaks a rule written as a function rather than a schema. */
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

/**
 * zod's type issues in the node's words: "must be <expected>, not a list"; `required` for a value
 * that is missing (undefined once the rule's preprocessing has turned empty values into it).
 */
export function typed(expected: string, required?: string): z.RawCreateParams {
	return {
		errorMap: (issue, ctx) => {
			if (issue.code !== z.ZodIssueCode.invalid_type) return { message: ctx.defaultError };
			return { message: ctx.data === undefined && required ? required : `must be ${expected}, not ${describeType(ctx.data)}` };
		},
	};
}

/** Empty text, null and undefined as undefined: what a rule reads as "not given". */
export const emptyAsUndefined = (value: unknown) => (isEmpty(value) ? undefined : value);

const numberAsText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/** The input rules several fields share. */
export const rules = {
	email: z.preprocess(
		emptyAsUndefined,
		z
			.string(typed('a text email address', 'is empty; an email address is required'))
			.trim()
			.refine((email) => EMAIL.test(email), (email) => ({ message: `"${email}" is not an email address` })),
	),
	/** Required text; a number is taken as its text. */
	text: z.preprocess((value) => emptyAsUndefined(numberAsText(value)), z.string(typed('text', 'is required')).trim()),
	/** Text when given (a number or a boolean as its text), undefined when empty. */
	optionalText: z.preprocess(
		(value) => (value === '' || value === null ? undefined : typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
		z.string(typed('text')).optional(),
	),
	/** A list given as a list or as comma-separated text (a number taken as its text); entries trimmed, empty ones dropped. */
	stringList: z
		.preprocess(
			(value) => (value === undefined || value === null || value === '' ? [] : typeof value === 'string' ? value.split(',') : value),
			z.array(z.preprocess(numberAsText, z.string(typed('text'))), typed('a list or comma-separated text')),
		)
		.transform((entries) => entries.map((entry) => entry.trim()).filter((entry) => entry !== '')),
};

/**
 * A zod issue as the problem of its field: the entry of a list it concerns first ("entry 2 must be
 * text, not an object"). `fieldDepth` is how many keys of its path name the field itself.
 */
export function issueProblem(issue: z.ZodIssue, fieldDepth = 0): string {
	const entries = issue.path
		.slice(fieldDepth)
		.filter((key): key is number => typeof key === 'number')
		.map((index) => `entry ${index + 1} `)
		.join('');
	return `${entries}${issue.message}`;
}

/** A field read with its zod rule; every issue of its value in one error naming the item and the field. */
export function parsed<T>(ctx: FieldContext, schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T {
	const result = schema.safeParse(value);
	if (result.success) return result.data;
	throw fieldError(ctx, result.error.issues.map((issue) => issueProblem(issue)).join('; '));
}

export const requireEmail = (value: unknown, ctx: FieldContext): string => parsed(ctx, rules.email, value);
export const requireText = (value: unknown, ctx: FieldContext): string => parsed(ctx, rules.text, value);
export const optionalText = (value: unknown, ctx: FieldContext): string | undefined => parsed(ctx, rules.optionalText, value);
export const toStringList = (value: unknown, ctx: FieldContext): string[] => parsed(ctx, rules.stringList, value);

/**
 * Every problem of one item's input, wherever it was found (its fields, its row's schema, the
 * reading of its JSON), reported together in one error naming the item (`InputError`). A read that
 * fails otherwise (an expression n8n could not resolve) still fails the item at once.
 */
export class ItemProblems {
	private readonly found: Problem[] = [];

	constructor(
		private readonly node: INode,
		readonly itemIndex: number,
	) {}

	/** A field of this item, for the readers that name one: `at(problems.item, 'Email')`. */
	get item() {
		return { node: this.node, itemIndex: this.itemIndex };
	}

	add(field: string | undefined, text: string, description?: string): void {
		this.found.push({ field, problem: text, description });
	}

	/** The fields that have a problem so far. */
	fields(): Set<string | undefined> {
		return new Set(this.found.map(({ field }) => field));
	}

	/**
	 * Runs a reading of the item: its value, or undefined with its problems recorded, those of a
	 * bad-input error (`fieldError`, `inputError`) or a rule's problem (then of `field`). The value
	 * is undefined only where a problem was recorded, and such an item is never sent. Any other
	 * failure (an expression n8n could not resolve) fails the item at once, as its error.
	 */
	check<T>(read: () => T, field?: string, description?: string): T {
		try {
			return read();
		} catch (error) {
			if (error instanceof InputError) this.found.push(...error.problems);
			else if (error instanceof InputProblem) this.add(field, error.message, description);
			else throw asItemError(this.node, error, this.itemIndex);
			return undefined as T;
		}
	}

	/** A field read with its zod rule; see `check`. */
	parse<T>(field: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T {
		return this.check(() => parsed(at(this.item, field), schema, value));
	}

	/** Throws the item's one error when it has problems. */
	throwIfAny(): void {
		if (this.found.length) throw new InputError(this.item, this.found);
	}
}

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
