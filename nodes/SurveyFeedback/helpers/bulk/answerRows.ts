import type { IDataObject, INode } from 'n8n-workflow';

import { refusedRowError } from '../../../shared/errors';
import type { ServiceRecord } from '../../../shared/serviceRecord';
import type { ItemOutcome, Prepared } from '../../operationModule';

/**
 * How the answer of a bulk write becomes one outcome per item, reporting only what the service
 * said. The spec and the reference name three answer shapes:
 * - rows keyed by email, one per subscriber (`data: { "a@x.com": { status, ... } }`, the
 *   reference's create-or-update answer);
 * - a list of rows (resubscribe: "each result row carries status, reason, suppressed");
 * - the import's `details.failed`, its per-item failures.
 * A row goes back to its item by its `index` (its position in the request) when it has one, else by
 * the item's key (an email, or an ID); when both are there they must agree. An item the answer
 * does not account for, or whose row cannot be told apart from another's, is `unconfirmed`: never
 * reported as done, and never sent again, since the request may have acted on it.
 */
export interface AnswerReading<T> {
	/** The key an item and its row share (an email, an ID); compared without case. */
	keyOf: (value: T) => string | undefined;
	/** The key a listed row carries; rows keyed by email take it from their key. */
	rowKeyOf: (row: ServiceRecord) => string | undefined;
	/** Fields every output row starts with. */
	base: (value: T) => IDataObject;
	isFailed: (row: ServiceRecord) => boolean;
	/** How to check an unconfirmed item before sending it again, e.g. "look for it with Customer › Get". */
	check: string;
}

/** A row of the answer: its fields, and the key it was filed under when the rows are keyed. */
interface AnswerRow {
	fields: ServiceRecord;
	key?: string;
}

/** The output of an item the service's answer did not confirm. */
export function unconfirmedOutput(why: string, check: string): IDataObject {
	return {
		status: 'unconfirmed',
		message: `The service's answer did not confirm this item: ${why}. The request may have acted on it, so it is not sent again; ${check} before running it again.`,
	};
}

const isObject = (value: unknown): value is ServiceRecord => !!value && typeof value === 'object' && !Array.isArray(value);

/** A row's `index` as a position of the batch, `undefined` when the row has none, `NaN` when it is unusable. */
function indexOf(row: ServiceRecord, size: number): number | undefined {
	if (!('index' in row) || row.index === null || row.index === undefined) return undefined;
	const index = typeof row.index === 'string' && row.index.trim() !== '' ? Number(row.index) : row.index;
	return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < size ? index : NaN;
}

/**
 * Which row is whose. Returns each position's row, and for the positions that cannot be known why.
 * `shared`: one row per key (rows keyed by email), so items repeating a key share it.
 */
function attribute(
	keys: Array<string | undefined>,
	rows: AnswerRow[],
	options: { shared: boolean; isFailed: (row: ServiceRecord) => boolean; keyOf: (row: AnswerRow) => string | undefined },
): { rowAt: Array<ServiceRecord | undefined>; doubt: Array<string | undefined> } {
	const rowAt: Array<ServiceRecord | undefined> = new Array(keys.length).fill(undefined);
	const doubt: Array<string | undefined> = new Array(keys.length).fill(undefined);
	const positionsOf = (key: string) => keys.flatMap((k, position) => (k === key ? [position] : []));
	const byKey = new Map<string, ServiceRecord[]>();
	let unplaceableFailure = false;

	for (const row of rows) {
		const key = options.keyOf(row)?.toLowerCase();
		const index = indexOf(row.fields, keys.length);
		if (index !== undefined && !Number.isNaN(index)) {
			if (key !== undefined && keys[index] !== key) {
				for (const position of [index, ...positionsOf(key)]) doubt[position] = `its row's index (${index}) and key (${key}) name different items`;
			} else if (rowAt[index]) {
				doubt[index] = 'the answer holds two rows for it';
			} else {
				rowAt[index] = row.fields;
			}
		} else if (index !== undefined && key !== undefined && positionsOf(key).length) {
			for (const position of positionsOf(key)) doubt[position] = `its row's index (${String(row.fields.index)}) names no item of the request`;
		} else if (key !== undefined && positionsOf(key).length) {
			byKey.set(key, [...(byKey.get(key) ?? []), row.fields]);
		} else if (options.isFailed(row.fields)) {
			// A failed row that names no item sent (no index, no key, or one not sent) could be any item without a row.
			unplaceableFailure = true;
		}
	}

	for (const [key, keyRows] of byKey) {
		const waiting = positionsOf(key).filter((position) => !rowAt[position]);
		if (options.shared && keyRows.length === 1) {
			for (const position of waiting) rowAt[position] = keyRows[0];
			continue;
		}
		// Rows listed by key alone pair with the items of that key in order, when nothing tells them apart.
		const alike = new Set(keyRows.map((row) => options.isFailed(row))).size === 1;
		if (keyRows.length === waiting.length && (waiting.length === 1 || alike)) {
			waiting.forEach((position, i) => (rowAt[position] = keyRows[i]));
		} else {
			for (const position of positionsOf(key)) doubt[position] = `the answer has ${keyRows.length} row(s) for ${waiting.length} item(s) of ${key} and nothing tells which is whose`;
		}
	}

	if (unplaceableFailure) {
		keys.forEach((_, position) => {
			if (!rowAt[position]) doubt[position] ??= 'the answer reports a failed row that names no item, and it may be this one';
		});
	}
	return { rowAt, doubt };
}

