import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { emailRowReading, rowOutcomes } from '../../helpers/bulk/answerRows';
import { columnsProperties, mapperOptions } from '../../helpers/bulk/columnMapper';
import { rowReader, type ItemRow } from '../../helpers/bulk/rowReader';
import { columnSet, editorProperties, rowShape } from '../../helpers/bulk/rowTable';
import { V1_SUBSCRIBER, type PersonRow } from '../../helpers/customers/customerRows';
import { DEFINE_BELOW, inputModeProperties } from '../../helpers/descriptions';
import { BEFORE_VERSION_3 } from '../../helpers/versions';
import type { ItemOutcome, ItemReader, OperationOption, Prepared } from '../../operationModule';
import { replacedBy } from './common';

export const option: OperationOption = {
	name: 'V1: Create Subscribers',
	value: 'v1CreateSubscribers',
	action: 'Create subscribers via legacy v1',
	description: 'Legacy v1 API; replaced by Customer › Create or Update',
};

/** The v1 subscriber's columns on version 3: all four required by the v1 API. */
export const v1SubscriberColumns = columnSet('v1SubscriberColumns', V1_SUBSCRIBER);

export const properties: INodeProperties[] = [
	replacedBy(
		'v1CreateSubscribers',
		'Legacy v1 API. Use Customer › Create or Update instead: it takes tags and custom properties, 1000 customers per request, and reports each one.',
	),
	...updateDisplayOptions({ show: BEFORE_VERSION_3 }, [
		...inputModeProperties(`each item as a subscriber: ${rowShape(V1_SUBSCRIBER)}, all required by the v1 API.`, { customProperties: false }),
		...editorProperties(V1_SUBSCRIBER, { email: { description: 'Email of the subscriber to create. Items are sent 100 per request.' } }).map((property) => ({
			...property,
			displayOptions: DEFINE_BELOW,
		})),
	]),
	...columnsProperties(v1SubscriberColumns),
	mapperOptions({ takesProperties: false }),
];

/** The v1 API's default cap on subscribers per request. */
export const batchSize = 100;

/**
 * The v1 API answers a request as a whole (no row per subscriber) and refuses all of it for one
 * incomplete subscriber, so every field is checked here first: a bad item fails alone.
 */
export function itemReader(this: IExecuteFunctions): ItemReader<ItemRow<PersonRow>> {
	const read = rowReader<PersonRow>(this, V1_SUBSCRIBER, { columns: v1SubscriberColumns });
	return async (itemIndex, problems) => ({ itemIndex, value: await read(itemIndex, problems) });
}

export async function send(this: IExecuteFunctions, batch: Array<Prepared<ItemRow<PersonRow>>>, api: ServiceApi): Promise<ItemOutcome[]> {
	const body = await api.request({
		method: 'POST',
		path: '/api/service/nps/customers',
		// The spec's field list says `company`, its sample body `companyName`: both are sent.
		body: { subscribers: batch.map(({ value: { row } }) => ({ ...row, companyName: row.company })) },
		itemIndex: batch[0].itemIndex,
	});
	// v1 answers `{ message, code }` alone: its success covers the request.
	return rowOutcomes(
		batch,
		body,
		emailRowReading({ emailOf: (value) => value.row.email, item: (value) => value.output, check: 'look for the subscriber with Customer › Get' }),
		'accepted',
	);
}
