import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as getMany from './getMany.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['campaign'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List every campaign with its metric, channel, template and status',
			action: 'Get many campaigns',
		},
	],
	default: 'getMany',
};

export const campaign: ResourceModule = {
	resource: { name: 'Campaign', value: 'campaign', description: 'Campaigns that send surveys' },
	description: [operation, ...getMany.description],
	operations: { getMany },
};
