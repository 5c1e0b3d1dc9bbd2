import type { IDataObject } from 'n8n-workflow';

import { withUtcZone } from './dates';
import type { ServiceRecord } from './serviceRecord';

/**
 * The service's records that have more than ten fields, and what Simplify makes of them: the ten
 * or so fields workflows use most, most used first, nested fields brought up to the top level.
 * Fields a record does not have are left out, never invented.
 */

/** A simplified field: a top-level field kept under its own name, or a name and how to read it. */
type SimplifiedField = string | [name: string, read: (record: ServiceRecord) => unknown];

export interface RecordShape {
	/** For descriptions: "feedback responses". */
	plural: string;
	/** The field that identifies the record: every output keeps it. */
	idField: string;
	/** Every top-level field the service sends: the choices of Selected Fields. */
	fields: string[];
	simplified: SimplifiedField[];
	/**
	 * Set when a simplified row needs more than the record (the days or the group the node asked
	 * for, the campaign's name): the operation builds its rows itself, in the fields' order.
	 */
	rowsBuiltByOperation?: boolean;
}

/** A number the service sent, as a number or a numeric string; undefined for anything else (an object, null, ''). */
export function numberIn(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const number = Number(value);
	return Number.isFinite(number) ? number : undefined;
}

const nested =
	(parent: string, field: string) =>
	(record: ServiceRecord): unknown => {
		const value = record[parent];
		return value && typeof value === 'object' && !Array.isArray(value) ? (value as ServiceRecord)[field] : undefined;
	};

export const feedbackRecord: RecordShape = {
	plural: 'feedback responses',
	idField: 'id',
	fields: [
		'id', 'feedbackId', 'customerId', 'email', 'firstName', 'lastName', 'companyName', 'companyId', 'jobTitle', 'country', 'state', 'city',
		'customerTags', 'customProps', 'campaignId', 'campaignName', 'channel', 'metricsType', 'createdDate', 'score', 'ratingCategory', 'comment',
		'additionalQuestions', 'tags', 'feedbackTags', 'topics', 'feedbackTopics', 'notes', 'status', 'resolved', 'source', 'sendDate', 'openDate',
	],
	simplified: ['id', 'email', 'firstName', 'lastName', 'score', 'comment', 'campaignId', 'campaignName', 'tags', 'createdDate'],
};

export const customerRecord: RecordShape = {
	plural: 'customers',
	idField: 'id',
	fields: [
		'id', 'email', 'firstName', 'lastName', 'companyName', 'companyId', 'jobTitle', 'phone', 'country', 'state', 'city', 'tags', 'properties',
		'channel', 'status', 'unsubscribed', 'unsubscribedBy', 'unsubscribedDate', 'createdDate', 'updatedDate',
	],
	// Only fields the reference shows on a customer record, and the channel the spec names: a field
	// a service may not send (a subscription flag) would read as false where it is missing.
	simplified: ['id', 'email', 'firstName', 'lastName', 'companyName', 'companyId', 'tags', 'properties', 'channel', 'createdDate'],
};

export const outboxRecord: RecordShape = {
	plural: 'sent surveys',
	idField: 'surveyId',
	fields: [
		'surveyId', 'email', 'customerId', 'firstName', 'lastName', 'companyName', 'customerTags', 'customProps', 'surveyCreatedDate', 'sentDate',
		'scheduledDate', 'channel', 'campaign', 'campaignId', 'surveyTemplateId', 'subject', 'sentBy', 'status', 'detailedStatus',
	],
	simplified: [
		'surveyId', 'email', 'campaignId', 'campaign', 'channel', 'status', 'sentDate',
		['isOpened', nested('detailedStatus', 'isOpened')],
		['isResponded', nested('detailedStatus', 'isResponded')],
		['respondedDate', nested('detailedStatus', 'respondedDate')],
	],
};

