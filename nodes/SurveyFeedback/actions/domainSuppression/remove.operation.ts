import { removeSuppressionOperation } from '../../helpers/operations/suppressions';

export const { option, properties, write } = removeSuppressionOperation('domains', {
	name: 'Remove',
	value: 'remove',
	action: 'Remove a domain suppression',
	description: 'Remove a manually added domain suppression',
});
