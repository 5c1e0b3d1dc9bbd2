import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The node's versions where what the user sees differs. Display options show a property on the
 * versions listed; a later version adds its number to VERSION_2's list.
 */
export const VERSION_1 = { '@version': [1] };
export const VERSION_2 = { '@version': [2] };

/** Whether this run's node has version 2 or later. */
export function isVersion2(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().typeVersion >= 2;
}
