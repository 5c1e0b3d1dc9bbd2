import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';

import { campaignLocator } from '../../../shared/descriptions';
import { asItemError } from '../../../shared/errors';
import { rules, type ItemProblems } from '../../../shared/inputs';
import { sendsByEmailOrInApp } from '../../../shared/listSearch';
import { recordsOf } from '../../../shared/paging';
import type { ServiceApi } from '../../../shared/transport';
import { emailRowReading, rowOutcomes } from '../../helpers/bulk/answerRows';
import { columnsProperties, mapperOptions } from '../../helpers/bulk/columnMapper';
import { rowReader } from '../../helpers/bulk/rowReader';
import { editorProperties, rowShape } from '../../helpers/bulk/rowTable';
import { RECIPIENT, recipientColumns, type PersonRow } from '../../helpers/customers/customerRows';
import { DEFINE_BELOW, inputModeProperties } from '../../helpers/descriptions';
import { addHint } from '../../helpers/output/output';
import { itemParameter } from '../../helpers/parameters';
import { BEFORE_VERSION_3, isVersion3OrLater } from '../../helpers/versions';
import type { ItemOutcome, ItemReader, OperationOption, Prepared } from '../../operationModule';

export const option: OperationOption = {
	name: 'Send',
	value: 'send',
	action: 'Send a survey',
	description: 'Send a campaign’s survey to customers by email or in-app',
	toolDescription:
		"Send a campaign's survey to one customer by email right away (or after a delay in days). Needs the recipient's email; the campaign is set in the node. Returns the recipient's status (the service's word, such as queued or skipped, with the survey ID or the reason; accepted when the service names none). It really sends an email or in-app survey.",
};

const DELAY_HINT =
	'A delay was set: it overrides the campaign’s sending time frame (such as its sending hours). Leave the delay empty to respect the time frame.';

/** Survey › Send's delay, under Options on every version. */
const delayOption: INodeProperties = {
	displayName: 'Delay (Days)',
	name: 'delay',
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 0 },
	default: 0,
	description:
		'Whole days to wait before sending; 0 sends at once. Any delay, 0 included, overrides the campaign’s sending time frame such as its sending hours. To respect the time frame, leave the delay empty (don’t add this option).',
};

export const properties: INodeProperties[] = [
	{
		displayName:
			'Queues a survey for each input item’s email, sent in the campaign’s sending time frame unless a delay is set. A failed request is never repeated automatically: repeating it could send the surveys twice.',
		name: 'sendNotice',
		type: 'notice',
		default: '',
	},
	campaignLocator({
		description: 'The campaign whose survey is sent. The list shows the active campaigns that send by email or in-app, the ones a transactional survey can use.',
		searchListMethod: 'searchSendableCampaigns',
	}),
	...updateDisplayOptions({ show: BEFORE_VERSION_3 }, [
		...inputModeProperties(`each item as a recipient: ${rowShape(RECIPIENT)}.`, { customProperties: false }),
		...editorProperties(RECIPIENT, { email: { description: 'Email of the customer to survey. Items are sent 100 per request, grouped by campaign and delay.' } }).map(
			(property) => ({ ...property, displayOptions: DEFINE_BELOW }),
		),
		{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: [delayOption] },
	]),
	...columnsProperties(recipientColumns),
	mapperOptions({ takesProperties: false, before: [delayOption] }),
];

interface Recipient {
	campaign: string;
	delay?: number;
	subscriber: PersonRow;
	/** Fields of the item's output besides the service's row (the fields Map Automatically left out). */
	output: IDataObject;
}

/** The service takes 1 to 100 subscribers per request. */
export const batchSize = 100;

/** The item's delay: undefined when empty (the campaign's schedule applies), else whole days ≥ 0. */
function readDelay(options: IDataObject, problems: ItemProblems): number | undefined {
	const value = options.delay;
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	const days = typeof value === 'string' ? Number(value.trim()) : value;
	if (typeof days !== 'number' || !Number.isInteger(days) || days < 0) {
		problems.add('Options › Delay (Days)', `must be a whole number of days, 0 or more, or empty, got ${JSON.stringify(value)}`);
		return undefined;
	}
	return days;
}

