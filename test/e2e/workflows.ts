/**
 * The workflows of the e2e tests, imported by global-setup.ts in one `n8n import:workflow` call.
 * Each test file runs some of them by id and reads the outputs by node name. Several independent
 * checks share a workflow (parallel branches from one Manual Trigger; execution order v1 runs
 * siblings top to bottom, in the order their nodes are listed here) so that each `n8n execute`
 * (a cold start of n8n, seconds) covers much.
 */
import type { WorkflowJson } from '../../dev/n8n/harness';
import { byId } from '../helpers/parameters';
import { CAMPAIGN_A1, CREDENTIALS, NODE_TYPE, TRIGGER_TYPE, type CredentialName } from './support';

type Node = Record<string, any>;
/** [from, to] or [from, to, output of `from`]. */
type Edge = [string, string] | [string, string, number];

const manual = (name = 'Run'): Node => ({ name, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} });
const code = (name: string, jsCode: string): Node => ({ name, type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode } });
const noOp = (name: string): Node => ({ name, type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} });

/** A Survey Feedback node with the credential (and the matching `authentication`) of `cred`. */
function sf(
	name: string,
	parameters: Record<string, unknown>,
	opts: { cred?: CredentialName; onError?: 'continueRegularOutput' | 'continueErrorOutput'; typeVersion?: number } = {},
): Node {
	const cred = CREDENTIALS[opts.cred ?? 'write'];
	return {
		name,
		type: NODE_TYPE,
		typeVersion: opts.typeVersion ?? 1,
		parameters: { authentication: cred.authentication, ...parameters },
		credentials: { [cred.type]: { id: cred.id, name: cred.name } },
		...(opts.onError ? { onError: opts.onError } : {}),
	};
}

/** A workflow with v1 execution order; positions follow the list (siblings run top to bottom). */
function workflow(id: string, name: string, nodes: Node[], edges: Edge[]): WorkflowJson {
	const depth = new Map<string, number>(nodes.map((n) => [n.name, 0]));
	for (let pass = 0; pass < nodes.length; pass++) {
		for (const [from, to] of edges) depth.set(to, Math.max(depth.get(to)!, depth.get(from)! + 1));
	}
	const connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }> = {};
	for (const [from, to, output = 0] of edges) {
		if (!depth.has(from) || !depth.has(to)) throw new Error(`workflow ${id}: edge ${from} → ${to} names an unknown node`);
		const main = (connections[from] ??= { main: [] }).main;
		while (main.length <= output) main.push([]);
		main[output].push({ node: to, type: 'main', index: 0 });
	}
	return {
		id,
		name,
		nodes: nodes.map((n, i) => ({ position: [depth.get(n.name)! * 260, i * 120], ...n })),
		connections,
		settings: { executionOrder: 'v1' },
	};
}

/** Every node hangs directly off the Manual Trigger unless an edge says otherwise. */
function fromRun(nodes: Node[], chained: Edge[]): Edge[] {
	const hasParent = new Set(chained.map(([, to]) => to));
	return [...nodes.filter((n) => n.name !== 'Run' && !hasParent.has(n.name)).map((n): Edge => ['Run', n.name]), ...chained];
}

// ---------------------------------------------------------------------------------------------
// Every resource: reads (and each credential type)

export const READS_ID = 'e2eResourcesRead';
export const WRITES_ID = 'e2eResourcesWrite';

