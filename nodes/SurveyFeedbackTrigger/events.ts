import { createHash } from 'crypto';
import { DateTime } from 'luxon';

import type { ServiceRecord } from '../shared/serviceRecord';

export type TriggerEvent = 'newCustomer' | 'newFeedback' | 'newOutboxRecord';

/**
 * One event of the trigger: the list it reads and how it reads a record's identity and time.
 *
 * `dateRule` decides the walk (see poll.ts): lists whose `startDate` is an exact instant
 * (customers, feedback: date rule 1) are read forward from the watermark; the outbox, whose
 * `startDate` the service snaps to a whole day in the account's time zone (rule 3), is read
 * backwards from the newest record until the watermark is met.
 */
export interface EventDefinition {
	event: TriggerEvent;
	/** For messages: "feedback response". */
	noun: string;
	path: string;
	recordsKey: string;
	/** The record's own creation time; also the field the list sorts by. */
	timeField: string;
	dateRule: 'instant' | 'day';
	/** Names the request in error messages. */
	label: string;
	/** Fields that hold the record's ID, first present wins. */
	idFields: string[];
	/** When no ID is present (some outbox rows carry no surveyId): fields whose digest identifies the row. */
	fallbackFields: string[];
}

export const EVENTS: Record<TriggerEvent, EventDefinition> = {
	newCustomer: {
		event: 'newCustomer',
		noun: 'customer',
		path: '/api/v2/customers',
		recordsKey: 'subscribers',
		timeField: 'createdDate',
		dateRule: 'instant',
		label: 'Trigger: New Customer',
		idFields: ['id', '_id', 'customerId'],
		fallbackFields: ['email'],
	},
	newFeedback: {
		event: 'newFeedback',
		noun: 'feedback response',
		path: '/api/v2/feedback',
		recordsKey: 'responses',
		timeField: 'createdDate',
		dateRule: 'instant',
		label: 'Trigger: New Feedback',
		idFields: ['id', 'feedbackId', '_id'],
		fallbackFields: ['email', 'customerId', 'campaignId', 'createdDate', 'score', 'comment'],
	},
	newOutboxRecord: {
		event: 'newOutboxRecord',
		noun: 'sent survey',
		path: '/api/v2/outbox',
		recordsKey: 'surveys',
		timeField: 'surveyCreatedDate',
		dateRule: 'day',
		label: 'Trigger: New Sent Survey',
		idFields: ['surveyId', 'id', '_id'],
		// Stable fields only: status and opened/responded dates change after the survey is sent.
		fallbackFields: ['email', 'customerId', 'campaignId', 'surveyCreatedDate', 'channel', 'sentBy'],
	},
};

/** A record as the trigger sees it: the record itself, its identity and its time in epoch milliseconds. */
export interface Fetched {
	record: ServiceRecord;
	id: string;
	time: number;
	/** True when the record's own time could not be read and `time` is its place in the service's order (placement.ts). */
	placed: boolean;
}

export function identityOf(definition: EventDefinition, record: ServiceRecord): string {
	for (const field of definition.idFields) {
		const value = record[field];
		if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
	}
	const parts = definition.fallbackFields.map((field) => record[field] ?? null);
	return `h:${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24)}`;
}

/** The exact instant as the service's rule 1 reads it: ISO 8601 in UTC, with milliseconds. */
export function toInstant(time: number): string {
	return new Date(time).toISOString();
}

/**
 * The outbox's `startDate` for a watermark: the UTC day before the watermark's. The service
 * snaps it to the start of that day in the account's zone, which lies at least 12 hours before
 * the watermark for every zone from UTC-12 to UTC+14, so no record at or after the watermark
 * is ever left out, whatever the account's zone.
 */
export function outboxWindowStart(time: number): string {
	return DateTime.fromMillis(time, { zone: 'utc' }).minus({ days: 1 }).toISODate() as string;
}
