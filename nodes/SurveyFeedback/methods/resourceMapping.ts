import { NodeOperationError, type ILoadOptionsFunctions, type ResourceMapperField, type ResourceMapperFields, type ResourceMapperValue } from 'n8n-workflow';

import { AUTHENTICATION_METHODS, type AuthenticationMethod } from '../../../credentials/authentication';
import type { Transport } from '../../shared/transport';
import { feedbackColumns } from '../actions/feedback/importFields';
import { v1SubscriberColumns } from '../actions/legacy/v1CreateSubscribers.operation';
import { mapperFields, propertyColumnId, propertyLabelOf, propertyTypeOf, type ColumnSet } from '../helpers/bulk/columnMapper';
import { customerColumns, recipientColumns } from '../helpers/customers/customerRows';
import { accountProperties, type AccountProperty } from './accountProperties';

/** The bulk writes of version 3, each with the columns its mapper lists. */
const COLUMN_SETS: ColumnSet[] = [customerColumns, recipientColumns, feedbackColumns, v1SubscriberColumns];

/**
 * The column mapper's lists (`resourceMapping`), one method per bulk write: the operation's own
 * fields with their types, then, where the row takes custom properties, the account's, each a
 * column of its own with its type (one request, see accountProperties.ts).
 *
 * Two rules of n8n's editor shape the list (docs/column-mapper.md):
 * - it starts a shown boolean column without a `defaultValue` at `false` and saves that `false`
 *   (and a switch has no "unset" look: given no value it shows on); so an optional boolean column
 *   comes hidden (`removed`), offered under "Add column to send", and an untouched one holds no
 *   value: a row sends only what the user set. Added, it shows off and sends what it shows;
 * - on Refresh it drops every saved column the list no longer has, with its value; so the property
 *   columns the node's saved values map stay listed (typed as saved) when the account's newest
 *   customers no longer carry them, or when the properties cannot be read.
 * When the read fails, the operation's own columns are still listed, with a read-only line that
 * says why the properties are missing (the editor shows no other text beside a list of columns).
 * Without a credential nothing is read and no list is given: the editor then keeps no list and asks
 * again when the node is next opened (a node just added may get its credential after the first ask).
 */
export function resourceMappingMethods(transport: Transport): Record<string, (this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>> {
	return Object.fromEntries(
		COLUMN_SETS.map((set) => [
			set.method,
			async function (this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
				const mapped = savedColumnIds(this);
				if (!set.takesProperties) return booleansOnRequest(mapperFields(set.columns), mapped);
				requireCredential(this);
				const saved = savedPropertyColumns(this);
				let found: AccountProperty[];
				try {
					found = await accountProperties(this, transport);
				} catch (error) {
					const { fields } = mapperFields(set.columns, saved);
					return booleansOnRequest({ fields: [...fields, propertiesNotListed(error)] }, mapped);
				}
				return booleansOnRequest(mapperFields(set.columns, withSaved(found, saved)), mapped);
			},
		]),
	);
}

function requireCredential(ctx: ILoadOptionsFunctions): void {
	const method = ctx.getNodeParameter('authentication', 'apiKeyHeader') as AuthenticationMethod;
	const type = AUTHENTICATION_METHODS[method] ?? AUTHENTICATION_METHODS.apiKeyHeader;
	if (!ctx.getNode().credentials?.[type]) throw new NodeOperationError(ctx.getNode(), "Choose a credential: the columns list the account's custom properties");
}

/** Optional boolean columns come hidden, for the user to add (but those the saved values map): an untouched one holds no value. */
function booleansOnRequest({ fields, ...rest }: ResourceMapperFields, mapped: Set<string>): ResourceMapperFields {
	return { ...rest, fields: fields.map((field) => (field.type === 'boolean' && !field.required && !mapped.has(field.id) ? { ...field, removed: true } : field)) };
}

/** The node's saved `columns` as the editor sends them with the request for the list (none for a new node). */
const savedColumns = (ctx: ILoadOptionsFunctions) => ctx.getCurrentNodeParameter('columns') as Partial<ResourceMapperValue> | undefined;

/**
 * The IDs of the columns the saved values map, but for those the saved list still hides: n8n 1.88's
 * editor saves false for a hidden boolean column too, which maps nothing the user chose.
 */
function savedColumnIds(ctx: ILoadOptionsFunctions): Set<string> {
	const columns = savedColumns(ctx);
	const values = columns?.value;
	const hidden = new Set((columns?.schema ?? []).filter((field) => field.removed).map((field) => field.id));
	return new Set(values && typeof values === 'object' ? Object.keys(values).filter((id) => !hidden.has(id)) : []);
}

/**
 * The custom properties the node's saved `columns` map (a value is set for their column), each
 * with the type its saved column has. Empty for a new node or one that maps no property.
 */
export function savedPropertyColumns(ctx: ILoadOptionsFunctions): AccountProperty[] {
	const columns = savedColumns(ctx);
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
