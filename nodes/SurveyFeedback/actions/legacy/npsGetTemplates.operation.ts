import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getAllRecords } from '../../../shared/paging';
import { replacedBy } from './common';

const properties: INodeProperties[] = [
	replacedBy('npsGetTemplates', 'Deprecated endpoint. Use Template › Get Many instead. Returns every template, one item each.'),
];

export const description = updateDisplayOptions({ show: { resource: ['legacy'], operation: ['npsGetTemplates'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return getAllRecords.call(this, itemIndex, {
		request: { method: 'GET', path: '/api/v2/nps/templates', operation: 'Legacy: Deprecated Get Templates' },
		recordsKey: 'templates',
	});
}
