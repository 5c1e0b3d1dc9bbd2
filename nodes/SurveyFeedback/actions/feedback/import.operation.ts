import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { pairRows, rowError, runBulk, type ItemOutcome } from '../../../shared/batching';
import { campaignLocator } from '../../../shared/descriptions';
import { importOptionsCollection, readImportOptions } from '../../../shared/importOptions';
import { requireText } from '../../../shared/inputs';
import { apiRequest } from '../../../shared/transport';
import { EDITOR_LABELS, fromEditor, mappedFeedbackProperties, validateFeedbackItem, type FeedbackItem } from './feedbackItem';

/** The service takes 1 to 200 feedback items per request. */
const BATCH_SIZE = 200;

const mapFields = { show: { inputMode: ['mapFields'] } };

const properties: INodeProperties[] = [
	{
		displayName:
			'Imported feedback counts toward scores and trends but sends no survey, webhook or reminder. A failed request is never repeated automatically: repeating it could import the feedback twice.',
		name: 'importNotice',
		type: 'notice',
		default: '',
	},
	campaignLocator({ description: 'The campaign to import into; it sets the metric and the template' }),
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		options: [
			{ name: 'Map Fields Below', value: 'mapFields', description: 'Set each field of the feedback in the editor' },
			{
				name: 'Use Item JSON',
				value: 'itemJson',
				description: "Each input item's JSON is one feedback item in the API's shape (email, score, comment, first_name, …)",
			},
		],
		default: 'mapFields',
	},
	{
		displayName:
			'Each input item must look like {"email": "ann@example.com", "score": 9, "comment": "…", "tags": ["…"], "topics": [{"name": "…", "sentiment": "positive"}], "response_date": "2026-01-31T10:00:00Z", "additional_questions": [{"uuid": "…", "type": "RATING", "answer": 4, "metric": "csat"}]}. Fields the import does not know are ignored.',
		name: 'itemJsonNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { inputMode: ['itemJson'] } },
	},
	...mappedFeedbackProperties.map((property) => ({ ...property, displayOptions: mapFields })),
	importOptionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['feedback'], operation: ['import'] } }, properties);

interface Entry {
	campaign: string;
	options: IDataObject;
	feedback: FeedbackItem;
}

/** `details` of the answer, inside `data` or at the top level. */
function detailsOf(body: IDataObject): IDataObject | undefined {
	const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as IDataObject) : {};
	const details = data.details ?? body.details;
	return details && typeof details === 'object' && !Array.isArray(details) ? (details as IDataObject) : undefined;
}

/** The counts of the answer (imported, skipped, failed), wherever they are. */
function countsOf(body: IDataObject): IDataObject {
	const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as IDataObject) : {};
	const counts: IDataObject = {};
	for (const name of ['imported', 'skipped', 'failed']) {
		const count = data[name] ?? body[name];
		if (typeof count === 'number') counts[name] = count;
	}
	return counts;
}

const list = (value: unknown): IDataObject[] => (Array.isArray(value) ? (value as IDataObject[]).filter((row) => row && typeof row === 'object') : []);

/**
 * Imports feedback: 200 items per request, one request per campaign and set of options. The
 * answer's `details` (imported, skipped, failed) go back to the items they came from, by their
 * position in the request, else by email; a failed row becomes its item's error.
 */
export async function executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<ItemOutcome[]> {
	const items = this.getInputData();
	const node = this.getNode();
	const timezone = this.getTimezone();
	return runBulk<Entry>(this, {
		itemIndexes,
		batchSize: BATCH_SIZE,
		prepare: (itemIndex) => {
			const campaign = requireText(this.getNodeParameter('campaign', itemIndex, '', { extractValue: true }), {
				node,
				itemIndex,
				field: 'Campaign',
			});
			const inputMode = this.getNodeParameter('inputMode', itemIndex, 'mapFields') as string;
			const feedback =
				inputMode === 'itemJson'
					? validateFeedbackItem(items[itemIndex].json, { node, itemIndex, timezone, label: (field) => `Item JSON › ${field}` })
					: validateFeedbackItem(fromEditor.call(this, itemIndex), {
							node,
							itemIndex,
							timezone,
							label: (field) => EDITOR_LABELS[field] ?? field,
						});
			const options = readImportOptions(this.getNodeParameter('importOptions', itemIndex, {}), { node, itemIndex, timezone });
			return { itemIndex, value: { campaign, options, feedback }, group: JSON.stringify([campaign, options]) };
		},
		send: async (batch) => {
			const { campaign, options } = batch[0].value;
			const body = await apiRequest.call(this, {
				method: 'POST',
				path: '/api/v2/import',
				body: {
					campaign_id: campaign,
					feedback: batch.map(({ value }) => value.feedback),
					...(Object.keys(options).length ? { options } : {}),
				},
				operation: 'Feedback: Import',
				// A repeated request could import the feedback twice.
				repeatable: false,
				itemIndex: batch[0].itemIndex,
			});
			const details = detailsOf(body);
			const failed = new Set<IDataObject>(list(details?.failed).map((row) => ({ ...row, status: 'failed' })));
			const rows = [
				...list(details?.imported).map((row) => ({ status: 'imported', ...row })),
				...list(details?.skipped).map((row) => ({ status: 'skipped', ...row })),
				...failed,
			];
			const paired = pairRows(batch, rows, {
				entry: (value) => value.feedback.email,
				row: (row) => (typeof row.email === 'string' ? row.email : undefined),
			});
			// Items without a row were imported when the answer itemizes both failures and skips.
			const itemized = Array.isArray(details?.failed) && Array.isArray(details?.skipped);
			return batch.map(({ itemIndex, value }, position): ItemOutcome => {
				const base = { email: value.feedback.email, campaignId: campaign };
				const row = paired[position];
				if (!row) {
					return {
						itemIndex,
						json: itemized ? { ...base, status: 'imported' } : { ...base, status: 'unconfirmed', message: body.message ?? '', requestCounts: countsOf(body) },
					};
				}
				const { index: _index, ...fields } = row;
				if (failed.has(row)) return { itemIndex, error: rowError.call(this, itemIndex, { ...base, ...fields }, 'Feedback not imported') };
				return { itemIndex, json: { ...base, ...fields } };
			});
		},
	});
}
