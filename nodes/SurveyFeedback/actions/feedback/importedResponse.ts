import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { apiDate } from '../../../shared/dates';
import { compact, describeType, optionValues, problem, rules } from '../../../shared/inputs';
import { itemJsonReader } from '../../helpers/bulk/itemJson';
import { email, propertyList, ruled, stringList, text } from '../../helpers/bulk/rowSchemas';
import { personNames } from '../../helpers/customers/customerRows';
import { topicList } from './topics';

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
function additionalQuestions(value: unknown): IDataObject[] {
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

/**
 * One feedback item of POST /api/v2/import, in the service's shape (snake_case): dates become ISO
 * instants in UTC (read in the workflow's zone when they carry none). Built per run for its zone.
 */
export function importedResponseRow(timezone: string) {
	const isoDate = ruled((value) => apiDate(value, 'iso', { timezone }));
	return z.object({
		email,
		score: ruled(score),
		comment: text,
		first_name: text,
		last_name: text,
		company: text,
		job_title: text,
		phone: text,
		country: text,
		state: text,
		city: text,
		tags: stringList,
		customer_tags: stringList,
		topics: ruled((value) => topicList(value)),
		properties: ruled(propertyList),
		response_date: isoDate,
		send_date: isoDate,
		open_date: isoDate,
		additional_questions: ruled(additionalQuestions),
	});
}
export type ImportedResponse = z.output<ReturnType<typeof importedResponseRow>>;

/** Map Automatically: the import's names, the camelCase ones, and the read-only fields of a feedback record. */
export const readImportedResponseJson = itemJsonReader({
	names: {
		...personNames,
		score: 'score',
		comment: 'comment',
		job_title: 'job_title',
		jobTitle: 'job_title',
		phone: 'phone',
		country: 'country',
		state: 'state',
		city: 'city',
		tags: 'tags',
		customer_tags: 'customer_tags',
		customerTags: 'customer_tags',
		topics: 'topics',
		properties: 'properties',
		response_date: 'response_date',
		responseDate: 'response_date',
		send_date: 'send_date',
		sendDate: 'send_date',
		open_date: 'open_date',
		openDate: 'open_date',
		additional_questions: 'additional_questions',
		additionalQuestions: 'additional_questions',
	},
	readOnly: ['id', '_id', 'feedbackId', 'customerId', 'companyId', 'campaignId', 'campaignName', 'createdDate', 'status', 'ratingCategory', 'resolved', 'channel', 'metricsType', 'notes'],
});
