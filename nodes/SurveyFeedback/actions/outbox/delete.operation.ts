import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { sendSoftDelete, SOFT_DELETE_BATCH_SIZE, softDeleteProperties, softDeleteReader, type SoftDeleteTarget } from '../../helpers/operations/softDelete';
import type { ItemOutcome, OperationOption, Prepared } from '../operationModule';

export const option: OperationOption = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete sent surveys',
	description: 'Delete sent surveys by ID or by email',
};

const target: SoftDeleteTarget = { path: '/api/v2/outbox', listName: 'surveys', idField: 'surveyId', idLabel: 'Survey ID', records: 'sent survey' };

export const properties: INodeProperties[] = softDeleteProperties(target);

export const batchSize = SOFT_DELETE_BATCH_SIZE;

/** Soft-deletes sent surveys by ID, or every one of an email (narrowed by campaign and days). */
export function itemReader(this: IExecuteFunctions) {
	return softDeleteReader(this, target);
}

export async function send(this: IExecuteFunctions, batch: Array<Prepared<IDataObject>>, api: ServiceApi): Promise<ItemOutcome[]> {
	return sendSoftDelete(this, batch, api, target);
}
