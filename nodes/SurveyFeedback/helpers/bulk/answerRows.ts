import type { IDataObject, INode } from 'n8n-workflow';

import type { ServiceRecord } from '../../../shared/serviceRecord';

import { refusedRowError } from '../../../shared/errors';
import type { ItemOutcome, Prepared } from '../../operationModule';

/**
 * How the rows of this API's bulk answers go back to the items they came from: by the row's
 * `index` (its position in the request) when it has one, else by a key such as the email.
 */
export interface RowPairing<T> {
	/** The key an item and its row share (an email, an ID); compared without case. */
	keyOf: (value: T) => string | undefined;
	rowKeyOf: (row: ServiceRecord) => string | undefined;
	/** Fields every output row starts with. */
	base: (value: T) => IDataObject;
	isFailed: (row: ServiceRecord) => boolean;
	/** The output of an item the answer has no row for. */
	withoutRow: (value: T) => IDataObject;
	/** An answer keyed by email holds one row per email: items repeating an email share it. */
	shareRowsByKey?: boolean;
}

/**
 * Pairs rows with batch entries: by `index` first, then by key, the first entry with that key
 * not yet paired (so repeated keys pair in order). Returns each position's row, or undefined.
 */
function pairRows<T>(batch: Array<Prepared<T>>, rows: ServiceRecord[], pairing: Pick<RowPairing<T>, 'keyOf' | 'rowKeyOf'>): Array<ServiceRecord | undefined> {
	const paired: Array<ServiceRecord | undefined> = new Array(batch.length).fill(undefined);
	const unindexed: ServiceRecord[] = [];
	for (const row of rows) {
		if (!row || typeof row !== 'object') continue;
		const index = typeof row.index === 'string' && row.index.trim() !== '' ? Number(row.index) : row.index;
		if (typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < batch.length && !paired[index]) {
			paired[index] = row;
		} else {
			unindexed.push(row);
		}
	}
	const waiting = new Map<string, number[]>();
	batch.forEach((entry, position) => {
		const key = paired[position] ? undefined : pairing.keyOf(entry.value)?.toLowerCase();
		if (!key) return;
		const positions = waiting.get(key);
		if (positions) positions.push(position);
		else waiting.set(key, [position]);
	});
	for (const row of unindexed) {
		const key = pairing.rowKeyOf(row)?.toLowerCase();
		const position = key ? waiting.get(key)?.shift() : undefined;
		if (position !== undefined) paired[position] = row;
	}
	return paired;
}

/** One outcome per sent item: its own row (a failed row becomes that item's error), or `withoutRow`. */
export function outcomesFromRows<T>(node: INode, batch: Array<Prepared<T>>, rows: ServiceRecord[], pairing: RowPairing<T>): ItemOutcome[] {
	const paired = pairRows(batch, rows, pairing);
	const byKey = pairing.shareRowsByKey ? new Map(rows.map((row) => [pairing.rowKeyOf(row)?.toLowerCase(), row])) : undefined;
	return batch.map(({ itemIndex, value }, position): ItemOutcome => {
		const base = pairing.base(value);
		const row = paired[position] ?? byKey?.get(pairing.keyOf(value)?.toLowerCase());
		if (!row) return { itemIndex, json: { ...base, ...pairing.withoutRow(value) } };
		// `index` is the row's position in the request: not a field of the record.
		const fields = Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'index'));
		if (pairing.isFailed(row)) return { itemIndex, error: refusedRowError(node, itemIndex, { ...base, ...fields }) };
		return { itemIndex, json: { ...base, ...fields } };
	});
}

const FAILED_STATUSES = new Set(['failed', 'error', 'invalid', 'rejected']);

/**
 * Whether the service marked a row as failed. A `not_found` row did nothing: a failure for writes
 * such as unsubscribe, but done for deletes (`missingIsDone`), which are idempotent.
 */
export function isFailedRow(row: ServiceRecord, { missingIsDone = false } = {}): boolean {
	const status = String(row.status ?? '').toLowerCase();
	if (status === 'not_found') return !missingIsDone;
	return FAILED_STATUSES.has(status) || row.success === false;
}

/**
 * Every per-email row of a bulk answer, in order. Reads both shapes the service uses: `data` keyed
 * by email (`{ "a@x.com": { status } }`) and lists of rows that carry their `email` (in `data`,
 * `data.results`, `data.rows` or `results`).
 */
function emailRows(body: ServiceRecord): ServiceRecord[] {
	const rows: ServiceRecord[] = [];
	const data = body.data as ServiceRecord | ServiceRecord[] | undefined;
	const lists = [data, (data as ServiceRecord | undefined)?.results, (data as ServiceRecord | undefined)?.rows, body.results];
	for (const list of lists) {
		if (!Array.isArray(list)) continue;
		for (const row of list as ServiceRecord[]) {
			if (row && typeof row === 'object' && typeof row.email === 'string') rows.push(row);
		}
	}
	if (data && typeof data === 'object' && !Array.isArray(data)) {
		for (const [key, value] of Object.entries(data)) {
			if (key.includes('@') && value && typeof value === 'object' && !Array.isArray(value)) rows.push({ email: key, ...(value as ServiceRecord) });
		}
	}
	return rows;
}

/**
 * The outcomes of a bulk answer with a row per email (customers, surveys, v1 subscribers): an item
 * without a row was accepted as a whole, with the answer's message.
 */
export function emailOutcomes<T>(
	node: INode,
	batch: Array<Prepared<T>>,
	body: ServiceRecord,
	options: { emailOf: (value: T) => string; base?: (value: T) => IDataObject; missingIsDone?: boolean },
): ItemOutcome[] {
	return outcomesFromRows(node, batch, emailRows(body), {
		keyOf: options.emailOf,
		rowKeyOf: (row) => row.email as string,
		base: options.base ?? ((value) => ({ email: options.emailOf(value) })),
		isFailed: (row) => isFailedRow(row, { missingIsDone: options.missingIsDone }),
		withoutRow: () => ({ status: 'accepted', message: body.message ?? 'done' }),
		shareRowsByKey: true,
	});
}
