import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { at } from '../../../shared/errors';
import { toStringList } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import type { ItemResult, OperationOption } from '../../operationModule';
import { responseUpdateProperties, sendResponseUpdate } from './responseUpdate';

export const option: OperationOption = {
	name: 'Set Tags',
	value: 'setTags',
	action: 'Set tags of a feedback response',
	description: 'Add tags to a response or replace its tags',
};

export const properties: INodeProperties[] = [
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

/** Adds tags to a response, or replaces its tags. */
export async function write(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<ItemResult> {
	const tags = toStringList(this.getNodeParameter('tags', itemIndex, ''), at({ node: this.getNode(), itemIndex }, 'Tags'));
	return sendResponseUpdate(this, api, itemIndex, { path: '/api/v2/response/tags', field: 'tags', label: 'Tags', values: tags });
}
