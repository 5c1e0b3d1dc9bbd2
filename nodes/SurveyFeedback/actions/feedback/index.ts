import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as deleteFeedback from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as importFeedback from './import.operation';
import * as setTags from './setTags.operation';
import * as setTopics from './setTopics.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['feedback'] } },
	options: [
		{ name: 'Delete', value: 'delete', description: 'Delete feedback responses by ID or by email', action: 'Delete feedback' },
		{ name: 'Get', value: 'get', description: 'Get a feedback response by ID', action: 'Get a feedback response' },
		{ name: 'Get Many', value: 'getMany', description: 'List feedback responses, filtered by customer, campaign, dates and properties', action: 'Get many feedback responses' },
		{ name: 'Import', value: 'import', description: 'Import feedback collected elsewhere into a campaign', action: 'Import feedback' },
		{ name: 'Set Tags', value: 'setTags', description: 'Add tags to a response or replace its tags', action: 'Set tags of a feedback response' },
		{ name: 'Set Topics', value: 'setTopics', description: 'Add topics to a response or replace its topics', action: 'Set topics of a feedback response' },
	],
	default: 'getMany',
};

export const feedback: ResourceModule = {
	resource: { name: 'Feedback', value: 'feedback', description: 'Survey responses: scores, comments, tags and topics' },
	description: [
		operation,
		...getMany.description,
		...get.description,
		...importFeedback.description,
		...deleteFeedback.description,
		...setTags.description,
		...setTopics.description,
	],
	operations: { getMany, get, import: importFeedback, delete: deleteFeedback, setTags, setTopics },
};