const readNodes: Node[] = [
	manual(),
	sf('Account (X-Api-Key)', { resource: 'account', operation: 'getStatus' }, { cred: 'write' }),
	sf('Account (Authorization)', { resource: 'account', operation: 'getStatus' }, { cred: 'legacyHeader' }),
	sf('Account (query parameter)', { resource: 'account', operation: 'getStatus' }, { cred: 'query' }),
	sf('Enterprise customers', {
		resource: 'customer',
		operation: 'getMany',
		limit: 5,
		attributeFilters: { filter: [{ name: 'plan', op: 'equal', value: 'enterprise' }] },
	}),
	sf('Customer by ID', { resource: 'customer', operation: 'get', customerId: '={{ $json.id }}' }),
	sf('Companies', { resource: 'company', operation: 'getMany', limit: 3, options: { sort: 'companyName' } }),
	sf('Company by domain', { resource: 'company', operation: 'get', companyId: '={{ $json.domain ?? $json.id }}' }),
	sf('Feedback of campaign 1', { resource: 'feedback', operation: 'getMany', limit: 3, campaign: byId(CAMPAIGN_A1) }),
	sf('Feedback by ID', { resource: 'feedback', operation: 'get', feedbackId: '={{ $json.id }}' }),
	// Luxon DateTimes straight from expressions (not strings): sent as exact UTC instants.
	sf('Feedback of the last week', {
		resource: 'feedback',
		operation: 'getMany',
		limit: 20,
		filters: { startDate: '={{ $now.minus({ days: 7 }) }}', endDate: '={{ $now }}', sort: 'createdDate' },
	}),
	sf('Email outbox', { resource: 'outbox', operation: 'getMany', limit: 10, filters: { channel: 'email' } }),
	sf('Templates', { resource: 'template', operation: 'getMany' }),
	sf('Template by ID', { resource: 'template', operation: 'get', template: byId('={{ $json.id }}') }),
	sf('Campaigns', { resource: 'campaign', operation: 'getMany' }),
	sf('Report of campaign 1', {
		resource: 'report',
		operation: 'get',
		campaign: byId(CAMPAIGN_A1),
		startDate: '={{ $today.minus({ days: 30 }).toISODate() }}',
		endDate: '={{ $today.toISODate() }}',
	}),
	sf('NPS score', { resource: 'score', operation: 'get', metric: 'nps' }),
	sf('CSAT score', { resource: 'score', operation: 'get', metric: 'csat' }),
	sf('Trend groups', { resource: 'trend', operation: 'getMany' }),
	sf('Default trend', { resource: 'trend', operation: 'get', trendGroup: byId('default'), date: 'past-month' }),
	sf('Email suppressions', { resource: 'emailSuppression', operation: 'getMany' }),
	sf('Domain suppressions', { resource: 'domainSuppression', operation: 'getMany' }),
	sf('Deprecated campaigns', { resource: 'legacy', operation: 'npsGetCampaigns' }),
	sf('Deprecated templates', { resource: 'legacy', operation: 'npsGetTemplates' }),
	sf('Deprecated responses', { resource: 'legacy', operation: 'npsGetResponses', limit: 4 }),
	// v1 always gets `Authorization: api_key=`, whatever the credential: this one is the query-parameter type.
	sf('V1 subscribers', { resource: 'legacy', operation: 'v1GetSubscribers', limit: 3 }, { cred: 'query' }),
	sf('V1 score', { resource: 'legacy', operation: 'v1GetScore' }),
	sf('V1 latest responses', { resource: 'legacy', operation: 'v1GetLatestResponses', limit: 2 }),
];

export const readsWorkflow = workflow(
	READS_ID,
	'E2E: every resource, reads',
	readNodes,
	fromRun(readNodes, [
		['Enterprise customers', 'Customer by ID'],
		['Companies', 'Company by domain'],
		['Feedback of campaign 1', 'Feedback by ID'],
		['Templates', 'Template by ID'],
	]),
);

// ---------------------------------------------------------------------------------------------
// Every resource: writes, each chain reading back or undoing what it wrote

export const WRITE_EMAILS = ['e2e.writes.ada@example.com', 'e2e.writes.grace@example.com'];
export const SURVEY_EMAIL = 'e2e.survey.alan@example.com';
export const IMPORT_EMAIL = 'e2e.import.edsger@example.com';
export const SUPPRESSED_EMAIL = 'e2e.suppressed@example.com';
export const SUPPRESSED_DOMAIN = '*.e2e-blocked.example.org';
export const V1_EMAIL = 'e2e.v1.barbara@example.com';

