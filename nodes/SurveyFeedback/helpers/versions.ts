import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The node's versions where what the user sees differs. Display options show a property on the
 * versions listed; a later version adds its number to the lists of the versions it keeps.
 */
export const VERSION_1 = { '@version': [1] };
/** Version 2 and later: Simplify, deletes naming what they deleted (version 2 with `deleted: true`), a list's order in its own Sort. */
export const FROM_VERSION_2 = { '@version': [2, 3, 3.1] };
/** Versions 1 and 2, for what version 3 replaces in both (the bulk writes' input modes, a plain ID where version 3 has a resource locator). */
export const BEFORE_VERSION_3 = { '@version': [1, 2] };
/** Version 2 alone, for what version 3 replaces. */
export const VERSION_2_ONLY = { '@version': [2] };
/** Version 3 and later: the bulk writes on n8n's column mapper, the report's NPS breakdown. */
export const FROM_VERSION_3 = { '@version': [3, 3.1] };
/** Version 3.0 alone: its column mapper converts every value, with no Attempt to Convert Types. */
export const VERSION_3_0_ONLY = { '@version': [3] };
/** Version 3.1 and later: the column mapper offers Attempt to Convert Types (on unless turned off). */
export const FROM_VERSION_3_1 = { '@version': [3.1] };

/** Whether this run's node has version 2 or later. */
export function isVersion2OrLater(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().typeVersion >= 2;
}

/** Whether this run's node has version 3 or later. */
export function isVersion3OrLater(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().typeVersion >= 3;
}

/** Whether this run's node has version 3.1 or later, whose column mapper offers Attempt to Convert Types. */
export function offersTypeConversion(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().typeVersion >= 3.1;
}
