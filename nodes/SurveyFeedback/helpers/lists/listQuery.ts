import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { toApiPresetRange } from '../../../shared/dateRanges';
import type { DateRule } from '../../../shared/dates';
import { attributeFilterProperties, campaignLocator } from '../../../shared/descriptions';
import { at } from '../../../shared/errors';
import { attributeFilterQuery, compact, optionalText } from '../../../shared/inputs';
import { returnAllOrLimit } from '../descriptions';
import { readSort, withSortCollection } from './sort';

/**
 * The shape the feedback and outbox lists share: Return All / Limit, an optional campaign, a
 * Filters collection (the endpoint's own filters, with Sort among them in version 1), the
 * attribute filters and, from version 2, the Sort collection.
 */
export function listProperties({ records, filters }: { records: string; filters: INodeProperties[] }): INodeProperties[] {
	return withSortCollection([
		...returnAllOrLimit,
		campaignLocator({ required: false, description: `Only ${records} of this campaign` }),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: filters,
		},
		...attributeFilterProperties,
	], 'filters');
}

/** Reads the list's query: campaignId, the Filters collection (dates by the endpoint's rule), the sort and attributes. */
export function readListQuery(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{ dateRule, textFilters }: { dateRule: DateRule; textFilters: Record<string, string> },
): IDataObject {
	const node = ctx.getNode();
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const text: IDataObject = {};
	for (const [name, label] of Object.entries(textFilters)) {
		text[name] = optionalText(filters[name], at({ node, itemIndex }, `Filters › ${label}`))?.trim();
	}
	return compact({
		campaignId: optionalText(ctx.getNodeParameter('campaign', itemIndex, '', { extractValue: true }), at({ node, itemIndex }, 'Campaign'))?.trim(),
		...text,
		sort: readSort(ctx, itemIndex, { name: 'filters', label: 'Filters' }),
		...datesAndAttributes(ctx, itemIndex, filters, dateRule),
	});
}

/**
 * Filters › Date Range (or, for Custom and for collections without one, Filters › Start and End
 * Date) by the endpoint's rule.
 */
export function filterDates(ctx: IExecuteFunctions, itemIndex: number, filters: IDataObject, dateRule: DateRule): IDataObject {
	const custom = filters.dateRange === undefined || filters.dateRange === 'custom';
	return toApiPresetRange(filters.dateRange, custom ? filters.startDate : undefined, custom ? filters.endDate : undefined, dateRule, {
		node: ctx.getNode(),
		itemIndex,
		timezone: ctx.getTimezone(),
		rangeField: 'Filters › Date Range',
		startField: 'Filters › Start Date',
		endField: 'Filters › End Date',
	});
}

/** The part every filtered list shares: the dates of its Filters by the endpoint's rule, and the attribute filters. */
export function datesAndAttributes(ctx: IExecuteFunctions, itemIndex: number, filters: IDataObject, dateRule: DateRule): IDataObject {
	const node = ctx.getNode();
	return {
		...filterDates(ctx, itemIndex, filters, dateRule),
		...attributeFilterQuery(
			ctx.getNodeParameter('attributeFilters', itemIndex, {}) as IDataObject,
			ctx.getNodeParameter('match', itemIndex, 'all') as string,
			{ node, itemIndex },
		),
	};
}