const writeNodes: Node[] = [
	manual(),
	code(
		'New contacts',
		`return ${JSON.stringify(WRITE_EMAILS)}.map((email, i) => ({ json: { email, firstName: ['Ada', 'Grace'][i], plan: ['pro', 'team'][i] } }));`,
	),
	sf(
		'Upsert',
		{
			resource: 'customer',
			operation: 'upsert',
			additionalFields: { firstName: '={{ $json.firstName }}', tags: 'e2e,writes' },
			customProperties: { property: [{ label: 'Plan', type: 'text', value: '={{ $json.plan }}' }] },
		},
		{ cred: 'legacyHeader' },
	),
	sf('Unsubscribe', { resource: 'customer', operation: 'unsubscribe', message: 'e2e opt-out' }, { cred: 'legacyHeader' }),
	sf('Resubscribe', { resource: 'customer', operation: 'resubscribe' }, { cred: 'legacyHeader' }),
	sf('Sync attributes', { resource: 'customer', operation: 'syncAttributes', selectBy: 'emails', emails: '={{ $json.email }}', scope: 'all' }),
	sf('Delete customers', { resource: 'customer', operation: 'delete' }),

	code('Survey recipient', `return [{ json: { email: ${JSON.stringify(SURVEY_EMAIL)}, firstName: 'Alan' } }];`),
	sf('Send survey', {
		resource: 'survey',
		operation: 'send',
		campaign: byId(CAMPAIGN_A1),
		additionalFields: { firstName: '={{ $json.firstName }}' },
		options: { delay: 0 },
	}),
	sf('Outbox of recipient', { resource: 'outbox', operation: 'getMany', limit: 10, filters: { email: '={{ $json.email }}' } }),
	sf('Delete sent survey', { resource: 'outbox', operation: 'delete', deleteBy: 'id', surveyId: '={{ $json.surveyId }}' }),

	code('Feedback to import', `return [{ json: { email: ${JSON.stringify(IMPORT_EMAIL)}, score: 4, comment: 'Too slow lately' } }];`),
	sf('Import feedback', {
		resource: 'feedback',
		operation: 'import',
		campaign: byId(CAMPAIGN_A1),
		inputMode: 'mapFields',
		comment: '={{ $json.comment }}',
		additionalFields: { firstName: 'Edsger', tags: 'imported' },
		importOptions: { skipDuplicates: false },
	}),
	sf('Set tags', { resource: 'feedback', operation: 'setTags', feedbackId: '={{ $json.id }}', mode: 'append', tags: 'e2e,slow' }),
	sf('Set topics', {
		resource: 'feedback',
		operation: 'setTopics',
		feedbackId: '={{ $json.id }}',
		mode: 'replace',
		topics: { topic: [{ name: 'Performance', sentiment: 'negative' }] },
	}),
	sf('Deprecated set tags', { resource: 'legacy', operation: 'npsSetResponseTags', responseId: '={{ $json.id }}', tags: 'legacy-tag', mode: 'append' }),
	sf('Delete feedback', { resource: 'feedback', operation: 'delete', deleteBy: 'id', feedbackId: '={{ $json.id }}' }),

	sf('Suppress email', { resource: 'emailSuppression', operation: 'add', email: SUPPRESSED_EMAIL, note: 'e2e' }),
	sf('Unsuppress email', { resource: 'emailSuppression', operation: 'remove', suppressionId: '={{ $json.suppression.id }}' }),
	sf('Suppress domain', { resource: 'domainSuppression', operation: 'add', pattern: SUPPRESSED_DOMAIN, category: 'corporate' }, { cred: 'query' }),
	sf('Unsuppress domain', { resource: 'domainSuppression', operation: 'remove', suppressionId: '={{ $json.suppression.id }}' }, { cred: 'query' }),

	sf('V1 create subscriber', {
		resource: 'legacy',
		operation: 'v1CreateSubscribers',
		email: V1_EMAIL,
		firstName: 'Barbara',
		lastName: 'Liskov',
		company: 'V1 Example Co',
	}),
];

export const writesWorkflow = workflow(
	WRITES_ID,
	'E2E: every resource, writes',
	writeNodes,
	fromRun(writeNodes, [
		['New contacts', 'Upsert'],
		['Upsert', 'Unsubscribe'],
		['Unsubscribe', 'Resubscribe'],
		['Resubscribe', 'Sync attributes'],
		['Resubscribe', 'Delete customers'],
		['Survey recipient', 'Send survey'],
		['Send survey', 'Outbox of recipient'],
		['Outbox of recipient', 'Delete sent survey'],
		['Feedback to import', 'Import feedback'],
		['Import feedback', 'Set tags'],
		['Set tags', 'Set topics'],
		['Set topics', 'Deprecated set tags'],
		['Deprecated set tags', 'Delete feedback'],
		['Suppress email', 'Unsuppress email'],
		['Suppress domain', 'Unsuppress domain'],
	]),
);

// ---------------------------------------------------------------------------------------------
// Bulk upsert of 2,500 items, and Return All over several pages

export const BULK_ID = 'e2eBulkAndPaging';
export const BULK_COUNT = 2500;

