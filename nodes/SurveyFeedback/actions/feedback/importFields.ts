import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ColumnSet } from '../../helpers/bulk/columnMapper';
import { itemParameter } from '../../helpers/bulk/itemParameter';
import { customPropertiesField } from '../../helpers/customers/customerFields';
import { emailField } from '../../helpers/descriptions';
import { QUESTION_TYPE_OPTIONS, RATING_METRIC_OPTIONS } from './importedResponse';
import { topicsProperty } from './topics';

const ISO_RULE = 'Sent as an ISO 8601 instant in UTC (the service takes no UNIX timestamps); dates without a zone are read in the workflow time zone';

/** The editor fields of Map Fields mode. Their names are camelCase; `fromEditor` maps them to the service's. */
export const mappedFeedbackProperties: INodeProperties[] = [
	emailField('Email of the respondent. Items are sent 200 per request, grouped by campaign and import options.'),
	{
		displayName: 'Score',
		name: 'score',
		// Text, so that it can default to each item's own score like Email: a number field would
		// default to 0 and import 0 for every item left unmapped.
		type: 'string',
		required: true,
		default: '={{ $json.score }}',
		placeholder: 'e.g. 9',
		description: "Whole-number score on the campaign's metric scale (0-10 for NPS, 1-5 for CSAT); the service fails items out of range",
	},
	{
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		description: "Answer to the template's main question. Don't also answer the main question under 'Additional Questions': the service fails such an item as ambiguous.",
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'City', name: 'city', type: 'string', default: '' },
			{ displayName: 'Company', name: 'company', type: 'string', default: '', description: 'Company name of the respondent' },
			{ displayName: 'Country', name: 'country', type: 'string', default: '' },
			{
				displayName: 'Customer Tags',
				name: 'customerTags',
				type: 'string',
				default: '',
				description: 'Tags of the customer (not of the feedback), comma-separated or a list from an expression',
			},
			{ displayName: 'First Name', name: 'firstName', type: 'string', default: '' },
			{ displayName: 'Job Title', name: 'jobTitle', type: 'string', default: '' },
			{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '' },
			{ displayName: 'Open Date', name: 'openDate', type: 'dateTime', default: '', description: `When the survey was opened. ${ISO_RULE}.` },
			{ displayName: 'Phone', name: 'phone', type: 'string', default: '' },
			{
				displayName: 'Response Date',
				name: 'responseDate',
				type: 'dateTime',
				default: '',
				description: `When the feedback was given: the day it counts for in scores and trends (the import day when empty). ${ISO_RULE}.`,
			},
			{ displayName: 'Send Date', name: 'sendDate', type: 'dateTime', default: '', description: `When the survey was sent. ${ISO_RULE}.` },
			{ displayName: 'State', name: 'state', type: 'string', default: '' },
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				description: 'Tags of the feedback, comma-separated or a list from an expression',
			},
		],
	},
	topicsProperty('Topics of the feedback; each needs a name and a sentiment'),
	{
		displayName: 'Additional Questions',
		name: 'additionalQuestions',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Answer',
		default: {},
		description: "Answers to other questions of the campaign's template",
		options: [
			{
				displayName: 'Answer',
				name: 'question',
				values: [
					{
						displayName: 'Answer',
						name: 'answer',
						type: 'string',
						default: '',
						description:
							'A number for Rating; text for Open Ended; for Multiple Options the chosen option UUIDs (preferred) or texts, comma-separated or a list from an expression',
					},
					{
						displayName: 'Metric',
						name: 'metric',
						type: 'options',
						options: RATING_METRIC_OPTIONS,
						default: 'nps',
						description: 'The scale of a Rating answer',
						displayOptions: { show: { type: ['RATING'] } },
					},
					{
						// The questions of the campaign's template; a UUID typed in or set by expression still works.
						displayName: 'Question Name or ID',
						name: 'uuid',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getTemplateQuestions', loadOptionsDependsOn: ['campaign.value'] },
						default: '',
						description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
						hint: 'The other questions of the campaign’s template (Comment answers its main question); by expression, the question’s UUID',
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: QUESTION_TYPE_OPTIONS,
						default: 'RATING',
					},
				],
			},
		],
	},
	customPropertiesField,
];

