import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ItemOutcome } from '../../../shared/batching';
import { softDeleteBatch, softDeleteProperties, type SoftDeleteTarget } from './softDelete';

const target: SoftDeleteTarget = {
	path: '/api/v2/feedback',
	listName: 'responses',
	idField: 'feedbackId',
	idLabel: 'Feedback ID',
	records: 'feedback',
	operation: 'Feedback: Delete',
};

const properties: INodeProperties[] = [
	{
		displayName: 'Deleting feedback also recalculates the scores of the customer’s company and the rating statistics',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	...softDeleteProperties(target),
];

export const description = updateDisplayOptions({ show: { resource: ['feedback'], operation: ['delete'] } }, properties);

/** Soft-deletes feedback by ID, or every response of an email (narrowed by campaign and days). */
export async function executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<ItemOutcome[]> {
	return softDeleteBatch.call(this, itemIndexes, target);
}
