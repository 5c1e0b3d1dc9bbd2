import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ItemOutcome } from '../../shared/batching';

/**
 * An operation is one file exporting its editor `description` and one of:
 * - `execute(itemIndex)`: one request (or one paged walk) per input item;
 * - `executeBatch(itemIndexes)`: bulk endpoints that fold many items into few requests, and
 *   return one outcome per input item.
 */
export type OperationModule =
	| { description: INodeProperties[]; execute: (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject | IDataObject[]> }
	| { description: INodeProperties[]; executeBatch: (this: IExecuteFunctions, itemIndexes: number[]) => Promise<ItemOutcome[]> };

export interface ResourceModule {
	/** The entry in the node's Resource list. */
	resource: INodePropertyOptions;
	/** The resource's `operation` parameter and every operation's properties. */
	description: INodeProperties[];
	operations: Record<string, OperationModule>;
}
