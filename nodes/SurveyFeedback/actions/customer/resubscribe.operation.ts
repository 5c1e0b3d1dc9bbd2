import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ItemOutcome } from '../../../shared/batching';
import { emailField } from '../../../shared/descriptions';
import { sendEmailBatches } from './emailList';

const properties: INodeProperties[] = [emailField('Email of the customer to subscribe again. Only customers unsubscribed by the account owner can be; each row says resubscribed, already_subscribed or skipped (with the reason).')];

export const description = updateDisplayOptions({ show: { resource: ['customer'], operation: ['resubscribe'] } }, properties);

export async function executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<ItemOutcome[]> {
	return sendEmailBatches.call(this, itemIndexes, { method: 'POST', path: '/api/v2/customers/resubscribe', operation: 'Customer: Resubscribe' });
}
