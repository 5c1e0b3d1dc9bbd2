import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import type { Transport } from '../../shared/transport';
import { feedbackColumns } from '../actions/feedback/importFields';
import { v1SubscriberColumns } from '../actions/legacy/v1CreateSubscribers.operation';
import { mapperFields, type ColumnSet } from '../helpers/bulk/columnMapper';
import { customerColumns, recipientColumns } from '../helpers/customers/customerFields';
import { accountProperties } from './accountProperties';

/** The bulk writes of version 3, each with the columns its mapper lists. */
const COLUMN_SETS: ColumnSet[] = [customerColumns, recipientColumns, feedbackColumns, v1SubscriberColumns];

/**
 * The column mapper's lists (`resourceMapping`), one method per bulk write: the operation's own
 * fields with their types, then, where the row takes custom properties, the account's, each a
 * column of its own with its type (one request, see accountProperties.ts).
 */
export function resourceMappingMethods(transport: Transport): Record<string, (this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>> {
	return Object.fromEntries(
		COLUMN_SETS.map((set) => [
			set.method,
			async function (this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
				return mapperFields(set.columns, set.takesProperties ? await accountProperties(this, transport) : []);
			},
		]),
	);
}
