import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ServiceRecord } from './serviceRecord';

/**
 * The errors the node code builds itself: bad input, a row the service refused, and any other
 * error as one of n8n's own classes. The service's answers become errors in the transport
 * (transport/errors.ts); what a failure does to the run is the router's.
 */

/** Where a value came from, for error messages that name the item and the field. */
export interface FieldContext {
	node: INode;
	/** Undefined where there are no items (the trigger). */
	itemIndex?: number;
	field: string;
}

/** The one way a message names its item: "<message> [item <n>]"; nothing is added where there are no items. */
export function inputError(ctx: Omit<FieldContext, 'field'>, message: string, description?: string): NodeOperationError {
	const item = ctx.itemIndex === undefined ? '' : ` [item ${ctx.itemIndex}]`;
	return new NodeOperationError(ctx.node, `${message}${item}`, { itemIndex: ctx.itemIndex, description });
}

/** The one shape of a bad-input error: "<field>: <problem> [item <n>]". */
export function fieldError(ctx: FieldContext, problem: string, description?: string): NodeOperationError {
	return inputError(ctx, `${ctx.field}: ${problem}`, description);
}

/** A field of the same item: `at(ctx, 'Email')`. */
export function at(ctx: Omit<FieldContext, 'field'>, field: string): FieldContext {
	return { node: ctx.node, itemIndex: ctx.itemIndex, field };
}

/**
 * The service's reason for refusing a row because a custom property label is not registered in
 * the account, and the label when the reason quotes it.
 */
function unregisteredLabel(reason: string): { label?: string } | undefined {
	if (!/\bpropert(y|ies)\b.*\bnot\b.*\bregistered\b/i.test(reason)) return undefined;
	return { label: /["'‘“]([^"'’”]+)["'’”]/.exec(reason)?.[1] };
}

/**
 * A row the service reported as failed, as its item's error; the router puts the row in the error
 * item's `details`. A row refused for an unregistered property label says how to get past it.
 */
export function refusedRowError(node: INode, itemIndex: number, row: ServiceRecord): NodeOperationError {
	const reason = String(row.reason ?? row.message ?? row.error ?? row.status ?? 'failed');
	const unregistered = unregisteredLabel(reason);
	const field = unregistered?.label ?? 'the field';
	const howTo = unregistered ? `; add ${field} to Fields to Ignore, register the property in the service, or map the fields manually` : '';
	const error = new NodeOperationError(node, `refused by the service: ${reason}${howTo}`, {
		itemIndex,
		description: unregistered
			? `The service did not accept item ${itemIndex}: ${reason}. It takes only the custom properties registered in the account. To write this item, add ${field} to Fields to Ignore (with Map Automatically) to leave it out, register the property in the service, or map the fields manually so that it is not sent.`
			: `The service did not accept item ${itemIndex}: ${reason}`,
	});
	return Object.assign(error, { row });
}

/**
 * Any error as one of n8n's own error classes, pointing at its item: errors of the service and of
 * bad input already are and come back as they are; anything else (an expression that failed, a
 * bug) is wrapped and keeps its message.
 */
export function asItemError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	const failure = error instanceof NodeApiError ? error : new NodeOperationError(node, error as Error, { itemIndex });
	if (itemIndex !== undefined) failure.context.itemIndex ??= itemIndex;
	return failure;
}
