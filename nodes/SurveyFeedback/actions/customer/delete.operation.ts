import type { IExecuteFunctions } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import type { ItemOutcome, OperationOption, Prepared } from '../../operationModule';
import { emailListProperties, emailListReader, sendEmailList, type EmailEntry } from './emailList';

export const option: OperationOption = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete customers',
	description: 'Delete customers and all their data',
};

export const properties = emailListProperties(
	'Email of the customer to delete, with all their data. An email with no customer (already deleted, or never there) counts as deleted, not as a failed item. Items are sent 1000 per request.',
);

export const batchSize = 1000;

export function itemReader(this: IExecuteFunctions) {
	return emailListReader(this);
}

export async function send(this: IExecuteFunctions, batch: Array<Prepared<EmailEntry>>, api: ServiceApi): Promise<ItemOutcome[]> {
	return sendEmailList(this, batch, api, { method: 'DELETE', path: '/api/v2/customers', deletes: true });
}
