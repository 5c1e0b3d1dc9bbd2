import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { outcomesByEmail, runBulk, type ItemOutcome } from '../../../shared/batching';
import { customerFieldOptions, readCustomer } from '../../../shared/customerFields';
import { campaignLocator, emailField } from '../../../shared/descriptions';
import { requireText } from '../../../shared/inputs';
import { apiRequest } from '../../../shared/transport';

/** The service takes 1 to 100 subscribers per request. */
const BATCH_SIZE = 100;

const DELAY_HINT =
	'A delay was set: it overrides the campaign’s sending time frame (such as its sending hours). Leave the delay empty to respect the time frame.';

const properties: INodeProperties[] = [
	{
		displayName:
			'Queues a survey for each input item’s email, sent in the campaign’s sending time frame unless a delay is set. A failed request is never repeated automatically: repeating it could send the surveys twice.',
		name: 'sendNotice',
		type: 'notice',
		default: '',
	},
	campaignLocator({ description: 'The campaign whose survey is sent; it must be active' }),
	emailField('Email of the customer to survey. Items are sent 100 per request, grouped by campaign and delay.'),
	...customerFieldOptions({ withProperties: false }),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Delay (Days)',
				name: 'delay',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description:
					'Whole days to wait before sending; 0 sends at once. Any delay, 0 included, overrides the campaign’s sending time frame such as its sending hours. To respect the time frame, leave the delay empty (don’t add this option).',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['survey'], operation: ['send'] } }, properties);

/** The item's delay: undefined when empty (the campaign's schedule applies), else whole days ≥ 0. */
function readDelay(this: IExecuteFunctions, itemIndex: number): number | undefined {
	const value = (this.getNodeParameter('options', itemIndex, {}) as IDataObject).delay;
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	const days = typeof value === 'string' ? Number(value.trim()) : value;
	if (typeof days !== 'number' || !Number.isInteger(days) || days < 0) {
		throw new NodeOperationError(
			this.getNode(),
			`Options › Delay (Days): must be a whole number of days, 0 or more, or empty, got ${JSON.stringify(value)} (item ${itemIndex})`,
			{ itemIndex },
		);
	}
	return days;
}

interface Recipient {
	campaign: string;
	delay?: number;
	subscriber: IDataObject & { email: string };
}

/**
 * Sends surveys: 100 recipients per request, one request per campaign and delay. Each input
 * item gets its own row (status, survey ID or the reason it was skipped or failed).
 */
export async function executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<ItemOutcome[]> {
	let delayed = false;
	const outcomes = await runBulk<Recipient>(this, {
		itemIndexes,
		batchSize: BATCH_SIZE,
		prepare: (itemIndex) => {
			const campaign = requireText(this.getNodeParameter('campaign', itemIndex, '', { extractValue: true }), {
				node: this.getNode(),
				itemIndex,
				field: 'Campaign',
			});
			const delay = readDelay.call(this, itemIndex);
			const subscriber = readCustomer.call(this, itemIndex, { withProperties: false });
			return { itemIndex, value: { campaign, delay, subscriber }, group: JSON.stringify([campaign, delay ?? null]) };
		},
		send: async (batch) => {
			const { campaign, delay } = batch[0].value;
			if (delay !== undefined) delayed = true;
			const body = await apiRequest.call(this, {
				method: 'POST',
				path: '/api/v2/survey',
				body: { campaign, ...(delay === undefined ? {} : { delay }), subscribers: batch.map(({ value }) => value.subscriber) },
				operation: 'Survey: Send',
				// A repeated request could send the surveys twice.
				repeatable: false,
				itemIndex: batch[0].itemIndex,
			});
			return outcomesByEmail(this, batch, body, 'Survey not sent', {
				emailOf: (value) => value.subscriber.email,
				base: (value) => ({ email: value.subscriber.email, campaign: value.campaign, ...(value.delay === undefined ? {} : { delay: value.delay }) }),
			});
		},
	});
	if (delayed) this.addExecutionHints({ message: DELAY_HINT, location: 'outputPane' });
	return outcomes;
}
