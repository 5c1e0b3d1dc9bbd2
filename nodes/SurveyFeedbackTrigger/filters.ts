import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { ServiceRecord } from '../shared/serviceRecord';

import { toApiDate } from '../shared/dates';
import { fieldError } from '../shared/errors';
import { attributeFilterQuery, compact, type AttributeFilter } from '../shared/inputs';
import type { EventDefinition } from './events';

export interface TriggerFilters {
	/** Sent to the service with every list request. */
	query: IDataObject;
	/** The score range, applied here because the service cannot filter by score; undefined when off. */
	scoreRange?: [number, number];
}

const SCORE_PRESETS: Record<string, [number, number]> = {
	detractors: [0, 6],
	passives: [7, 8],
	promoters: [9, 10],
};

function scoreRange(ctx: IPollFunctions): [number, number] | undefined {
	const choice = ctx.getNodeParameter('score', 'any') as string;
	if (SCORE_PRESETS[choice]) return SCORE_PRESETS[choice];
	if (choice !== 'custom') return undefined;
	const min = Number(ctx.getNodeParameter('minScore', 0));
	const max = Number(ctx.getNodeParameter('maxScore', 10));
	const node = ctx.getNode();
	if (!Number.isFinite(min)) throw fieldError({ node, field: 'Minimum Score' }, 'must be a number');
	if (!Number.isFinite(max)) throw fieldError({ node, field: 'Maximum Score' }, 'must be a number');
	if (min > max) {
		throw fieldError({ node, field: 'Minimum Score' }, `${min} is above Maximum Score (${max})`, 'No score could match; swap the two values.');
	}
	return [min, max];
}

/** Reads the filters of the chosen event; throws on bad input before any request is sent. */
export function readFilters(ctx: IPollFunctions, definition: EventDefinition): TriggerFilters {
	const node = ctx.getNode();
	const query: IDataObject = {};
	if (definition.event !== 'newCustomer') {
		const campaign = ctx.getNodeParameter('campaign', '', { extractValue: true });
		if (typeof campaign === 'string' && campaign.trim()) query.campaignId = campaign.trim();
	}
	if (definition.event === 'newOutboxRecord') {
		query.channel = ctx.getNodeParameter('channel', '') as string;
		query.sentBy = ctx.getNodeParameter('sentBy', '') as string;
	}
	Object.assign(
		query,
		attributeFilterQuery(
			ctx.getNodeParameter('attributeFilters', {}) as { filter?: AttributeFilter[] },
			ctx.getNodeParameter('match', 'all') as string,
			{ node },
		),
	);
	return {
		query: compact(query),
		scoreRange: definition.event === 'newFeedback' ? scoreRange(ctx) : undefined,
	};
}

/** Whether a record passes the filters the service could not apply. */
export function matchesLocally(filters: TriggerFilters, record: ServiceRecord): boolean {
	if (!filters.scoreRange) return true;
	const score = typeof record.score === 'string' && record.score.trim() !== '' ? Number(record.score) : record.score;
	return typeof score === 'number' && score >= filters.scoreRange[0] && score <= filters.scoreRange[1];
}

/** The Start From option as epoch milliseconds; undefined when not set. */
export function readStartFrom(ctx: IPollFunctions): number | undefined {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const instant = toApiDate(options.startFrom, 'instant', {
		node: ctx.getNode(),
		field: 'Options › Start From',
		timezone: ctx.getTimezone(),
	});
	return instant === undefined ? undefined : Date.parse(instant);
}
