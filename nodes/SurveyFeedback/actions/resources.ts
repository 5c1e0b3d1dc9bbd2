import { account } from './account';
import { campaign } from './campaign';
import { company } from './company';
import { customer } from './customer';
import { domainSuppression } from './domainSuppression';
import { emailSuppression } from './emailSuppression';
import { feedback } from './feedback';
import { legacy } from './legacy';
import { outbox } from './outbox';
import { report } from './report';
import { score } from './score';
import { survey } from './survey';
import { template } from './template';
import { trend } from './trend';
import type { ResourceModule } from './types';

/** Every resource of the node, in the order the editor lists them. */
export const resources: Record<string, ResourceModule> = {
	account,
	customer,
	company,
	survey,
	feedback,
	outbox,
	template,
	campaign,
	report,
	score,
	trend,
	emailSuppression,
	domainSuppression,
	legacy,
};
