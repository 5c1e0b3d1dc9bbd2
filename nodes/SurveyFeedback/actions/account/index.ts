import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as getStatus from './getStatus.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['account'] } },
	options: [
		{
			name: 'Get Status',
			value: 'getStatus',
			description: 'Get the plan, the survey credits left and the usage counters of the account',
			action: 'Get account status',
		},
	],
	default: 'getStatus',
};

export const account: ResourceModule = {
	resource: { name: 'Account', value: 'account', description: 'The account behind the API key' },
	description: [operation, ...getStatus.description],
	operations: { getStatus },
};
