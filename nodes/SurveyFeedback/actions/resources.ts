import { account } from './account';
import { customer } from './customer';
import type { ResourceModule } from './types';

/** Every resource of the node, in the order the editor lists them. */
export const resources: Record<string, ResourceModule> = {
	account,
	customer,
};
