import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { outcomesByEmail, runBulk, type ItemOutcome } from '../../../shared/batching';
import { customerFieldOptions, readCustomer } from '../../../shared/customerFields';
import { emailField } from '../../../shared/descriptions';
import { apiRequest } from '../../../shared/transport';

const properties: INodeProperties[] = [
	emailField('Email of the customer to create or update. Items are sent 1000 per request.'),
	...customerFieldOptions({ withProperties: true }),
];

export const description = updateDisplayOptions({ show: { resource: ['customer'], operation: ['upsert'] } }, properties);

/** Creates or updates customers, 1000 per request; each item gets its own row back. */
export async function executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<ItemOutcome[]> {
	return runBulk(this, {
		itemIndexes,
		batchSize: 1000,
		prepare: (itemIndex) => ({ itemIndex, value: readCustomer.call(this, itemIndex, { withProperties: true }) }),
		send: async (batch) => {
			const body = await apiRequest.call(this, {
				method: 'POST',
				path: '/api/v2/customers',
				body: { subscribers: batch.map(({ value }) => value) },
				operation: 'Customer: Create or Update',
				repeatable: true,
				itemIndex: batch[0].itemIndex,
			});
			return outcomesByEmail(this, batch, body, 'Customer not created or updated', { emailOf: (value) => value.email });
		},
	});
}
