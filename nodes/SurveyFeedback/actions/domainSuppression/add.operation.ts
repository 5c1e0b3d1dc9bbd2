import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { compact, requireText } from '../../../shared/inputs';
import { addSuppression, DOMAIN_SUPPRESSION, noteField, readNote } from '../emailSuppression/suppressions';

const CATEGORIES = ['other', 'corporate', 'disposable', 'invalid'];

const properties: INodeProperties[] = [
	{
		displayName: 'Pattern',
		name: 'pattern',
		type: 'string',
		placeholder: '*.example.com',
		required: true,
		default: '',
		description: 'The domain to stop sending surveys to. Wildcards are allowed: *.example.com covers example.com and all its subdomains.',
	},
	{
		displayName: 'Category',
		name: 'category',
		type: 'options',
		options: [
			{ name: 'Corporate', value: 'corporate' },
			{ name: 'Disposable', value: 'disposable', description: 'Throwaway mailbox providers' },
			{ name: 'Invalid', value: 'invalid' },
			{ name: 'Other', value: 'other' },
		],
		default: 'other',
		description: 'Why the domain is suppressed',
	},
	noteField,
];

export const description = updateDisplayOptions({ show: { resource: ['domainSuppression'], operation: ['add'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const node = this.getNode();
	const pattern = requireText(this.getNodeParameter('pattern', itemIndex), { node, itemIndex, field: 'Pattern' });
	const category = String(this.getNodeParameter('category', itemIndex, 'other')).trim();
	if (!CATEGORIES.includes(category)) {
		throw new NodeOperationError(node, `Category: "${category}" is not one of ${CATEGORIES.join(', ')} (item ${itemIndex})`, { itemIndex });
	}
	return addSuppression.call(this, itemIndex, DOMAIN_SUPPRESSION, compact({ pattern, category, note: readNote.call(this, itemIndex) }));
}
