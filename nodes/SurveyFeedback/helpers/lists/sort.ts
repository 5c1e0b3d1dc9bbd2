import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { at } from '../../../shared/errors';
import { optionalText } from '../../../shared/inputs';
import { isVersion2OrLater, VERSION_1, FROM_VERSION_2 } from '../versions';

/**
 * Where a list's order is chosen. Version 1 has a Sort field among the list's Filters or Options;
 * from version 2 the order is in a Sort collection of its own, below the operation's other
 * collections, as n8n's UX guidelines ask. Both send the same `sort` in the query.
 */

/** The name of the field in version 1's collection, and of version 2's collection. */
const SORT = 'sort';

/** Version 2's Sort collection holds one field: the order. */
const ORDER = 'order';

function withVersion(property: INodeProperties, version: typeof VERSION_1 | typeof FROM_VERSION_2): INodeProperties {
	return { ...property, displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, ...version } } };
}

/**
 * An operation's properties with its order chosen by version: `holder` (the collection that has
 * the Sort field) stays as it is in version 1; version 2 has it without Sort (or not at all when
 * Sort was its only field), and a Sort collection with the same choices at the end.
 */
export function withSortCollection(properties: INodeProperties[], holder: string): INodeProperties[] {
	const collection = properties.find(({ name, type }) => name === holder && type === 'collection');
	const fields = (collection?.options ?? []) as INodeProperties[];
	const sort = fields.find(({ name }) => name === SORT);
	if (!collection || !sort) throw new Error(`The collection "${holder}" has no Sort field`);
	const rest = fields.filter((field) => field !== sort);
	const sortCollection: INodeProperties = {
		displayName: 'Sort',
		name: SORT,
		type: 'collection',
		placeholder: 'Add Sort Rule',
		default: {},
		options: [{ ...sort, displayName: 'Order', name: ORDER }],
	};
	return [
		...properties.flatMap((property) =>
			property === collection
				? [withVersion(collection, VERSION_1), ...(rest.length ? [withVersion({ ...collection, options: rest }, FROM_VERSION_2)] : [])]
				: [property],
		),
		withVersion(sortCollection, FROM_VERSION_2),
	];
}

/**
 * The `sort` to send, or undefined for the service's own order: version 1 reads `holder`'s Sort
 * field (`label` is how messages name that collection), version 2 the Sort collection's Order.
 */
export function readSort(ctx: IExecuteFunctions, itemIndex: number, holder: { name: string; label: string }): string | undefined {
	const [collection, field, fieldLabel] = isVersion2OrLater(ctx) ? [SORT, ORDER, 'Sort › Order'] : [holder.name, SORT, `${holder.label} › Sort`];
	const values = ctx.getNodeParameter(collection, itemIndex, {}) as Record<string, unknown>;
	return optionalText(values[field], at({ node: ctx.getNode(), itemIndex }, fieldLabel))?.trim();
}
