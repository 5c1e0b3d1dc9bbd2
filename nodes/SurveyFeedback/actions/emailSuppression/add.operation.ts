import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { compact, requireEmail } from '../../../shared/inputs';
import { addSuppression, EMAIL_SUPPRESSION, noteField, readNote } from './suppressions';

const properties: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		default: '',
		description: 'The address to stop sending surveys to',
	},
	noteField,
	{
		displayName: 'Also Delete Customer',
		name: 'deleteCustomer',
		type: 'boolean',
		default: false,
		description:
			'Whether to also delete the customer with this email, with all their data (feedback, sent surveys). This cannot be undone.',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['emailSuppression'], operation: ['add'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const email = requireEmail(this.getNodeParameter('email', itemIndex), { node: this.getNode(), itemIndex, field: 'Email' });
	const deleteCustomer = this.getNodeParameter('deleteCustomer', itemIndex, false) as boolean;
	return addSuppression.call(
		this,
		itemIndex,
		EMAIL_SUPPRESSION,
		compact({ email, note: readNote.call(this, itemIndex), op: deleteCustomer ? 'delete' : undefined }),
	);
}
