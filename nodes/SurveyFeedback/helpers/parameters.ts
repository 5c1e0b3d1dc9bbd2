import type { IExecuteFunctions, NodeParameterValueType } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The two ways the node reads its parameters, so that one item's failing expression fails that
 * item alone, wherever it stands.
 *
 * Per node (`nodeSetting`): what decides which fields exist and how every item is read, the same
 * for all items: the resource and the operation, the bulk writes' Input Mode (versions 1 and 2),
 * and the column mapper's mapping mode, schema and Attempt to Convert Types (version 3). n8n's
 * editor offers no expression for them (`noDataExpression`; the mapper sets its own mode, list and
 * toggle), so they are read as the node stores them, with n8n's defaults filled in, and no item's
 * expression is resolved to know them.
 *
 * Per item (`itemParameter`, or `getNodeParameter(name, itemIndex)`): every other parameter, for
 * any of them can hold an expression (the mapper's values, Define Below's fields, emails, IDs,
 * dates, campaigns, delays, import options, Options › Other Custom Properties, Fields to Ignore,
 * Handling Extra Fields in Input, Simplify…). Each is read in its item's own path: by the router's
 * loop for the one-request operations, by the batching loop for the bulk writes.
 */

const holdsExpression = (value: unknown): boolean => {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
};

/** The stored value at `path` (`columns.mappingMode`), as n8n keeps it with its defaults. */
function storedValue(ctx: IExecuteFunctions, path: string): unknown {
	return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), ctx.getNode().parameters);
}

/**
 * A per-node setting, read without resolving anything. One stored as an expression (which n8n's
 * editor does not write for these, and n8n 2.x strips from a `noDataExpression` parameter when it
 * loads the workflow) is refused: resolving it at some item would make that item's data decide how
 * every item is read.
 */
export function nodeSetting<T>(ctx: IExecuteFunctions, path: string): T | undefined {
	const value = storedValue(ctx, path);
	if (typeof value === 'string' && value.startsWith('=')) {
		throw new NodeOperationError(ctx.getNode(), `The parameter ${path} cannot be an expression`, {
			description: 'It decides how every item is read, so it takes one fixed value: choose it in the editor.',
		});
	}
	return value as T | undefined;
}

/**
 * A parameter read for each item, in the item's own path. One that holds no expression has the same
 * value for every item: it is read once, at the first item that asks (for thousands of items, each
 * read through n8n's parameter resolution costs more than the row it feeds), and read again by the
 * next item if that failed, so that a failure is always its item's own.
 */
export function itemParameter<T = NodeParameterValueType>(
	ctx: IExecuteFunctions,
	name: string,
	fallback: unknown,
	options?: { extractValue?: boolean },
): (itemIndex: number) => T {
	const read = (itemIndex: number) => ctx.getNodeParameter(name, itemIndex, fallback, options) as T;
	if (holdsExpression(storedValue(ctx, name))) return read;
	let value: { read: T } | undefined;
	return (itemIndex) => (value ??= { read: read(itemIndex) }).read;
}
