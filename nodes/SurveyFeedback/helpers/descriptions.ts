import type { INodeProperties } from 'n8n-workflow';

import { DATE_RANGE_OPTIONS, DATE_RANGE_ZONE_NOTE, PRESETS_WITHOUT_DATES } from '../../shared/dateRanges';
import { locator } from '../../shared/descriptions';
import { EXTRA_FIELD_CHOICES } from './bulk/extraFields';

/** Return All / Limit, n8n's convention for list operations. */
export const returnAllOrLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

export const templateLocator = () =>
	locator('template', 'Template', 'searchTemplates', { description: 'The survey template', placeholder: 'Template ID' });

export const trendGroupLocator = () =>
	locator('trendGroup', 'Trend Group', 'searchTrendGroups', {
		description: 'A trend group, or "default" for the group marked as default',
		placeholder: 'default',
	});

/**
 * Date Range, an operation's own field: a preset, or Custom with the Start and End Date fields
 * (shown only for Custom). Its default is Custom, which is also what a workflow saved before the
 * presets reads (n8n fills a missing parameter with its default), so those keep their two dates.
 */
export function dateRangeProperty(description: string): INodeProperties {
	return {
		displayName: 'Date Range',
		name: 'dateRange',
		type: 'options',
		options: DATE_RANGE_OPTIONS,
		default: 'custom',
		description: `${description}. ${DATE_RANGE_ZONE_NOTE}.`,
	};
}

/** A filters collection's Date Range; a preset hides the collection's Start and End Date. */
export const dateRangeFilter: INodeProperties = {
	displayName: 'Date Range',
	name: 'dateRange',
	type: 'options',
	options: DATE_RANGE_OPTIONS,
	default: 'last7Days',
	description: `Only records of these days; Custom takes the Start Date and End Date filters. ${DATE_RANGE_ZONE_NOTE}.`,
};

/** A collection's Start and End Date: hidden by a preset, shown when there is no Date Range or it is Custom. */
export const CUSTOM_DATES_ONLY = { hide: { dateRange: PRESETS_WITHOUT_DATES } };

/**
 * Date Range, Start Date and End Date for a filters collection; `rule` says how this endpoint
 * reads the dates. A preset hides the two dates; a collection without a Date Range (every
 * workflow saved before the presets) shows and sends them as before.
 */
export function dateRangeOptions(rule: string): INodeProperties[] {
	return [
		dateRangeFilter,
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			description: 'Only records from this moment on. ' + rule,
			displayOptions: CUSTOM_DATES_ONLY,
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			description: 'Only records up to this moment. ' + rule,
			displayOptions: CUSTOM_DATES_ONLY,
		},
	];
}

export const INSTANT_RULE =
	'Sent as an exact UTC instant; a date without a time covers that whole day. Dates without a zone are read in the workflow time zone.';

/** An email field that takes the input item's `email` by default, for bulk operations. */
export function emailField(description: string): INodeProperties {
	return {
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '={{ $json.email }}',
		required: true,
		description,
	};
}

/** Newest or oldest first by creation date, as the customer and response lists sort (`-` for descending). */
export const createdDateSort: INodeProperties = {
	displayName: 'Sort',
	name: 'sort',
	type: 'options',
	options: [
		{ name: 'Newest First', value: '-createdDate' },
		{ name: 'Oldest First', value: 'createdDate' },
	],
	default: '-createdDate',
};


export const DEFINE_BELOW = { show: { inputMode: ['mapFields'] } };

/**
 * How a bulk operation reads its items: fields set in the editor (usually expressions), or each
 * item's JSON read by name, with a notice of the fields read. The values stay those Feedback ›
 * Import always had. `extraFields` adds the choice of what becomes of the fields Map Automatically
 * does not read (`customProperties`: whether the row takes custom properties); without it, the
 * operation reads only the fields it needs and leaves the others alone.
 */
export function inputModeProperties(rowShape: string, extraFields?: { customProperties: boolean }): INodeProperties[] {
	const properties: INodeProperties[] = [
		{
			displayName: 'Input Mode',
			name: 'inputMode',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Define Below', value: 'mapFields', description: 'Set each field below, usually with an expression per field' },
				{
					name: 'Map Automatically',
					value: 'itemJson',
					description: "Read each input item's JSON by field name, with no expression per field: the fastest way for many items",
				},
			],
			default: 'mapFields',
			description: extraFields
				? 'Map Automatically takes each field by name, in any case and with or without spaces, _ or - (Email, First Name, first_name, firstName), and leaves out what the service sets on its own records, such as their ID and creation date, and the row_number of Google Sheets. What becomes of other fields is set below.'
				: 'Map Automatically reads only the fields named below, in any case and with or without spaces, _ or - (Email, email); the other fields of each item are left alone.',
		},
		{
			displayName: `Map Automatically reads ${rowShape}`,
			name: 'itemJsonNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { inputMode: ['itemJson'] } },
		},
	];
	if (!extraFields) return properties;
	const { error, ignoreIt, customProperties } = EXTRA_FIELD_CHOICES;
	properties.push({
		displayName: 'Handling Extra Fields in Input',
		name: 'handlingExtraData',
		type: 'options',
		noDataExpression: true,
		options: extraFields.customProperties ? [error, ignoreIt, customProperties] : [error, ignoreIt],
		default: 'error',
		description:
			'What to do with item fields this operation does not write. Customer data the operation has no field for (phone, country, state, city, job title, where it has none) is never refused: it is listed in ignoredFields, or sent as custom properties with Send as Custom Properties. A field named a letter or two off one it reads is refused whatever you choose, naming that field (frist_name, emial, tag; two letters off for names of 8 letters or more, fist_nme).',
		displayOptions: { show: { inputMode: ['itemJson'] } },
	});
	properties.push({
		displayName: 'Fields to Ignore',
		name: 'ignoreFields',
		type: 'string',
		default: '',
		placeholder: 'e.g. createdAt, updatedAt, archived',
		description:
			'Comma-separated names of item fields to keep out of the write, such as the IDs and dates a CRM adds to its records. Compared in any case and with or without spaces, _ or -. Each output item lists them in ignoredFields.',
		displayOptions: { show: { inputMode: ['itemJson'] } },
	});
	return properties;
}

/** A custom property entry's Type and Value, after its label, wherever the editor takes `{ label, value, type }`. */
export const propertyTypeAndValue: INodeProperties[] = [
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'Boolean', value: 'boolean' },
			{ name: 'Date', value: 'date' },
			{ name: 'Number', value: 'number' },
			{ name: 'Text', value: 'text' },
		],
		default: 'text',
	},
	{ displayName: 'Value', name: 'value', type: 'string', default: '' },
];
