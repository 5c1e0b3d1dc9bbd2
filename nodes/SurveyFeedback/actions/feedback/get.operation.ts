import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../../shared/inputs';
import { apiRequest } from '../../../shared/transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Feedback ID',
		name: 'feedbackId',
		type: 'string',
		required: true,
		default: '',
		description: 'The ID of the feedback response',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['feedback'], operation: ['get'] } }, properties);

/** One feedback response, the record itself. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const feedbackId = requireText(this.getNodeParameter('feedbackId', itemIndex), {
		node: this.getNode(),
		itemIndex,
		field: 'Feedback ID',
	});
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v2/feedback/${encodeURIComponent(feedbackId)}`,
		operation: 'Feedback: Get',
		itemIndex,
	});
	return (body.data as IDataObject) ?? body;
}
