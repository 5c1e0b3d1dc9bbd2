import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { apiDate } from '../../../shared/dates';
import { compact, describeType, optionValues, problem, rules } from '../../../shared/inputs';
import { listField as list, textField as text, type RowField, type RowTable } from '../../helpers/bulk/rowTable';
import { CUSTOM_PROPERTIES, EMAIL, PERSON } from '../../helpers/customers/customerRows';
import { topicList, topicsProperty } from './topics';

export const RATING_METRIC_OPTIONS: INodePropertyOptions[] = [
	{ name: 'CES', value: 'ces' },
	{ name: 'CSAT', value: 'csat' },
	{ name: 'NPS', value: 'nps' },
	{ name: 'PMF', value: 'pmf' },
	{ name: 'Star', value: 'star' },
	{ name: 'Thumbs', value: 'thumbs' },
	{ name: 'XSAT', value: 'xsat' },
];

export const QUESTION_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Multiple Options', value: 'MULTIPLE_OPTIONS' },
	{ name: 'Open Ended', value: 'OPEN_ENDED' },
	{ name: 'Rating', value: 'RATING' },
];

const RATING_METRICS = optionValues(RATING_METRIC_OPTIONS);
const QUESTION_TYPES = optionValues(QUESTION_TYPE_OPTIONS);

function score(value: unknown): number {
	if (value === undefined || value === null || value === '') problem('is required');
	const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number)) problem(`must be a whole number, got ${JSON.stringify(value)}`);
	return number as number;
}

/** The structural rules of additional_questions: uuid, type, an answer of the type's shape, a metric for ratings. */
export function additionalQuestions(value: unknown): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	if (!Array.isArray(value)) problem(`must be a list of { uuid, type, answer, metric }, not ${describeType(value)}`);
	const seen = new Set<string>();
	return (value as unknown[]).map((question, index) => {
		const where = `entry ${index + 1}`;
		if (!question || typeof question !== 'object' || Array.isArray(question)) problem(`${where} must be { uuid, type, answer, metric }, not ${describeType(question)}`);
		const given = question as IDataObject;
		if (given.uuid === undefined || given.uuid === null || String(given.uuid).trim() === '') problem(`${where} needs the question's uuid`);
		const uuid = String(given.uuid).trim();
		if (seen.has(uuid.toLowerCase())) problem(`${where} answers question ${uuid} a second time`);
		seen.add(uuid.toLowerCase());

		const type = typeof given.type === 'string' ? given.type.trim().toUpperCase() : '';
		if (!QUESTION_TYPES.includes(type)) problem(`${where} has type ${JSON.stringify(given.type)}; use one of ${QUESTION_TYPES.join(', ')}`);
		const answer = given.answer;
		if (answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0)) problem(`${where} has no answer`);

		const metricGiven = given.metric === undefined || given.metric === null || given.metric === '' ? undefined : given.metric;
		const metric = typeof metricGiven === 'string' ? metricGiven.trim().toLowerCase() : metricGiven;
		if (metric !== undefined && (typeof metric !== 'string' || !RATING_METRICS.includes(metric))) {
			problem(`${where} has metric ${JSON.stringify(metricGiven)}; use one of ${RATING_METRICS.join(', ')}`);
		}

		if (type === 'RATING') {
			if (metric === undefined) problem(`${where} is a RATING and needs a metric (${RATING_METRICS.join(', ')})`);
			const number = typeof answer === 'string' && answer.trim() !== '' ? Number(answer) : answer;
			if (typeof number !== 'number' || !Number.isFinite(number)) problem(`${where} is a RATING; its answer must be a number, got ${JSON.stringify(answer)}`);
			return { uuid, type, answer: number, metric };
		}
		if (type === 'OPEN_ENDED') {
			if (typeof answer !== 'string' && typeof answer !== 'number') problem(`${where} is OPEN_ENDED; its answer must be text, not ${describeType(answer)}`);
			return compact({ uuid, type, answer: String(answer), metric });
		}
		const options = rules.stringList(answer);
		if (!options.length) problem(`${where} has no answer`);
		return compact({ uuid, type, answer: options, metric });
	});
}

