import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { toApiDateRange, type DateRule } from '../../../shared/dates';
import { attributeFilterProperties, campaignLocator, returnAllOrLimit } from '../../../shared/descriptions';
import { attributeFilterQuery, compact, optionalText } from '../../../shared/inputs';

/**
 * The shape the feedback and outbox lists share: Return All / Limit, an optional campaign, a
 * Filters collection (the endpoint's own filters) and the attribute filters.
 */
export function listProperties({ records, filters }: { records: string; filters: INodeProperties[] }): INodeProperties[] {
	return [
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
	];
}

/** Reads the list's query: campaignId, the Filters collection (dates by the endpoint's rule) and attributes. */
export function readListQuery(
	this: IExecuteFunctions,
	itemIndex: number,
	{ dateRule, textFilters }: { dateRule: DateRule; textFilters: Record<string, string> },
): IDataObject {
	const node = this.getNode();
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const text: IDataObject = {};
	for (const [name, label] of Object.entries(textFilters)) {
		text[name] = optionalText(filters[name], { node, itemIndex, field: `Filters › ${label}` })?.trim();
	}
	return compact({
		campaignId: optionalText(this.getNodeParameter('campaign', itemIndex, '', { extractValue: true }), {
			node,
			itemIndex,
			field: 'Campaign',
		})?.trim(),
		...text,
		...toApiDateRange(filters.startDate, filters.endDate, dateRule, {
			node,
			itemIndex,
			timezone: this.getTimezone(),
			startField: `Filters › Start Date (item ${itemIndex})`,
			endField: `Filters › End Date (item ${itemIndex})`,
		}),
		...attributeFilterQuery(
			this.getNodeParameter('attributeFilters', itemIndex, {}) as IDataObject,
			this.getNodeParameter('match', itemIndex, 'all') as string,
			{ node, itemIndex },
		),
	});
}
