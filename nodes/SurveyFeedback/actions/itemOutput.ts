import type { IDataObject, INode, NodeExecutionHint } from 'n8n-workflow';

import { refusedRowError } from '../../shared/errors';
import { describeItems } from '../helpers/bulk/batching';
import type { ItemOutcome } from '../operationModule';

/**
 * The one place where an item's outcome (operationModule.ts's `ItemResult`) becomes its output,
 * for the router. Every write's item carries `status`: the service's own word where it stated one
 * (`created`, `queued`, `skipped`, `not_found`…), else the node's, `accepted` (the service answered
 * with success and named no result of the item) or `unconfirmed` (its answer did not account for
 * the item; `message` says why and how to check). From node version 3 that holds for every write;
 * versions 1 and 2 keep the output they were released with: the single writes return the
 * service's record, an accepted item of a bulk write repeats the answer's message, and version 2's
 * deletes return `deleted: true` where the records are gone. docs/outputs.md lists each write's.
 */

type Answered = Exclude<ItemOutcome, { kind: 'refused' } | { kind: 'failed' }>;
export type Failure = Extract<ItemOutcome, { kind: 'refused' } | { kind: 'failed' }>;

/** What an unconfirmed item says: why the answer does not confirm it, and how to check it. */
export function unconfirmedMessage(why: string, check: string): string {
	return `The service's answer did not confirm this item: ${why}. The request may have acted on it, so it is not sent again; ${check} before running it again.`;
}

/**
 * A delete's item whose records are gone also says `deleted: true` beside its status, as n8n's
 * guidelines ask of a delete's output; a `deleted` field of the service's own row comes after it
 * and is kept as the service sent it.
 */
const gone = (outcome: { deleted?: boolean }): IDataObject => (outcome.deleted === true ? { deleted: true } : {});

/** An item's output in the node's version (`typeVersion`). */
export function outcomeJson(outcome: Answered, typeVersion: number): IDataObject | IDataObject[] {
	const version3 = typeVersion >= 3;
	const version2Delete = typeVersion >= 2 && !version3 && 'deleted' in outcome && outcome.deleted === true;
	switch (outcome.kind) {
		case 'records':
			return outcome.records;
		case 'stated':
			if (version2Delete) return { ...outcome.item, deleted: true };
			return { ...outcome.item, status: outcome.status, ...gone(outcome), ...outcome.fields };
		case 'accepted': {
			const { item, fields, message } = outcome;
			// The answer's message belongs to an item only when the request was the item's own.
			if (version3) return { ...item, ...gone(outcome), ...fields, status: 'accepted', ...(outcome.ownRequest && message !== undefined ? { message } : {}) };
			if (version2Delete) return { ...item, deleted: true };
			return fields ? { ...item, ...fields } : { ...item, status: 'accepted', ...(message === undefined ? {} : { message }) };
		}
		case 'unconfirmed':
			return { ...outcome.item, status: 'unconfirmed', message: unconfirmedMessage(outcome.why, outcome.check) };
	}
}

/** A failed item's error: a row the service refused names its reason, and keeps the row for the error item. */
export function failureError(node: INode, failure: Failure): Error {
	return failure.kind === 'refused' ? refusedRowError(node, failure.itemIndex, { ...failure.item, ...failure.row }) : failure.error;
}

/**
 * The run's hint on the items the service's answer did not confirm, and on those it accepted with
 * a request they shared without a result of their own: a green run does not say what it cannot
 * know, so the hint counts them and says how to check them. Undefined when there are none.
 */
export function outcomeHint(label: string, outcomes: ItemOutcome[]): NodeExecutionHint | undefined {
	const unconfirmed = outcomes.filter((outcome): outcome is Extract<ItemOutcome, { kind: 'unconfirmed' }> => outcome.kind === 'unconfirmed');
	const accepted = outcomes.filter((outcome): outcome is Extract<ItemOutcome, { kind: 'accepted'; ownRequest: false }> => outcome.kind === 'accepted' && !outcome.ownRequest);
	if (!unconfirmed.length && !accepted.length) return undefined;
	const count = (list: ItemOutcome[]) => `${list.length} of ${outcomes.length} ${outcomes.length === 1 ? 'item' : 'items'} (${describeItems(list.map(({ itemIndex }) => itemIndex))})`;
	const checks = (list: Array<{ check: string }>) => [...new Set(list.map(({ check }) => check))].join('; ');
	const parts: string[] = [];
	if (unconfirmed.length) {
		const one = unconfirmed.length === 1;
		parts.push(
			`${count(unconfirmed)} unconfirmed: the service's answer did not account for ${one ? 'it' : 'them'} and the request may have acted on ${one ? 'it' : 'them'}, so ${one ? 'it was' : 'they were'} not sent again; before running ${one ? 'it' : 'them'} again, ${checks(unconfirmed)} (each item's message says why)`,
		);
	}
	if (accepted.length) {
		parts.push(`${count(accepted)} accepted without a result of ${accepted.length === 1 ? 'its' : 'their'} own: to see what became of each, ${checks(accepted)}`);
	}
	return { message: `${label}: ${parts.join('. ')}.`, type: unconfirmed.length ? 'warning' : 'info', location: 'outputPane' };
}
