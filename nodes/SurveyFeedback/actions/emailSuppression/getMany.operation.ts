import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { EMAIL_SUPPRESSION, listSuppressions } from './suppressions';

const properties: INodeProperties[] = [
	{
		displayName: 'Returns every suppressed email of the account, manual and automatic ones, one item each',
		name: 'emailSuppressionListNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['emailSuppression'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return listSuppressions.call(this, itemIndex, EMAIL_SUPPRESSION);
}
