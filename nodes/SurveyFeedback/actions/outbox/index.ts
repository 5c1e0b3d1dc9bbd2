import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as deleteSurvey from './delete.operation';
import * as getMany from './getMany.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['outbox'] } },
	options: [
		{ name: 'Delete', value: 'delete', description: 'Delete sent surveys by ID or by email', action: 'Delete sent surveys' },
		{ name: 'Get Many', value: 'getMany', description: 'List sent surveys, filtered by email, campaign, channel, dates and properties', action: 'Get many sent surveys' },
	],
	default: 'getMany',
};

export const outbox: ResourceModule = {
	resource: { name: 'Outbox', value: 'outbox', description: 'Surveys sent to customers' },
	description: [operation, ...getMany.description, ...deleteSurvey.description],
	operations: { getMany, delete: deleteSurvey },
};
