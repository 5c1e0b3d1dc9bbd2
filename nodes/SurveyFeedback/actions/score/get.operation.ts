import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { at } from '../../../shared/errors';
import { oneOf } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { recordOf } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';

export const option: OperationOption = {
	name: 'Get',
	value: 'get',
	action: 'Get a score',
	description: 'Get the current score of a metric',
	toolDescription:
		"Get the account's current score for one metric (nps, csat, ces or star) over all its feedback. Returns one object: the score (for NPS from -100 to 100), the percentages of promoters, passives and detractors, their counts, and the total number of responses.",
};

const METRICS: INodePropertyOptions[] = [
	{ name: 'CES', value: 'ces', description: 'Customer Effort Score' },
	{ name: 'CSAT', value: 'csat', description: 'Customer Satisfaction' },
	{ name: 'NPS', value: 'nps', description: 'Net Promoter Score' },
	{ name: 'STAR', value: 'star', description: 'Star rating' },
];

export const properties: INodeProperties[] = [
	{
		displayName: 'Metric',
		name: 'metric',
		type: 'options',
		options: METRICS,
		default: 'nps',
		description: 'The metric whose overall score to get, over all feedback of the account',
	},
];

/** The score object: score, promoter/passive/detractor shares and counts, total responses. */
export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
	const metric = oneOf(this.getNodeParameter('metric', itemIndex), METRICS, at({ node: this.getNode(), itemIndex }, 'Metric'));
	return recordOf(await api.request({ method: 'GET', path: `/api/v2/${metric}/score`, itemIndex }));
}
