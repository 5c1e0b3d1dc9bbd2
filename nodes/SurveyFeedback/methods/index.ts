import type { INodeType } from 'n8n-workflow';

import { listSearchMethods } from '../../shared/listSearch';
import type { Transport } from '../../shared/transport';
import { loadOptionsMethods } from './loadOptions';
import { resourceMappingMethods } from './resourceMapping';

/**
 * The node's editor methods, all sent through the given transport: the resource locators'
 * searches (shared with the trigger), the load-options lists and the column mapper's fields. Each
 * kind has its own file beside this one; what several of them list (the account's custom
 * properties) comes from accountProperties.ts.
 */
export function nodeMethods(transport: Transport): NonNullable<INodeType['methods']> {
	return {
		listSearch: listSearchMethods(transport),
		loadOptions: loadOptionsMethods(transport),
		resourceMapping: resourceMappingMethods(transport),
	};
}
