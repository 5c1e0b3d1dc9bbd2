import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { at } from '../../../shared/errors';
import { requireText } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { templateLocator } from '../../helpers/descriptions';
import { recordOf } from '../../helpers/lists/readRecords';
import type { OperationOption } from '../operationModule';

export const option: OperationOption = {
	name: 'Get',
	value: 'get',
	action: 'Get a template',
	description: 'Get a survey template with its questions',
	toolDescription:
		"Get one survey template by ID with its questions: each question's uuid, type, metric and whether it is the main question.",
};

export const properties: INodeProperties[] = [templateLocator()];

/** The template with its survey questions (uuid, type, metric, isMain, option uuids). */
export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
	const templateId = requireText(this.getNodeParameter('template', itemIndex, undefined, { extractValue: true }), at({ node: this.getNode(), itemIndex }, 'Template'));
	return recordOf(await api.request({ method: 'GET', path: `/api/v2/templates/${encodeURIComponent(templateId)}`, itemIndex }));
}
