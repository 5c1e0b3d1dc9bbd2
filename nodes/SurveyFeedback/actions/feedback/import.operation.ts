import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { campaignLocator } from '../../../shared/descriptions';
import { rules } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { importOutcomes } from '../../helpers/bulk/answerRows';
import { columnsProperties, mapperOptions } from '../../helpers/bulk/columnMapper';
import { rowReader } from '../../helpers/bulk/rowReader';
import { editorProperties, rowShape } from '../../helpers/bulk/rowTable';
import { DEFINE_BELOW, inputModeProperties } from '../../helpers/descriptions';
import { itemParameter } from '../../helpers/parameters';
import { BEFORE_VERSION_3, isVersion3OrLater } from '../../helpers/versions';
import type { ItemOutcome, ItemReader, OperationOption, Prepared } from '../../operationModule';
import { feedbackColumns, listOptions, withListOptions } from './importFields';
import { importOptionsCollection, readImportOptions } from './importOptions';
import { IMPORTED_RESPONSE } from './importedResponse';

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
		...inputModeProperties(`each item as a response: ${rowShape(IMPORTED_RESPONSE)}.`, { customProperties: true }),
		...editorProperties(IMPORTED_RESPONSE, {
			email: { description: 'Email of the respondent. Items are sent 200 per request, grouped by campaign and import options.' },
		}).map((property) => ({ ...property, displayOptions: DEFINE_BELOW })),
	]),
	...columnsProperties(feedbackColumns),
	importOptionsCollection(),
	mapperOptions({ takesProperties: true, before: listOptions }),
];

type ImportedRow = IDataObject & { email: string };

interface Entry {
	campaign: string;
	options: IDataObject;
	feedback: ImportedRow;
	/** Fields of the item's output besides the service's row (the fields Map Automatically left out). */
	output: IDataObject;
}

/** The service takes 1 to 200 feedback items per request. */
export const batchSize = 200;

/** Each item's response, campaign and import options; items of one campaign and options share requests. */
export function itemReader(this: IExecuteFunctions, api: ServiceApi): ItemReader<Entry> {
	const timezone = this.getTimezone();
	const campaignOf = itemParameter(this, 'campaign', '', { extractValue: true });
	const importOptionsOf = itemParameter(this, 'importOptions', {});
	const version3 = isVersion3OrLater(this);
	const mapperOptionsOf = itemParameter<IDataObject>(this, 'options', {});
	const read = rowReader<ImportedRow>(this, IMPORTED_RESPONSE, { columns: feedbackColumns, api });
	return async (itemIndex, problems) => {
		const campaign = problems.parse('Campaign', rules.text, campaignOf(itemIndex));
		const { row, output } = await read(itemIndex, problems);
		const feedback = version3 ? withListOptions(row, mapperOptionsOf(itemIndex), problems) : row;
		const options = readImportOptions(importOptionsOf(itemIndex), timezone, problems);
		return { itemIndex, value: { campaign, options, feedback, output }, group: JSON.stringify([campaign, options]) };
	};
}

/**
 * Imports up to 200 responses of one campaign and set of options; the answer's `details.failed`
 * goes back to the items it names (see importOutcomes).
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
	return importOutcomes(
		batch,
		body,
		{
			keyOf: (value) => value.feedback.email,
			item: (value) => ({ email: value.feedback.email, campaignId: campaign, ...value.output }),
			check: 'look for it with Feedback › Get Many (by email or campaign)',
		},
		// The service skips duplicates unless the request says skip_duplicates: false.
		{ skipsMayBeUnlisted: options.skip_duplicates !== false },
	);
}
