import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * Any error as one of n8n's own error classes, pointing at its item: errors of the service and of
 * bad input already are and come back as they are; anything else (an expression that failed, a
 * bug) is wrapped and keeps its message.
 */
export function asNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	const failure = error instanceof NodeApiError ? error : new NodeOperationError(node, error as Error, { itemIndex });
	if (itemIndex !== undefined) failure.context.itemIndex ??= itemIndex;
	return failure;
}
