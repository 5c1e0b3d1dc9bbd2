/** Internal record types of the simulator. The wire shapes (camelCase read side) are built in views.ts. */

export const METRICS = ['nps', 'csat', 'ces', 'star'] as const;
export type Metric = (typeof METRICS)[number];

export const CHANNELS = ['email', 'link', 'inapp', 'intercom', 'embed'] as const;
export type Channel = (typeof CHANNELS)[number];

export const SENT_BY = ['campaign', 'reminder', 'manual', 'test', 'imported'] as const;
export type SentBy = (typeof SENT_BY)[number];

export const SENTIMENTS = ['positive', 'negative', 'neutral'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export const QUESTION_TYPES = ['RATING', 'OPEN_ENDED', 'MULTIPLE_OPTIONS'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export type UnsubscribedBy = 'owner' | 'self' | 'bounce';

export interface Property {
	label: string;
	name: string;
	type: string;
	value: unknown;
}

export interface Topic {
	name: string;
	sentiment: Sentiment;
}

/** Every stored record has an id and a sequence number that breaks ties between equal timestamps. */
export interface Stored {
	id: string;
	seq: number;
}

export interface Customer extends Stored {
	email: string;
	firstName: string;
	lastName: string;
	companyName: string;
	companyId: string | null;
	jobTitle: string | null;
	phone: string | null;
	country: string | null;
	state: string | null;
	city: string | null;
	/** Arrays are replaced, never mutated in place: feedback and outbox snapshots share them. */
	tags: string[];
	properties: Property[];
	channel: Channel;
	createdAt: number;
	updatedAt: number;
	unsubscribedBy: UnsubscribedBy | null;
	unsubscribedAt: number | null;
	optOutMessage: string | null;
}

/** The denormalized customer data copied onto feedback and outbox records (refreshed by sync-attributes). */
export interface Snapshot {
	firstName: string;
	lastName: string;
	companyName: string;
	companyId: string | null;
	customerTags: string[];
	customProps: Property[];
}

export interface AnswerRecord {
	uuid: string;
	type: QuestionType;
	metric: string | null;
	question: string;
	answer: unknown;
}

export interface Feedback extends Stored, Snapshot {
	customerId: string;
	email: string;
	campaignId: string;
	/** Copied from the campaign at creation, so scores never need a campaign lookup. */
	metric: Metric;
	createdAt: number;
	score: number;
	comment: string;
	tags: string[];
	topics: Topic[];
	additionalQuestions: AnswerRecord[];
	jobTitle: string | null;
	country: string | null;
	state: string | null;
	city: string | null;
	resolved: boolean;
	source: 'survey' | 'import';
	sendAt: number | null;
	openAt: number | null;
}

export type OutboxStatus =
	| 'queued'
	| 'scheduled'
	| 'sent'
	| 'delivered'
	| 'opened'
	| 'responded'
	| 'bounced'
	| 'failed';

export interface OutboxRecord extends Stored, Snapshot {
	/** `id` is the surveyId; hideSurveyId reproduces live rows that carry no surveyId. */
	hideSurveyId: boolean;
	customerId: string;
	email: string;
	campaignId: string;
	createdAt: number;
	sentAt: number | null;
	scheduledAt: number | null;
	channel: Channel;
	sentBy: SentBy;
	status: OutboxStatus;
	subject: string;
	openedAt: number | null;
	respondedAt: number | null;
	optedOut: boolean;
}

export interface Company extends Stored {
	companyName: string;
	domain: string | null;
	industryName: string;
	tags: string[];
	createdAt: number;
}

export interface Campaign extends Stored {
	name: string;
	metric: Metric;
	channel: Channel;
	templateId: string;
	active: boolean;
	createdAt: number;
}

export interface QuestionOption {
	uuid: string;
	text: string;
}

export interface Question {
	uuid: string;
	type: QuestionType;
	/** Upper case (NPS, CSAT, ...) for RATING questions, null otherwise. */
	metric: string | null;
	isMain: boolean;
	text: string;
	options?: QuestionOption[];
}

export interface Template extends Stored {
	name: string;
	metric: Metric;
	channels: Channel[];
	createdAt: number;
	questions: Question[];
}

export interface TrendGroup extends Stored {
	name: string;
	metric: Metric;
	isDefault: boolean;
	createdAt: number;
	/** Empty: every campaign of the group's metric. */
	campaignIds: string[];
}

export interface EmailSuppression extends Stored {
	email: string;
	note: string;
	manual: boolean;
	source: 'manual' | 'bounce' | 'complaint' | 'unsubscribe';
	createdAt: number;
}

export const DOMAIN_CATEGORIES = ['other', 'corporate', 'disposable', 'invalid'] as const;
export type DomainCategory = (typeof DOMAIN_CATEGORIES)[number];

export interface DomainSuppression extends Stored {
	pattern: string;
	category: DomainCategory;
	note: string;
	manual: boolean;
	createdAt: number;
}

export type Permission = 'read' | 'write';

export interface AccountInfo {
	id: string;
	/** One hex digit used inside generated IDs, so IDs never collide across accounts. */
	code: string;
	name: string;
	timezone: string;
	writeKey: string;
	readKey: string;
	plan: { name: string; surveyCreditsPerPeriod: number };
}
