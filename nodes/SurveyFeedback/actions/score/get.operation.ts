import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';

const METRICS = ['nps', 'csat', 'ces', 'star'];

const properties: INodeProperties[] = [
	{
		displayName: 'Metric',
		name: 'metric',
		type: 'options',
		options: [
			{ name: 'CES', value: 'ces', description: 'Customer Effort Score' },
			{ name: 'CSAT', value: 'csat', description: 'Customer Satisfaction' },
			{ name: 'NPS', value: 'nps', description: 'Net Promoter Score' },
			{ name: 'STAR', value: 'star', description: 'Star rating' },
		],
		default: 'nps',
		description: 'The metric whose overall score to get, over all feedback of the account',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['score'], operation: ['get'] } }, properties);

/** The score object: score, promoter/passive/detractor shares and counts, total responses. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const metric = String(this.getNodeParameter('metric', itemIndex)).trim().toLowerCase();
	if (!METRICS.includes(metric)) {
		throw new NodeOperationError(this.getNode(), `Metric: "${metric}" is not one of nps, csat, ces, star (item ${itemIndex})`, { itemIndex });
	}
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v2/${metric}/score`,
		operation: 'Score: Get',
		itemIndex,
	});
	return (body.data as IDataObject) ?? body;
}
