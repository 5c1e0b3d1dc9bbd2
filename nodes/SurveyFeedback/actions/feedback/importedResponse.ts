import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { compact, describeType, issueProblem, optionValues, rules, typed } from '../../../shared/inputs';
import { listField as list, textField as text, type RowField, type RowTable } from '../../helpers/bulk/rowTable';
import { isoDate } from '../../helpers/bulk/rowValidation';
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

/** A whole number, or its digits as text. */
const score = z.preprocess(
	(value) => (value === undefined || value === null || value === '' ? undefined : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
	z
		.number({ errorMap: (issue, ctx) => ({ message: ctx.data === undefined ? 'is required' : `must be a whole number, got ${JSON.stringify(ctx.data)}` }) })
		.refine(Number.isInteger, (number) => ({ message: `must be a whole number, got ${JSON.stringify(number)}` })),
);

const isGiven = (value: unknown) => !(value === undefined || value === null || value === '');

/**
 * One answer of additional_questions: its uuid, its type, an answer, and a metric where given; then
 * the answer's shape for its type, and a metric for a rating.
 */
const question = z
	.object(
		{
			uuid: z.preprocess((value) => (isGiven(value) && String(value).trim() !== '' ? String(value).trim() : undefined), z.string({ errorMap: () => ({ message: "needs the question's uuid" }) })),
			type: z
				.unknown()
				.refine((type) => typeof type === 'string' && QUESTION_TYPES.includes(type.trim().toUpperCase()), (type) => ({
					message: `has type ${JSON.stringify(type)}; use one of ${QUESTION_TYPES.join(', ')}`,
				}))
				.transform((type) => (type as string).trim().toUpperCase()),
			answer: z.unknown().refine((answer) => isGiven(answer) && !(Array.isArray(answer) && answer.length === 0), 'has no answer'),
			metric: z
				.unknown()
				.refine((metric) => !isGiven(metric) || (typeof metric === 'string' && RATING_METRICS.includes(metric.trim().toLowerCase())), (metric) => ({
					message: `has metric ${JSON.stringify(metric)}; use one of ${RATING_METRICS.join(', ')}`,
				}))
				.transform((metric) => (isGiven(metric) ? (metric as string).trim().toLowerCase() : undefined)),
		},
		typed('{ uuid, type, answer, metric }'),
	)
	.transform(({ uuid, type, answer, metric }, ctx) => {
		const refuse = (message: string) => {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message });
			return z.NEVER;
		};
		if (type === 'RATING') {
			if (metric === undefined) return refuse(`is a RATING and needs a metric (${RATING_METRICS.join(', ')})`);
			const number = typeof answer === 'string' && answer.trim() !== '' ? Number(answer) : answer;
			if (typeof number !== 'number' || !Number.isFinite(number)) return refuse(`is a RATING; its answer must be a number, got ${JSON.stringify(answer)}`);
			return { uuid, type, answer: number, metric } as IDataObject;
		}
		if (type === 'OPEN_ENDED') {
			if (typeof answer !== 'string' && typeof answer !== 'number') return refuse(`is OPEN_ENDED; its answer must be text, not ${describeType(answer)}`);
			return compact({ uuid, type, answer: String(answer), metric });
		}
		const options = rules.stringList.safeParse(answer);
		if (!options.success) return refuse(`is MULTIPLE_OPTIONS; its answer ${options.error.issues.map((issue) => issueProblem(issue)).join('; ')}`);
		if (!options.data.length) return refuse('has no answer');
		return compact({ uuid, type, answer: options.data, metric });
	});

/** The structural rules of additional_questions: each answer's own, and no question answered twice. */
export const additionalQuestions = z.preprocess(
	(value) => (isGiven(value) ? value : []),
	z.array(question, typed('a list of { uuid, type, answer, metric }')).superRefine((questions, ctx) => {
		const seen = new Set<string>();
		questions.forEach(({ uuid }, index) => {
			const key = String(uuid).toLowerCase();
			if (seen.has(key)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index], message: `answers question ${String(uuid)} a second time` });
			seen.add(key);
		});
	}),
);

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
	schema: isoDate,
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
			schema: score,
			description: "Whole-number score on the campaign's metric scale (0-10 for NPS, 1-5 for CSAT); the service fails items out of range",
			// Text in the editor, so that it can default to each item's own score like Email: a number
			// field would default to 0 and import 0 for every item left unmapped.
			editor: { in: 'top', property: { default: '={{ $json.score }}', placeholder: 'e.g. 9' } },
		},
		{
			name: 'comment',
			label: 'Comment',
			type: 'string',
			schema: rules.optionalText,
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
			schema: topicList(),
			editor: { in: 'top', property: topicsProperty('Topics of the feedback; each needs a name and a sentiment'), read: (value) => (value as { topic?: unknown } | undefined)?.topic },
		},
		{
			name: 'additional_questions',
			label: 'Additional Questions',
			type: 'array',
			shape: '([{ uuid, type, answer, metric }])',
			schema: additionalQuestions,
			editor: { in: 'top', property: additionalQuestionsProperty, read: editorQuestions },
		},
		CUSTOM_PROPERTIES,
	],
	readOnly: ['id', '_id', 'feedbackId', 'customerId', 'companyId', 'campaignId', 'campaignName', 'createdDate', 'status', 'ratingCategory', 'resolved', 'channel', 'metricsType', 'notes'],
};
