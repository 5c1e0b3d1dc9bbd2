import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { templateLocator } from '../../../shared/descriptions';
import { requireText } from '../../../shared/inputs';
import { apiRequest } from '../../../shared/transport';

const properties: INodeProperties[] = [templateLocator()];

export const description = updateDisplayOptions({ show: { resource: ['template'], operation: ['get'] } }, properties);

/** The template with its survey questions (uuid, type, metric, isMain, option uuids). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const templateId = requireText(this.getNodeParameter('template', itemIndex, undefined, { extractValue: true }), {
		node: this.getNode(),
		itemIndex,
		field: 'Template',
	});
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v2/templates/${encodeURIComponent(templateId)}`,
		operation: 'Template: Get',
		itemIndex,
	});
	return (body.data as IDataObject) ?? body;
}