/** One outcome per item: its own row (a failed row becomes that item's error), `unlisted` when it has none, or unconfirmed. */
function outcomesOf<T>(
	node: INode,
	batch: Array<Prepared<T>>,
	rows: AnswerRow[],
	reading: AnswerReading<T>,
	options: { shared: boolean; unlisted: (value: T) => IDataObject },
): ItemOutcome[] {
	const keys = batch.map(({ value }) => reading.keyOf(value)?.toLowerCase());
	const { rowAt, doubt } = attribute(keys, rows, {
		shared: options.shared,
		isFailed: reading.isFailed,
		keyOf: (row) => row.key ?? reading.rowKeyOf(row.fields),
	});
	return batch.map(({ itemIndex, value }, position): ItemOutcome => {
		const base = reading.base(value);
		const why = doubt[position];
		if (why) return { itemIndex, json: { ...base, ...unconfirmedOutput(why, reading.check) } };
		const row = rowAt[position];
		if (!row) return { itemIndex, json: { ...base, ...options.unlisted(value) } };
		// `index` is the row's position in the request: not a field of the record.
		const fields = Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'index'));
		if (reading.isFailed(row)) return { itemIndex, error: refusedRowError(node, itemIndex, { ...base, ...fields }) };
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

type FoundRows = { kind: 'keyed' | 'listed'; rows: AnswerRow[] } | { kind: 'none' } | { kind: 'unreadable' };

/**
 * The rows of an answer, wherever they sit under `data` (or at the top level, where some answers
 * put what others put under `data`): an object keyed by the items' keys or by emails, or the one
 * list of row objects. Two candidates, or content with no rows, cannot be read as rows.
 */
function findRows(body: ServiceRecord, keys: Set<string>): FoundRows {
	const top = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'message' && key !== 'code' && key !== 'data'));
	const found: Array<Exclude<FoundRows, { kind: 'none' | 'unreadable' }>> = [];
	const isRowKey = (key: string) => keys.has(key.toLowerCase()) || key.includes('@');
	const visit = (value: unknown, depth: number) => {
		if (Array.isArray(value)) {
			if (value.length && value.every(isObject)) found.push({ kind: 'listed', rows: value.map((fields) => ({ fields })) });
			return;
		}
		if (!isObject(value) || depth > 4) return;
		const entries = Object.entries(value);
		if (entries.some(([key, row]) => isRowKey(key) && (isObject(row) || typeof row === 'string'))) {
			const rows = entries
				.filter(([key]) => isRowKey(key))
				.map(([key, row]) => ({ key, fields: { ...(key.includes('@') ? { email: key } : {}), ...(isObject(row) ? row : { status: row }) } }));
			found.push({ kind: 'keyed', rows });
			return;
		}
		for (const [, child] of entries) visit(child, depth + 1);
	};
	visit(body.data, 0);
	if (!found.length) visit(top, 0);
	if (found.length === 1) return found[0];
	if (found.length > 1) return { kind: 'unreadable' };
	const empty = (value: unknown) => value === undefined || value === null || value === '' || (typeof value === 'object' && Object.keys(value).length === 0);
	return empty(body.data) && Object.keys(top).length === 0 ? { kind: 'none' } : { kind: 'unreadable' };
}

