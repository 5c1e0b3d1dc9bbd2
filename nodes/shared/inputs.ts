import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Where a value came from, for error messages that name the item and the field. */
export interface FieldContext {
	node: INode;
	itemIndex: number;
	field: string;
}

function fail(ctx: FieldContext, message: string, description?: string): never {
	throw new NodeOperationError(ctx.node, `${ctx.field}: ${message} (item ${ctx.itemIndex})`, {
		itemIndex: ctx.itemIndex,
		description,
	});
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requireEmail(value: unknown, ctx: FieldContext): string {
	if (value === undefined || value === null || String(value).trim() === '') fail(ctx, 'is empty; an email address is required');
	if (typeof value !== 'string') fail(ctx, `must be a text email address, not ${describeType(value)}`);
	const email = value.trim();
	if (!EMAIL.test(email)) fail(ctx, `"${email}" is not an email address`);
	return email;
}

export function requireText(value: unknown, ctx: FieldContext): string {
	if (value === undefined || value === null || String(value).trim() === '') fail(ctx, 'is required');
	if (typeof value !== 'string' && typeof value !== 'number') fail(ctx, `must be text, not ${describeType(value)}`);
	return String(value).trim();
}

export function optionalText(value: unknown, ctx: FieldContext): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
		fail(ctx, `must be text, not ${describeType(value)}`);
	}
	return String(value);
}

export function describeType(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A list given as an array or as comma-separated text; empty entries dropped. */
export function toStringList(value: unknown, ctx: FieldContext): string[] {
	if (value === undefined || value === null || value === '') return [];
	const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : fail(ctx, `must be a list or comma-separated text, not ${describeType(value)}`);
	return entries.map((entry) => {
		if (typeof entry !== 'string' && typeof entry !== 'number') fail(ctx, `must hold only text entries, found ${describeType(entry)}`);
		return String(entry).trim();
	}).filter((entry) => entry !== '');
}

export function integerInRange(value: unknown, min: number, max: number, ctx: FieldContext): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
		fail(ctx, `must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
	}
	return number;
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
		const name = requireText(filter.name, { ...ctx, field: `Attribute Filters › Filter ${index + 1} › Property Name` });
		const entry: IDataObject = { name, op: filter.op || 'equal' };
		if (entry.op !== 'exists') entry.value = filter.value ?? '';
		else entry.value = filter.value || 'true';
		return entry;
	});
	return { attributes, match: match || 'all' };
}
