import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['report'] } },
	options: [
		{
			name: 'Get',
			value: 'get',
			description: 'Get the report of one campaign, or of every campaign, for a range of days',
			action: 'Get a campaign report',
		},
	],
	default: 'get',
};

export const report: ResourceModule = {
	resource: { name: 'Report', value: 'report', description: 'Campaign reports: scores, question stats, daily trend, delivery' },
	description: [operation, ...get.description],
	operations: { get },
};
