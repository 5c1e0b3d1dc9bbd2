/**
 * Record insertion for the control API: read-side (camelCase) records at caller-chosen timestamps.
 * Timestamps are ISO strings or epoch milliseconds. IDs are generated when absent. Records are
 * inserted in order; an invalid one stops the call (earlier ones stay inserted).
 */
import { isEmail, isObject } from './http';
import { isObjectId, stableUuid } from './ids';
import { SCORE_RANGE } from './metrics';
import { type AccountStore, propertyName, stringList } from './store';
import {
	CHANNELS,
	DOMAIN_CATEGORIES,
	METRICS,
	QUESTION_TYPES,
	SENT_BY,
	SENTIMENTS,
	type AnswerRecord,
	type Channel,
	type Customer,
	type Metric,
	type OutboxRecord,
	type OutboxStatus,
	type Property,
	type Question,
	type Topic,
	type UnsubscribedBy,
} from './types';
import {
	campaignView,
	companyView,
	customerView,
	domainSuppressionView,
	emailSuppressionView,
	feedbackView,
	outboxView,
	templateView,
	trendGroupView,
} from './views';

export class InsertError extends Error {}

type Rec = Record<string, unknown>;

/** Checks one record (`i` its index, for errors), adds it to the account and returns its read-side view. */
type Inserter = (store: AccountStore, r: Rec, i: number, now: number) => unknown;

function fail(i: number, msg: string): never {
	throw new InsertError(`records[${i}]: ${msg}`);
}

function time(v: unknown, fallback: number, i: number, name: string): number {
	if (v === undefined || v === null) return fallback;
	if (typeof v === 'number' && Number.isFinite(v)) return v;
	if (typeof v === 'string') {
		const ms = Date.parse(v);
		if (!Number.isNaN(ms)) return ms;
	}
	if (v instanceof Date) return v.getTime();
	return fail(i, `${name} must be an ISO date-time or epoch milliseconds`);
}

const s = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const nullable = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function newId(store: AccountStore, r: Rec, i: number, taken: (id: string) => boolean, kind: Parameters<AccountStore['ids']['next']>[0]): string {
	if (r.id === undefined || r.id === null) return store.ids.next(kind);
	if (!isObjectId(r.id)) fail(i, 'id must be 24 hex characters');
	if (taken(r.id)) fail(i, `id ${r.id} already exists`);
	return r.id;
}

function properties(v: unknown, i: number): Property[] {
	if (v === undefined || v === null) return [];
	if (!Array.isArray(v)) fail(i, 'properties must be an array');
	return v.map((p) => {
		if (!isObject(p) || typeof p.label !== 'string') fail(i, 'each property needs a label');
		return { label: p.label, name: s(p.name, propertyName(p.label)), type: s(p.type, 'text'), value: p.value ?? null };
	});
}

function tags(v: unknown, i: number, name = 'tags'): string[] {
	if (v === undefined || v === null) return [];
	const list = stringList(v);
	if (!list) fail(i, `${name} must be an array of strings`);
	return list;
}

function oneOf<T extends string>(v: unknown, allowed: readonly T[], fallback: T, i: number, name: string): T {
	if (v === undefined || v === null) return fallback;
	const x = typeof v === 'string' ? v.toLowerCase() : v;
	if (!allowed.includes(x as T)) fail(i, `${name} must be one of ${allowed.join(', ')}`);
	return x as T;
}

function defaultCampaign(store: AccountStore, i: number) {
	const c = store.campaigns.find((x) => x.active && x.metric === 'nps') ?? store.campaigns[0];
	return c ?? fail(i, 'the account has no campaign; insert one first');
}

/** The campaign a feedback or outbox record belongs to: by campaignId, or the default one. */
function campaignOf(store: AccountStore, r: Rec, i: number) {
	const campaign = r.campaignId === undefined ? defaultCampaign(store, i) : store.campaign(s(r.campaignId));
	return campaign ?? fail(i, `campaign ${String(r.campaignId)} does not exist`);
}

