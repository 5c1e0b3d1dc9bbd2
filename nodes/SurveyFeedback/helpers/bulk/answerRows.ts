import type { IDataObject } from 'n8n-workflow';

import type { ServiceRecord } from '../../../shared/serviceRecord';
import type { ItemOutcome, ItemResult, Prepared } from '../../operationModule';

/**
 * How the answer of a bulk write becomes one outcome per item (operationModule.ts's `ItemResult`),
 * saying only what the service said. The spec and the reference name three answer shapes:
 * - rows keyed by email, one per subscriber (`data: { "a@x.com": { status, ... } }`, the
 *   reference's create-or-update answer);
 * - a list of rows (resubscribe: "each result row carries status, reason, suppressed");
 * - the import's `details.failed`, its per-item failures.
 * A row goes back to its item by the item's key (an email, or an ID), or by its `index` (its
 * position in the request) once the answer shows what the index counts from. An item the answer
 * does not account for, or whose row cannot be told apart from another's, is unconfirmed: never
 * reported as done, and never sent again, since the request may have acted on it.
 */
export interface AnswerReading<T> {
	/** The key an item and its row share (an email, an ID); compared without case. */
	keyOf: (value: T) => string | undefined;
	/** The key a listed row carries; rows keyed by email take it from their key. */
	rowKeyOf: (row: ServiceRecord) => string | undefined;
	/** The fields that name the item in its output. */
	item: (value: T) => IDataObject;
	isFailed: (row: ServiceRecord) => boolean;
	/** A delete: a row's `deleted` or `not_found` says the records are gone, and so does a success without rows (the spec's "deletes"). */
	deletes?: boolean;
	/** How to check an item before sending it again, e.g. "look for it with Customer › Get". */
	check: string;
}

/** A row of the answer: its fields, and the key it was filed under when the rows are keyed. */
interface AnswerRow {
	fields: ServiceRecord;
	key?: string;
}

const isObject = (value: unknown): value is ServiceRecord => !!value && typeof value === 'object' && !Array.isArray(value);

/** A row's `index` as a whole number, undefined when it has none or one that is not. */
function indexOf(row: ServiceRecord): number | undefined {
	const index = typeof row.index === 'string' && row.index.trim() !== '' ? Number(row.index) : row.index;
	return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : undefined;
}

/**
 * What the rows' `index` counts from, when the answer shows it: every row that carries both an
 * index and a key names, by its index, the item of that key, counting from 0 (or from 1). Without
 * such rows, or when they disagree, an index says nothing and the rows pair by their keys alone.
 */
function indexBase(keys: Array<string | undefined>, rows: Array<{ index?: number; key?: string }>): number | undefined {
	const both = rows.filter((row): row is { index: number; key: string } => row.index !== undefined && row.key !== undefined);
	if (!both.length) return undefined;
	return [0, 1].find((base) => both.every(({ index, key }) => keys[index - base] === key));
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
	// Each key's positions, found once: a batch has up to 1,000 items and as many rows.
	const positions = new Map<string, number[]>();
	keys.forEach((k, position) => {
		if (k === undefined) return;
		const found = positions.get(k);
		if (found) found.push(position);
		else positions.set(k, [position]);
	});
	const positionsOf = (key: string) => positions.get(key) ?? [];
	const read = rows.map((row) => ({ fields: row.fields, index: indexOf(row.fields), key: options.keyOf(row)?.toLowerCase() }));
	const base = indexBase(keys, read);
	const byKey = new Map<string, ServiceRecord[]>();
	let unplaceableFailure = false;

	for (const { fields, index, key } of read) {
		const position = base === undefined || index === undefined ? undefined : index - base;
		if (position !== undefined && position >= 0 && position < keys.length) {
			if (rowAt[position]) doubt[position] = 'the answer holds two rows for it';
			else rowAt[position] = fields;
		} else if (position === undefined && key !== undefined && positionsOf(key).length) {
			const listed = byKey.get(key);
			if (listed) listed.push(fields);
			else byKey.set(key, [fields]);
		} else if (options.isFailed(fields)) {
			// A failed row that names no item sent (no key, or one not sent; an index of no item, or whose count is unknown) could be any item without a row.
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
			if (!rowAt[position]) doubt[position] ??= 'the answer reports a failed row this node cannot pair with an item (it names none of the request, or only an index the answer does not say it counts from), and it may be this one';
		});
	}
	return { rowAt, doubt };
}

