import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemProblems } from '../shared/inputs';
import type { RecordShape } from '../shared/records';
import type { ServiceRecord } from '../shared/serviceRecord';
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

/**
 * What became of one input item: one case for each thing that can be true of it, decided where the
 * service's answer is read and turned into the item's output by the router alone
 * (`actions/itemOutput.ts`). `item` holds the fields that name the item in its output (its email,
 * its ID, the campaign) and what Map Automatically kept beside them; they are the node's, from the
 * item, never the service's.
 */
export type ItemResult =
	/** A read: the records the service returned for the item. */
	| { kind: 'records'; records: IDataObject | IDataObject[] }
	/**
	 * The service stated the item's result in its own word (`created`, `queued`, `skipped`,
	 * `already_subscribed`…), with the other fields of its row. `deleted`: the word says the
	 * records are gone (a delete's `deleted` or `not_found`).
	 */
	| { kind: 'stated'; item: IDataObject; status: string; fields: IDataObject; deleted?: boolean }
	/**
	 * The service answered with success and named no result of this item: `fields`, what else it
	 * said of it (a row without a word, the updated record); `message`, the answer's own message.
	 * `deleted`: the spec says such an answer deletes what the item named. A request the item
	 * shared with others (`ownRequest: false`) says how to check the item, for the run's hint.
	 */
	| ({ kind: 'accepted'; item: IDataObject; fields?: IDataObject; message?: string; deleted?: boolean } & ({ ownRequest: true } | { ownRequest: false; check: string }))
	/** The answer did not account for the item: why, and how to check it before sending it again. */
	| { kind: 'unconfirmed'; item: IDataObject; why: string; check: string }
	/** The service refused the item: its row, in its own words. */
	| { kind: 'refused'; item: IDataObject; row: ServiceRecord }
	/** The node or the request failed for the item (bad input, a refused or unanswered request). */
	| { kind: 'failed'; error: Error };

/** An item's result, with the item it belongs to. */
export type ItemOutcome = ItemResult & { itemIndex: number };

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

/** One request (or one paged walk) per input item that reads: the records it returns. */
export interface SingleOperation extends OperationBase {
	execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject | IDataObject[]>;
}

/** One request per input item that writes: what became of the item. */
export interface SingleWrite extends OperationBase {
	write(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<ItemResult>;
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

export type OperationModule = SingleOperation | SingleWrite | BulkOperation;

export function isBulk(operation: OperationModule): operation is BulkOperation {
	return 'send' in operation;
}

export function isSingleWrite(operation: OperationModule): operation is SingleWrite {
	return 'write' in operation;
}
