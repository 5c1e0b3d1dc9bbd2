import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { rules } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { itemParameter } from '../../helpers/parameters';
import type { ItemOutcome, OperationOption, Prepared } from '../../operationModule';
import { emailListProperties, emailListReader, sendEmailList, type EmailEntry } from './emailList';

export const option: OperationOption = {
	name: 'Unsubscribe',
	value: 'unsubscribe',
	action: 'Unsubscribe customers',
	description: 'Stop sending surveys to customers',
};

export const properties: INodeProperties[] = [
	...emailListProperties('Email of the customer to unsubscribe. Items are sent 1000 per request.'),
	{
		displayName: 'Opt-Out Message',
		name: 'message',
		type: 'string',
		default: '',
		description: 'Optional reason stored with the opt-out',
	},
];

export const batchSize = 1000;

export function itemReader(this: IExecuteFunctions) {
	const messageOf = itemParameter(this, 'message', '');
	return emailListReader(this, (itemIndex, problems) => {
		const message = problems.parse('Opt-Out Message', rules.optionalText, messageOf(itemIndex));
		// The spec types the opt-out message as an array.
		return message ? { message: [message] } : {};
	});
}

export async function send(this: IExecuteFunctions, batch: Array<Prepared<EmailEntry>>, api: ServiceApi): Promise<ItemOutcome[]> {
	return sendEmailList(this, batch, api, { method: 'POST', path: '/api/v2/customers/unsubscribe' });
}
