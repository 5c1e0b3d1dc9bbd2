import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { emailRowReading, rowOutcomes } from '../../helpers/bulk/answerRows';
import { columnsProperties, mapperOptions } from '../../helpers/bulk/columnMapper';
import { rowReader, type ReadRow } from '../../helpers/bulk/rowReader';
import { CUSTOMER_FIELD_LABELS, customerAdditionalFields, customerColumns, customerFromEditor, customPropertiesField } from '../../helpers/customers/customerFields';
import { customerRow, readCustomerJson, type CustomerRow } from '../../helpers/customers/customerRows';
import { DEFINE_BELOW, emailField, inputModeProperties } from '../../helpers/descriptions';
import { BEFORE_VERSION_3 } from '../../helpers/versions';
import type { ItemOutcome, OperationOption, Prepared } from '../../operationModule';

export const option: OperationOption = {
	name: 'Create or Update',
	value: 'upsert',
	action: 'Create or update customers',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
};

export const properties: INodeProperties[] = [
	...updateDisplayOptions({ show: BEFORE_VERSION_3 }, [
		...inputModeProperties(
			'each item as a customer: email, first_name, last_name, company, tags, unset_tags, unset_properties, and properties (a list of { label, value, type }, or an object of values).',
			{ customProperties: true },
		),
		...[
			emailField('Email of the customer to create or update. Items are sent 1000 per request.'),
			customerAdditionalFields,
			customPropertiesField,
		].map((property) => ({ ...property, displayOptions: DEFINE_BELOW })),
	]),
	...columnsProperties(customerColumns),
	mapperOptions({ takesProperties: true }),
];

export const batchSize = 1000;

export function itemReader(this: IExecuteFunctions): (itemIndex: number) => Prepared<ReadRow<CustomerRow>> {
	const read = rowReader(this, {
		schema: customerRow,
		fromEditor: customerFromEditor(this, { withProperties: true }),
		editorLabels: CUSTOMER_FIELD_LABELS,
		fromItemJson: readCustomerJson,
		columns: customerColumns,
	});
	return (itemIndex) => ({ itemIndex, value: read(itemIndex) });
}

/** Creates or updates up to 1000 customers; each item gets its own row back. */
export async function send(this: IExecuteFunctions, batch: Array<Prepared<ReadRow<CustomerRow>>>, api: ServiceApi): Promise<ItemOutcome[]> {
	const body = await api.request({
		method: 'POST',
		path: '/api/v2/customers',
		body: { subscribers: batch.map(({ value }) => value.row) },
		repeatable: true,
		itemIndex: batch[0].itemIndex,
	});
	// The reference: results keyed by email, one row per subscriber; an answer without them confirms nothing.
	return rowOutcomes(
		this.getNode(),
		batch,
		body,
		emailRowReading({ emailOf: (value) => value.row.email, base: (value) => value.output, check: 'look for the customer with Customer › Get' }),
		'unconfirmed',
	);
}
