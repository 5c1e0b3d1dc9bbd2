import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ServiceRecord } from '../../../shared/serviceRecord';

import type { ItemOutcome, Prepared } from '../../operationModule';
import { isVersion2OrLater } from '../versions';

/**
 * What a delete returns for each item it deleted. Version 1 returns the service's answer for the
 * item. From version 2 it returns what was deleted (the item's email or ID) and `deleted: true`,
 * as n8n's UX guidelines ask of deletes. A delete the service treats as done when nothing matched
 * (already deleted, or never there) returns `deleted: true` too: the records are gone either way.
 * A failed item stays an error; an item the answer did not confirm stays `unconfirmed`.
 */

/** The output of one deleted record: `identifier` is what the item named, `answer` the service's answer. */
export function deletedRecord(ctx: IExecuteFunctions, identifier: IDataObject, answer: ServiceRecord): IDataObject {
	return isVersion2OrLater(ctx) ? { ...identifier, deleted: true } : answer;
}

/** The outcomes of a bulk delete's batch, each deleted item's output named by `identifierOf` its value. */
export function deletedOutcomes<T>(
	ctx: IExecuteFunctions,
	batch: Array<Prepared<T>>,
	outcomes: ItemOutcome[],
	identifierOf: (value: T) => IDataObject,
): ItemOutcome[] {
	if (!isVersion2OrLater(ctx)) return outcomes;
	const values = new Map(batch.map(({ itemIndex, value }) => [itemIndex, value]));
	return outcomes.map((outcome) => {
		if ('error' in outcome) return outcome;
		const identifier = identifierOf(values.get(outcome.itemIndex) as T);
		// An item the service's answer did not confirm says so, never `deleted: true`.
		const json = outcome.json as IDataObject;
		if (json.status === 'unconfirmed') return { itemIndex: outcome.itemIndex, json: { ...identifier, status: json.status, message: json.message } };
		return { itemIndex: outcome.itemIndex, json: { ...identifier, deleted: true } };
	});
}
