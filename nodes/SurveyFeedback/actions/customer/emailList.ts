import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { outcomesByEmail, runBulk, type ItemOutcome } from '../../../shared/batching';
import { requireEmail } from '../../../shared/inputs';
import { apiRequest, type ApiRequest } from '../../../shared/transport';

/**
 * The bulk customer endpoints whose body is `subscribers: [emails]` (delete, unsubscribe,
 * resubscribe): 1000 emails per request, one row back per item.
 */
export async function sendEmailBatches(
	this: IExecuteFunctions,
	itemIndexes: number[],
	request: Pick<ApiRequest, 'method' | 'path' | 'operation'> & {
		/** Extra body fields; items with different extras go in different requests. */
		extra?: (itemIndex: number) => IDataObject;
		/** Whether an email the account does not have counts as done (deletes). */
		missingIsDone?: boolean;
	},
): Promise<ItemOutcome[]> {
	return runBulk(this, {
		itemIndexes,
		batchSize: 1000,
		prepare: (itemIndex) => {
			const email = requireEmail(this.getNodeParameter('email', itemIndex), { node: this.getNode(), itemIndex, field: 'Email' });
			const extra = request.extra?.(itemIndex) ?? {};
			return { itemIndex, value: { email, extra }, group: JSON.stringify(extra) };
		},
		send: async (batch) => {
			const body = await apiRequest.call(this, {
				method: request.method,
				path: request.path,
				operation: request.operation,
				body: { subscribers: batch.map(({ value }) => value.email), ...batch[0].value.extra },
				repeatable: true,
				itemIndex: batch[0].itemIndex,
			});
			return outcomesByEmail(this, batch, body, `${request.operation} failed`, { emailOf: (value) => value.email, missingIsDone: request.missingIsDone });
		},
	});
}
