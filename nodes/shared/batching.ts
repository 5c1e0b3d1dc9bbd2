import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** What became of one input item: its output row(s), or the reason it failed. */
export type ItemOutcome =
	| { itemIndex: number; json: IDataObject | IDataObject[] }
	| { itemIndex: number; error: Error };

/** One input item ready to be sent: the validated value, and the key of the request it joins. */
export interface Prepared<T> {
	itemIndex: number;
	value: T;
	group?: string;
}

export interface BulkSpec<T> {
	itemIndexes: number[];
	/** Validates and builds one item's part of the request; throws NodeOperationError on bad input. */
	prepare: (itemIndex: number) => Prepared<T> | Promise<Prepared<T>>;
	/** Items per request: the endpoint's limit. */
	batchSize: number;
	/**
	 * Sends one request for a batch (all of one group) and returns one outcome per entry. An
	 * error thrown here fails every item of the batch.
	 */
	send: (batch: Array<Prepared<T>>) => Promise<ItemOutcome[]>;
}

/** Cuts the entries into groups (keeping input order) and each group into batches of `size`. */
export function toBatches<T extends { group?: string }>(entries: T[], size: number): T[][] {
	const groups = new Map<string, T[]>();
	for (const entry of entries) {
		const key = entry.group ?? '';
		groups.set(key, [...(groups.get(key) ?? []), entry]);
	}
	const batches: T[][] = [];
	for (const group of groups.values()) {
		for (let start = 0; start < group.length; start += size) batches.push(group.slice(start, start + size));
	}
	return batches;
}

/**
 * Folds many input items into few requests. Every item is validated before anything is sent:
 * without continueOnFail the first bad item stops the node before any request; with it, bad
 * items come back as failed outcomes and the rest are sent.
 */
export async function runBulk<T>(ctx: IExecuteFunctions, spec: BulkSpec<T>): Promise<ItemOutcome[]> {
	const outcomes: ItemOutcome[] = [];
	const ready: Array<Prepared<T>> = [];
	for (const itemIndex of spec.itemIndexes) {
		try {
			ready.push(await spec.prepare(itemIndex));
		} catch (error) {
			if (!ctx.continueOnFail()) throw error;
			outcomes.push({ itemIndex, error: error as Error });
		}
	}
	const sent: number[] = [];
	for (const batch of toBatches(ready, spec.batchSize)) {
		try {
			outcomes.push(...(await spec.send(batch)));
			sent.push(...batch.map(({ itemIndex }) => itemIndex));
		} catch (error) {
			if (!ctx.continueOnFail()) throw withSentItems(error as Error & { description?: string }, sent);
			outcomes.push(...batch.map(({ itemIndex }) => ({ itemIndex, error: error as Error })));
		}
	}
	return outcomes.sort((a, b) => a.itemIndex - b.itemIndex);
}

/** Says which items earlier requests had already delivered, so a rerun can skip them. */
function withSentItems<E extends Error & { description?: string }>(error: E, sent: number[]): E {
	if (sent.length) {
		const list = describeItems(sent);
		error.description = `${error.description ?? ''} Earlier requests of this run had already been accepted for ${list}.`.trim();
	}
	return error;
}

/** "items 0-999, 1500" : compact ranges of item indexes. */
export function describeItems(indexes: number[]): string {
	const sorted = [...indexes].sort((a, b) => a - b);
	const ranges: string[] = [];
	for (let i = 0; i < sorted.length; i++) {
		let j = i;
		while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
		ranges.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
		i = j;
	}
	return `${sorted.length === 1 ? 'item' : 'items'} ${ranges.join(', ')}`;
}

/** A row the service reported as failed, turned into an error for its input item. */
export function rowError(this: IExecuteFunctions, itemIndex: number, row: IDataObject, what: string): NodeOperationError {
	const reason = String(row.reason ?? row.message ?? row.error ?? row.status ?? 'failed');
	const error = new NodeOperationError(this.getNode(), `${what}: ${reason}`, {
		itemIndex,
		description: `The service did not accept item ${itemIndex}: ${reason}`,
	});
	// The router puts the row's fields (email, status, reason…) on the item's error output.
	return Object.assign(error, { row });
}

