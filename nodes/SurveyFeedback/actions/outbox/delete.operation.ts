import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ItemOutcome } from '../../../shared/batching';
import { softDeleteBatch, softDeleteProperties, type SoftDeleteTarget } from '../feedback/softDelete';

const target: SoftDeleteTarget = {
	path: '/api/v2/outbox',
	listName: 'surveys',
	idField: 'surveyId',
	idLabel: 'Survey ID',
	records: 'sent survey',
	operation: 'Outbox: Delete',
};

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['outbox'], operation: ['delete'] } },
	softDeleteProperties(target),
);

/** Soft-deletes sent surveys by ID, or every one of an email (narrowed by campaign and days). */
export async function executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<ItemOutcome[]> {
	return softDeleteBatch.call(this, itemIndexes, target);
}