/** Reads each item's response from the editor's fields, in the import's shape (the row schema validates it). Made once per run. */
export function feedbackFromEditor(ctx: IExecuteFunctions): (itemIndex: number) => IDataObject {
	const email = itemParameter(ctx, 'email', '');
	const score = itemParameter(ctx, 'score', '');
	const comment = itemParameter(ctx, 'comment', '');
	const additionalFields = itemParameter<IDataObject>(ctx, 'additionalFields', {});
	const topics = itemParameter<{ topic?: IDataObject[] }>(ctx, 'topics', {});
	const additionalQuestions = itemParameter<{ question?: IDataObject[] }>(ctx, 'additionalQuestions', {});
	const customProperties = itemParameter<{ property?: IDataObject[] }>(ctx, 'customProperties', {});
	return (itemIndex) => {
		const fields = additionalFields(itemIndex);
		return {
			email: email(itemIndex),
			score: score(itemIndex),
			comment: comment(itemIndex),
			first_name: fields.firstName,
			last_name: fields.lastName,
			company: fields.company,
			job_title: fields.jobTitle,
			phone: fields.phone,
			country: fields.country,
			state: fields.state,
			city: fields.city,
			tags: fields.tags,
			customer_tags: fields.customerTags,
			response_date: fields.responseDate,
			send_date: fields.sendDate,
			open_date: fields.openDate,
			topics: topics(itemIndex).topic,
			properties: customProperties(itemIndex).property,
			additional_questions: additionalQuestions(itemIndex).question?.map((question) => ({
				...question,
				// The editor keeps a metric for every answer; only a Rating has one.
				metric: question.type === 'RATING' ? question.metric : undefined,
			})),
		};
	};
}

/** Editor labels of the service's fields, for errors in Define Below mode. */
export const FEEDBACK_FIELD_LABELS: Record<string, string> = {
	email: 'Email',
	score: 'Score',
	comment: 'Comment',
	first_name: 'Additional Fields › First Name',
	last_name: 'Additional Fields › Last Name',
	company: 'Additional Fields › Company',
	job_title: 'Additional Fields › Job Title',
	phone: 'Additional Fields › Phone',
	country: 'Additional Fields › Country',
	state: 'Additional Fields › State',
	city: 'Additional Fields › City',
	tags: 'Additional Fields › Tags',
	customer_tags: 'Additional Fields › Customer Tags',
	response_date: 'Additional Fields › Response Date',
	send_date: 'Additional Fields › Send Date',
	open_date: 'Additional Fields › Open Date',
	topics: 'Topics',
	properties: 'Custom Properties',
	additional_questions: 'Additional Questions',
};


/**
 * Feedback › Import's columns on version 3: a response's fields by the service's names (tags as
 * text, comma-separated or a list; topics and answers as JSON lists), and the account's custom
 * properties.
 */
export const feedbackColumns: ColumnSet = {
	method: 'feedbackColumns',
	takesProperties: true,
	columns: [
		{ id: 'email', displayName: 'Email', type: 'string', required: true },
		{ id: 'score', displayName: 'Score', type: 'number', required: true },
		{ id: 'comment', displayName: 'Comment', type: 'string' },
		{ id: 'first_name', displayName: 'First Name', type: 'string' },
		{ id: 'last_name', displayName: 'Last Name', type: 'string' },
		{ id: 'company', displayName: 'Company', type: 'string' },
		{ id: 'job_title', displayName: 'Job Title', type: 'string' },
		{ id: 'phone', displayName: 'Phone', type: 'string' },
		{ id: 'country', displayName: 'Country', type: 'string' },
		{ id: 'state', displayName: 'State', type: 'string' },
		{ id: 'city', displayName: 'City', type: 'string' },
		{ id: 'tags', displayName: 'Tags', type: 'string' },
		{ id: 'customer_tags', displayName: 'Customer Tags', type: 'string' },
		{ id: 'response_date', displayName: 'Response Date', type: 'dateTime' },
		{ id: 'send_date', displayName: 'Send Date', type: 'dateTime' },
		{ id: 'open_date', displayName: 'Open Date', type: 'dateTime' },
		{ id: 'topics', displayName: 'Topics', type: 'array' },
		{ id: 'additional_questions', displayName: 'Additional Questions', type: 'array' },
	],
};
