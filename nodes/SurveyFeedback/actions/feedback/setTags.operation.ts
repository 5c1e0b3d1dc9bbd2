import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toStringList } from '../../../shared/inputs';
import { responseUpdateProperties, sendResponseUpdate } from './responseUpdate';

const properties: INodeProperties[] = [
	...responseUpdateProperties('tags'),
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		default: '',
		placeholder: 'e.g. pricing, onboarding',
		description: 'Feedback tags, comma-separated or a list from an expression',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['feedback'], operation: ['setTags'] } }, properties);

/** Adds tags to a response, or replaces its tags; returns the updated response. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const tags = toStringList(this.getNodeParameter('tags', itemIndex, ''), { node: this.getNode(), itemIndex, field: 'Tags' });
	return sendResponseUpdate.call(this, itemIndex, {
		path: '/api/v2/response/tags',
		field: 'tags',
		label: 'Tags',
		values: tags,
		operation: 'Feedback: Set Tags',
	});
}
