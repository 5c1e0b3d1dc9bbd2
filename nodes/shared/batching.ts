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
		const group = groups.get(key);
		if (group) group.push(entry);
		else groups.set(key, [entry]);
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
	// The router puts the row's fields (email, status, reason…) in the error item's `details`.
	return Object.assign(error, { row });
}

const FAILED_STATUSES = new Set(['failed', 'error', 'invalid', 'rejected']);

/**
 * Whether the service marked a row as failed. A `not_found` row did nothing: a failure for
 * writes such as unsubscribe, but done for deletes (`missingIsDone`), which are idempotent.
 */
export function isFailedRow(row: IDataObject, { missingIsDone = false } = {}): boolean {
	const status = String(row.status ?? '').toLowerCase();
	if (status === 'not_found') return !missingIsDone;
	return FAILED_STATUSES.has(status) || row.success === false;
}

/**
 * Every per-email row of a bulk answer, in order. Reads both shapes the service uses: `data`
 * keyed by email (`{ "a@x.com": { status } }`) and lists of rows that carry their `email` (in
 * `data`, `data.results`, `data.rows` or `results`).
 */
export function emailRows(body: IDataObject): IDataObject[] {
	const rows: IDataObject[] = [];
	const data = body.data as IDataObject | IDataObject[] | undefined;
	const lists = [data, (data as IDataObject | undefined)?.results, (data as IDataObject | undefined)?.rows, body.results];
	for (const list of lists) {
		if (!Array.isArray(list)) continue;
		for (const row of list as IDataObject[]) {
			if (row && typeof row === 'object' && typeof row.email === 'string') rows.push(row);
		}
	}
	if (data && typeof data === 'object' && !Array.isArray(data)) {
		for (const [key, value] of Object.entries(data)) {
			if (key.includes('@') && value && typeof value === 'object' && !Array.isArray(value)) {
				rows.push({ email: key, ...(value as IDataObject) });
			}
		}
	}
	return rows;
}

/** The rows of a bulk answer keyed by lower-cased email (the last row of a repeated email). */
export function rowsByEmail(body: IDataObject): Map<string, IDataObject> {
	return new Map(emailRows(body).map((row) => [String(row.email).toLowerCase(), row]));
}

/**
 * Turns a bulk answer into one outcome per sent item: its own row when the service gave one
 * (a failed row becomes that item's error), else `status: accepted` with the answer's message.
 */
export function outcomesByEmail<T>(
	ctx: IExecuteFunctions,
	batch: Array<Prepared<T>>,
	body: IDataObject,
	what: string,
	options: {
		emailOf: (value: T) => string;
		/** Fields every output row starts with; defaults to the email. */
		base?: (value: T) => IDataObject;
		missingIsDone?: boolean;
	},
): ItemOutcome[] {
	const rows = emailRows(body);
	// Listed rows pair by position, so repeated emails get their own rows; an answer keyed by
	// email has merged repeats into one row, which every item with that email then shares.
	const paired = pairRows(batch, rows, { entry: options.emailOf, row: (row) => row.email as string });
	const byEmail = new Map(rows.map((row) => [String(row.email).toLowerCase(), row]));
	return batch.map(({ itemIndex, value }, position) => {
		const email = options.emailOf(value);
		const base = options.base?.(value) ?? { email };
		const row = paired[position] ?? byEmail.get(email.toLowerCase());
		if (!row) return { itemIndex, json: { ...base, status: 'accepted', message: body.message ?? 'done' } };
		const { index: _requestPosition, ...fields } = row;
		if (isFailedRow(row, options)) return { itemIndex, error: rowError.call(ctx, itemIndex, { ...base, ...fields }, what) };
		return { itemIndex, json: { ...base, ...fields } };
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
	// Positions still without a row, by key, in order: repeated keys pair first to first.
	const waiting = new Map<string, number[]>();
	batch.forEach((entry, at) => {
		const key = paired[at] ? undefined : keys.entry(entry.value)?.toLowerCase();
		if (key) waiting.set(key, [...(waiting.get(key) ?? []), at]);
	});
	for (const row of unindexed) {
		const key = keys.row(row)?.toLowerCase();
		const position = key ? waiting.get(key)?.shift() : undefined;
		if (position !== undefined) paired[position] = row;
	}
	return paired;
}
