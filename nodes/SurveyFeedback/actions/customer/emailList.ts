import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemProblems } from '../../../shared/inputs';

import type { ServiceApi } from '../../../shared/transport';
import { emailRowReading, rowOutcomes } from '../../helpers/bulk/answerRows';
import { rowReader } from '../../helpers/bulk/rowReader';
import { EMAIL_ONLY, type PersonRow } from '../../helpers/customers/customerRows';
import { DEFINE_BELOW, emailField, inputModeProperties } from '../../helpers/descriptions';
import type { ItemOutcome, ItemReader, Prepared } from '../../operationModule';

/**
 * What delete, unsubscribe and resubscribe share: each item is one email, sent 1000 per request
 * as `subscribers: [emails]`, with one row back per item.
 */
export function emailListProperties(emailDescription: string): INodeProperties[] {
	return [
		...inputModeProperties('only the email field of each item; its other fields are left alone.'),
		{ ...emailField(emailDescription), displayOptions: DEFINE_BELOW },
	];
}

export interface EmailEntry {
	email: string;
	/** Extra body fields; items with different extras go in different requests. */
	extra: IDataObject;
}

/** Each item's email, and the extra body fields `extra` reads for it (recording their problems). */
export function emailListReader(ctx: IExecuteFunctions, extra?: (itemIndex: number, problems: ItemProblems) => IDataObject): ItemReader<EmailEntry> {
	const read = rowReader<PersonRow>(ctx, EMAIL_ONLY, { ignoreOthers: true });
	return async (itemIndex, problems) => {
		const { row } = await read(itemIndex, problems);
		const more = extra?.(itemIndex, problems) ?? {};
		return { itemIndex, value: { email: row.email, extra: more }, group: extra ? JSON.stringify(more) : undefined };
	};
}

export async function sendEmailList(
	ctx: IExecuteFunctions,
	batch: Array<Prepared<EmailEntry>>,
	api: ServiceApi,
	request: { method: 'POST' | 'DELETE'; path: string; deletes?: boolean; rowsPromised?: boolean },
): Promise<ItemOutcome[]> {
	const body = await api.request({
		method: request.method,
		path: request.path,
		body: { subscribers: batch.map(({ value }) => value.email), ...batch[0].value.extra },
		repeatable: true,
		itemIndex: batch[0].itemIndex,
	});
	// Resubscribe's answer has a row per item (`rowsPromised`); delete's and unsubscribe's show none, so a bare success covers the request.
	return rowOutcomes(
		batch,
		body,
		emailRowReading({ emailOf: (value) => value.email, deletes: request.deletes, check: 'look for the customer with Customer › Get' }),
		request.rowsPromised ? 'unconfirmed' : 'accepted',
	);
}
