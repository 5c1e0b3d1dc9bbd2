import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { at } from '../../../shared/errors';
import { parsed } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import type { ItemResult, OperationOption } from '../../operationModule';
import { responseUpdateProperties, sendResponseUpdate } from './responseUpdate';
import { topicList, topicsProperty } from './topics';

export const option: OperationOption = {
	name: 'Set Topics',
	value: 'setTopics',
	action: 'Set topics of a feedback response',
	description: 'Add topics to a response or replace its topics',
};

export const properties: INodeProperties[] = [...responseUpdateProperties('topics'), topicsProperty('Topics of the response, each with a sentiment')];

/** Adds topics to a response (a topic it already has takes the new sentiment), or replaces them. */
export async function write(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<ItemResult> {
	const collection = this.getNodeParameter('topics', itemIndex, {}) as { topic?: IDataObject[] };
	// The service takes a topic without a sentiment as neutral; the editor always has one.
	const topics = parsed(at({ node: this.getNode(), itemIndex }, 'Topics'), topicList('neutral'), collection.topic);
	return sendResponseUpdate(this, api, itemIndex, { path: '/api/v2/response/topics', field: 'topics', label: 'Topics', values: topics });
}
