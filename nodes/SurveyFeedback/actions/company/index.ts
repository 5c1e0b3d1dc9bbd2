import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['company'] } },
	options: [
		{ name: 'Get', value: 'get', description: 'Get a company by ID or domain', action: 'Get a company' },
		{ name: 'Get Many', value: 'getMany', description: 'List companies with their scores and customer counts', action: 'Get many companies' },
	],
	default: 'getMany',
};

export const company: ResourceModule = {
	resource: { name: 'Company', value: 'company', description: 'Companies the customers belong to' },
	description: [operation, ...getMany.description, ...get.description],
	operations: { getMany, get },
};
