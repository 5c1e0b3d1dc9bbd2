import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ServiceRecord } from '../../../shared/serviceRecord';

import { at, fieldError } from '../../../shared/errors';
import { oneOf, requireText } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { ownRequestResult } from '../../helpers/output/ownRequest';
import { isVersion3OrLater } from '../../helpers/versions';
import type { ItemResult } from '../../operationModule';

const modes = (what: string): INodePropertyOptions[] => [
	{ name: 'Append', value: 'append', description: `Add these ${what} to the ones the response has` },
	{ name: 'Replace', value: 'replace', description: `Replace all ${what} of the response with these; an empty list removes them all` },
];

/** Feedback ID and Append / Replace, the shape POST /response/tags and /response/topics share. */
export function responseUpdateProperties(what: string): INodeProperties[] {
	return [
		{
			displayName: 'Feedback ID',
			name: 'feedbackId',
			type: 'string',
			required: true,
			default: '',
			description: 'The ID of the feedback response',
		},
		{
			displayName: 'Mode',
			name: 'mode',
			type: 'options',
			options: modes(what),
			default: 'append',
		},
	];
}

/**
 * What a response update returns. From version 3: the response's ID and the status, with the
 * updated response (`feedback`) when the service sends it. Versions 1 and 2 return the updated
 * response, or, when the answer has none, what the item sent with the answer's message.
 */
export function responseUpdateResult(ctx: IExecuteFunctions, body: ServiceRecord, sent: { id: string; field: string; values: IDataObject[] | string[]; mode: string }): ItemResult {
	if (isVersion3OrLater(ctx)) return ownRequestResult(body, { feedbackId: sent.id }, { record: 'feedback' });
	const data = body.data;
	if (data && typeof data === 'object' && !Array.isArray(data)) return { kind: 'records', records: data as ServiceRecord };
	return { kind: 'records', records: { id: sent.id, [sent.field]: sent.values, mode: sent.mode, ...(typeof body.message === 'string' ? { message: body.message } : {}) } };
}

/**
 * Sends one response update. Append sends `op: "append"`; Replace leaves `op` out, which the
 * service reads as "override". Replace gives the same result when repeated, so only it is retried.
 */
export async function sendResponseUpdate(
	ctx: IExecuteFunctions,
	api: ServiceApi,
	itemIndex: number,
	{ path, field, label, values }: { path: string; field: 'tags' | 'topics'; label: string; values: IDataObject[] | string[] },
): Promise<ItemResult> {
	const item = { node: ctx.getNode(), itemIndex };
	const id = requireText(ctx.getNodeParameter('feedbackId', itemIndex), at(item, 'Feedback ID'));
	const mode = oneOf(ctx.getNodeParameter('mode', itemIndex, 'append'), modes(field), at(item, 'Mode'));
	if (mode === 'append' && values.length === 0) throw fieldError(at(item, label), 'add at least one to append');
	const body = await api.request({
		method: 'POST',
		path,
		body: { id, [field]: values, ...(mode === 'append' ? { op: 'append' } : {}) },
		repeatable: mode === 'replace',
		itemIndex,
	});
	return responseUpdateResult(ctx, body, { id, field, values, mode });
}
