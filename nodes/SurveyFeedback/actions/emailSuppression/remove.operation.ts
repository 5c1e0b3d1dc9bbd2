import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { EMAIL_SUPPRESSION, removeSuppression, suppressionIdField } from './suppressions';

const properties: INodeProperties[] = [suppressionIdField];

export const description = updateDisplayOptions({ show: { resource: ['emailSuppression'], operation: ['remove'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return removeSuppression.call(this, itemIndex, EMAIL_SUPPRESSION);
}
