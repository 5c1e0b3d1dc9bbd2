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
	if (!holdsExpression(ctx.getNode().parameters[name])) {
		const value = ctx.getNodeParameter(name, 0, fallback, options) as T;
		return () => value;
	}
	return (itemIndex) => ctx.getNodeParameter(name, itemIndex, fallback, options) as T;
}
