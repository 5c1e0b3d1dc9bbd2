import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { describeType, requireText } from '../../../shared/inputs';

export const SENTIMENTS = ['positive', 'negative', 'neutral'];

/** A list of topics, each a name and a sentiment. */
export function topicsProperty(description: string): INodeProperties {
	return {
		displayName: 'Topics',
		name: 'topics',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Topic',
		default: {},
		description,
		options: [
			{
				displayName: 'Topic',
				name: 'topic',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. Pricing' },
					{
						displayName: 'Sentiment',
						name: 'sentiment',
						type: 'options',
						options: [
							{ name: 'Negative', value: 'negative' },
							{ name: 'Neutral', value: 'neutral' },
							{ name: 'Positive', value: 'positive' },
						],
						default: 'neutral',
					},
				],
			},
		],
	};
}

/**
 * Validates topics given as a list of `{ name, sentiment }` (from the editor or an item's JSON).
 * A missing sentiment is `fallback` when there is one, else an error.
 */
export function readTopics(
	value: unknown,
	ctx: { node: INode; itemIndex: number; field: string; fallbackSentiment?: string },
): IDataObject[] {
	const fail = (message: string): never => {
		throw new NodeOperationError(ctx.node, `${ctx.field}: ${message} (item ${ctx.itemIndex})`, { itemIndex: ctx.itemIndex });
	};
	if (value === undefined || value === null || value === '') return [];
	if (!Array.isArray(value)) fail(`must be a list of { name, sentiment }, not ${describeType(value)}`);
	return (value as unknown[]).map((topic, index) => {
		const at = `${ctx.field} › ${index + 1}`;
		if (!topic || typeof topic !== 'object' || Array.isArray(topic)) fail(`entry ${index + 1} must be { name, sentiment }, not ${describeType(topic)}`);
		const { name, sentiment } = topic as IDataObject;
		const given = sentiment === undefined || sentiment === null || sentiment === '' ? ctx.fallbackSentiment : sentiment;
		if (given === undefined) fail(`entry ${index + 1} has no sentiment; use one of ${SENTIMENTS.join(', ')}`);
		const normalized = String(given).trim().toLowerCase();
		if (typeof given !== 'string' || !SENTIMENTS.includes(normalized)) {
			fail(`entry ${index + 1} has sentiment ${JSON.stringify(given)}; use one of ${SENTIMENTS.join(', ')}`);
		}
		return { name: requireText(name, { node: ctx.node, itemIndex: ctx.itemIndex, field: `${at} › Name` }), sentiment: normalized };
	});
}
