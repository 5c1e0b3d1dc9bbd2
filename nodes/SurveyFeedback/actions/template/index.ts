import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['template'] } },
	options: [
		{ name: 'Get', value: 'get', description: 'Get a survey template with its questions', action: 'Get a template' },
		{ name: 'Get Many', value: 'getMany', description: 'List every survey template of the account', action: 'Get many templates' },
	],
	default: 'getMany',
};

export const template: ResourceModule = {
	resource: { name: 'Template', value: 'template', description: 'Survey templates and their questions' },
	description: [operation, ...getMany.description, ...get.description],
	operations: { getMany, get },
};
