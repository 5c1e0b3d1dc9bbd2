import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { at } from '../../../shared/errors';
import { compact, oneOf, requireText } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { addSuppression, noteField, readNote } from '../../helpers/operations/suppressions';
import type { ItemResult, OperationOption } from '../../operationModule';

export const option: OperationOption = {
	name: 'Add',
	value: 'add',
	action: 'Add a domain suppression',
	description: 'Stop all surveys to a domain or domain pattern',
};

const CATEGORIES: INodePropertyOptions[] = [
	{ name: 'Corporate', value: 'corporate' },
	{ name: 'Disposable', value: 'disposable', description: 'Throwaway mailbox providers' },
	{ name: 'Invalid', value: 'invalid' },
	{ name: 'Other', value: 'other' },
];

export const properties: INodeProperties[] = [
	{
		displayName: 'Pattern',
		name: 'pattern',
		type: 'string',
		placeholder: 'e.g. *.example.com',
		required: true,
		default: '',
		description: 'The domain to stop sending surveys to. Wildcards are allowed: *.example.com covers example.com and all its subdomains.',
	},
	{
		displayName: 'Category',
		name: 'category',
		type: 'options',
		options: CATEGORIES,
		default: 'other',
		description: 'Why the domain is suppressed',
	},
	noteField,
];

export async function write(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<ItemResult> {
	const item = { node: this.getNode(), itemIndex };
	const pattern = requireText(this.getNodeParameter('pattern', itemIndex), at(item, 'Pattern'));
	const category = oneOf(this.getNodeParameter('category', itemIndex, 'other'), CATEGORIES, at(item, 'Category'));
	return addSuppression(this, api, itemIndex, 'domains', compact({ pattern, category, note: readNote(this, itemIndex) }), { pattern });
}
