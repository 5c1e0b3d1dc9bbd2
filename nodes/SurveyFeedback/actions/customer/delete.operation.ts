import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ItemOutcome } from '../../../shared/batching';
import { emailField } from '../../../shared/descriptions';
import { sendEmailBatches } from './emailList';

const properties: INodeProperties[] = [emailField('Email of the customer to delete, with all their data. Items are sent 1000 per request.')];

export const description = updateDisplayOptions({ show: { resource: ['customer'], operation: ['delete'] } }, properties);

export async function executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<ItemOutcome[]> {
	return sendEmailBatches.call(this, itemIndexes, { method: 'DELETE', path: '/api/v2/customers', operation: 'Customer: Delete', missingIsDone: true });
}
