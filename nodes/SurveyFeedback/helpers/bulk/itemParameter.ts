import type { IExecuteFunctions, NodeParameterValueType } from 'n8n-workflow';

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/**
 * A parameter read for each item. When it holds no expression its value is the same for every
 * item, so it is read once: for thousands of items, each read through n8n's parameter resolution
 * costs more than the row it feeds.
 */
export function itemParameter<T = NodeParameterValueType>(
	ctx: IExecuteFunctions,
	name: string,
	fallback: unknown,
	options?: { extractValue?: boolean },
): (itemIndex: number) => T {
	// A path such as `columns.value` names a part of a parameter.
	const stored = name.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), ctx.getNode().parameters);
	if (!holdsExpression(stored)) {
		const value = ctx.getNodeParameter(name, 0, fallback, options) as T;
		return () => value;
	}
	return (itemIndex) => ctx.getNodeParameter(name, itemIndex, fallback, options) as T;
}
