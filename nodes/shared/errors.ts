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

/** One thing wrong with an item's input: the field as the user names it (none for the item as a whole), and what is wrong. */
export interface Problem {
	field?: string;
	problem: string;
	/** How to put it right, when the problem alone does not say. */
	description?: string;
}

/** "Email: is empty; Score: must be a whole number": each field named once, before its problems. */
function problemsText(problems: Problem[]): string {
	const parts: string[] = [];
	let field: string | undefined;
	problems.forEach((entry, index) => {
		const named = entry.field !== undefined && (index === 0 || entry.field !== field);
		parts.push(named ? `${entry.field}: ${entry.problem}` : entry.problem);
		field = entry.field;
	});
	return parts.join('; ');
}

/**
 * Bad input: one of n8n's NodeOperationErrors, its message naming the item once ("<field>: <problem>;
 * <field>: <problem> [item <n>]"), with its problems kept apart so that those of one item, found in
 * several places, are reported together (`ItemProblems`, shared/inputs.ts).
 */
export class InputError extends NodeOperationError {
	readonly problems: Problem[];

	constructor(ctx: Omit<FieldContext, 'field'>, problems: Problem[]) {
		const item = ctx.itemIndex === undefined ? '' : ` [item ${ctx.itemIndex}]`;
		const descriptions = [...new Set(problems.map(({ description }) => description).filter((text): text is string => !!text))];
		super(ctx.node, `${problemsText(problems)}${item}`, { itemIndex: ctx.itemIndex, description: descriptions.join('\n') || undefined });
		this.problems = problems;
	}
}

/** The one way a message names its item: "<message> [item <n>]"; nothing is added where there are no items. */
export function inputError(ctx: Omit<FieldContext, 'field'>, message: string, description?: string): NodeOperationError {
	return new InputError(ctx, [{ problem: message, description }]);
}

/** The one shape of a bad-input error: "<field>: <problem> [item <n>]". */
export function fieldError(ctx: FieldContext, problem: string, description?: string): NodeOperationError {
	return new InputError(ctx, [{ field: ctx.field, problem, description }]);
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
