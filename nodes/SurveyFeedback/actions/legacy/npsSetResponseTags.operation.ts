import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, toStringList } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { recordOf } from '../../helpers/lists/readRecords';
import { ownRequestResult } from '../../helpers/output/ownRequest';
import { isVersion3OrLater } from '../../helpers/versions';
import type { ItemResult, OperationOption } from '../../operationModule';
import { replacedBy } from './common';

export const option: OperationOption = {
	name: 'Deprecated: Set Response Tags',
	value: 'npsSetResponseTags',
	action: 'Set response tags via deprecated endpoint',
	description: 'Deprecated v2 endpoint; replaced by Feedback › Set Tags',
};

export const properties: INodeProperties[] = [
	replacedBy('npsSetResponseTags', 'Deprecated endpoint. Use Feedback › Set Tags instead.'),
	{
		displayName: 'Response ID',
		name: 'responseId',
		type: 'string',
		required: true,
		default: '',
		description: 'The ID of the feedback response',
	},
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		default: '',
		placeholder: 'e.g. pricing, support',
		description: 'Tag names, comma-separated or a list from an expression',
	},
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		options: [
			{ name: 'Append', value: 'append', description: 'Add the tags and keep the ones the response has' },
			{ name: 'Replace', value: 'replace', description: 'The response keeps only these tags; no tags removes them all' },
		],
		default: 'append',
	},
];

/**
 * Sets the tags of one response. Versions 1 and 2 return the service's answer (the response it
 * sends back); from version 3 the item is the response's ID and the status, with the response.
 */
export async function write(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<ItemResult> {
	const node = this.getNode();
	const id = requireText(this.getNodeParameter('responseId', itemIndex), { node, itemIndex, field: 'Response ID' });
	const tags = toStringList(this.getNodeParameter('tags', itemIndex, ''), { node, itemIndex, field: 'Tags' });
	const append = this.getNodeParameter('mode', itemIndex, 'append') === 'append';
	const body = await api.request({
		method: 'POST',
		path: '/api/v2/nps/customers/response/tags',
		// The service overrides the tags when op is empty, and adds them with op=append.
		body: append ? { id, tags, op: 'append' } : { id, tags },
		// Replacing is safe to repeat; appending twice might not be.
		repeatable: !append,
		itemIndex,
	});
	return isVersion3OrLater(this) ? ownRequestResult(body, { feedbackId: id }, { record: 'feedback' }) : { kind: 'records', records: recordOf(body) };
}
