import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { emailRowReading, rowOutcomes } from '../../helpers/bulk/answerRows';
import { columnsProperties, mapperOptions } from '../../helpers/bulk/columnMapper';
import { rowReader, type ItemRow } from '../../helpers/bulk/rowReader';
import { editorProperties, rowShape } from '../../helpers/bulk/rowTable';
import { CUSTOMER, customerColumns, type PersonRow } from '../../helpers/customers/customerRows';
import { DEFINE_BELOW, inputModeProperties } from '../../helpers/descriptions';
import { BEFORE_VERSION_3 } from '../../helpers/versions';
import type { ItemOutcome, ItemReader, OperationOption, Prepared } from '../../operationModule';

export const option: OperationOption = {
	name: 'Create or Update',
	value: 'upsert',
	action: 'Create or update customers',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
};

export const properties: INodeProperties[] = [
	...updateDisplayOptions({ show: BEFORE_VERSION_3 }, [
		...inputModeProperties(`each item as a customer: ${rowShape(CUSTOMER)}.`, { customProperties: true }),
		...editorProperties(CUSTOMER, { email: { description: 'Email of the customer to create or update. Items are sent 1000 per request.' } }).map((property) => ({
			...property,
			displayOptions: DEFINE_BELOW,
		})),
	]),
	...columnsProperties(customerColumns),
	mapperOptions({ takesProperties: true }),
];

export const batchSize = 1000;

/** Each item's customer row. */
export function itemReader(this: IExecuteFunctions, api: ServiceApi): ItemReader<ItemRow<PersonRow>> {
	const read = rowReader<PersonRow>(this, CUSTOMER, { columns: customerColumns, api });
	return async (itemIndex, problems) => ({ itemIndex, value: await read(itemIndex, problems) });
}

/** Creates or updates up to 1000 customers; each item gets its own row back. */
export async function send(this: IExecuteFunctions, batch: Array<Prepared<ItemRow<PersonRow>>>, api: ServiceApi): Promise<ItemOutcome[]> {
	const body = await api.request({
		method: 'POST',
		path: '/api/v2/customers',
		body: { subscribers: batch.map(({ value }) => value.row) },
		repeatable: true,
		itemIndex: batch[0].itemIndex,
	});
	// The reference: results keyed by email, one row per subscriber; an answer without them confirms nothing.
	return rowOutcomes(
		batch,
		body,
		emailRowReading({ emailOf: (value) => value.row.email, item: (value) => value.output, check: 'look for the customer with Customer › Get' }),
		'unconfirmed',
	);
}