export const bulkWorkflow = workflow(
	BULK_ID,
	'E2E: bulk upsert and Return All',
	[
		manual(),
		code(
			'2,500 contacts',
			`return Array.from({ length: ${BULK_COUNT} }, (_, i) => ({ json: { email: \`e2e.bulk.\${i}@bulk-e2e.example.com\`, firstName: \`Bulk \${i}\` } }));`,
		),
		sf('Upsert 2,500', { resource: 'customer', operation: 'upsert', additionalFields: { firstName: '={{ $json.firstName }}' } }),
		sf('All feedback', { resource: 'feedback', operation: 'getMany', returnAll: true }),
	],
	[
		['Run', '2,500 contacts'],
		['2,500 contacts', 'Upsert 2,500'],
		['Run', 'All feedback'],
	],
);

// ---------------------------------------------------------------------------------------------
// Error handling: a read-only key on a write (403), a missing record (404), bad input

export const ERRORS_ID = 'e2eErrorsContinue';
/** Well-formed (24 hex) and unknown: the simulator answers 404 (a malformed one is a 400). */
export const UNKNOWN_CUSTOMER_ID = '6ac1ffffffffffffffffffff';
export const BAD_INPUT_EMAILS = ['e2e.errors.ok1@example.com', 'not-an-email', 'e2e.errors.ok2@example.com'];
export const READ_ONLY_EMAILS = ['e2e.readonly.1@example.com', 'e2e.readonly.2@example.com'];
/** Item 1's score is outside NPS's 0-10: the node cannot know the campaign's scale, the service fails the row. */
export const IMPORT_ROWS = [
	{ email: 'e2e.rows.ok@example.com', score: 9, comment: 'Fine' },
	{ email: 'e2e.rows.bad@example.com', score: 11, comment: 'Off the scale' },
];

/** Customer › Create or Update on version 3.1 whose column expression fails for the first of these three. */
export const FIRST_FAILS_EMAILS = ['e2e.items.first@example.com', 'e2e.items.second@example.com', 'e2e.items.third@example.com'];
const mapperColumn = (id: string, displayName: string) => ({ id, displayName, type: 'string', required: id === 'email', defaultMatch: false, canBeUsedToMatch: false, display: true, removed: false });
const firstItemFails = {
	mappingMode: 'defineBelow',
	value: { email: '={{ $json.email }}', first_name: "={{ $itemIndex === 0 ? $('Missing Node').item.json.x : $json.first }}" },
	matchingColumns: [],
	schema: [mapperColumn('email', 'Email'), mapperColumn('first_name', 'First Name')],
	attemptToConvertTypes: true,
	convertFieldsToString: false,
};

/** The three failures, each as Continue On Fail (`CoF`) and with the error output (`ErrOut`). */
const errorNodes: Node[] = [
	manual(),
	code('Write with read key', `return ${JSON.stringify(READ_ONLY_EMAILS)}.map((email) => ({ json: { email } }));`),
	sf('403 CoF', { resource: 'customer', operation: 'upsert' }, { cred: 'readOnly', onError: 'continueRegularOutput' }),
	sf('403 ErrOut', { resource: 'customer', operation: 'upsert' }, { cred: 'readOnly', onError: 'continueErrorOutput' }),
	noOp('403 success branch'),
	noOp('403 error branch'),
	// Item 0: a known customer (found by the first step), item 1: a well-formed ID nobody has.
	sf('A known customer', { resource: 'customer', operation: 'getMany', limit: 1 }),
	code('Customer IDs', `return [{ json: { id: $input.first().json.id } }, { json: { id: ${JSON.stringify(UNKNOWN_CUSTOMER_ID)} } }];`),
	sf('404 CoF', { resource: 'customer', operation: 'get', customerId: '={{ $json.id }}' }, { onError: 'continueRegularOutput' }),
	sf('404 ErrOut', { resource: 'customer', operation: 'get', customerId: '={{ $json.id }}' }, { onError: 'continueErrorOutput' }),
	noOp('404 success branch'),
	noOp('404 error branch'),
	// The key travels in the URL with this credential: it must not reach the error either.
	sf('404 CoF (query key)', { resource: 'customer', operation: 'get', customerId: UNKNOWN_CUSTOMER_ID }, { cred: 'query', onError: 'continueRegularOutput' }),
	code('Emails, one bad', `return ${JSON.stringify(BAD_INPUT_EMAILS)}.map((email) => ({ json: { email } }));`),
	sf('Bad input CoF', { resource: 'customer', operation: 'upsert' }, { onError: 'continueRegularOutput' }),
	sf('Bad input ErrOut', { resource: 'customer', operation: 'upsert' }, { onError: 'continueErrorOutput' }),
	noOp('Bad input success branch'),
	noOp('Bad input error branch'),
	// A row the service itself reports as failed (score 11 on an NPS campaign), in a bulk import.
	code('Feedback, one out of range', `return ${JSON.stringify(IMPORT_ROWS)}.map((row) => ({ json: row }));`),
	sf(
		'Import ErrOut',
		{ resource: 'feedback', operation: 'import', campaign: byId(CAMPAIGN_A1), inputMode: 'itemJson', importOptions: { skipDuplicates: false } },
		{ onError: 'continueErrorOutput' },
	),
	// A failing expression on the first item: that item alone fails.
	code('People, the first unresolvable', `return ${JSON.stringify(FIRST_FAILS_EMAILS)}.map((email) => ({ json: { email, first: 'Ann' } }));`),
	sf('First item fails CoF', { resource: 'customer', operation: 'upsert', columns: firstItemFails }, { onError: 'continueRegularOutput', typeVersion: 3.1 }),
];

