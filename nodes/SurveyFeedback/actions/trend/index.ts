import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['trend'] } },
	options: [
		{
			name: 'Get',
			value: 'get',
			description: 'Get the trend of a group: current vs baseline scores, deltas and trend line',
			action: 'Get a trend',
		},
		{ name: 'Get Many', value: 'getMany', description: 'List the trend groups', action: 'Get many trend groups' },
	],
	default: 'get',
};

export const trend: ResourceModule = {
	resource: { name: 'Trend', value: 'trend', description: 'Score trends of trend groups over a period' },
	description: [operation, ...getMany.description, ...get.description],
	operations: { getMany, get },
};
