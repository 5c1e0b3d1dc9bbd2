import type { IExecuteFunctions } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import type { ItemOutcome, OperationOption, Prepared } from '../../operationModule';
import { emailListProperties, emailListReader, sendEmailList, type EmailEntry } from './emailList';

export const option: OperationOption = {
	name: 'Resubscribe',
	value: 'resubscribe',
	action: 'Resubscribe customers',
	description: 'Subscribe customers again after an opt-out by the account',
};

export const properties = emailListProperties(
	'Email of the customer to subscribe again. Only customers unsubscribed by the account owner can be; each row says resubscribed, already_subscribed or skipped (with the reason).',
);

export const batchSize = 1000;

export function itemReader(this: IExecuteFunctions) {
	return emailListReader(this);
}

export async function send(this: IExecuteFunctions, batch: Array<Prepared<EmailEntry>>, api: ServiceApi): Promise<ItemOutcome[]> {
	return sendEmailList(this, batch, api, { method: 'POST', path: '/api/v2/customers/resubscribe', rowsPromised: true });
}
