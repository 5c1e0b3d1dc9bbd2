import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ServiceRecord } from '../../../shared/serviceRecord';

import { campaignLocator } from '../../../shared/descriptions';
import { at } from '../../../shared/errors';
import { requireText } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { outcomesFromRows } from '../../helpers/bulk/answerRows';
import { columnsProperties, mapperOptions } from '../../helpers/bulk/columnMapper';
import { itemParameter } from '../../helpers/bulk/itemParameter';
import { rowReader } from '../../helpers/bulk/rowReader';
import { DEFINE_BELOW, inputModeProperties } from '../../helpers/descriptions';
import { BEFORE_VERSION_3 } from '../../helpers/versions';
import type { ItemOutcome, OperationOption, Prepared } from '../../operationModule';
import { FEEDBACK_FIELD_LABELS, feedbackColumns, feedbackFromEditor, mappedFeedbackProperties } from './importFields';
import { importOptionsCollection, readImportOptions } from './importOptions';
import { importedResponseRow, readImportedResponseJson, type ImportedResponse } from './importedResponse';

export const option: OperationOption = {
	name: 'Import',
	value: 'import',
	action: 'Import feedback',
	description: 'Import feedback collected elsewhere into a campaign',
};

export const properties: INodeProperties[] = [
	{
		displayName:
			'Imported feedback counts toward scores and trends but sends no survey, webhook or reminder. A failed request is never repeated automatically: repeating it could import the feedback twice.',
		name: 'importNotice',
		type: 'notice',
		default: '',
	},
	campaignLocator({ description: 'The campaign to import into; it sets the metric and the template' }),
	...updateDisplayOptions({ show: BEFORE_VERSION_3 }, [
		...inputModeProperties(
			'each item as a response: email, score, comment, first_name, last_name, company, job_title, phone, country, state, city, tags, customer_tags, topics ([{ name, sentiment }]), properties, response_date, send_date, open_date (ISO 8601), additional_questions ([{ uuid, type, answer, metric }]).',
			{ customProperties: true },
		),
		...mappedFeedbackProperties.map((property) => ({ ...property, displayOptions: DEFINE_BELOW })),
	]),
	...columnsProperties(feedbackColumns),
	importOptionsCollection(),
	mapperOptions({ takesProperties: true }),
];

interface Entry {
	campaign: string;
	options: IDataObject;
	feedback: ImportedResponse;
	/** Fields of the item's output besides the service's row (the fields Map Automatically left out). */
	output: IDataObject;
}

/** The service takes 1 to 200 feedback items per request. */
export const batchSize = 200;

/** Each item's response, campaign and import options; items of one campaign and options share requests. */
export function itemReader(this: IExecuteFunctions): (itemIndex: number) => Prepared<Entry> {
	const node = this.getNode();
	const timezone = this.getTimezone();
	const campaignOf = itemParameter(this, 'campaign', '', { extractValue: true });
	const importOptionsOf = itemParameter(this, 'importOptions', {});
	const read = rowReader(this, {
		schema: importedResponseRow(timezone),
		fromEditor: feedbackFromEditor(this),
		editorLabels: FEEDBACK_FIELD_LABELS,
		fromItemJson: readImportedResponseJson,
		columns: feedbackColumns,
	});
	return (itemIndex) => {
		const campaign = requireText(campaignOf(itemIndex), at({ node, itemIndex }, 'Campaign'));
		const { row: feedback, output } = read(itemIndex);
		const options = readImportOptions(importOptionsOf(itemIndex), { node, itemIndex, timezone });
		return { itemIndex, value: { campaign, options, feedback, output }, group: JSON.stringify([campaign, options]) };
	};
}

/** An object of the answer, inside `data` or at the top level. */
function answerPart(body: ServiceRecord, name: string): unknown {
	const data: ServiceRecord = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as ServiceRecord) : {};
	return data[name] ?? body[name];
}

const rowsOf = (value: unknown, status: string): ServiceRecord[] =>
	Array.isArray(value) ? (value as ServiceRecord[]).filter((row) => row && typeof row === 'object').map((row) => ({ status, ...row })) : [];

/**
 * Imports up to 200 responses of one campaign and set of options. The answer's `details`
 * (imported, skipped, failed) go back to the items they came from, by position, else by email.
 */
export async function send(this: IExecuteFunctions, batch: Array<Prepared<Entry>>, api: ServiceApi): Promise<ItemOutcome[]> {
	const { campaign, options } = batch[0].value;
	const body = await api.request({
		method: 'POST',
		path: '/api/v2/import',
		body: { campaign_id: campaign, feedback: batch.map(({ value }) => value.feedback), ...(Object.keys(options).length ? { options } : {}) },
		// A repeated request could import the feedback twice.
		repeatable: false,
		ifUnanswered:
			batch.length === 1
				? 'the response of this request may have been imported all the same: look for it with Feedback › Get Many (by email or campaign) before importing it again'
				: `the ${batch.length} responses of this request may have been imported all the same: look for them with Feedback › Get Many (by email or campaign) before importing them again`,
		itemIndex: batch[0].itemIndex,
	});
	const details = answerPart(body, 'details') as ServiceRecord | undefined;
	const failed = Array.isArray(details?.failed) ? (details?.failed as ServiceRecord[]) : [];
	const rows = [
		...rowsOf(details?.imported, 'imported'),
		...rowsOf(details?.skipped, 'skipped'),
		...failed.filter((row) => row && typeof row === 'object').map((row) => ({ ...row, status: 'failed' })),
	];
	// Items without a row were imported when the answer itemizes both failures and skips.
	const itemized = Array.isArray(details?.failed) && Array.isArray(details?.skipped);
	const counts: IDataObject = {};
	for (const name of ['imported', 'skipped', 'failed']) {
		const count = answerPart(body, name);
		if (typeof count === 'number') counts[name] = count;
	}
	return outcomesFromRows(this.getNode(), batch, rows, {
		keyOf: (value) => value.feedback.email,
		rowKeyOf: (row) => (typeof row.email === 'string' ? row.email : undefined),
		base: (value) => ({ email: value.feedback.email, campaignId: campaign, ...value.output }),
		isFailed: (row) => row.status === 'failed',
		withoutRow: () => (itemized ? { status: 'imported' } : { status: 'unconfirmed', message: body.message ?? '', requestCounts: counts }),
	});
}
