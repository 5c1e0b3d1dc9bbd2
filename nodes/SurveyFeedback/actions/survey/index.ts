import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as send from './send.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['survey'] } },
	options: [
		{
			name: 'Send',
			value: 'send',
			description: 'Send a campaign’s survey to customers by email or in-app',
			action: 'Send a survey',
		},
	],
	default: 'send',
};

export const survey: ResourceModule = {
	resource: { name: 'Survey', value: 'survey', description: 'Transactional surveys sent to customers' },
	description: [operation, ...send.description],
	operations: { send },
};
