import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact, requireEmail, toStringList } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { returnAllOrLimit } from '../../helpers/descriptions';
import { readSort, withSortCollection } from '../../helpers/lists/sort';
import type { OperationOption } from '../../operationModule';
import { replacedBy, v1List } from './common';

export const option: OperationOption = {
	name: 'V1: Get Latest Responses',
	value: 'v1GetLatestResponses',
	action: 'Get latest responses via legacy v1',
	description: 'Legacy v1 API; replaced by Feedback › Get Many',
};

export const properties: INodeProperties[] = withSortCollection([
	replacedBy(
		'v1GetLatestResponses',
		'Legacy v1 API: the latest NPS response of each customer. Use Feedback › Get Many instead: it has every response, with filters.',
	),
	...returnAllOrLimit,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Emails',
				name: 'emails',
				type: 'string',
				default: '',
				placeholder: 'name@email.com, other@email.com',
				description: 'Only the responses of these customers: comma-separated, or a list from an expression',
			},
			{
				displayName: 'Sort',
				name: 'sort',
				type: 'options',
				options: [
					{ name: 'Newest First', value: 'DESC' },
					{ name: 'Oldest First', value: 'ASC' },
				],
				default: 'DESC',
			},
		],
	},
], 'options');

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const at = { node: this.getNode(), itemIndex, field: 'Options › Emails' };
	// A list, which the transport sends as email[0]=…&email[1]=…
	const email = toStringList(options.emails, at).map((entry) => requireEmail(entry, at));
	return v1List(this, api, itemIndex, {
		path: '/api/service/nps/customers/response',
		qs: compact({ sort: readSort(this, itemIndex, { name: 'options', label: 'Options' }) || 'DESC', email }),
	});
}
