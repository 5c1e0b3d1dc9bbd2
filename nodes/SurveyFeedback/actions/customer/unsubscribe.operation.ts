import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ItemOutcome } from '../../../shared/batching';
import { emailField } from '../../../shared/descriptions';
import { optionalText } from '../../../shared/inputs';
import { sendEmailBatches } from './emailList';

const properties: INodeProperties[] = [
	emailField('Email of the customer to unsubscribe. Items are sent 1000 per request.'),
	{
		displayName: 'Opt-Out Message',
		name: 'message',
		type: 'string',
		default: '',
		description: 'Optional reason stored with the opt-out',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['customer'], operation: ['unsubscribe'] } }, properties);

export async function executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<ItemOutcome[]> {
	return sendEmailBatches.call(this, itemIndexes, {
		method: 'POST',
		path: '/api/v2/customers/unsubscribe',
		operation: 'Customer: Unsubscribe',
		extra: (itemIndex) => {
			const message = optionalText(this.getNodeParameter('message', itemIndex, ''), {
				node: this.getNode(),
				itemIndex,
				field: 'Opt-Out Message',
			});
			// The spec types the opt-out message as an array.
			return message ? { message: [message] } : {};
		},
	});
}
