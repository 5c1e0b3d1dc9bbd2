import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseUpdateProperties, sendResponseUpdate } from './responseUpdate';
import { readTopics, topicsProperty } from './topics';

const properties: INodeProperties[] = [...responseUpdateProperties('topics'), topicsProperty('Topics of the response, each with a sentiment')];

export const description = updateDisplayOptions({ show: { resource: ['feedback'], operation: ['setTopics'] } }, properties);

/** Adds topics to a response (a topic it already has takes the new sentiment), or replaces them. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const collection = this.getNodeParameter('topics', itemIndex, {}) as { topic?: IDataObject[] };
	const topics = readTopics(collection.topic, {
		node: this.getNode(),
		itemIndex,
		field: 'Topics',
		fallbackSentiment: 'neutral',
	});
	return sendResponseUpdate.call(this, itemIndex, {
		path: '/api/v2/response/topics',
		field: 'topics',
		label: 'Topics',
		values: topics,
		operation: 'Feedback: Set Topics',
	});
}
