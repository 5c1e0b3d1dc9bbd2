import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ServiceRecord } from '../../../shared/serviceRecord';

import { toApiDate, toApiDateRange } from '../../../shared/dates';
import { campaignLocator } from '../../../shared/descriptions';
import { at } from '../../../shared/errors';
import { compact, oneOf, rules } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import type { BulkOperation, ItemOutcome, ItemReader, OperationOption, Prepared } from '../../operationModule';
import { isFailedRow, rowOutcomes } from '../bulk/answerRows';

/**
 * The service sets no per-request maximum for these bodies. 100 items a request keeps each
 * request short even when email items match many records (deleting feedback also recalculates
 * company scores), and 100 is the smallest bulk limit this API documents anywhere.
 */
const SOFT_DELETE_BATCH_SIZE = 100;

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
}

const DELETE_FILTER_RULE =
	'Sent as a day (YYYY-MM-DD) or an ISO 8601 date-time, never as a UNIX timestamp; the service widens it to the whole day in the account’s time zone';

/** "Delete By" and the fields of the chosen way: an ID, or an email narrowed by campaign and dates. */
function deleteByOptions(target: SoftDeleteTarget): INodePropertyOptions[] {
	return [
		{ name: 'Email', value: 'email', description: `Every ${target.records} record of an email, optionally only of one campaign or date range` },
		{ name: target.idLabel, value: 'id', description: `One ${target.records} record by its ID` },
	];
}

function softDeleteProperties(target: SoftDeleteTarget): INodeProperties[] {
	const byEmail = { show: { deleteBy: ['email'] } };
	return [
		{
			displayName: 'Delete By',
			name: 'deleteBy',
			type: 'options',
			// The fields below depend on it, and n8n shows and requires all of them when this is an
			// expression; one way for all items keeps the editor and the run in agreement.
			noDataExpression: true,
			options: deleteByOptions(target),
			default: 'id',
			description: `How each item picks the ${target.records} to delete. Deleted records no longer appear in lists; deleting again does no harm: an item that matches nothing (already deleted, or never there) counts as deleted, not as a failed item.`,
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

/** One item of the request body: `{ <idField> }`, or `{ email, campaignId?, startDate?, endDate? }`; every field read for the item. */
function softDeleteReader(ctx: IExecuteFunctions, target: SoftDeleteTarget): ItemReader<IDataObject> {
	const timezone = ctx.getTimezone();
	return (itemIndex, problems) => {
		const item = problems.item;
		const deleteBy = oneOf(ctx.getNodeParameter('deleteBy', itemIndex), deleteByOptions(target), at(item, 'Delete By'));
		if (deleteBy === 'id') {
			const id = problems.parse(target.idLabel, rules.text, ctx.getNodeParameter(target.idField, itemIndex, ''));
			if (id?.includes('@')) {
				problems.add(
					target.idLabel,
					`"${id}" is an email, not an ID; an item is deleted by ID or by email, not both`,
					'To delete the records of an email, set Delete By to Email.',
				);
			}
			return { itemIndex, value: { [target.idField]: id } };
		}
		const email = problems.parse('Email', rules.email, ctx.getNodeParameter('email', itemIndex, ''));
		const campaignId = problems.parse('Campaign', rules.optionalText, ctx.getNodeParameter('campaign', itemIndex, '', { extractValue: true }))?.trim();
		const start = ctx.getNodeParameter('startDate', itemIndex, '');
		const end = ctx.getNodeParameter('endDate', itemIndex, '');
		const startDate = problems.check(() => toApiDate(start, 'deleteFilter', { ...at(item, 'Start Date'), timezone }));
		const endDate = problems.check(() => toApiDate(end, 'deleteFilter', { ...at(item, 'End Date'), timezone, end: true }));
		// Both dates read: whether the range is empty.
		if (startDate && endDate) problems.check(() => toApiDateRange(start, end, 'deleteFilter', { ...item, timezone, startField: 'Start Date', endField: 'End Date' }));
		return { itemIndex, value: compact({ email, campaignId, startDate, endDate }) };
	};
}

/** Soft-deletes a batch by ID or by email; each item gets its own output, named by its ID or its email and filters. */
async function sendSoftDelete(batch: Array<Prepared<IDataObject>>, api: ServiceApi, target: SoftDeleteTarget): Promise<ItemOutcome[]> {
	const body = await api.request({
		method: 'DELETE',
		path: target.path,
		body: { [target.listName]: batch.map(({ value }) => value) },
		// A soft delete done twice deletes nothing more.
		repeatable: true,
		itemIndex: batch[0].itemIndex,
	});
	const keyOf = (record: ServiceRecord) => {
		const key = record[target.idField] ?? record.email;
		return typeof key === 'string' ? key : undefined;
	};
	// The spec shows no per-item answer for a soft delete: a bare success covers the request; rows, when sent, are read.
	return rowOutcomes(
		batch,
		body,
		{
			keyOf,
			rowKeyOf: keyOf,
			// The item is named as it was sent: its ID, or its email and the filters that narrowed it.
			item: (value) => value,
			// Deleting is idempotent: "not_found" (already deleted, or nothing matched) is a result, not a failure.
			isFailed: (row) => isFailedRow(row, { missingIsDone: true }),
			deletes: true,
			check: `look for the ${target.records} records with Get Many`,
		},
		'accepted',
	);
}

/**
 * The Delete operation of a soft-deleting endpoint: each item picks its records by ID, or by email
 * narrowed by campaign and dates; items go SOFT_DELETE_BATCH_SIZE to a request. `notice` is shown
 * above the fields, for what deleting also changes.
 */
export function softDeleteOperation(spec: { option: OperationOption; target: SoftDeleteTarget; notice?: string }): BulkOperation<IDataObject> {
	const { target } = spec;
	const notice: INodeProperties[] = spec.notice ? [{ displayName: spec.notice, name: 'deleteNotice', type: 'notice', default: '' }] : [];
	return {
		option: spec.option,
		properties: [...notice, ...softDeleteProperties(target)],
		batchSize: SOFT_DELETE_BATCH_SIZE,
		itemReader(this: IExecuteFunctions) {
			return softDeleteReader(this, target);
		},
		async send(this: IExecuteFunctions, batch: Array<Prepared<IDataObject>>, api: ServiceApi): Promise<ItemOutcome[]> {
			return await sendSoftDelete(batch, api, target);
		},
	};
}
