import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { DOMAIN_SUPPRESSION, listSuppressions } from '../emailSuppression/suppressions';

const properties: INodeProperties[] = [
	{
		displayName: 'Returns every suppressed domain pattern of the account, manual and automatic ones, one item each',
		name: 'domainSuppressionListNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['domainSuppression'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return listSuppressions.call(this, itemIndex, DOMAIN_SUPPRESSION);
}
