import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { sendSoftDelete, SOFT_DELETE_BATCH_SIZE, softDeleteProperties, softDeleteReader, type SoftDeleteTarget } from '../../helpers/operations/softDelete';
import type { ItemOutcome, OperationOption, Prepared } from '../operationModule';

export const option: OperationOption = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete feedback',
	description: 'Delete feedback responses by ID or by email',
};

const target: SoftDeleteTarget = { path: '/api/v2/feedback', listName: 'responses', idField: 'feedbackId', idLabel: 'Feedback ID', records: 'feedback' };

export const properties: INodeProperties[] = [
	{
		displayName: 'Deleting feedback also recalculates the scores of the customer’s company and the rating statistics',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	...softDeleteProperties(target),
];

export const batchSize = SOFT_DELETE_BATCH_SIZE;

/** Soft-deletes feedback by ID, or every response of an email (narrowed by campaign and days). */
export function itemReader(this: IExecuteFunctions) {
	return softDeleteReader(this, target);
}

export async function send(this: IExecuteFunctions, batch: Array<Prepared<IDataObject>>, api: ServiceApi): Promise<ItemOutcome[]> {
	return sendSoftDelete(this, batch, api, target);
}
