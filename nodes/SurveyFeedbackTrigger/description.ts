import type { INodeProperties } from 'n8n-workflow';

import {
	attributeFilterProperties,
	authenticationProperty,
	campaignLocator,
	CHANNEL_OPTIONS,
	queryParameterNotice,
	SENT_BY_OPTIONS,
} from '../shared/descriptions';

const feedbackOrOutbox = { show: { event: ['newFeedback', 'newOutboxRecord'] } };
const feedbackOnly = { show: { event: ['newFeedback'] } };
const outboxOnly = { show: { event: ['newOutboxRecord'] } };

export const triggerProperties: INodeProperties[] = [
	authenticationProperty,
	queryParameterNotice,
	{
		displayName: 'Trigger On',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		required: true,
		options: [
			{
				name: 'New Customer',
				value: 'newCustomer',
				description: 'A customer (survey recipient) was added to the account',
			},
			{
				name: 'New Feedback',
				value: 'newFeedback',
				description: 'A survey response arrived',
			},
			{
				name: 'New Sent Survey',
				value: 'newOutboxRecord',
				description: 'A survey was sent or queued for a customer (a new outbox record)',
			},
		],
		default: 'newFeedback',
		description:
			'Which new records start the workflow, one execution item per record, oldest first. Changing it later makes the trigger start again from the newest record.',
	},
	{
		...campaignLocator({
			required: false,
			description: 'Only records of this campaign. Leave empty for every campaign.',
		}),
		displayOptions: feedbackOrOutbox,
	},
	{
		displayName: 'Score',
		name: 'score',
		type: 'options',
		options: [
			{ name: 'Any Score', value: 'any' },
			{
				name: 'Custom Range',
				value: 'custom',
				description: 'Scores from a minimum to a maximum, both included',
			},
			{ name: 'Detractors (0–6)', value: 'detractors', description: 'NPS scores 0 to 6' },
			{ name: 'Passives (7–8)', value: 'passives', description: 'NPS scores 7 and 8' },
			{ name: 'Promoters (9–10)', value: 'promoters', description: 'NPS scores 9 and 10' },
		],
		default: 'any',
		description:
			'Only feedback with a score in this range. The service cannot filter by score, so the trigger reads every new response and drops the others. The presets are NPS ranges; for CSAT (1–5), CES (1–7) or star ratings use Custom Range.',
		displayOptions: feedbackOnly,
	},
	{
		displayName: 'Minimum Score',
		name: 'minScore',
		type: 'number',
		default: 0,
		description: 'Lowest score that starts the workflow (included)',
		displayOptions: { show: { event: ['newFeedback'], score: ['custom'] } },
	},
	{
		displayName: 'Maximum Score',
		name: 'maxScore',
		type: 'number',
		default: 10,
		description: 'Highest score that starts the workflow (included)',
		displayOptions: { show: { event: ['newFeedback'], score: ['custom'] } },
	},
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		options: [{ name: 'Any Channel', value: '' }, ...CHANNEL_OPTIONS],
		default: '',
		description: 'Only surveys sent through this channel',
		displayOptions: outboxOnly,
	},
	{
		displayName: 'Sent By',
		name: 'sentBy',
		type: 'options',
		options: [{ name: 'Anyone', value: '' }, ...SENT_BY_OPTIONS],
		default: '',
		description: 'Only surveys sent this way',
		displayOptions: outboxOnly,
	},
	...attributeFilterProperties,
	{
		displayName: 'Simplify',
		name: 'simple',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		hint: 'Simplified records have the ten fields workflows use most, such as the ID, email, score, comment, campaign and dates',
		displayOptions: { show: { '@version': [2] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Start From',
				name: 'startFrom',
				type: 'dateTime',
				default: '',
				description:
					'Backfill: on its first poll the trigger emits every matching record from this moment on, instead of starting with the records that arrive after activation. A date without a time means the start of that day in the workflow time zone. Changing it later starts the trigger again from the new moment.',
			},
		],
	},
];
