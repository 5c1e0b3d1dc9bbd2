import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemProblems } from '../shared/inputs';
import type { RecordShape } from '../shared/records';
import type { ServiceApi } from '../shared/transport';

/** The entry an operation has in its resource's Operation list. */
export interface OperationOption {
	name: string;
	value: string;
	/** Sentence-case action, as n8n lists it in the nodes panel: "Create or update customers". */
	action: string;
	/** What it does, as the editor lists it. */
	description: string;
	/**
	 * What an AI agent or MCP client reads about the tool: what it returns, which parameters it
	 * needs and what valid values look like. Defaults to `description`.
	 */
	toolDescription?: string;
}

/** What became of one input item: its output row(s), or the reason it failed. */
export type ItemOutcome = { itemIndex: number; json: IDataObject | IDataObject[] } | { itemIndex: number; error: Error };

/** One input item ready to be sent: the validated value, and the key of the requests it may share. */
export interface Prepared<T> {
	itemIndex: number;
	value: T;
	group?: string;
}

interface OperationBase {
	option: OperationOption;
	/** The operation's own parameters; the registry scopes them to its resource and operation. */
	properties: INodeProperties[];
	/** The records it returns, when they have more than ten fields: the node then offers Simplify. */
	returns?: RecordShape;
	/** The same records as Simplify returns them from node version 3, where that differs from version 2. */
	returnsFromVersion3?: RecordShape;
}

/** One request (or one paged walk) per input item. */
export interface SingleOperation extends OperationBase {
	execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject | IDataObject[]>;
}

/**
 * A bulk endpoint: many input items folded into few requests. The batching loop (helpers/bulk/
 * batching.ts) makes the reader once per execution (`itemReader`, which reads only what is the same
 * for every item, helpers/parameters.ts), then reads every item in its own path before anything
 * is sent (the reader records each problem of the item, and an item with any is its own failure),
 * groups them by `group`, cuts each group into requests of `batchSize` and calls `send` for each,
 * which returns one outcome per item.
 */
export interface BulkOperation<T = unknown> extends OperationBase {
	batchSize: number;
	itemReader(this: IExecuteFunctions, api: ServiceApi): ItemReader<T>;
	send(this: IExecuteFunctions, batch: Array<Prepared<T>>, api: ServiceApi): Promise<ItemOutcome[]>;
	/** Called once after every request was sent, with what was sent (for execution hints). */
	afterSend?(this: IExecuteFunctions, sent: T[]): void;
}

/** Reads one item, every parameter at its index; records the item's problems rather than stopping at the first. */
export type ItemReader<T> = (itemIndex: number, problems: ItemProblems) => Prepared<T> | Promise<Prepared<T>>;

export type OperationModule = SingleOperation | BulkOperation;

export function isBulk(operation: OperationModule): operation is BulkOperation {
	return 'send' in operation;
}
