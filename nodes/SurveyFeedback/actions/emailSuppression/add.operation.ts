import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { at } from '../../../shared/errors';
import { compact, requireEmail } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { addSuppression, noteField, readNote } from '../../helpers/operations/suppressions';
import type { ItemResult, OperationOption } from '../../operationModule';

export const option: OperationOption = {
	name: 'Add',
	value: 'add',
	action: 'Add an email suppression',
	description: 'Stop all surveys to an email address',
};

export const properties: INodeProperties[] = [
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

export async function write(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<ItemResult> {
	const email = requireEmail(this.getNodeParameter('email', itemIndex), at({ node: this.getNode(), itemIndex }, 'Email'));
	const deleteCustomer = this.getNodeParameter('deleteCustomer', itemIndex, false) as boolean;
	return addSuppression(this, api, itemIndex, 'emails', compact({ email, note: readNote(this, itemIndex), op: deleteCustomer ? 'delete' : undefined }), { email });
}
