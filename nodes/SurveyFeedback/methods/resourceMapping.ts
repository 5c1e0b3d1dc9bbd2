import type { ILoadOptionsFunctions, ResourceMapperField, ResourceMapperFields, ResourceMapperValue } from 'n8n-workflow';

import type { Transport } from '../../shared/transport';
import { feedbackColumns } from '../actions/feedback/importFields';
import { v1SubscriberColumns } from '../actions/legacy/v1CreateSubscribers.operation';
import { mapperFields, propertyColumnId, propertyLabelOf, propertyTypeOf, type ColumnSet } from '../helpers/bulk/columnMapper';
import { customerColumns, recipientColumns } from '../helpers/customers/customerFields';
import { accountProperties, type AccountProperty } from './accountProperties';

/** The bulk writes of version 3, each with the columns its mapper lists. */
const COLUMN_SETS: ColumnSet[] = [customerColumns, recipientColumns, feedbackColumns, v1SubscriberColumns];

/**
 * The column mapper's lists (`resourceMapping`), one method per bulk write: the operation's own
 * fields with their types, then, where the row takes custom properties, the account's, each a
 * column of its own with its type (one request, see accountProperties.ts).
 *
 * Two rules of n8n's editor shape the list (docs/column-mapper.md):
 * - it starts a boolean column without a `defaultValue` at `false`, and saves that `false`; so an
 *   optional boolean column starts unset (`defaultValue: null`), which the editor leaves out of the
 *   saved values, and a row sends only what the user set;
 * - on Refresh it drops every saved column the list no longer has, with its value; so the property
 *   columns the node's saved values map stay listed (typed as saved) when the account's newest
 *   customers no longer carry them, or when the properties cannot be read.
 * When the read fails, the operation's own columns are still listed, with a read-only line that
 * says why the properties are missing (the editor shows no other text beside a list of columns).
 */
export function resourceMappingMethods(transport: Transport): Record<string, (this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>> {
	return Object.fromEntries(
		COLUMN_SETS.map((set) => [
			set.method,
			async function (this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
				if (!set.takesProperties) return startUnset(mapperFields(set.columns));
				const saved = savedPropertyColumns(this);
				let found: AccountProperty[];
				try {
					found = await accountProperties(this, transport);
				} catch (error) {
					const { fields } = mapperFields(set.columns, saved);
					return startUnset({ fields: [...fields, propertiesNotListed(error)] });
				}
				return startUnset(mapperFields(set.columns, withSaved(found, saved)));
			},
		]),
	);
}

/** Optional boolean columns start unset rather than `false`: an untouched one holds no value. */
function startUnset({ fields, ...rest }: ResourceMapperFields): ResourceMapperFields {
	return { ...rest, fields: fields.map((field) => (field.type === 'boolean' && !field.required ? { ...field, defaultValue: null } : field)) };
}

/**
 * The custom properties the node's saved `columns` map (a value is set for their column), each
 * with the type its saved column has. Empty for a new node or one that maps no property.
 */
export function savedPropertyColumns(ctx: ILoadOptionsFunctions): AccountProperty[] {
	const columns = ctx.getCurrentNodeParameter('columns') as Partial<ResourceMapperValue> | undefined;
	const values = columns?.value;
	if (!values || typeof values !== 'object') return [];
	const schema: ResourceMapperField[] = Array.isArray(columns.schema) ? columns.schema : [];
	return Object.keys(values).flatMap((id) => {
		const label = propertyLabelOf(id);
		if (!label) return [];
		return [{ label, type: propertyTypeOf(schema.find((field) => field.id === id)?.type) }];
	});
}

/** The account's properties, and after them the saved ones it no longer shows; sorted by label. */
function withSaved(found: AccountProperty[], saved: AccountProperty[]): AccountProperty[] {
	const listed = new Set(found.map(({ label }) => propertyColumnId(label)));
	const missing = saved.filter(({ label }) => !listed.has(propertyColumnId(label)));
	return [...found, ...missing].sort((a, b) => a.label.localeCompare(b.label));
}

/** The column that stands for the properties a failed read could not list: its name says why; it takes no value. */
export const PROPERTIES_NOT_LISTED = 'notice:propertiesNotListed';

function propertiesNotListed(error: unknown): ResourceMapperField {
	const reason = error instanceof Error && error.message ? error.message : 'the read failed';
	return {
		id: PROPERTIES_NOT_LISTED,
		displayName: `Custom properties not listed (${reason}). Refresh Column List to try again, or add them under Options › Other Custom Properties`,
		type: 'string',
		required: false,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		readOnly: true,
	};
}