/** The customer a feedback or outbox record belongs to: by customerId, by email, or created. */
function owner(store: AccountStore, r: Rec, at: number, i: number): Customer {
	if (typeof r.customerId === 'string') {
		return store.customers.get(r.customerId) ?? fail(i, `customer ${r.customerId} does not exist`);
	}
	if (!isEmail(r.email)) fail(i, 'email (or customerId) is required');
	const existing = store.customerByEmail(r.email);
	if (existing) return existing;
	const c = store.newCustomer(r.email, at);
	c.firstName = s(r.firstName);
	c.lastName = s(r.lastName);
	store.customers.add(c);
	return c;
}

/** A customer; a company named by `companyName` is created when missing. */
function insertCustomer(store: AccountStore, r: Rec, i: number, now: number): unknown {
	if (!isEmail(r.email)) fail(i, 'email is required and must be valid');
	if (store.customerByEmail(r.email)) fail(i, `a customer with email ${r.email} exists`);
	const at = time(r.createdDate, now, i, 'createdDate');
	const c = store.newCustomer(r.email, at, newId(store, r, i, (id) => store.customers.has(id), 'customer'));
	Object.assign(c, {
		firstName: s(r.firstName),
		lastName: s(r.lastName),
		jobTitle: nullable(r.jobTitle),
		phone: nullable(r.phone),
		country: nullable(r.country),
		state: nullable(r.state),
		city: nullable(r.city),
		tags: tags(r.tags, i),
		properties: properties(r.properties, i),
		channel: oneOf(r.channel, CHANNELS, 'email', i, 'channel'),
		updatedAt: time(r.updatedDate, at, i, 'updatedDate'),
	});
	if (r.unsubscribedBy !== undefined && r.unsubscribedBy !== null) {
		c.unsubscribedBy = oneOf(r.unsubscribedBy, ['owner', 'self', 'bounce'] as UnsubscribedBy[], 'owner', i, 'unsubscribedBy');
		c.unsubscribedAt = at;
	}
	if (typeof r.companyName === 'string' && r.companyName) {
		const co = store.ensureCompany(r.companyName, c.email, at);
		c.companyName = co.companyName;
		c.companyId = co.id;
	}
	store.customers.add(c);
	return customerView(store, c);
}

/** A feedback response in a campaign (the active NPS one by default), its customer found or created. */
function insertFeedback(store: AccountStore, r: Rec, i: number, now: number): unknown {
	const at = time(r.createdDate, now, i, 'createdDate');
	const campaign = campaignOf(store, r, i);
	const [min, max] = SCORE_RANGE[campaign.metric];
	const score = r.score === undefined ? max : r.score;
	if (!Number.isInteger(score) || (score as number) < min || (score as number) > max) {
		fail(i, `score must be an integer from ${min} to ${max}`);
	}
	const id = newId(store, r, i, (x) => store.feedback.has(x), 'feedback');
	const c = owner(store, r, at, i);
	const topics: Topic[] = Array.isArray(r.topics)
		? r.topics.map((t) => ({ name: s((t as Rec).name), sentiment: oneOf((t as Rec).sentiment, SENTIMENTS, 'neutral', i, 'sentiment') }))
		: [];
	const f = store.newFeedback(
		c,
		campaign,
		{
			createdAt: at,
			score: score as number,
			comment: s(r.comment),
			tags: tags(r.tags, i),
			topics,
			additionalQuestions: Array.isArray(r.additionalQuestions) ? (r.additionalQuestions as AnswerRecord[]) : [],
			jobTitle: nullable(r.jobTitle),
			country: nullable(r.country),
			state: nullable(r.state),
			city: nullable(r.city),
			resolved: r.resolved === true,
			source: r.source === 'import' ? ('import' as const) : ('survey' as const),
			sendAt: null,
			openAt: null,
		},
		id,
	);
	store.feedback.add(f);
	return feedbackView(store, f);
}

