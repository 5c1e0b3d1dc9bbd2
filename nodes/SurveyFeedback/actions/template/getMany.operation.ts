import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getAllRecords } from '../../../shared/paging';

const properties: INodeProperties[] = [
	{
		displayName:
			'Returns every template of the account, one item each. The list may leave out the survey questions: use Get for a template’s questions and their IDs.',
		name: 'templateListNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['template'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return getAllRecords.call(this, itemIndex, {
		request: { method: 'GET', path: '/api/v2/templates', operation: 'Template: Get Many' },
		recordsKey: 'templates',
	});
}