/**
 * The outcomes of a bulk answer in rows (customers' writes, surveys, soft deletes, v1 subscribers).
 * `bare` says what an answer with no rows and nothing else (`{ message, code }`) states:
 * - `done` where the spec shows no per-item answer at all (delete, unsubscribe, survey, soft
 *   deletes, v1 create: "Status 200"): a success then covers the whole request, and each item is
 *   `accepted` with the service's message;
 * - `unconfirmed` where the spec or the reference promise a row per item (create or update,
 *   resubscribe): an answer without them confirms nothing.
 * When the answer has rows, an item without one is unconfirmed; when it has content that holds no
 * readable rows (rows moved somewhere unreadable), every item is.
 */
export function rowOutcomes<T>(node: INode, batch: Array<Prepared<T>>, body: ServiceRecord, reading: AnswerReading<T>, bare: 'done' | 'unconfirmed'): ItemOutcome[] {
	const keys = new Set(batch.flatMap(({ value }) => reading.keyOf(value)?.toLowerCase() ?? []));
	const found = findRows(isObject(body) ? body : {}, keys);
	const unconfirmed = (why: string) => () => unconfirmedOutput(why, reading.check);
	if (found.kind === 'keyed' || found.kind === 'listed') {
		return outcomesOf(node, batch, found.rows, reading, { shared: found.kind === 'keyed', unlisted: unconfirmed('the answer has no row for it') });
	}
	const unlisted =
		found.kind === 'none' && bare === 'done'
			? () => ({ status: 'accepted', message: body.message ?? 'done' })
			: unconfirmed(found.kind === 'none' ? 'the answer has no row for any item' : 'the answer holds no rows this node can read');
	return outcomesOf(node, batch, [], reading, { shared: false, unlisted });
}

/** The answer's `name`, under `data` or at the top level. */
function answerPart(body: ServiceRecord, name: string): unknown {
	return (isObject(body.data) ? body.data[name] : undefined) ?? body[name];
}

/**
 * The outcomes of an import's answer. The spec: "Per-item failures are reported in details.failed"
 * of the 200 answer. So an item that `details.failed` does not list was imported, provided every
 * failed row names its item (by `index`, by email, or both agreeing): a failed row that names none
 * leaves each item it could be unconfirmed, and an answer without `details.failed` confirms nothing.
 * `details.skipped` and `details.imported`, which the spec does not name, are read when present
 * (a skipped item is no failure), never needed.
 */
export function importOutcomes<T>(node: INode, batch: Array<Prepared<T>>, body: ServiceRecord, reading: Omit<AnswerReading<T>, 'rowKeyOf' | 'isFailed'>): ItemOutcome[] {
	const details = answerPart(isObject(body) ? body : {}, 'details');
	const failed = isObject(details) ? details.failed : undefined;
	const full: AnswerReading<T> = {
		...reading,
		rowKeyOf: (row) => (typeof row.email === 'string' ? row.email : undefined),
		isFailed: (row) => row.status === 'failed',
	};
	if (!Array.isArray(failed)) {
		const unlisted = () => unconfirmedOutput('it does not list the failed items (details.failed), so it does not say whether this one was imported', reading.check);
		return outcomesOf(node, batch, [], full, { shared: false, unlisted });
	}
	const listed = (value: unknown, status: string): AnswerRow[] =>
		Array.isArray(value) ? value.map((row) => ({ fields: { status, ...(isObject(row) ? row : { email: row }) } })) : [];
	const rows = [
		...listed(isObject(details) ? details.imported : undefined, 'imported'),
		...listed(isObject(details) ? details.skipped : undefined, 'skipped'),
		// A failed row is failed whatever status it carries.
		...listed(failed, 'failed').map((row) => ({ fields: { ...row.fields, status: 'failed' } })),
	];
	return outcomesOf(node, batch, rows, full, { shared: false, unlisted: () => ({ status: 'imported' }) });
}

/** The reading of answers whose rows are the items' emails: the output starts with the email, then `base`. */
export function emailRowReading<T>(options: { emailOf: (value: T) => string; base?: (value: T) => IDataObject; check: string; missingIsDone?: boolean }): AnswerReading<T> {
	return {
		keyOf: options.emailOf,
		rowKeyOf: (row) => (typeof row.email === 'string' ? row.email : undefined),
		base: (value) => ({ email: options.emailOf(value), ...options.base?.(value) }),
		isFailed: (row) => isFailedRow(row, { missingIsDone: options.missingIsDone }),
		check: options.check,
	};
}