/** A sent (or queued, scheduled) survey, its customer found or created. */
function insertOutbox(store: AccountStore, r: Rec, i: number, now: number): unknown {
	const at = time(r.surveyCreatedDate, now, i, 'surveyCreatedDate');
	const campaign = campaignOf(store, r, i);
	const id = newId(store, { id: r.surveyId ?? r.id }, i, (x) => store.outbox.has(x), 'outbox');
	const c = owner(store, r, at, i);
	const status = oneOf(r.status, ['queued', 'scheduled', 'sent', 'delivered', 'opened', 'responded', 'bounced', 'failed'] as OutboxStatus[], 'sent', i, 'status');
	const unsent = status === 'queued' || status === 'scheduled';
	const o: OutboxRecord = {
		id,
		seq: store.nextSeq(),
		hideSurveyId: r.omitSurveyId === true,
		...store.snapshotOf(c),
		customerId: c.id,
		email: c.email,
		campaignId: campaign.id,
		createdAt: at,
		sentAt: unsent ? null : time(r.sentDate, at, i, 'sentDate'),
		scheduledAt: status === 'scheduled' ? time(r.scheduledDate, at + 86_400_000, i, 'scheduledDate') : null,
		channel: oneOf(r.channel, CHANNELS, campaign.channel, i, 'channel'),
		sentBy: oneOf(r.sentBy, SENT_BY, 'campaign', i, 'sentBy'),
		status,
		subject: s(r.subject),
		openedAt: status === 'opened' || status === 'responded' ? at : null,
		respondedAt: status === 'responded' ? at : null,
		optedOut: r.optedOut === true,
	};
	store.outbox.add(o);
	return outboxView(store, o);
}

/** A company; its domain, when given, must be free. */
function insertCompany(store: AccountStore, r: Rec, i: number, now: number): unknown {
	if (typeof r.companyName !== 'string' || !r.companyName) fail(i, 'companyName is required');
	const domain = nullable(r.domain)?.toLowerCase() ?? null;
	if (domain && store.companies.bucket('domain', domain).length) fail(i, `domain ${domain} is taken`);
	const co = {
		id: newId(store, r, i, (x) => store.companies.has(x), 'company'),
		seq: store.nextSeq(),
		companyName: r.companyName,
		domain,
		industryName: s(r.industryName, 'Other'),
		tags: tags(r.tags, i),
		createdAt: time(r.createdDate, now, i, 'createdDate'),
	};
	store.companies.add(co);
	return companyView(store, co);
}

/** A campaign on an existing template (the first of its metric by default). */
function insertCampaign(store: AccountStore, r: Rec, i: number, now: number): unknown {
	const metric = oneOf(r.metric, METRICS, 'nps', i, 'metric') as Metric;
	const templateId = s(r.templateId) || store.templates.find((t) => t.metric === metric)?.id;
	if (!templateId || !store.template(templateId)) fail(i, 'templateId must name an existing template (or insert a template of that metric first)');
	const c = {
		id: newId(store, r, i, (x) => !!store.campaign(x), 'campaign'),
		seq: store.nextSeq(),
		name: s(r.name, `Campaign ${store.campaigns.length + 1}`),
		metric,
		channel: oneOf(r.channel, CHANNELS, 'email', i, 'channel') as Channel,
		templateId,
		active: r.isActive !== false && r.status !== 'deactivated',
		createdAt: time(r.createdDate, now, i, 'createdDate'),
	};
	store.campaigns.push(c);
	return campaignView(c);
}

/** A survey template; without `surveyQuestions`, a main rating question and an open "Why?". */
function insertTemplate(store: AccountStore, r: Rec, i: number, now: number): unknown {
	const metric = oneOf(r.metric, METRICS, 'nps', i, 'metric') as Metric;
	const id = newId(store, r, i, (x) => !!store.template(x), 'template');
	const questions: Question[] = Array.isArray(r.surveyQuestions)
		? r.surveyQuestions.map((q, k) => {
				const x = q as Rec;
				const type = oneOf(typeof x.type === 'string' ? x.type.toLowerCase() : x.type, QUESTION_TYPES.map((t) => t.toLowerCase()), 'rating', i, 'type').toUpperCase() as Question['type'];
				return {
					uuid: s(x.uuid, stableUuid(`${id}/${k}`)),
					type,
					metric: typeof x.metric === 'string' ? x.metric.toUpperCase() : null,
					isMain: x.isMain === true,
					text: s(x.text, `Question ${k + 1}`),
					...(Array.isArray(x.options) ? { options: x.options as Question['options'] } : {}),
				};
			})
		: [
				{ uuid: stableUuid(`${id}/main`), type: 'RATING', metric: metric.toUpperCase(), isMain: true, text: 'How likely are you to recommend us?' },
				{ uuid: stableUuid(`${id}/reason`), type: 'OPEN_ENDED', metric: null, isMain: false, text: 'Why?' },
			];
	const t = {
		id,
		seq: store.nextSeq(),
		name: s(r.name, `Template ${store.templates.length + 1}`),
		metric,
		channels: Array.isArray(r.channels) ? (r.channels as Channel[]) : ['email' as Channel],
		createdAt: time(r.createdDate, now, i, 'createdDate'),
		questions,
	};
	store.templates.push(t);
	return templateView(t, true);
}

