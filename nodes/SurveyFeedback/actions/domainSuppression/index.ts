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
	displayOptions: { show: { resource: ['domainSuppression'] } },
	options: [
		{ name: 'Add', value: 'add', description: 'Stop all surveys to a domain or domain pattern', action: 'Add a domain suppression' },
		{ name: 'Get Many', value: 'getMany', description: 'List the suppressed domain patterns', action: 'Get many domain suppressions' },
		{ name: 'Remove', value: 'remove', description: 'Remove a manually added domain suppression', action: 'Remove a domain suppression' },
	],
	default: 'getMany',
};

export const domainSuppression: ResourceModule = {
	resource: { name: 'Domain Suppression', value: 'domainSuppression', description: 'Domains (with wildcards) that never get surveys' },
	description: [operation, ...getMany.description, ...add.description, ...remove.description],
	operations: { getMany, add, remove },
};
