import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as npsGetCampaigns from './npsGetCampaigns.operation';
import * as npsGetResponses from './npsGetResponses.operation';
import * as npsGetTemplates from './npsGetTemplates.operation';
import * as npsSetResponseTags from './npsSetResponseTags.operation';
import * as v1CreateSubscribers from './v1CreateSubscribers.operation';
import * as v1GetLatestResponses from './v1GetLatestResponses.operation';
import * as v1GetScore from './v1GetScore.operation';
import * as v1GetSubscribers from './v1GetSubscribers.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['legacy'] } },
	options: [
		{
			name: 'Deprecated: Get Campaigns',
			value: 'npsGetCampaigns',
			description: 'Deprecated v2 endpoint; replaced by Campaign › Get Many',
			action: 'Get campaigns via deprecated endpoint',
		},
		{
			name: 'Deprecated: Get Responses',
			value: 'npsGetResponses',
			description: 'Deprecated v2 endpoint; replaced by Feedback › Get Many',
			action: 'Get responses via deprecated endpoint',
		},
		{
			name: 'Deprecated: Get Templates',
			value: 'npsGetTemplates',
			description: 'Deprecated v2 endpoint; replaced by Template › Get Many',
			action: 'Get templates via deprecated endpoint',
		},
		{
			name: 'Deprecated: Set Response Tags',
			value: 'npsSetResponseTags',
			description: 'Deprecated v2 endpoint; replaced by Feedback › Set Tags',
			action: 'Set response tags via deprecated endpoint',
		},
		{
			name: 'V1: Create Subscribers',
			value: 'v1CreateSubscribers',
			description: 'Legacy v1 API; replaced by Customer › Create or Update',
			action: 'Create subscribers via legacy v1',
		},
		{
			name: 'V1: Get Latest Responses',
			value: 'v1GetLatestResponses',
			description: 'Legacy v1 API; replaced by Feedback › Get Many',
			action: 'Get latest responses via legacy v1',
		},
		{
			name: 'V1: Get Score',
			value: 'v1GetScore',
			description: 'Legacy v1 API; replaced by Score › Get',
			action: 'Get the score via legacy v1',
		},
		{
			name: 'V1: Get Subscribers',
			value: 'v1GetSubscribers',
			description: 'Legacy v1 API; replaced by Customer › Get Many',
			action: 'Get subscribers via legacy v1',
		},
	],
	default: 'v1GetSubscribers',
};

export const legacy: ResourceModule = {
	resource: {
		name: 'Legacy',
		value: 'legacy',
		description: 'The legacy v1 API and deprecated v2 endpoints, for workflows that still depend on them',
	},
	description: [
		operation,
		...v1GetSubscribers.description,
		...v1CreateSubscribers.description,
		...v1GetScore.description,
		...v1GetLatestResponses.description,
		...npsGetResponses.description,
		...npsGetTemplates.description,
		...npsGetCampaigns.description,
		...npsSetResponseTags.description,
	],
	operations: {
		v1GetSubscribers,
		v1CreateSubscribers,
		v1GetScore,
		v1GetLatestResponses,
		npsGetResponses,
		npsGetTemplates,
		npsGetCampaigns,
		npsSetResponseTags,
	},
};
