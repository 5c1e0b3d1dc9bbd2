import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceApi } from '../../../shared/transport';
import { removeSuppression, suppressionIdField } from '../../helpers/operations/suppressions';
import type { OperationOption } from '../operationModule';

export const option: OperationOption = {
	name: 'Remove',
	value: 'remove',
	action: 'Remove an email suppression',
	description: 'Remove a manually added email suppression',
};

export const properties: INodeProperties[] = [suppressionIdField];

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
	return removeSuppression(this, api, itemIndex, 'emails');
}
