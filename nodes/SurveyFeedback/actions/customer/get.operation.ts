import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../../shared/inputs';
import { apiRequest } from '../../../shared/transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Customer ID',
		name: 'customerId',
		type: 'string',
		required: true,
		default: '',
		description: 'The ID of the customer',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['customer'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const customerId = requireText(this.getNodeParameter('customerId', itemIndex), {
		node: this.getNode(),
		itemIndex,
		field: 'Customer ID',
	});
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v2/customers/${encodeURIComponent(customerId)}`,
		operation: 'Customer: Get',
		itemIndex,
	});
	return (body.data as IDataObject) ?? body;
}
