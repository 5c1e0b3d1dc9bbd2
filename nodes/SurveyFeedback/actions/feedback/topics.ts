import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { describeType, optionValues, problem } from '../../../shared/inputs';

const SENTIMENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Negative', value: 'negative' },
	{ name: 'Neutral', value: 'neutral' },
	{ name: 'Positive', value: 'positive' },
];
const SENTIMENTS = optionValues(SENTIMENT_OPTIONS);

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
						options: SENTIMENT_OPTIONS,
						default: 'neutral',
					},
				],
			},
		],
	};
}

/**
 * The topics rule: a list of `{ name, sentiment }` (from the editor or an item's JSON). A missing
 * sentiment is `fallback` when there is one, else a problem.
 */
export function topicList(value: unknown, fallbackSentiment?: string): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	if (!Array.isArray(value)) problem(`must be a list of { name, sentiment }, not ${describeType(value)}`);
	return (value as unknown[]).map((topic, index) => {
		if (!topic || typeof topic !== 'object' || Array.isArray(topic)) problem(`entry ${index + 1} must be { name, sentiment }, not ${describeType(topic)}`);
		const { name, sentiment } = topic as IDataObject;
		const given = sentiment === undefined || sentiment === null || sentiment === '' ? fallbackSentiment : sentiment;
		if (given === undefined) problem(`entry ${index + 1} has no sentiment; use one of ${SENTIMENTS.join(', ')}`);
		const normalized = String(given).trim().toLowerCase();
		if (typeof given !== 'string' || !SENTIMENTS.includes(normalized)) problem(`entry ${index + 1} has sentiment ${JSON.stringify(given)}; use one of ${SENTIMENTS.join(', ')}`);
		if (typeof name !== 'string' || name.trim() === '') problem(`entry ${index + 1} needs a name`);
		return { name: (name as string).trim(), sentiment: normalized };
	});
}
