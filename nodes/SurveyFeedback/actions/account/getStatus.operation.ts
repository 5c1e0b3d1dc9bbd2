import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { recordOf } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../../operationModule';

export const option: OperationOption = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get account status',
	description: 'Get the plan, the survey credits left and the usage counters of the account',
	toolDescription:
		"Get the account's plan, its survey credits left for the period and its usage counters. Takes no parameters.",
};

export const properties: INodeProperties[] = [];

/** The account snapshot: identity, plan, survey credits left, usage counters. */
export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
	return recordOf(await api.request({ method: 'GET', path: '/api/v2/ping', itemIndex }));
}
