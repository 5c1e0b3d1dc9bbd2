import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as add from './add.operation';
import * as getMany from './getMany.operation';
import * as remove from './remove.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['emailSuppression'] } },
	options: [
		{ name: 'Add', value: 'add', description: 'Stop all surveys to an email address', action: 'Add an email suppression' },
		{ name: 'Get Many', value: 'getMany', description: 'List the suppressed email addresses', action: 'Get many email suppressions' },
		{ name: 'Remove', value: 'remove', description: 'Remove a manually added email suppression', action: 'Remove an email suppression' },
	],
	default: 'getMany',
};

export const emailSuppression: ResourceModule = {
	resource: { name: 'Email Suppression', value: 'emailSuppression', description: 'Email addresses that never get surveys' },
	description: [operation, ...getMany.description, ...add.description, ...remove.description],
	operations: { getMany, add, remove },
};
