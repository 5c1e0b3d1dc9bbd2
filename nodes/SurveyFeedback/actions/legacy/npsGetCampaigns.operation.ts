import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getAllRecords } from '../../../shared/paging';
import { replacedBy } from './common';

const properties: INodeProperties[] = [
	replacedBy('npsGetCampaigns', 'Deprecated endpoint. Use Campaign › Get Many instead. Returns every campaign, one item each.'),
];

export const description = updateDisplayOptions({ show: { resource: ['legacy'], operation: ['npsGetCampaigns'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return getAllRecords.call(this, itemIndex, {
		request: { method: 'GET', path: '/api/v2/nps/campaigns', operation: 'Legacy: Deprecated Get Campaigns' },
		recordsKey: 'campaigns',
	});
}
