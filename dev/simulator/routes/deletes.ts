/**
 * Soft delete by item for DELETE /feedback and DELETE /outbox: each item is an ID or an email
 * narrowed by campaignId and a day range (date rule 5). Date errors fail the whole request before
 * anything is deleted; other item errors are per-row failures.
 */
import type { Collection } from '../collection';
import { timeRange } from '../collection';
import { deleteFilterDay } from '../dates';
import { isEmail, isObject, ok, SUCCESS, type ApiResult } from '../http';
import type { AccountStore } from '../store';
import { bodyArray, bodyObject } from './common';
import { answersWithRows, fullAnswers, keyedRows, refuseWhole } from './writeAnswers';

export const DELETE_MAX = 1000;

type Plan =
	| { index: number; error: string; echo: Record<string, unknown> }
	| { index: number; id: string; echo: Record<string, unknown> }
	| { index: number; email: string; campaignId?: string; start?: number; end?: number; echo: Record<string, unknown> };

interface Deletable {
	id: string;
	seq: number;
	email: string;
	campaignId: string;
	createdAt: number;
}

export function softDeleteItems<T extends Deletable>(
	store: AccountStore,
	body: unknown,
	opts: { listName: string; idField: string; collection: Collection<T>; remove: (r: T) => void },
): ApiResult {
	const items = bodyArray(bodyObject(body), opts.listName, 1, DELETE_MAX);
	const tz = store.account.timezone;
	const plans: Plan[] = items.map((item, index): Plan => {
		if (!isObject(item)) return { index, error: 'item must be an object', echo: {} };
		const id = item[opts.idField];
		const email = item.email;
		if (id !== undefined && email !== undefined) {
			return { index, error: `${opts.idField} and email are mutually exclusive`, echo: { [opts.idField]: id, email } };
		}
		if (id !== undefined) {
			if (typeof id !== 'string' || id === '') return { index, error: `${opts.idField} must be a string`, echo: { [opts.idField]: id } };
			return { index, id, echo: { [opts.idField]: id } };
		}
		if (email === undefined) return { index, error: `${opts.idField} or email is required`, echo: {} };
		if (!isEmail(email)) return { index, error: 'invalid email', echo: { email } };
		const campaignId = item.campaignId;
		if (campaignId !== undefined && typeof campaignId !== 'string') {
			return { index, error: 'campaignId must be a string', echo: { email } };
		}
		const where = `${opts.listName}[${index}]`;
		return {
			index,
			email: email.trim(),
			campaignId,
			start: item.startDate === undefined ? undefined : deleteFilterDay(item.startDate, `${where}.startDate`, tz, 'start'),
			end: item.endDate === undefined ? undefined : deleteFilterDay(item.endDate, `${where}.endDate`, tz, 'end'),
			echo: { email },
		};
	});

	const bare = !fullAnswers(store) && !answersWithRows(store);
	if (bare) {
		const bad = plans.find((p): p is Extract<Plan, { error: string }> => 'error' in p);
		refuseWhole(opts.listName, bad && { index: bad.index, reason: bad.error });
	}
	let deleted = 0;
	const results = plans.map((p) => {
		const row = { index: p.index, ...p.echo };
		if ('error' in p) return { ...row, status: 'failed', deleted: 0, reason: p.error };
		let victims: T[];
		if ('id' in p) {
			const r = opts.collection.get(p.id);
			victims = r ? [r] : [];
		} else {
			const bucket = opts.collection.bucket('email', p.email.toLowerCase());
			const [lo, hi] = timeRange(bucket, opts.collection.time, p.start, p.end);
			victims = bucket.slice(lo, hi).filter((r) => !p.campaignId || r.campaignId === p.campaignId);
		}
		for (const v of victims) opts.remove(v);
		deleted += victims.length;
		return victims.length
			? { ...row, status: 'deleted', deleted: victims.length }
			: { ...row, status: 'not_found', deleted: 0, reason: 'nothing matched' };
	});
	if (fullAnswers(store)) return ok({ deleted, results });
	if (bare) return { status: 200, body: { message: SUCCESS, code: 200 } };
	// Keyed by what the item named: its ID, or its email.
	return ok(keyedRows(results.map((row) => ({ key: String((row as Record<string, unknown>)[opts.idField] ?? (row as Record<string, unknown>).email ?? ''), ...row }))));
}
