import * as account from './account';
import * as campaign from './campaign';
import * as company from './company';
import * as customer from './customer';
import * as domainSuppression from './domainSuppression';
import * as emailSuppression from './emailSuppression';
import * as feedback from './feedback';
import * as legacy from './legacy';
import * as outbox from './outbox';
import * as report from './report';
import * as score from './score';
import * as survey from './survey';
import * as template from './template';
import * as trend from './trend';
import { defineResource, type Resource } from './registry';

/** Every resource of the node, in the order the editor lists them; each folder's index lists its operations. */
export const resources: Resource[] = [
	defineResource({ name: 'Account', value: 'account', description: 'The account behind the API key', defaultOperation: 'getStatus' }, account),
	defineResource({ name: 'Customer', value: 'customer', description: 'Survey recipients, also called subscribers', defaultOperation: 'getMany' }, customer),
	defineResource({ name: 'Company', value: 'company', description: 'Companies the customers belong to', defaultOperation: 'getMany' }, company),
	defineResource({ name: 'Survey', value: 'survey', description: 'Transactional surveys sent to customers', defaultOperation: 'send' }, survey),
	defineResource({ name: 'Feedback', value: 'feedback', description: 'Survey responses: scores, comments, tags and topics', defaultOperation: 'getMany' }, feedback),
	defineResource({ name: 'Outbox', value: 'outbox', description: 'Surveys sent to customers', defaultOperation: 'getMany' }, outbox),
	defineResource({ name: 'Template', value: 'template', description: 'Survey templates and their questions', defaultOperation: 'getMany' }, template),
	defineResource({ name: 'Campaign', value: 'campaign', description: 'Campaigns that send surveys', defaultOperation: 'getMany' }, campaign),
	defineResource({ name: 'Report', value: 'report', description: 'Campaign reports: scores, question stats, daily trend, delivery', defaultOperation: 'get' }, report),
	defineResource({ name: 'Score', value: 'score', description: 'The account’s NPS, CSAT, CES or star score', defaultOperation: 'get' }, score),
	defineResource({ name: 'Trend', value: 'trend', description: 'Score trends of trend groups over a period', defaultOperation: 'get' }, trend),
	defineResource({ name: 'Email Suppression', value: 'emailSuppression', description: 'Email addresses that never get surveys', defaultOperation: 'getMany' }, emailSuppression),
	defineResource({ name: 'Domain Suppression', value: 'domainSuppression', description: 'Domains (with wildcards) that never get surveys', defaultOperation: 'getMany' }, domainSuppression),
	defineResource(
		{ name: 'Legacy', value: 'legacy', description: 'The legacy v1 API and deprecated v2 endpoints, for workflows that still depend on them', defaultOperation: 'v1GetSubscribers' },
		legacy,
	),
];
