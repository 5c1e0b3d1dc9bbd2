import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isFailedRow, pairRows, rowError, runBulk, type ItemOutcome } from '../../../shared/batching';
import { toApiDateRange } from '../../../shared/dates';
import { campaignLocator } from '../../../shared/descriptions';
import { compact, optionalText, requireEmail, requireText } from '../../../shared/inputs';
import { recordsOf } from '../../../shared/paging';
import { apiRequest } from '../../../shared/transport';

/**
 * The service sets no per-request maximum for these bodies. 100 items a request keeps each
 * request short even when email items match many records (deleting feedback also recalculates
 * company scores), and 100 is the smallest bulk limit this API documents anywhere.
 */
export const SOFT_DELETE_BATCH_SIZE = 100;

/** What differs between DELETE /api/v2/feedback and DELETE /api/v2/outbox. */
export interface SoftDeleteTarget {
	path: string;
	/** The body's list: `responses` or `surveys`. */
	listName: string;
	/** The ID field of an item and of the editor parameter: `feedbackId` or `surveyId`. */
	idField: string;
	idLabel: string;
	/** "feedback" or "sent surveys", for descriptions. */
	records: string;
	operation: string;
}

const DELETE_FILTER_RULE =
	'Sent as a day (YYYY-MM-DD) or an ISO 8601 date-time, never as a UNIX timestamp; the service widens it to the whole day in the account’s time zone';

/** "Delete By" and the fields of the chosen way: an ID, or an email narrowed by campaign and dates. */
export function softDeleteProperties(target: SoftDeleteTarget): INodeProperties[] {
	const byEmail = { show: { deleteBy: ['email'] } };
	return [
		{
			displayName: 'Delete By',
			name: 'deleteBy',
			type: 'options',
			options: [
				{ name: 'Email', value: 'email', description: `Every ${target.records} record of an email, optionally only of one campaign or date range` },
				{ name: target.idLabel, value: 'id', description: `One ${target.records} record by its ID` },
			],
			default: 'id',
			description: `How each item picks the ${target.records} to delete. Deleted records no longer appear in lists; deleting again does no harm.`,
		},
		{
			displayName: target.idLabel,
			name: target.idField,
			type: 'string',
			required: true,
			default: '',
			description: `ID of the ${target.records} record to delete. Items are sent ${SOFT_DELETE_BATCH_SIZE} per request.`,
			displayOptions: { show: { deleteBy: ['id'] } },
		},
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			required: true,
			default: '={{ $json.email }}',
			description: `Email whose ${target.records} records are deleted. Items are sent ${SOFT_DELETE_BATCH_SIZE} per request.`,
			displayOptions: byEmail,
		},
		{
			...campaignLocator({ required: false, description: 'Only delete records of this campaign' }),
			displayOptions: byEmail,
		},
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			description: `Only delete records from this day on. ${DELETE_FILTER_RULE}.`,
			displayOptions: byEmail,
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			description: `Only delete records up to the end of this day. ${DELETE_FILTER_RULE}.`,
			displayOptions: byEmail,
		},
	];
}

/** One item of the request body: `{ <idField> }`, or `{ email, campaignId?, startDate?, endDate? }`. */
function readDeleteItem(this: IExecuteFunctions, itemIndex: number, target: SoftDeleteTarget): IDataObject {
	const node = this.getNode();
	const at = (field: string) => ({ node, itemIndex, field });
	const deleteBy = this.getNodeParameter('deleteBy', itemIndex) as string;
	if (deleteBy === 'id') {
		const id = requireText(this.getNodeParameter(target.idField, itemIndex, ''), at(target.idLabel));
		if (id.includes('@')) {
			throw new NodeOperationError(
				node,
				`${target.idLabel}: "${id}" is an email, not an ID; an item is deleted by ID or by email, not both (item ${itemIndex})`,
				{ itemIndex, description: 'To delete the records of an email, set Delete By to Email.' },
			);
		}
		return { [target.idField]: id };
	}
	if (deleteBy !== 'email') {
		throw new NodeOperationError(node, `Delete By: must be "id" or "email", got ${JSON.stringify(deleteBy)} (item ${itemIndex})`, {
			itemIndex,
		});
	}
	const email = requireEmail(this.getNodeParameter('email', itemIndex, ''), at('Email'));
	return compact({
		email,
		campaignId: optionalText(this.getNodeParameter('campaign', itemIndex, '', { extractValue: true }), at('Campaign'))?.trim(),
		...toApiDateRange(this.getNodeParameter('startDate', itemIndex, ''), this.getNodeParameter('endDate', itemIndex, ''), 'deleteFilter', {
			node,
			itemIndex,
			timezone: this.getTimezone(),
			startField: `Start Date (item ${itemIndex})`,
			endField: `End Date (item ${itemIndex})`,
		}),
	});
}

/** Soft-deletes by ID or by email, many items per request; each item gets its own row back. */
export async function softDeleteBatch(this: IExecuteFunctions, itemIndexes: number[], target: SoftDeleteTarget): Promise<ItemOutcome[]> {
	return runBulk<IDataObject>(this, {
		itemIndexes,
		batchSize: SOFT_DELETE_BATCH_SIZE,
		prepare: (itemIndex) => ({ itemIndex, value: readDeleteItem.call(this, itemIndex, target) }),
		send: async (batch) => {
			const body = await apiRequest.call(this, {
				method: 'DELETE',
				path: target.path,
				body: { [target.listName]: batch.map(({ value }) => value) },
				operation: target.operation,
				// A soft delete done twice deletes nothing more.
				repeatable: true,
				itemIndex: batch[0].itemIndex,
			});
			const keyOf = (record: IDataObject) => {
				const key = record[target.idField] ?? record.email;
				return typeof key === 'string' ? key : undefined;
			};
			const rows = pairRows(batch, recordsOf(body, 'results'), { entry: keyOf, row: keyOf });
			return batch.map(({ itemIndex, value }, position): ItemOutcome => {
				const row = rows[position];
				if (!row) return { itemIndex, json: { ...value, status: 'accepted', message: body.message ?? 'done' } };
				const { index: _index, ...fields } = row;
				// Deleting is idempotent: "not_found" (already deleted, or nothing matched) is a result, not a failure.
				if (isFailedRow(row, { missingIsDone: true })) {
					return { itemIndex, error: rowError.call(this, itemIndex, { ...value, ...fields }, `${target.operation} failed`) };
				}
				return { itemIndex, json: { ...value, ...fields } };
			});
		},
	});
}
