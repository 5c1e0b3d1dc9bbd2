import { removeSuppressionOperation } from '../../helpers/operations/suppressions';

export const { option, properties, write } = removeSuppressionOperation('emails', {
	name: 'Remove',
	value: 'remove',
	action: 'Remove an email suppression',
	description: 'Remove a manually added email suppression',
});