export const companyRecord: RecordShape = {
	plural: 'companies',
	idField: 'id',
	fields: ['id', 'companyName', 'domain', 'industryName', 'tags', 'createdDate', 'cxMetrics', 'contactsCount'],
	simplified: [
		'id', 'companyName', 'domain', 'industryName', 'tags', 'contactsCount',
		['NPS', nested('cxMetrics', 'NPS')],
		['CSAT', nested('cxMetrics', 'CSAT')],
		['CES', nested('cxMetrics', 'CES')],
		'createdDate',
	],
};

/**
 * A trend group's current vs baseline scores. Simplify's row is built by the operation
 * (actions/trend/trendRow.ts): the group and period the node asked for where the answer does not
 * say, and only numbers where numbers belong.
 */
export const trendRecord: RecordShape = {
	plural: 'trends',
	idField: 'group',
	fields: ['group', 'date', 'current', 'baseline', 'deltas', 'trendLine'],
	simplified: ['groupId', 'groupName', 'metric', 'period', 'startDate', 'endDate', 'score', 'totalResponses', 'baselineScore', 'scoreChange'],
	rowsBuiltByOperation: true,
};

/**
 * A campaign's report. The reference names `campaignId`, `questionsStats`, `trend` (per day:
 * promoters, passives, detractors, total, score), `last` and `deliveryStats`; the other fields are
 * a fuller service's summary. Simplify's rows are built by the operation (actions/report/reportRow.ts):
 * the breakdown summed from `trend` when the report has no summary, the days the node asked for,
 * the campaign's name and metric from the campaigns list when the report does not carry them.
 */
export const reportRecord: RecordShape = {
	plural: 'campaign reports',
	idField: 'campaignId',
	fields: [
		'campaignId', 'campaignName', 'metric', 'startDate', 'endDate', 'score', 'average', 'promoters', 'passives', 'detractors', 'promotersCount',
		'passivesCount', 'detractorsCount', 'totalResponses', 'questionsStats', 'trend', 'last', 'deliveryStats',
	],
	simplified: ['campaignId', 'campaignName', 'metric', 'startDate', 'endDate', 'score', 'totalResponses', 'sent', 'responded', 'responseRate'],
	rowsBuiltByOperation: true,
};

/**
 * The report as Simplify returns it from node version 3: a row a sheet or a chat can take, in ten
 * fields (n8n's rule for Simplify), with the breakdown: the three counts, and the shares in % of
 * promoters and detractors, the two an NPS is made of (the passives' share is what they leave of
 * 100, give or take rounding). The metric, the delivery statistics and the nested fields stay in the raw report.
 */
export const reportRecordV3: RecordShape = {
	...reportRecord,
	simplified: ['campaignId', 'campaignName', 'startDate', 'endDate', 'score', 'promoters', 'detractors', 'promotersCount', 'passivesCount', 'detractorsCount'],
};

/** The names of a shape's simplified fields, in their order. */
export function simplifiedFieldNames(shape: RecordShape): string[] {
	return shape.simplified.map((field) => (typeof field === 'string' ? field : field[0]));
}

/** The record as Simplify returns it; its dates (the fields named …Date) with their zone (dates.ts). */
export function simplifyRecordAs(shape: RecordShape, record: ServiceRecord): IDataObject {
	const simplified: IDataObject = {};
	for (const field of shape.simplified) {
		const [name, value] = typeof field === 'string' ? [field, record[field]] : [field[0], field[1](record)];
		if (value !== undefined) simplified[name] = (name.endsWith('Date') ? withUtcZone(value) : value) as IDataObject[string];
	}
	return simplified;
}

/** The record with only its ID and the chosen top-level fields, in the record's own order. */
export function selectFields(shape: RecordShape, record: ServiceRecord, chosen: string[]): IDataObject {
	const keep = new Set([shape.idField, ...chosen]);
	return Object.fromEntries(Object.entries(record).filter(([name]) => keep.has(name)));
}
