import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { outcomesByEmail, runBulk, type ItemOutcome } from '../../../shared/batching';
import { emailField } from '../../../shared/descriptions';
import { requireEmail, requireText } from '../../../shared/inputs';
import { apiRequest } from '../../../shared/transport';
import { replacedBy } from './common';

/** The v1 API's default cap on subscribers per request. */
const BATCH_SIZE = 100;

const properties: INodeProperties[] = [
	replacedBy(
		'v1CreateSubscribers',
		'Legacy v1 API. Use Customer › Create or Update instead: it takes tags and custom properties, 1000 customers per request, and reports each one.',
	),
	emailField('Email of the subscriber to create. Items are sent 100 per request.'),
	{
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		required: true,
		default: '',
		description: 'Required by the v1 API',
	},
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		required: true,
		default: '',
		description: 'Required by the v1 API',
	},
	{
		displayName: 'Company',
		name: 'company',
		type: 'string',
		required: true,
		default: '',
		description: 'Company name, required by the v1 API',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['legacy'], operation: ['v1CreateSubscribers'] } }, properties);

/**
 * Creates subscribers 100 per request. The v1 API answers a request as a whole (no row per
 * subscriber) and refuses all of it for one incomplete subscriber, so every field is checked
 * here first: a bad item fails alone, before anything is sent.
 */
export async function executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<ItemOutcome[]> {
	return runBulk(this, {
		itemIndexes,
		batchSize: BATCH_SIZE,
		prepare: (itemIndex) => {
			const at = (field: string) => ({ node: this.getNode(), itemIndex, field });
			const company = requireText(this.getNodeParameter('company', itemIndex), at('Company'));
			return {
				itemIndex,
				value: {
					email: requireEmail(this.getNodeParameter('email', itemIndex), at('Email')),
					first_name: requireText(this.getNodeParameter('firstName', itemIndex), at('First Name')),
					last_name: requireText(this.getNodeParameter('lastName', itemIndex), at('Last Name')),
					// The spec's field list says `company`, its sample body `companyName`: both are sent.
					company,
					companyName: company,
				},
			};
		},
		send: async (batch) => {
			const body = await apiRequest.call(this, {
				method: 'POST',
				path: '/api/service/nps/customers',
				body: { subscribers: batch.map(({ value }) => value) },
				operation: 'Legacy: V1 Create Subscribers',
				itemIndex: batch[0].itemIndex,
			});
			return outcomesByEmail(this, batch, body, 'Subscriber not created', { emailOf: (value) => value.email });
		},
	});
}
