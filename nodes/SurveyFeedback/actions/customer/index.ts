import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as deleteCustomer from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as resubscribe from './resubscribe.operation';
import * as syncAttributes from './syncAttributes.operation';
import * as unsubscribe from './unsubscribe.operation';
import * as upsert from './upsert.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['customer'] } },
	options: [
		{ name: 'Create or Update', value: 'upsert', description: 'Create a new record, or update the current one if it already exists (upsert)', action: 'Create or update customers' },
		{ name: 'Delete', value: 'delete', description: 'Delete customers and all their data', action: 'Delete customers' },
		{ name: 'Get', value: 'get', description: 'Get a customer by ID', action: 'Get a customer' },
		{ name: 'Get Many', value: 'getMany', description: 'List customers, filtered by email, dates and properties', action: 'Get many customers' },
		{ name: 'Resubscribe', value: 'resubscribe', description: 'Subscribe customers again after an opt-out by the account', action: 'Resubscribe customers' },
		{ name: 'Sync Attributes', value: 'syncAttributes', description: 'Copy current customer data onto their feedback and outbox records', action: 'Sync customer attributes' },
		{ name: 'Unsubscribe', value: 'unsubscribe', description: 'Stop sending surveys to customers', action: 'Unsubscribe customers' },
	],
	default: 'getMany',
};

export const customer: ResourceModule = {
	resource: { name: 'Customer', value: 'customer', description: 'Survey recipients, also called subscribers' },
	description: [
		operation,
		...getMany.description,
		...get.description,
		...upsert.description,
		...deleteCustomer.description,
		...unsubscribe.description,
		...resubscribe.description,
		...syncAttributes.description,
	],
	operations: { getMany, get, upsert, delete: deleteCustomer, unsubscribe, resubscribe, syncAttributes },
};