/** Words a delete's row says its records are gone with: deleted, or nothing there to delete. */
export const GONE = new Set(['deleted', 'not_found']);

/** A row's fields but its `status`, which the output carries as its own. */
export const withoutStatus = (fields: ServiceRecord): ServiceRecord => Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'status'));

/** What a row that is not failed says of its item: its own word, or, without one, that the service took it. */
function rowResult<T>(item: IDataObject, fields: ServiceRecord, reading: AnswerReading<T>): ItemResult {
	const status = fields.status;
	const rest = withoutStatus(fields);
	if (typeof status === 'string' && status !== '') {
		return { kind: 'stated', item, status, fields: rest, ...(reading.deletes ? { deleted: GONE.has(status.toLowerCase()) } : {}) };
	}
	return { kind: 'accepted', item, fields, ownRequest: false, check: reading.check };
}

/** One outcome per item: its own row (a failed row the item's refusal), `unlisted` when it has none, or unconfirmed. */
function outcomesOf<T>(
	batch: Array<Prepared<T>>,
	rows: AnswerRow[],
	reading: AnswerReading<T>,
	options: { shared: boolean; unlisted: (item: IDataObject) => ItemResult },
): ItemOutcome[] {
	const keys = batch.map(({ value }) => reading.keyOf(value)?.toLowerCase());
	const { rowAt, doubt } = attribute(keys, rows, {
		shared: options.shared,
		isFailed: reading.isFailed,
		keyOf: (row) => row.key ?? reading.rowKeyOf(row.fields),
	});
	return batch.map(({ itemIndex, value }, position): ItemOutcome => {
		const item = reading.item(value);
		const why = doubt[position];
		if (why) return { itemIndex, kind: 'unconfirmed', item, why, check: reading.check };
		const row = rowAt[position];
		if (!row) return { itemIndex, ...options.unlisted(item) };
		// `index` is the row's position in the request: not a field of the record.
		const fields: ServiceRecord = Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'index'));
		if (reading.isFailed(row)) return { itemIndex, kind: 'refused', item, row: fields };
		return { itemIndex, ...rowResult(item, fields, reading) };
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

/** The answer's own message, when it has one. */
const messageOf = (body: ServiceRecord): string | undefined => (typeof body.message === 'string' && body.message !== '' ? body.message : undefined);

/**
 * The outcomes of a bulk answer in rows (customers' writes, surveys, soft deletes, v1 subscribers).
 * `bare` says what an answer with no rows and nothing else (`{ message, code }`) states:
 * - `accepted` where the spec shows no per-item answer at all (delete, unsubscribe, survey, soft
 *   deletes, v1 create: "Status 200"): the success covers the request and names no item's result
 *   (for a delete, the spec says the request deletes what each item names);
 * - `unconfirmed` where the spec or the reference promise a row per item (create or update,
 *   resubscribe): an answer without them confirms nothing.
 * When the answer has rows, an item without one is unconfirmed; when it has content that holds no
 * readable rows (rows moved somewhere unreadable), every item is.
 */
export function rowOutcomes<T>(batch: Array<Prepared<T>>, body: ServiceRecord, reading: AnswerReading<T>, bare: 'accepted' | 'unconfirmed'): ItemOutcome[] {
	const keys = new Set(batch.flatMap(({ value }) => reading.keyOf(value)?.toLowerCase() ?? []));
	const answer = isObject(body) ? body : {};
	const found = findRows(answer, keys);
	const unconfirmed = (why: string) => (item: IDataObject): ItemResult => ({ kind: 'unconfirmed', item, why, check: reading.check });
	if (found.kind === 'keyed' || found.kind === 'listed') {
		return outcomesOf(batch, found.rows, reading, { shared: found.kind === 'keyed', unlisted: unconfirmed('the answer has no row for it') });
	}
	const message = messageOf(answer);
	const accepted = (item: IDataObject): ItemResult => ({
		kind: 'accepted',
		item,
		...(message === undefined ? {} : { message }),
		...(reading.deletes ? { deleted: true } : {}),
		ownRequest: false,
		check: reading.check,
	});
	const unlisted =
		found.kind === 'none' && bare === 'accepted'
			? accepted
			: unconfirmed(found.kind === 'none' ? 'the answer has no row for any item' : 'the answer holds no rows this node can read');
	return outcomesOf(batch, [], reading, { shared: false, unlisted });
}

/** The answer's `name`, under `data` or at the top level. */
function answerPart(body: ServiceRecord, name: string): unknown {
	return (isObject(body.data) ? body.data[name] : undefined) ?? body[name];
}

/**
 * The outcomes of an import's answer. The spec: "Per-item failures are reported in details.failed"
 * of the 200 answer, and with `skip_duplicates` (on unless the request turns it off) items are
 * skipped, where the spec names no list. So an item the answer does not list was imported only
 * where the answer accounts for every other item: each failed row names its item (an email, or an
 * index the answer shows the count of), and, with Skip Duplicates on, the skipped items are listed
 * too (`details.skipped`, which the spec does not name, read when present). Where skips may go
 * unlisted, an unlisted item is only accepted; a failed row that names no item leaves each item it
 * could be unconfirmed, and so does an answer without `details.failed`. When the answer lists the
 * imported items (`details.imported`), an item in none of the lists is unconfirmed.
 */
export function importOutcomes<T>(
	batch: Array<Prepared<T>>,
	body: ServiceRecord,
	reading: Pick<AnswerReading<T>, 'keyOf' | 'item' | 'check'>,
	{ skipsMayBeUnlisted }: { skipsMayBeUnlisted: boolean },
): ItemOutcome[] {
	const found = answerPart(isObject(body) ? body : {}, 'details');
	const { failed, imported, skipped }: ServiceRecord = isObject(found) ? found : {};
	const full: AnswerReading<T> = {
		...reading,
		rowKeyOf: (row) => (typeof row.email === 'string' ? row.email : undefined),
		isFailed: (row) => row.status === 'failed',
	};
	const unconfirmed = (why: string) => (item: IDataObject): ItemResult => ({ kind: 'unconfirmed', item, why, check: reading.check });
	if (!Array.isArray(failed)) {
		return outcomesOf(batch, [], full, { shared: false, unlisted: unconfirmed('it does not list the failed items (details.failed), so it does not say whether this one was imported') });
	}
	const listed = (value: unknown, status: string): AnswerRow[] =>
		Array.isArray(value) ? value.map((row) => ({ fields: { status, ...(isObject(row) ? row : { email: row }) } })) : [];
	const rows = [
		...listed(imported, 'imported'),
		...listed(skipped, 'skipped'),
		// A failed row is failed whatever status it carries.
		...listed(failed, 'failed').map((row) => ({ fields: { ...row.fields, status: 'failed' } })),
	];
	const unlisted = Array.isArray(imported)
		? unconfirmed('it lists the imported, skipped and failed items, and not this one')
		: skipsMayBeUnlisted && !Array.isArray(skipped)
			? (item: IDataObject): ItemResult => ({ kind: 'accepted', item, ownRequest: false, check: reading.check })
			: (item: IDataObject): ItemResult => ({ kind: 'stated', item, status: 'imported', fields: {} });
	return outcomesOf(batch, rows, full, { shared: false, unlisted });
}

/** The reading of answers whose rows are the items' emails: the output names the email, then `item`. */
export function emailRowReading<T>(options: { emailOf: (value: T) => string; item?: (value: T) => IDataObject; check: string; deletes?: boolean }): AnswerReading<T> {
	return {
		keyOf: options.emailOf,
		rowKeyOf: (row) => (typeof row.email === 'string' ? row.email : undefined),
		item: (value) => ({ email: options.emailOf(value), ...options.item?.(value) }),
		isFailed: (row) => isFailedRow(row, { missingIsDone: options.deletes }),
		deletes: options.deletes,
		check: options.check,
	};
}
