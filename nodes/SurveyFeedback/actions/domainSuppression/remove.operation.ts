import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { DOMAIN_SUPPRESSION, removeSuppression, suppressionIdField } from '../emailSuppression/suppressions';

const properties: INodeProperties[] = [suppressionIdField];

export const description = updateDisplayOptions({ show: { resource: ['domainSuppression'], operation: ['remove'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return removeSuppression.call(this, itemIndex, DOMAIN_SUPPRESSION);
}