export const errorsWorkflow = workflow(ERRORS_ID, 'E2E: errors with Continue On Fail and the error output', errorNodes, [
	['Run', 'Write with read key'],
	['Write with read key', '403 CoF'],
	['Write with read key', '403 ErrOut'],
	['403 ErrOut', '403 success branch', 0],
	['403 ErrOut', '403 error branch', 1],
	['Run', 'A known customer'],
	['A known customer', 'Customer IDs'],
	['Customer IDs', '404 CoF'],
	['Customer IDs', '404 ErrOut'],
	['404 ErrOut', '404 success branch', 0],
	['404 ErrOut', '404 error branch', 1],
	['Run', '404 CoF (query key)'],
	['Run', 'Emails, one bad'],
	['Emails, one bad', 'Bad input CoF'],
	['Emails, one bad', 'Bad input ErrOut'],
	['Bad input ErrOut', 'Bad input success branch', 0],
	['Bad input ErrOut', 'Bad input error branch', 1],
	['Run', 'Feedback, one out of range'],
	['Feedback, one out of range', 'Import ErrOut'],
	['Run', 'People, the first unresolvable'],
	['People, the first unresolvable', 'First item fails CoF'],
]);

/** The same three failures without Continue On Fail or an error output: each stops its execution. */
export const FAIL_403_ID = 'e2eFail403ReadKey';
export const FAIL_404_ID = 'e2eFail404Missing';
export const FAIL_INPUT_ID = 'e2eFailBadEmail';
export const FAIL_ROWS_ID = 'e2eFailServiceRow';

export const failingWorkflows = [
	workflow(FAIL_403_ID, 'E2E: fails, read-only key on a write', [
		manual(),
		code('Write with read key', `return ${JSON.stringify(READ_ONLY_EMAILS)}.map((email) => ({ json: { email } }));`),
		sf('Upsert with read key', { resource: 'customer', operation: 'upsert' }, { cred: 'readOnly' }),
	], [
		['Run', 'Write with read key'],
		['Write with read key', 'Upsert with read key'],
	]),
	workflow(FAIL_404_ID, 'E2E: fails, missing customer', [
		manual(),
		sf('Get missing customer', { resource: 'customer', operation: 'get', customerId: UNKNOWN_CUSTOMER_ID }),
	], [['Run', 'Get missing customer']]),
	workflow(FAIL_INPUT_ID, 'E2E: fails, invalid email', [
		manual(),
		code('Emails, one bad', `return ${JSON.stringify(BAD_INPUT_EMAILS)}.map((email) => ({ json: { email } }));`),
		sf('Upsert bad email', { resource: 'customer', operation: 'upsert' }),
	], [
		['Run', 'Emails, one bad'],
		['Emails, one bad', 'Upsert bad email'],
	]),
	workflow(FAIL_ROWS_ID, 'E2E: fails, a row the service refused', [
		manual(),
		code('Feedback, one out of range', `return ${JSON.stringify(IMPORT_ROWS)}.map((row) => ({ json: row }));`),
		sf('Import', { resource: 'feedback', operation: 'import', campaign: byId(CAMPAIGN_A1), inputMode: 'itemJson', importOptions: { skipDuplicates: false } }),
	], [
		['Run', 'Feedback, one out of range'],
		['Feedback, one out of range', 'Import'],
	]),
];

