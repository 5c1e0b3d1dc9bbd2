import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { customPropertiesField, readCustomProperties } from '../../../shared/customerFields';
import { toApiDate } from '../../../shared/dates';
import { emailField } from '../../../shared/descriptions';
import { compact, describeType, optionalText, requireEmail, requireText, toStringList } from '../../../shared/inputs';
import { readTopics, topicsProperty } from './topics';

/** One feedback item of POST /api/v2/import, in the service's shape (snake_case). */
export type FeedbackItem = IDataObject & { email: string; score: number };

const TEXT_FIELDS = ['first_name', 'last_name', 'company', 'job_title', 'phone', 'country', 'state', 'city'] as const;
const DATE_FIELDS = ['response_date', 'send_date', 'open_date'] as const;
const QUESTION_TYPES = ['RATING', 'OPEN_ENDED', 'MULTIPLE_OPTIONS'];
const RATING_METRICS = ['nps', 'csat', 'ces', 'star', 'thumbs', 'xsat', 'pmf'];

/** Read-side (camelCase) names someone may pass from another node's output, and the import's names. */
const READ_SIDE_NAMES: Record<string, string> = {
	firstName: 'first_name',
	lastName: 'last_name',
	companyName: 'company',
	jobTitle: 'job_title',
	customerTags: 'customer_tags',
	responseDate: 'response_date',
	sendDate: 'send_date',
	openDate: 'open_date',
	additionalQuestions: 'additional_questions',
};

const ISO_RULE = 'Sent as an ISO 8601 instant in UTC (the service takes no UNIX timestamps); dates without a zone are read in the workflow time zone';

/** The editor fields of Map Fields mode. Their names are camelCase; `fromEditor` maps them to the service's. */
export const mappedFeedbackProperties: INodeProperties[] = [
	emailField('Email of the respondent. Items are sent 200 per request, grouped by campaign and import options.'),
	{
		displayName: 'Score',
		name: 'score',
		type: 'number',
		required: true,
		// Each item's own score by default, like Email; a number default would import 0 for every unmapped item.
		// eslint-disable-next-line n8n-nodes-base/node-param-default-wrong-for-number
		default: '={{ $json.score }}',
		typeOptions: { numberPrecision: 0 },
		description: "Whole-number score on the campaign's metric scale (0-10 for NPS, 1-5 for CSAT); the service fails items out of range",
	},
	{
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		description: "Answer to the template's main question. Don't also answer the main question under Additional Questions: the service fails such an item as ambiguous.",
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
						options: [
							{ name: 'CES', value: 'ces' },
							{ name: 'CSAT', value: 'csat' },
							{ name: 'NPS', value: 'nps' },
							{ name: 'PMF', value: 'pmf' },
							{ name: 'Star', value: 'star' },
							{ name: 'Thumbs', value: 'thumbs' },
							{ name: 'XSAT', value: 'xsat' },
						],
						default: 'nps',
						description: 'The scale of a Rating answer',
						displayOptions: { show: { type: ['RATING'] } },
					},
					{
						displayName: 'Question UUID',
						name: 'uuid',
						type: 'string',
						default: '',
						description: "The question's UUID, from the template's survey questions (Template: Get)",
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: [
							{ name: 'Multiple Options', value: 'MULTIPLE_OPTIONS' },
							{ name: 'Open Ended', value: 'OPEN_ENDED' },
							{ name: 'Rating', value: 'RATING' },
						],
						default: 'RATING',
					},
				],
			},
		],
	},
	customPropertiesField,
];

/** Builds one item's feedback from the editor fields, in the service's shape (validated afterwards). */
export function fromEditor(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const topics = (this.getNodeParameter('topics', itemIndex, {}) as { topic?: IDataObject[] }).topic;
	const questions = (this.getNodeParameter('additionalQuestions', itemIndex, {}) as { question?: IDataObject[] }).question;
	const properties = readCustomProperties.call(this, itemIndex);
	return {
		email: this.getNodeParameter('email', itemIndex, ''),
		score: this.getNodeParameter('score', itemIndex, ''),
		comment: this.getNodeParameter('comment', itemIndex, ''),
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
		topics,
		properties: properties.length ? properties : undefined,
		additional_questions: questions?.map((question) => ({
			...question,
			// The editor keeps a metric for every answer; only a Rating has one.
			metric: question.type === 'RATING' ? question.metric : undefined,
		})),
	};
}

