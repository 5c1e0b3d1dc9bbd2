import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { emptyAsUndefined, optionValues, typed } from '../../../shared/inputs';

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
 * The topics rule: a list of `{ name, sentiment }` (from the editor or an item's JSON), each entry's
 * problems its own issues. A missing sentiment is `fallbackSentiment` when there is one.
 */
export function topicList(fallbackSentiment?: string) {
	const choices = `use one of ${SENTIMENTS.join(', ')}`;
	const sentiment = z.preprocess(
		(value) => emptyAsUndefined(value) ?? fallbackSentiment,
		z
			.string({ errorMap: (issue, ctx) => ({ message: ctx.data === undefined ? `has no sentiment; ${choices}` : `has sentiment ${JSON.stringify(ctx.data)}; ${choices}` }) })
			.refine((given) => SENTIMENTS.includes(given.trim().toLowerCase()), (given) => ({ message: `has sentiment ${JSON.stringify(given)}; ${choices}` }))
			.transform((given) => given.trim().toLowerCase()),
	);
	return z.preprocess(
		(value) => (value === undefined || value === null || value === '' ? [] : value),
		z.array(
			z.object({ name: z.string({ errorMap: () => ({ message: 'needs a name' }) }).trim().min(1, 'needs a name'), sentiment }, typed('{ name, sentiment }')),
			typed('a list of { name, sentiment }'),
		),
	);
}
