import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../../shared/inputs';
import { apiRequest } from '../../../shared/transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Company ID or Domain',
		name: 'companyId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'example.com',
		description: 'The ID of the company, or its domain name (for example example.com)',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['company'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const key = requireText(this.getNodeParameter('companyId', itemIndex), {
		node: this.getNode(),
		itemIndex,
		field: 'Company ID or Domain',
	});
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v2/companies/${encodeURIComponent(key)}`,
		operation: 'Company: Get',
		itemIndex,
	});
	return (body.data as IDataObject) ?? body;
}