/** Each item's recipient, campaign and delay; one request per campaign and delay. */
export function itemReader(this: IExecuteFunctions): ItemReader<Recipient> {
	const campaignOf = itemParameter(this, 'campaign', '', { extractValue: true });
	const optionsOf = itemParameter<IDataObject>(this, 'options', {});
	const read = rowReader<PersonRow>(this, RECIPIENT, { columns: recipientColumns });
	return async (itemIndex, problems) => {
		const campaign = problems.parse('Campaign', rules.text, campaignOf(itemIndex));
		const delay = readDelay(optionsOf(itemIndex), problems);
		const { row: subscriber, output } = await read(itemIndex, problems);
		return { itemIndex, value: { campaign, delay, subscriber, output }, group: JSON.stringify([campaign, delay ?? null]) };
	};
}

/**
 * A refused request names the campaign and its channel when that is why: a campaign that sends by
 * link, embed or Intercom cannot send a transactional survey, whatever the service's wording.
 */
async function explainRefusal(ctx: IExecuteFunctions, api: ServiceApi, campaignId: string, error: unknown, itemIndex: number) {
	const failure = asItemError(ctx.getNode(), error, itemIndex);
	if (!(failure instanceof NodeApiError) || failure.httpCode !== '400') return failure;
	const campaigns = await api.request({ method: 'GET', path: '/api/v2/campaigns', itemIndex }).then(
		(body) => recordsOf(body, 'campaigns'),
		() => [],
	);
	const campaign = campaigns.find(({ id }) => id === campaignId);
	if (campaign && !sendsByEmailOrInApp(campaign)) {
		const channel = String(campaign.channel ?? campaign.type ?? 'another channel');
		failure.message = `${api.label} failed: campaign "${String(campaign.name ?? campaignId)}" (${campaignId}) sends by ${channel}; a transactional survey goes out by email or in-app only [HTTP 400]`;
		failure.description = `Pick an active email or in-app campaign (the Campaign list shows only those). ${failure.description ?? ''}`.trim();
	}
	return failure;
}

/** Sends the survey to up to 100 recipients; each item gets its own row (status, survey ID, or why not). */
export async function send(this: IExecuteFunctions, batch: Array<Prepared<Recipient>>, api: ServiceApi): Promise<ItemOutcome[]> {
	const { campaign, delay } = batch[0].value;
	let body: IDataObject;
	try {
		body = await api.request({
			method: 'POST',
			path: '/api/v2/survey',
			body: { campaign, ...(delay === undefined ? {} : { delay }), subscribers: batch.map(({ value }) => value.subscriber) },
			// A repeated request could send the surveys twice.
			repeatable: false,
			ifUnanswered: `the surveys of this request (${batch.length}) may have been queued all the same: look for them with Outbox › Get Many (by email or campaign ${campaign}) before sending again`,
			itemIndex: batch[0].itemIndex,
		});
	} catch (error) {
		throw await explainRefusal(this, api, campaign, error, batch[0].itemIndex);
	}
	// The campaign is `campaignId` from version 3, as in every other write; versions 1 and 2 keep `campaign`.
	const campaignField = isVersion3OrLater(this) ? 'campaignId' : 'campaign';
	// The spec shows no per-item answer for a survey: a bare success covers the request; rows, when sent, are read.
	return rowOutcomes(
		batch,
		body,
		emailRowReading({
			emailOf: (value) => value.subscriber.email,
			item: (value) => ({
				[campaignField]: value.campaign,
				...(value.delay === undefined ? {} : { delay: value.delay }),
				...value.output,
			}),
			check: `look for it with Outbox › Get Many (by email or campaign ${campaign})`,
		}),
		'accepted',
	);
}

export function afterSend(this: IExecuteFunctions, sent: Recipient[]): void {
	if (sent.some(({ delay }) => delay !== undefined)) addHint(this, { message: DELAY_HINT, location: 'outputPane' });
}