// not_found: the row did nothing (deleting or unsubscribing an email the account does not have).
const FAILED_STATUSES = new Set(['failed', 'error', 'invalid', 'rejected', 'not_found']);

/** Whether the service marked a row as failed. */
export function isFailedRow(row: IDataObject): boolean {
	return FAILED_STATUSES.has(String(row.status ?? '').toLowerCase()) || row.success === false;
}

/**
 * The per-email rows of a bulk answer, keyed by lower-cased email. Reads both shapes the
 * service uses: `data` keyed by email (`{ "a@x.com": { status } }`) and lists of rows that
 * carry their `email` (in `data`, `data.results`, `data.rows` or `results`).
 */
export function rowsByEmail(body: IDataObject): Map<string, IDataObject> {
	const rows = new Map<string, IDataObject>();
	const data = body.data as IDataObject | IDataObject[] | undefined;
	const lists = [data, (data as IDataObject | undefined)?.results, (data as IDataObject | undefined)?.rows, body.results];
	for (const list of lists) {
		if (!Array.isArray(list)) continue;
		for (const row of list as IDataObject[]) {
			if (row && typeof row === 'object' && typeof row.email === 'string') rows.set(row.email.toLowerCase(), row);
		}
	}
	if (data && typeof data === 'object' && !Array.isArray(data)) {
		for (const [key, value] of Object.entries(data)) {
			if (key.includes('@') && value && typeof value === 'object' && !Array.isArray(value)) {
				rows.set(key.toLowerCase(), { email: key, ...(value as IDataObject) });
			}
		}
	}
	return rows;
}

/**
 * Turns a bulk answer into one outcome per sent item: its own row when the service gave one
 * (a failed row becomes that item's error), else the answer's message.
 */
export function outcomesByEmail(
	this: IExecuteFunctions,
	batch: Array<Prepared<{ email: string }>>,
	body: IDataObject,
	what: string,
): ItemOutcome[] {
	const rows = rowsByEmail(body);
	return batch.map(({ itemIndex, value }) => {
		const row = rows.get(value.email.toLowerCase());
		if (!row) return { itemIndex, json: { email: value.email, message: body.message ?? 'done' } };
		if (isFailedRow(row)) return { itemIndex, error: rowError.call(this, itemIndex, row, what) };
		return { itemIndex, json: { email: value.email, ...row } };
	});
}

/**
 * Pairs the rows of a bulk answer with the batch entries they came from: by the row's `index`
 * (its position in the request's list) when it has one, else by a key such as the email (the
 * first entry with that key not yet paired, so repeated emails pair in order). Returns the row
 * of each batch position, or undefined where the service gave none.
 */
export function pairRows<T>(
	batch: Array<Prepared<T>>,
	rows: IDataObject[],
	keys: { entry: (value: T) => string | undefined; row: (row: IDataObject) => string | undefined },
): Array<IDataObject | undefined> {
	const paired: Array<IDataObject | undefined> = new Array(batch.length).fill(undefined);
	const unindexed: IDataObject[] = [];
	for (const row of rows) {
		if (!row || typeof row !== 'object') continue;
		const index = typeof row.index === 'string' && row.index.trim() !== '' ? Number(row.index) : row.index;
		if (typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < batch.length && !paired[index]) {
			paired[index] = row;
		} else {
			unindexed.push(row);
		}
	}
	for (const row of unindexed) {
		const key = keys.row(row)?.toLowerCase();
		if (!key) continue;
		const position = batch.findIndex((entry, at) => !paired[at] && keys.entry(entry.value)?.toLowerCase() === key);
		if (position >= 0) paired[position] = row;
	}
	return paired;
}