// ---------------------------------------------------------------------------------------------
// The trigger: new feedback of account B, polled every 10 s

export const TRIGGER_ID = 'e2eTriggerFeedback';
export const TRIGGER_NODE = 'New feedback (B)';
export const TRIGGER_POLL_SECONDS = [0, 10, 20, 30, 40, 50];

export const triggerWorkflow: WorkflowJson = {
	id: TRIGGER_ID,
	name: 'E2E: trigger on new feedback (account B)',
	nodes: [
		{
			name: TRIGGER_NODE,
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				authentication: CREDENTIALS.triggerB.authentication,
				event: 'newFeedback',
				// n8n refuses one poll time firing more than once a minute, but takes several at fixed seconds.
				pollTimes: { item: TRIGGER_POLL_SECONDS.map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })) },
			},
			credentials: { [CREDENTIALS.triggerB.type]: { id: CREDENTIALS.triggerB.id, name: CREDENTIALS.triggerB.name } },
		},
		{ ...noOp('Received'), position: [260, 0] },
	],
	connections: { [TRIGGER_NODE]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
};

// ---------------------------------------------------------------------------------------------
// A second trigger on the same feedback, every 10 s, for polls slower than their interval; its
// credential retries for up to two minutes

export const SLOW_POLL_TRIGGER_ID = 'e2eTriggerSlowPoll';
export const SLOW_POLL_TRIGGER_NODE = 'New feedback, slow polls (B)';

export const slowPollTriggerWorkflow: WorkflowJson = {
	...triggerWorkflow,
	id: SLOW_POLL_TRIGGER_ID,
	name: 'E2E: trigger whose polls outlast their interval (account B)',
	nodes: triggerWorkflow.nodes.map((node) =>
		node.name === TRIGGER_NODE
			? {
					...node,
					name: SLOW_POLL_TRIGGER_NODE,
					parameters: { ...node.parameters, authentication: CREDENTIALS.patientB.authentication },
					credentials: { [CREDENTIALS.patientB.type]: { id: CREDENTIALS.patientB.id, name: CREDENTIALS.patientB.name } },
				}
			: node,
	),
	connections: { [SLOW_POLL_TRIGGER_NODE]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
};

// ---------------------------------------------------------------------------------------------
// What each version returns: the same reads saved as version 1 and as version 2

export const SIMPLIFY_ID = 'e2eSimplify';
const SIMPLIFY_READ = { resource: 'feedback', operation: 'getMany', limit: 5, campaign: byId(CAMPAIGN_A1) };

const simplifyNodes: Node[] = [
	manual(),
	sf('Feedback (version 1)', SIMPLIFY_READ),
	sf('Feedback (version 2)', SIMPLIFY_READ, { typeVersion: 2 }),
	sf('Feedback (version 2, Simplify off)', { ...SIMPLIFY_READ, simple: false }, { typeVersion: 2 }),
	sf('Sent surveys (version 2)', { resource: 'outbox', operation: 'getMany', limit: 5 }, { typeVersion: 2 }),
	sf('Sent surveys (version 1)', { resource: 'outbox', operation: 'getMany', limit: 5 }),
	sf('Oldest first (version 1)', { ...SIMPLIFY_READ, filters: { sort: 'createdDate' } }),
	sf('Oldest first (version 2)', { ...SIMPLIFY_READ, simple: false, sort: { order: 'createdDate' } }, { typeVersion: 2 }),
	// An ID the account has none of: deleting it again is no harm, and the data other tests read stays.
	sf('Delete (version 2)', { resource: 'feedback', operation: 'delete', deleteBy: 'id', feedbackId: '6f00000000000000000009ff' }, { typeVersion: 2 }),
];

export const simplifyWorkflow = workflow(SIMPLIFY_ID, 'E2E: Simplify in version 2, whole records in version 1', simplifyNodes, fromRun(simplifyNodes, []));

/** Every workflow global-setup.ts imports besides the examples. */
export const ALL_WORKFLOWS: WorkflowJson[] = [
	readsWorkflow,
	writesWorkflow,
	bulkWorkflow,
	errorsWorkflow,
	...failingWorkflows,
	triggerWorkflow,
	slowPollTriggerWorkflow,
	simplifyWorkflow,
];

