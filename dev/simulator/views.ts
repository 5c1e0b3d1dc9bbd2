/** Wire shapes (read side, camelCase) of every record kind. Documented one by one in README.md. */
import { iso } from './http';
import { category, summarize } from './metrics';
import type { AccountStore } from './store';
import type {
	Campaign,
	Company,
	Customer,
	DomainSuppression,
	EmailSuppression,
	Feedback,
	Metric,
	OutboxRecord,
	Template,
	TrendGroup,
} from './types';

export const upper = (m: Metric): string => m.toUpperCase();

/**
 * A customer. The subscription flag and its who and when, the status and the update date are the
 * simulator's own (the spec names a customer status only as the `customerStatus` filter): only
 * `responses: 'full'` sends them.
 */
export function customerView(store: AccountStore, c: Customer) {
	const view = {
		id: c.id,
		email: c.email,
		firstName: c.firstName,
		lastName: c.lastName,
		companyName: c.companyName,
		companyId: c.companyId,
		jobTitle: c.jobTitle,
		phone: c.phone,
		country: c.country,
		state: c.state,
		city: c.city,
		tags: c.tags,
		properties: c.properties,
		channel: c.channel,
		status: store.customerStatus(c),
		unsubscribed: c.unsubscribedBy !== null,
		unsubscribedBy: c.unsubscribedBy,
		unsubscribedDate: iso(c.unsubscribedAt),
		createdDate: iso(c.createdAt),
		updatedDate: iso(c.updatedAt),
	};
	if (store.responses === 'full') return view;
	const { status: _status, unsubscribed: _unsubscribed, unsubscribedBy: _by, unsubscribedDate: _date, updatedDate: _updatedDate, ...named } = view;
	return named;
}

/**
 * Where the reference shows two shapes of one answer (customers' `pages` inside `data` or at the
 * top level, templates under `templates` or `data`), the default `responses: 'spec'` serves both:
 * account A the first, account B the second. `full` keeps the simulator's one shape for each.
 */
export const secondShape = (store: AccountStore): boolean => store.responses === 'spec' && store.account.code === 'b';

/**
 * A feedback response. Its customer's tags, its source and its send and open dates are the
 * simulator's own (the reference's fields seen name none of them): only `responses: 'full'` sends them.
 */
export function feedbackView(store: AccountStore, f: Feedback) {
	const campaign = store.campaign(f.campaignId);
	const view = {
		id: f.id,
		feedbackId: f.id,
		customerId: f.customerId,
		email: f.email,
		firstName: f.firstName,
		lastName: f.lastName,
		companyName: f.companyName,
		companyId: f.companyId,
		jobTitle: f.jobTitle,
		country: f.country,
		state: f.state,
		city: f.city,
		customerTags: f.customerTags,
		customProps: f.customProps,
		campaignId: f.campaignId,
		campaignName: campaign?.name ?? null,
		channel: campaign?.channel ?? null,
		metricsType: upper(f.metric),
		createdDate: iso(f.createdAt),
		score: f.score,
		ratingCategory: category(f.metric, f.score),
		comment: f.comment,
		additionalQuestions: f.additionalQuestions,
		tags: f.tags,
		feedbackTags: f.tags,
		topics: f.topics,
		feedbackTopics: f.topics,
		notes: [] as string[],
		status: 'completed',
		resolved: f.resolved,
		source: f.source,
		sendDate: iso(f.sendAt),
		openDate: iso(f.openAt),
	};
	if (store.responses === 'full') return view;
	const { customerTags: _tags, source: _source, sendDate: _sendDate, openDate: _openDate, ...named } = view;
	return named;
}

/**
 * A sent survey. Its customer's tags and properties and its scheduled date are the simulator's own
 * (the reference's fields seen name none of them): only `responses: 'full'` sends them.
 */
export function outboxView(store: AccountStore, o: OutboxRecord) {
	const campaign = store.campaign(o.campaignId);
	const view = {
		surveyId: o.id as string | undefined,
		email: o.email,
		customerId: o.customerId,
		firstName: o.firstName,
		lastName: o.lastName,
		companyName: o.companyName,
		customerTags: o.customerTags,
		customProps: o.customProps,
		surveyCreatedDate: iso(o.createdAt),
		sentDate: iso(o.sentAt),
		scheduledDate: iso(o.scheduledAt),
		channel: o.channel,
		campaign: campaign?.name ?? null,
		campaignId: o.campaignId,
		surveyTemplateId: campaign?.templateId ?? null,
		subject: o.subject,
		sentBy: o.sentBy,
		status: o.status,
		detailedStatus: {
			isOpened: o.openedAt !== null,
			openedDate: iso(o.openedAt),
			isResponded: o.respondedAt !== null,
			respondedDate: iso(o.respondedAt),
			isOptedOut: o.optedOut,
			isBounced: o.status === 'bounced',
		},
	};
	if (o.hideSurveyId) delete view.surveyId;
	if (store.responses === 'full') return view;
	const { customerTags: _tags, customProps: _props, scheduledDate: _scheduledDate, ...named } = view;
	return named;
}

/** cxMetrics are computed from the company's live feedback on every read (post-delete recalculation). */
export function companyView(store: AccountStore, co: Company) {
	const byMetric: Record<Metric, number[]> = { nps: [], csat: [], ces: [], star: [] };
	for (const f of store.feedback.bucket('company', co.id)) byMetric[f.metric].push(f.score);
	const metric = (m: Metric) => (byMetric[m].length ? summarize(m, byMetric[m]).score : null);
	return {
		id: co.id,
		companyName: co.companyName,
		domain: co.domain,
		industryName: co.industryName,
		tags: co.tags,
		createdDate: iso(co.createdAt),
		cxMetrics: { NPS: metric('nps'), CSAT: metric('csat'), CES: metric('ces'), STAR: metric('star') },
		contactsCount: store.customers.bucket('company', co.id).length,
	};
}

export function campaignView(c: Campaign) {
	return {
		id: c.id,
		name: c.name,
		metric: upper(c.metric),
		channel: c.channel,
		type: c.channel,
		templateId: c.templateId,
		isActive: c.active,
		status: c.active ? 'active' : 'deactivated',
		createdDate: iso(c.createdAt),
	};
}

export function templateView(t: Template, withQuestions: boolean) {
	const base = {
		id: t.id,
		name: t.name,
		metric: upper(t.metric),
		channels: t.channels,
		createdDate: iso(t.createdAt),
	};
	return withQuestions ? { ...base, surveyQuestions: t.questions } : base;
}

export function trendGroupView(g: TrendGroup) {
	return {
		id: g.id,
		name: g.name,
		metricType: upper(g.metric),
		isDefault: g.isDefault,
		campaignIds: g.campaignIds,
		createdDate: iso(g.createdAt),
	};
}

export function emailSuppressionView(s: EmailSuppression) {
	return { id: s.id, email: s.email, note: s.note, manual: s.manual, source: s.source, createdDate: iso(s.createdAt) };
}

export function domainSuppressionView(s: DomainSuppression) {
	return {
		id: s.id,
		pattern: s.pattern,
		category: s.category,
		note: s.note,
		manual: s.manual,
		createdDate: iso(s.createdAt),
	};
}

