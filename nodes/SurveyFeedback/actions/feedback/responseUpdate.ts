import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText } from '../../../shared/inputs';
import { apiRequest } from '../../../shared/transport';

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
			options: [
				{ name: 'Append', value: 'append', description: `Add these ${what} to the ones the response has` },
				{ name: 'Replace', value: 'replace', description: `Replace all ${what} of the response with these; an empty list removes them all` },
			],
			default: 'append',
		},
	];
}

/**
 * Sends one response update. Append sends `op: "append"`; Replace leaves `op` out, which the
 * service reads as "override". Replace gives the same result when repeated, so only it is retried.
 */
export async function sendResponseUpdate(
	this: IExecuteFunctions,
	itemIndex: number,
	{ path, field, label, values, operation }: { path: string; field: 'tags' | 'topics'; label: string; values: IDataObject[] | string[]; operation: string },
): Promise<IDataObject> {
	const node = this.getNode();
	const id = requireText(this.getNodeParameter('feedbackId', itemIndex), { node, itemIndex, field: 'Feedback ID' });
	const mode = this.getNodeParameter('mode', itemIndex, 'append') as string;
	if (mode !== 'append' && mode !== 'replace') {
		throw new NodeOperationError(node, `Mode: must be "append" or "replace", got ${JSON.stringify(mode)} (item ${itemIndex})`, { itemIndex });
	}
	if (mode === 'append' && values.length === 0) {
		throw new NodeOperationError(node, `${label}: add at least one to append (item ${itemIndex})`, { itemIndex });
	}
	const body = await apiRequest.call(this, {
		method: 'POST',
		path,
		body: { id, [field]: values, ...(mode === 'append' ? { op: 'append' } : {}) },
		operation,
		repeatable: mode === 'replace',
		itemIndex,
	});
	const data = body.data;
	if (data && typeof data === 'object' && !Array.isArray(data)) return data as IDataObject;
	return { id, [field]: values, mode, message: body.message ?? 'done' };
}
