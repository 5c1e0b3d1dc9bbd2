import { z } from 'zod';

import { itemJsonReader } from '../bulk/itemJson';
import { email, propertyList, requiredText, ruled, stringList, text } from '../bulk/rowSchemas';

/** What a customer row of the write side is made of (snake_case, as the service takes it). */
const customerFields = {
	email,
	first_name: text,
	last_name: text,
	company: text,
	tags: stringList,
	unset_tags: stringList,
	unset_properties: stringList,
};

/** A customer of POST /api/v2/customers. */
export const customerRow = z.object({ ...customerFields, properties: ruled(propertyList) });
export type CustomerRow = z.output<typeof customerRow>;

/** A subscriber of POST /api/v2/survey: a customer without custom properties. */
export const recipientRow = z.object(customerFields);
export type RecipientRow = z.output<typeof recipientRow>;

/** A subscriber of the legacy v1 API, which requires every field. */
export const v1SubscriberRow = z.object({ email, first_name: requiredText, last_name: requiredText, company: requiredText });
export type V1SubscriberRow = z.output<typeof v1SubscriberRow>;

/** The customer operations that need only an email (delete, unsubscribe, resubscribe). */
export const emailRow = z.object({ email });

/**
 * A person's fields by the service's names and the camelCase ones (as the read side and most n8n
 * items spell them), for the item readers of customers, of v1 subscribers and of imported responses.
 */
export const personNames = {
	email: 'email',
	first_name: 'first_name',
	firstName: 'first_name',
	last_name: 'last_name',
	lastName: 'last_name',
	company: 'company',
	companyName: 'company',
};

const customerNames = {
	...personNames,
	tags: 'tags',
	unset_tags: 'unset_tags',
	unsetTags: 'unset_tags',
	unset_properties: 'unset_properties',
	unsetProperties: 'unset_properties',
};

/**
 * What the service sets on the customer records Get Many returns (IDs, dates, statuses,
 * subscription state): a write does not take them, and leaving them out loses nothing (the
 * service keeps them as they are), so a record read from the service can be written back.
 */
const customerReadOnly = [
	'id',
	'_id',
	'customerId',
	'companyId',
	'createdDate',
	'updatedDate',
	'channel',
	'status',
	'customerStatus',
	'unsubscribed',
	'unsubscribedBy',
	'unsubscribedDate',
];

/**
 * Customer data the customer and survey writes have no column for (the import has): a record
 * read from the service carries it, and so do CRM contacts. Never dropped silently: listed in
 * `ignoredFields`, or sent as custom properties where the row takes them (the spec's own example
 * of a customer property is country).
 */
export const CUSTOMER_DATA_WITHOUT_COLUMN = ['job_title', 'phone', 'country', 'state', 'city'];

const customerReading = { readOnly: customerReadOnly, withoutColumn: CUSTOMER_DATA_WITHOUT_COLUMN };

export const readCustomerJson = itemJsonReader({ names: { ...customerNames, properties: 'properties' }, ...customerReading });
export const readRecipientJson = itemJsonReader({ names: customerNames, ...customerReading });
export const readV1SubscriberJson = itemJsonReader({ names: personNames, ...customerReading });
export const readEmailJson = itemJsonReader({ names: { email: 'email' }, ignoreOthers: true });
