/**
 * The answers of the bulk writes in the 'spec' mode (`responses`, see ConfigPatch in core.ts): only
 * what the spec and shared/reference/response-shapes.md name. The reference's one per-item shape is
 * create-or-update's, rows keyed by email carrying `status` and `id` or `reason`; the import names
 * only `details.failed`; resubscribe's rows carry `status`, `reason` and `suppressed`. For the writes
 * whose answer the spec does not show (delete, unsubscribe, survey, the soft deletes) the accounts
 * differ, so that clients meet both readings: an account whose ID ends in an odd digit (A) answers
 * rows keyed by email (or by the item's ID), the others (B) the bare envelope, refusing a request
 * with a bad item as a whole (400) since they have no row to say it in.
 */
import { badRequest } from '../http';
import type { AccountStore } from '../store';

/** Full shapes ('full'), or only the named fields ('spec'). */
export const fullAnswers = (store: AccountStore): boolean => store.responses === 'full';

/** In 'spec' mode, whether the account answers the writes the spec shows no answer for with rows (A) or bare (B). */
export const answersWithRows = (store: AccountStore): boolean => parseInt(store.account.id.slice(-1), 16) % 2 === 1;

/** The fields a spec-mode row keeps: those the reference and the spec name. */
const NAMED = ['status', 'id', 'reason', 'suppressed'];

export interface WriteRow {
	/** The email (or ID) the row is keyed by. */
	key: string;
	status: string;
	[field: string]: unknown;
}

/**
 * Rows keyed by email, each with the named fields only (`alsoNamed`: more the reference names for
 * this write). A key sent twice keeps one row: a failed one first, else the first that acted.
 */
export function keyedRows(rows: WriteRow[], alsoNamed: string[] = []): Record<string, Record<string, unknown>> {
	const keyed: Record<string, Record<string, unknown>> = {};
	for (const { key, ...row } of rows) {
		const named = Object.fromEntries(Object.entries(row).filter(([field, value]) => (NAMED.includes(field) || alsoNamed.includes(field)) && value !== undefined));
		const prev = keyed[key];
		if (!prev || (prev.status !== 'failed' && (row.status === 'failed' || prev.status === 'not_found'))) keyed[key] = named;
	}
	return keyed;
}

/** A bare-answering account refuses a request holding a bad item: `item` its position, `reason` why. */
export function refuseWhole(listName: string, failed: { index: number; reason: unknown } | undefined): void {
	if (failed) throw badRequest(`${listName}[${failed.index}]: ${String(failed.reason)}.`);
}
