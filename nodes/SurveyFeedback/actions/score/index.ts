import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['score'] } },
	options: [{ name: 'Get', value: 'get', description: 'Get the current score of a metric', action: 'Get a score' }],
	default: 'get',
};

export const score: ResourceModule = {
	resource: { name: 'Score', value: 'score', description: 'The account’s NPS, CSAT, CES or star score' },
	description: [operation, ...get.description],
	operations: { get },
};