/** A trend group; a default one takes the default from the others. */
function insertTrendGroup(store: AccountStore, r: Rec, i: number, now: number): unknown {
	const g = {
		id: newId(store, r, i, (x) => store.trendGroups.some((t) => t.id === x), 'trendGroup'),
		seq: store.nextSeq(),
		name: s(r.name, `Group ${store.trendGroups.length + 1}`),
		metric: oneOf(r.metricType ?? r.metric, METRICS, 'nps', i, 'metricType') as Metric,
		isDefault: r.isDefault === true,
		campaignIds: tags(r.campaignIds, i, 'campaignIds'),
		createdAt: time(r.createdDate, now, i, 'createdDate'),
	};
	if (g.isDefault) for (const x of store.trendGroups) x.isDefault = false; // exactly one default
	store.trendGroups.push(g);
	return trendGroupView(g);
}

/** A suppressed email address. */
function insertEmailSuppression(store: AccountStore, r: Rec, i: number, now: number): unknown {
	if (!isEmail(r.email)) fail(i, 'email is required and must be valid');
	const e = {
		id: newId(store, r, i, (x) => store.emailSuppressions.some((t) => t.id === x), 'emailSuppression'),
		seq: store.nextSeq(),
		email: r.email,
		note: s(r.note),
		manual: r.manual !== false,
		source: oneOf(r.source, ['manual', 'bounce', 'complaint', 'unsubscribe'] as const, r.manual === false ? 'bounce' : 'manual', i, 'source'),
		createdAt: time(r.createdDate, now, i, 'createdDate'),
	};
	store.emailSuppressions.push(e);
	return emailSuppressionView(e);
}

/** A suppressed domain pattern. */
function insertDomainSuppression(store: AccountStore, r: Rec, i: number, now: number): unknown {
	if (typeof r.pattern !== 'string' || !r.pattern) fail(i, 'pattern is required');
	const d = {
		id: newId(store, r, i, (x) => store.domainSuppressions.some((t) => t.id === x), 'domainSuppression'),
		seq: store.nextSeq(),
		pattern: r.pattern.toLowerCase(),
		category: oneOf(r.category, DOMAIN_CATEGORIES, 'other', i, 'category'),
		note: s(r.note),
		manual: r.manual !== false,
		createdAt: time(r.createdDate, now, i, 'createdDate'),
	};
	store.domainSuppressions.push(d);
	return domainSuppressionView(d);
}

/** The inserter of each record kind, in the order the control API lists them: a new kind is one entry here. */
const INSERTERS = {
	customers: insertCustomer,
	feedback: insertFeedback,
	outbox: insertOutbox,
	companies: insertCompany,
	campaigns: insertCampaign,
	templates: insertTemplate,
	trendGroups: insertTrendGroup,
	emailSuppressions: insertEmailSuppression,
	domainSuppressions: insertDomainSuppression,
} satisfies Record<string, Inserter>;

export type RecordKind = keyof typeof INSERTERS;
export const RECORD_KINDS = Object.keys(INSERTERS) as RecordKind[];

export function insertRecords(store: AccountStore, kind: string, records: unknown, now: number): unknown[] {
	if (!RECORD_KINDS.includes(kind as RecordKind)) throw new InsertError(`kind must be one of ${RECORD_KINDS.join(', ')}`);
	if (!Array.isArray(records)) throw new InsertError('records must be an array');
	return records.map((r, i) => {
		if (!isObject(r)) fail(i, 'must be an object');
		return INSERTERS[kind as RecordKind](store, r, i, now);
	});
}