const ISO_RULE = 'Sent as an ISO 8601 instant in UTC (the service takes no UNIX timestamps); dates without a zone are read in the workflow time zone';

/** Answers to the template's other questions, in the editor of versions 1 and 2. */
export const additionalQuestionsProperty: INodeProperties = {
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
};

/** The editor keeps a metric for every answer; only a Rating has one. */
export const editorQuestions = (value: unknown) =>
	(value as { question?: IDataObject[] } | undefined)?.question?.map((question) => ({ ...question, metric: question.type === 'RATING' ? question.metric : undefined }));

/** A date of the response: ISO 8601 in UTC (spec rule 6), read in the workflow's zone when it carries none. */
const date = (name: string, label: string, description: string): RowField => ({
	...text(name, label, { description: `${description} ${ISO_RULE}.` }),
	type: 'dateTime',
	shape: '(ISO 8601)',
	rule: (value, { timezone }) => apiDate(value, 'iso', { timezone }),
});

/**
 * One feedback item of POST /api/v2/import, in the service's shape (snake_case), each field once.
 * The Define Below fields, the columns and Map Automatically's names of Feedback › Import are
 * made from it (helpers/bulk/rowTable.ts).
 */
export const IMPORTED_RESPONSE: RowTable = {
	fields: [
		EMAIL,
		{
			name: 'score',
			label: 'Score',
			type: 'number',
			required: true,
			rule: score,
			description: "Whole-number score on the campaign's metric scale (0-10 for NPS, 1-5 for CSAT); the service fails items out of range",
			// Text in the editor, so that it can default to each item's own score like Email: a number
			// field would default to 0 and import 0 for every item left unmapped.
			editor: { in: 'top', property: { default: '={{ $json.score }}', placeholder: 'e.g. 9' } },
		},
		{
			name: 'comment',
			label: 'Comment',
			type: 'string',
			rule: rules.optionalText,
			description: "Answer to the template's main question. Don't also answer the main question under 'Additional Questions': the service fails such an item as ambiguous.",
			editor: { in: 'top', property: { typeOptions: { rows: 2 } } },
		},
		...PERSON,
		text('job_title', 'Job Title'),
		text('phone', 'Phone'),
		text('country', 'Country'),
		text('state', 'State'),
		text('city', 'City'),
		list('tags', 'Tags', 'Tags of the feedback, comma-separated or a list from an expression'),
		list('customer_tags', 'Customer Tags', 'Tags of the customer (not of the feedback), comma-separated or a list from an expression'),
		date('response_date', 'Response Date', 'When the feedback was given: the day it counts for in scores and trends (the import day when empty).'),
		date('send_date', 'Send Date', 'When the survey was sent.'),
		date('open_date', 'Open Date', 'When the survey was opened.'),
		{
			name: 'topics',
			label: 'Topics',
			type: 'array',
			shape: '([{ name, sentiment }])',
			rule: (value) => topicList(value),
			editor: { in: 'top', property: topicsProperty('Topics of the feedback; each needs a name and a sentiment'), read: (value) => (value as { topic?: unknown } | undefined)?.topic },
		},
		{
			name: 'additional_questions',
			label: 'Additional Questions',
			type: 'array',
			shape: '([{ uuid, type, answer, metric }])',
			rule: additionalQuestions,
			editor: { in: 'top', property: additionalQuestionsProperty, read: editorQuestions },
		},
		CUSTOM_PROPERTIES,
	],
	readOnly: ['id', '_id', 'feedbackId', 'customerId', 'companyId', 'campaignId', 'campaignName', 'createdDate', 'status', 'ratingCategory', 'resolved', 'channel', 'metricsType', 'notes'],
};
