import type { INodeCredentialDescription, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { AUTHENTICATION_METHODS } from '../../credentials/authentication';

/** The three credential types, each shown for its value of `authentication`. */
export const credentials: INodeCredentialDescription[] = Object.entries(AUTHENTICATION_METHODS).map(
	([method, name]) => ({ name, required: true, displayOptions: { show: { authentication: [method] } } }),
);

export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{
			name: 'API Key Header (Recommended)',
			value: 'apiKeyHeader',
			description: 'Sends the key as X-Api-Key',
		},
		{
			name: 'Legacy Authorization Header',
			value: 'legacyHeader',
			description: 'Sends the key as Authorization: api_key=…',
		},
		{
			name: 'Query Parameter',
			value: 'queryParameter',
			description: 'Sends the key as ?api_key=…; URLs with keys end up in logs and caches',
		},
	],
	default: 'apiKeyHeader',
};

export const queryParameterNotice: INodeProperties = {
	displayName:
		'The key travels in the URL with this method, where server logs, proxies and browser history can keep it. Use the API Key Header unless your setup cannot send headers.',
	name: 'queryParameterNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { authentication: ['queryParameter'] } },
};

/** A list of customer-property filters, combined with all (AND) or any (OR). */
export const attributeFilterProperties: INodeProperties[] = [
	{
		displayName: 'Attribute Filters',
		name: 'attributeFilters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Attribute Filter',
		default: {},
		description: 'Filter by customer properties such as country, plan or group',
		options: [
			{
				displayName: 'Filter',
				name: 'filter',
				values: [
					{
						displayName: 'Property Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. country',
					},
					{
						displayName: 'Operator',
						name: 'op',
						type: 'options',
						options: [
							{ name: 'Contains', value: 'contains' },
							{ name: 'Equal', value: 'equal' },
							{ name: 'Exists', value: 'exists' },
							{ name: 'In', value: 'in', description: 'Value is one of a comma-separated list' },
							{ name: 'Not Equal', value: 'not_equal' },
						],
						default: 'equal',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: 'For In, a comma-separated list. Ignored by Exists.',
					},
				],
			},
		],
	},
	{
		displayName: 'Match',
		name: 'match',
		type: 'options',
		options: [
			{ name: 'All Filters (AND)', value: 'all' },
			{ name: 'Any Filter (OR)', value: 'any' },
		],
		default: 'all',
		description: 'How several attribute filters combine',
	},
];

export function locator(
	name: string,
	displayName: string,
	searchListMethod: string,
	{ required = true, description = '', placeholder = 'ID' } = {},
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder },
		],
	};
}

export const campaignLocator = (options: { required?: boolean; description?: string; searchListMethod?: string } = {}) =>
	locator('campaign', 'Campaign', options.searchListMethod ?? 'searchCampaigns', {
		required: options.required ?? true,
		description: options.description ?? 'The campaign',
		placeholder: 'Campaign ID',
	});

/** The spec's channels of a sent survey. */
export const CHANNEL_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Email', value: 'email' },
	{ name: 'Embed', value: 'embed' },
	{ name: 'In-App', value: 'inapp' },
	{ name: 'Intercom', value: 'intercom' },
	{ name: 'Link', value: 'link' },
];

/** The spec's ways a survey was sent. */
export const SENT_BY_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Campaign', value: 'campaign', description: 'Sent by the campaign schedule' },
	{ name: 'Imported', value: 'imported' },
	{ name: 'Manual', value: 'manual', description: 'Sent by hand or through the API' },
	{ name: 'Reminder', value: 'reminder' },
	{ name: 'Test', value: 'test' },
];