/** Editor labels of the service's fields, for error messages in Map Fields mode. */
export const EDITOR_LABELS: Record<string, string> = {
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

export interface FeedbackItemContext {
	node: INode;
	itemIndex: number;
	timezone: string;
	/** The name a field has for the user: an editor label, or `Item JSON › <field>`. */
	label: (field: string) => string;
}

/**
 * Validates one feedback item in the service's shape and returns what is sent: only the import's
 * fields, lists as lists, dates as ISO instants in UTC. Fails naming the item and the field.
 */
export function validateFeedbackItem(raw: IDataObject, ctx: FeedbackItemContext): FeedbackItem {
	const { node, itemIndex } = ctx;
	const at = (field: string) => ({ node, itemIndex, field: ctx.label(field) });
	const fail = (field: string, message: string): never => {
		throw new NodeOperationError(node, `${ctx.label(field)}: ${message} (item ${itemIndex})`, { itemIndex });
	};

	for (const [readName, importName] of Object.entries(READ_SIDE_NAMES)) {
		if (raw[readName] !== undefined && raw[importName] === undefined) {
			fail(readName, `is not a field of the import; the import calls it ${importName}`);
		}
	}

	const item: IDataObject = {
		email: requireEmail(raw.email, at('email')),
		score: readScore(raw.score, fail),
		comment: optionalText(raw.comment, at('comment')),
	};
	for (const field of TEXT_FIELDS) item[field] = optionalText(raw[field], at(field));
	item.tags = toStringList(raw.tags, at('tags'));
	item.customer_tags = toStringList(raw.customer_tags, at('customer_tags'));
	item.topics = readTopics(raw.topics, at('topics'));
	item.properties = readProperties(raw.properties, at('properties'), fail);
	for (const field of DATE_FIELDS) {
		item[field] = toApiDate(raw[field], 'iso', { node, itemIndex, timezone: ctx.timezone, field: `${ctx.label(field)} (item ${itemIndex})` });
	}
	item.additional_questions = readQuestions(raw.additional_questions, ctx, fail);
	return compact(item) as FeedbackItem;
}

function readScore(value: unknown, fail: (field: string, message: string) => never): number {
	if (value === undefined || value === null || value === '') fail('score', 'is required');
	const score = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
	if (typeof score !== 'number' || !Number.isInteger(score)) fail('score', `must be a whole number, got ${JSON.stringify(value)}`);
	return score as number;
}

function readProperties(
	value: unknown,
	ctx: { node: INode; itemIndex: number; field: string },
	fail: (field: string, message: string) => never,
): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	if (!Array.isArray(value)) fail('properties', `must be a list of { label, value, type }, not ${describeType(value)}`);
	return (value as unknown[]).map((property, index) => {
		if (!property || typeof property !== 'object' || Array.isArray(property)) {
			fail('properties', `entry ${index + 1} must be { label, value, type }, not ${describeType(property)}`);
		}
		const { label, value: propertyValue, type } = property as IDataObject;
		return {
			label: requireText(label, { ...ctx, field: `${ctx.field} › ${index + 1} › label` }),
			value: propertyValue ?? null,
			type: optionalText(type, { ...ctx, field: `${ctx.field} › ${index + 1} › type` }) ?? 'text',
		};
	});
}

/** The structural rules of additional_questions: uuid, type, an answer of the type's shape, a metric for ratings. */
function readQuestions(value: unknown, ctx: FeedbackItemContext, fail: (field: string, message: string) => never): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	if (!Array.isArray(value)) fail('additional_questions', `must be a list of { uuid, type, answer, metric }, not ${describeType(value)}`);
	const seen = new Set<string>();
	return (value as unknown[]).map((question, index) => {
		const where = `entry ${index + 1}`;
		if (!question || typeof question !== 'object' || Array.isArray(question)) {
			fail('additional_questions', `${where} must be { uuid, type, answer, metric }, not ${describeType(question)}`);
		}
		const given = question as IDataObject;
		const uuid = requireText(given.uuid, { node: ctx.node, itemIndex: ctx.itemIndex, field: `${ctx.label('additional_questions')} › ${index + 1} › uuid` });
		if (seen.has(uuid.toLowerCase())) fail('additional_questions', `${where} answers question ${uuid} a second time`);
		seen.add(uuid.toLowerCase());

		const type = typeof given.type === 'string' ? given.type.trim().toUpperCase() : '';
		if (!QUESTION_TYPES.includes(type)) {
			fail('additional_questions', `${where} has type ${JSON.stringify(given.type)}; use one of ${QUESTION_TYPES.join(', ')}`);
		}
		const answer = given.answer;
		if (answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0)) {
			fail('additional_questions', `${where} has no answer`);
		}

		const metricGiven = given.metric === undefined || given.metric === null || given.metric === '' ? undefined : given.metric;
		const metric = typeof metricGiven === 'string' ? metricGiven.trim().toLowerCase() : metricGiven;
		if (metric !== undefined && (typeof metric !== 'string' || !RATING_METRICS.includes(metric))) {
			fail('additional_questions', `${where} has metric ${JSON.stringify(metricGiven)}; use one of ${RATING_METRICS.join(', ')}`);
		}

		if (type === 'RATING') {
			if (metric === undefined) fail('additional_questions', `${where} is a RATING and needs a metric (${RATING_METRICS.join(', ')})`);
			const number = typeof answer === 'string' && answer.trim() !== '' ? Number(answer) : answer;
			if (typeof number !== 'number' || !Number.isFinite(number)) fail('additional_questions', `${where} is a RATING; its answer must be a number, got ${JSON.stringify(answer)}`);
			return { uuid, type, answer: number, metric };
		}
		if (type === 'OPEN_ENDED') {
			if (typeof answer !== 'string' && typeof answer !== 'number') {
				fail('additional_questions', `${where} is OPEN_ENDED; its answer must be text, not ${describeType(answer)}`);
			}
			return compact({ uuid, type, answer: String(answer), metric });
		}
		const options = toStringList(answer, { node: ctx.node, itemIndex: ctx.itemIndex, field: `${ctx.label('additional_questions')} › ${index + 1} › answer` });
		if (!options.length) fail('additional_questions', `${where} has no answer`);
		return compact({ uuid, type, answer: options, metric });
	});
}
