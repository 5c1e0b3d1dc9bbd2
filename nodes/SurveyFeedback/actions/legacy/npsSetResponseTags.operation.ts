import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText, toStringList } from '../../../shared/inputs';
import { apiRequest } from '../../../shared/transport';
import { replacedBy } from './common';

const properties: INodeProperties[] = [
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
		placeholder: 'pricing, support',
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

export const description = updateDisplayOptions({ show: { resource: ['legacy'], operation: ['npsSetResponseTags'] } }, properties);

/** Sets the tags of one response and returns the response the service sends back. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const node = this.getNode();
	const id = requireText(this.getNodeParameter('responseId', itemIndex), { node, itemIndex, field: 'Response ID' });
	const tags = toStringList(this.getNodeParameter('tags', itemIndex, ''), { node, itemIndex, field: 'Tags' });
	const append = this.getNodeParameter('mode', itemIndex, 'append') === 'append';
	const body = await apiRequest.call(this, {
		method: 'POST',
		path: '/api/v2/nps/customers/response/tags',
		// The service overrides the tags when op is empty, and adds them with op=append.
		body: append ? { id, tags, op: 'append' } : { id, tags },
		operation: 'Legacy: Deprecated Set Response Tags',
		// Replacing is safe to repeat; appending twice might not be.
		repeatable: !append,
		itemIndex,
	});
	return (body.data as IDataObject) ?? body;
}
