/**
 * Deterministic seed data. Every value comes from named PRNG streams and fixed lists; the only input
 * that varies is the anchor (the simulator clock at start or reset, floored to the second): record
 * times are `anchor - offset`, so two runs differ only by that shift.
 */
import { stableUuid } from './ids';
import { SCORE_RANGE, category } from './metrics';
import { type Rng, int, pick, rngFor, sample, weighted } from './rng';
import { AccountStore } from './store';
import type {
	AccountInfo,
	AnswerRecord,
	Campaign,
	Channel,
	Company,
	Customer,
	Feedback,
	Metric,
	OutboxRecord,
	OutboxStatus,
	Property,
	Question,
	SentBy,
	Template,
	Topic,
	UnsubscribedBy,
} from './types';
import { SENT_BY } from './types';

export type SeedSizes = { customers?: number; feedback?: number; outbox?: number };
export type SeedOption = 'demo' | 'empty' | 'large' | SeedSizes;

const DAY = 86_400_000;

export const ACCOUNTS: readonly AccountInfo[] = [
	{
		id: '6a0000000000000000000001',
		code: 'a',
		name: 'Acme Demo (account A)',
		timezone: 'America/New_York',
		writeKey: 'sf_demo_write_a',
		readKey: 'sf_demo_read_a',
		plan: { name: 'Growth', surveyCreditsPerPeriod: 10_000 },
	},
	{
		id: '6b0000000000000000000002',
		code: 'b',
		name: 'Globex Europe (account B)',
		timezone: 'Europe/Berlin',
		writeKey: 'sf_demo_write_b',
		readKey: 'sf_demo_read_b',
		plan: { name: 'Starter', surveyCreditsPerPeriod: 1_000 },
	},
];

export const DEMO_SIZES = {
	A: { customers: 500, feedback: 3000, outbox: 4000 },
	B: { customers: 60, feedback: 300, outbox: 400 },
} as const;

export const LARGE_EXTRA = { customers: 50_000, feedback: 100_000, outbox: 100_000 } as const;

interface CampaignDef {
	name: string;
	metric: Metric;
	channel: Channel;
	active: boolean;
	template: number;
}

interface AccountDef {
	key: 'A' | 'B';
	firstNames: string[];
	lastNames: string[];
	companies: Array<[string, string, string]>; // name, domain, industry
	freeMail: string[];
	countries: string[];
	templates: Array<{ name: string; metric: Metric; channels: Channel[]; extra: boolean }>;
	campaigns: CampaignDef[];
	trendGroups: Array<{ name: string; metric: Metric; isDefault: boolean; campaigns: number[] }>;
	unsubscribed: Record<UnsubscribedBy, number>;
	emailSuppressions: Array<{ email: string; note: string; manual: boolean; source: 'manual' | 'bounce' | 'complaint' | 'unsubscribe' }>;
	domainSuppressions: Array<{ pattern: string; category: 'other' | 'corporate' | 'disposable' | 'invalid'; note: string; manual: boolean }>;
}

const DEFS: Record<'A' | 'B', AccountDef> = {
	A: {
		key: 'A',
		firstNames: ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Paul', 'Ashley'],
		lastNames: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris'],
		companies: [
			['Acme Analytics', 'acme-analytics.com', 'Software'], ['Globex', 'globex.com', 'Manufacturing'],
			['Initech', 'initech.com', 'Software'], ['Umbrella Health', 'umbrella-health.com', 'Healthcare'],
			['Stark Industries', 'stark.com', 'Manufacturing'], ['Wayne Enterprises', 'wayne-ent.com', 'Finance'],
			['Wonka Foods', 'wonka.com', 'Retail'], ['Hooli', 'hooli.com', 'Software'],
			['Vandelay Imports', 'vandelay.com', 'Retail'], ['Soylent', 'soylent.io', 'Retail'],
			['Cyberdyne Systems', 'cyberdyne.io', 'Software'], ['Tyrell Corp', 'tyrell.com', 'Manufacturing'],
			['Aperture Labs', 'aperture-labs.com', 'Education'], ['Massive Dynamic', 'massive-dynamic.com', 'Media'],
			['Pied Piper', 'piedpiper.com', 'Software'], ['Dunder Mifflin', 'dundermifflin.com', 'Retail'],
			['Oscorp', 'oscorp.com', 'Healthcare'], ['Gringotts', 'gringotts.bank', 'Finance'],
			['Monarch Media', 'monarch-media.com', 'Media'], ['Nakatomi Trading', 'nakatomi.co', 'Finance'],
			['Blue Sun', 'bluesun.com', 'Retail'], ['Virtucon', 'virtucon.com', 'Manufacturing'],
			['Prestige Worldwide', 'prestige-worldwide.com', 'Media'], ['Bluth Company', 'bluth.com', 'Finance'],
			['Sterling Cooper', 'sterling-cooper.com', 'Media'], ['Los Pollos', 'lospollos.com', 'Retail'],
			['Octan', 'octan.com', 'Manufacturing'], ['Rekall', 'rekall.io', 'Software'],
			['Weyland Yutani', 'weyland.com', 'Manufacturing'], ['Nordic Trail', 'nordictrail.com', 'Retail'],
			['Helix Learning', 'helixlearning.org', 'Education'], ['Quartz Bank', 'quartzbank.com', 'Finance'],
			['Orbit Telecom', 'orbit-tel.com', 'Media'], ['Summit Care', 'summitcare.com', 'Healthcare'],
			['Fjord Logistics', 'fjordlog.com', 'Manufacturing'], ['Pixel Forge', 'pixelforge.dev', 'Software'],
			['Green Leaf Grocers', 'greenleaf.shop', 'Retail'], ['Atlas Insurance', 'atlas-ins.com', 'Finance'],
			['Brightpath School', 'brightpath.edu', 'Education'], ['Lumen Clinics', 'lumenclinics.com', 'Healthcare'],
		],
		freeMail: ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com'],
		countries: ['US', 'US', 'US', 'CA', 'GB', 'DE', 'FR', 'BR', 'AU', 'JP'],
		templates: [
			{ name: 'NPS Relationship', metric: 'nps', channels: ['email', 'link', 'inapp', 'intercom', 'embed'], extra: true },
			{ name: 'CSAT Support', metric: 'csat', channels: ['email', 'intercom', 'link'], extra: true },
			{ name: 'CES Onboarding', metric: 'ces', channels: ['inapp', 'embed'], extra: false },
			{ name: 'Star Product Review', metric: 'star', channels: ['email', 'link'], extra: false },
			{ name: 'NPS Short', metric: 'nps', channels: ['email'], extra: false },
		],
		campaigns: [
			{ name: 'NPS Relationship (email)', metric: 'nps', channel: 'email', active: true, template: 0 },
			{ name: 'NPS In-App', metric: 'nps', channel: 'inapp', active: true, template: 0 },
			{ name: 'NPS Share Link', metric: 'nps', channel: 'link', active: true, template: 0 },
			{ name: 'NPS Intercom', metric: 'nps', channel: 'intercom', active: true, template: 0 },
			{ name: 'NPS Website Embed', metric: 'nps', channel: 'embed', active: true, template: 0 },
			{ name: 'CSAT Support Email', metric: 'csat', channel: 'email', active: true, template: 1 },
			{ name: 'CSAT Chat (Intercom)', metric: 'csat', channel: 'intercom', active: true, template: 1 },
			{ name: 'CSAT Link (old)', metric: 'csat', channel: 'link', active: false, template: 1 },
			{ name: 'CES Onboarding In-App', metric: 'ces', channel: 'inapp', active: true, template: 2 },
			{ name: 'CES Checkout Embed', metric: 'ces', channel: 'embed', active: false, template: 2 },
			{ name: 'Star Review Email', metric: 'star', channel: 'email', active: true, template: 3 },
			{ name: 'Star Review Link', metric: 'star', channel: 'link', active: true, template: 3 },
			{ name: 'NPS Q3 Pulse (ended)', metric: 'nps', channel: 'email', active: false, template: 4 },
		],
		trendGroups: [
			{ name: 'All NPS', metric: 'nps', isDefault: true, campaigns: [] },
			{ name: 'Email NPS', metric: 'nps', isDefault: false, campaigns: [0, 12] },
			{ name: 'Support CSAT', metric: 'csat', isDefault: false, campaigns: [5, 6] },
		],
		unsubscribed: { owner: 10, self: 10, bounce: 10 },
		emailSuppressions: [
			{ email: 'legal-hold@acme-analytics.com', note: 'Legal asked us to stop', manual: true, source: 'manual' },
			{ email: 'ceo@globex.com', note: 'VIP: never survey', manual: true, source: 'manual' },
			{ email: 'do-not-contact@hooli.com', note: '', manual: true, source: 'manual' },
			{ email: 'bounced.mailbox@initech.com', note: 'Hard bounce', manual: false, source: 'bounce' },
			{ email: 'spam.report@wonka.com', note: 'Spam complaint', manual: false, source: 'complaint' },
			{ email: 'unsub.global@stark.com', note: 'Global unsubscribe', manual: false, source: 'unsubscribe' },
		],
		domainSuppressions: [
			{ pattern: '*.competitor.io', category: 'corporate', note: 'Competitors', manual: true },
			{ pattern: 'invalid.example', category: 'invalid', note: '', manual: true },
			{ pattern: 'mailinator.com', category: 'disposable', note: 'Built-in disposable list', manual: false },
			{ pattern: '*.tempmail.dev', category: 'disposable', note: 'Built-in disposable list', manual: false },
		],
	},
	B: {
		key: 'B',
		firstNames: ['Lukas', 'Anna', 'Jonas', 'Lea', 'Felix', 'Mia', 'Paul', 'Emma', 'Leon', 'Sofia', 'Elias', 'Hannah', 'Noah', 'Lina', 'Ben'],
		lastNames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter'],
		companies: [
			['Rheinwerk', 'rheinwerk.de', 'Manufacturing'], ['Alpenbank', 'alpenbank.de', 'Finance'],
			['Spreetech', 'spreetech.de', 'Software'], ['Nordsee Handel', 'nordsee-handel.de', 'Retail'],
			['Isar Medical', 'isar-medical.de', 'Healthcare'], ['Elbe Medien', 'elbe-medien.de', 'Media'],
			['Main Logistik', 'main-logistik.de', 'Manufacturing'], ['Bodensee Schule', 'bodensee-schule.de', 'Education'],
		],
		freeMail: ['gmx.de', 'web.de'],
		countries: ['DE', 'DE', 'DE', 'AT', 'CH', 'NL'],
		templates: [
			{ name: 'NPS Kunden', metric: 'nps', channels: ['email', 'link'], extra: true },
			{ name: 'CSAT Service', metric: 'csat', channels: ['inapp'], extra: false },
			{ name: 'CES Bestellung', metric: 'ces', channels: ['email'], extra: false },
		],
		campaigns: [
			{ name: 'NPS Kunden (E-Mail)', metric: 'nps', channel: 'email', active: true, template: 0 },
			{ name: 'NPS Link', metric: 'nps', channel: 'link', active: true, template: 0 },
			{ name: 'CSAT Service In-App', metric: 'csat', channel: 'inapp', active: true, template: 1 },
			{ name: 'CES Bestellung (beendet)', metric: 'ces', channel: 'email', active: false, template: 2 },
		],
		trendGroups: [
			{ name: 'Alle NPS', metric: 'nps', isDefault: true, campaigns: [] },
			{ name: 'Service CSAT', metric: 'csat', isDefault: false, campaigns: [2] },
		],
		unsubscribed: { owner: 2, self: 2, bounce: 2 },
		emailSuppressions: [
			{ email: 'sperre@alpenbank.de', note: 'Datenschutz', manual: true, source: 'manual' },
			{ email: 'bounce@spreetech.de', note: 'Hard bounce', manual: false, source: 'bounce' },
		],
		domainSuppressions: [{ pattern: '*.wegwerf.de', category: 'disposable', note: '', manual: false }],
	},
};

const PLANS = ['free', 'starter', 'growth', 'enterprise'];
/** The custom customer properties every account has registered: the ones its seeded customers carry (VIP only the customers tagged vip). */
export const REGISTERED_PROPERTIES = ['Country', 'Plan', 'Group', 'Seats', 'VIP'];
const GROUPS = ['pilot', 'control', 'beta'];
const CUSTOMER_TAGS = ['vip', 'beta', 'churn-risk', 'enterprise', 'onboarding', 'newsletter', 'partner'];
const FEEDBACK_TAGS = ['pricing', 'support', 'bug', 'feature-request', 'praise', 'ux', 'billing'];
const TOPICS = ['Pricing', 'Support', 'Onboarding', 'Performance', 'Usability', 'Documentation', 'Reliability'];
const INDUSTRY_TAGS = ['key-account', 'smb', 'mid-market', 'renewal-q3'];
const COMMENTS = {
	promoter: ['Love the product, keep it up!', 'Support was fast and friendly.', 'Easy to use and reliable.', 'Great value for the money.', 'The new dashboard is fantastic.'],
	passive: ['Good, but a bit pricey.', 'Works fine, setup took a while.', 'Decent, missing a few integrations.', 'OK overall.'],
	detractor: ['Too many bugs lately.', 'Support took days to answer.', 'Hard to find anything in the UI.', 'Billing was wrong twice.', 'Slow and unreliable this month.'],
};
const SUBJECTS: Record<Metric, string> = {
	nps: 'How likely are you to recommend us?',
	csat: 'How satisfied were you with our support?',
	ces: 'How easy was it to get started?',
	star: 'How would you rate your purchase?',
};

function templateQuestions(account: string, index: number, t: AccountDef['templates'][number]): Question[] {
	const u = (q: string) => stableUuid(`${account}/template/${index}/${q}`);
	const mainText: Record<Metric, string> = {
		nps: 'How likely are you to recommend us to a friend or colleague?',
		csat: 'How satisfied are you with the help you received?',
		ces: 'How easy was it to handle your request?',
		star: 'How many stars would you give us?',
	};
	const qs: Question[] = [
		{ uuid: u('main'), type: 'RATING', metric: t.metric.toUpperCase(), isMain: true, text: mainText[t.metric] },
		{ uuid: u('reason'), type: 'OPEN_ENDED', metric: null, isMain: false, text: 'What is the main reason for your score?' },
	];
	if (t.extra) {
		qs.push({
			uuid: u('improve'),
			type: 'MULTIPLE_OPTIONS',
			metric: null,
			isMain: false,
			text: 'What should we improve?',
			options: ['Price', 'Speed', 'Support', 'Features'].map((text) => ({ uuid: u(`improve/${text}`), text })),
		});
		qs.push({ uuid: u('csat'), type: 'RATING', metric: 'CSAT', isMain: false, text: 'How satisfied are you with our support?' });
	}
	return qs;
}

/** Configuration every seed has (also 'empty'): campaigns, templates, trend groups. */
function seedConfiguration(store: AccountStore, def: AccountDef, anchor: number): void {
	store.templates = def.templates.map((t, i) => ({
		id: store.ids.next('template'),
		seq: store.nextSeq(),
		name: t.name,
		metric: t.metric,
		channels: t.channels,
		createdAt: anchor - (900 - i) * DAY,
		questions: templateQuestions(def.key, i, t),
	}));
	store.campaigns = def.campaigns.map((c, i) => ({
		id: store.ids.next('campaign'),
		seq: store.nextSeq(),
		name: c.name,
		metric: c.metric,
		channel: c.channel,
		templateId: store.templates[c.template].id,
		active: c.active,
		createdAt: anchor - (800 - i * 3) * DAY,
	}));
	store.trendGroups = def.trendGroups.map((g, i) => ({
		id: store.ids.next('trendGroup'),
		seq: store.nextSeq(),
		name: g.name,
		metric: g.metric,
		isDefault: g.isDefault,
		campaignIds: g.campaigns.map((k) => store.campaigns[k].id),
		createdAt: anchor - (700 - i) * DAY,
	}));
}

function seedSuppressions(store: AccountStore, def: AccountDef, anchor: number): void {
	store.emailSuppressions = def.emailSuppressions.map((s, i) => ({
		id: store.ids.next('emailSuppression'),
		seq: store.nextSeq(),
		...s,
		createdAt: anchor - (200 - i) * DAY,
	}));
	store.domainSuppressions = def.domainSuppressions.map((s, i) => ({
		id: store.ids.next('domainSuppression'),
		seq: store.nextSeq(),
		...s,
		createdAt: anchor - (300 - i) * DAY,
	}));
}

function seedCompanies(store: AccountStore, def: AccountDef, anchor: number): void {
	const rng = rngFor(`${def.key}/companies`);
	const companies: Company[] = def.companies.map(([companyName, domain, industryName]) => ({
		id: store.ids.next('company'),
		seq: store.nextSeq(),
		companyName,
		domain,
		industryName,
		tags: sample(rng, INDUSTRY_TAGS, int(rng, 0, 2)),
		createdAt: anchor - int(rng, 780, 1000) * DAY - int(rng, 0, DAY - 1),
	}));
	store.companies.load(companies);
}

function scoreFor(rng: Rng, metric: Metric): number {
	const [min, max] = SCORE_RANGE[metric];
	if (metric === 'nps') return weighted(rng, [[10, 26], [9, 22], [8, 15], [7, 10], [6, 6], [5, 5], [4, 3], [3, 3], [2, 2], [1, 2], [0, 3]]);
	// Skewed towards the top of the scale, like real satisfaction data.
	const r = Math.pow(rng(), 0.6);
	return Math.min(max, min + Math.floor(r * (max - min + 1)));
}

/**
 * Adds customers, feedback and outbox records drawn from named streams. Used for the demo data and
 * again, with other streams and e-mail domains, for the extra rows of the 'large' seed.
 */
function seedActivity(
	store: AccountStore,
	def: AccountDef,
	anchor: number,
	sizes: Required<SeedSizes>,
	stream: string,
	bulk: boolean,
): void {
	const rng = rngFor(`${def.key}/${stream}/customers`);
	const companies = store.companies.all();
	const customers: Customer[] = [];
	for (let i = 0; i < sizes.customers; i++) {
		const first = pick(rng, def.firstNames);
		const last = pick(rng, def.lastNames);
		const company = rng() < 0.75 ? pick(rng, companies) : null;
		const domain = bulk ? `bulk${i % 97}.example.com` : company?.domain ?? pick(rng, def.freeMail);
		const local = `${first}.${last}${bulk ? '.bulk' : ''}${i + 1}`.toLowerCase().replace(/ü/g, 'ue').replace(/ö/g, 'oe');
		const createdAt = rng() < 0.8 ? anchor - (370 + rng() * 390) * DAY : anchor - (1 + rng() * 359) * DAY;
		const plan = weighted(rng, [[PLANS[0], 3], [PLANS[1], 4], [PLANS[2], 3], [PLANS[3], 1]] as const);
		const properties: Property[] = [
			{ label: 'Country', name: 'country', type: 'text', value: pick(rng, def.countries) },
			{ label: 'Plan', name: 'plan', type: 'text', value: plan },
			{ label: 'Group', name: 'group', type: 'text', value: pick(rng, GROUPS) },
			{ label: 'Seats', name: 'seats', type: 'number', value: plan === 'enterprise' ? int(rng, 50, 500) : int(rng, 1, 49) },
		];
		const c = store.newCustomer(`${local}@${domain}`, Math.floor(createdAt));
		Object.assign(c, {
			firstName: first,
			lastName: last,
			companyName: company?.companyName ?? '',
			companyId: company?.id ?? null,
			tags: sample(rng, CUSTOMER_TAGS, weighted(rng, [[0, 4], [1, 4], [2, 2]] as const)),
			properties,
			channel: rng() < 0.85 ? 'email' : 'inapp',
		});
		// A boolean property only some customers carry, as a flag is; drawn from nothing, so the other data stay as they were.
		if (c.tags.includes('vip')) c.properties.push({ label: 'VIP', name: 'vip', type: 'boolean', value: true });
		customers.push(c);
	}
	if (!bulk) {
		// Unsubscribed customers of each kind, at fixed positions of the customer list.
		let k = 10;
		for (const by of ['owner', 'self', 'bounce'] as const) {
			for (let n = 0; n < def.unsubscribed[by]; n++, k += 3) {
				const c = customers[k % customers.length];
				if (!c || c.unsubscribedBy) continue;
				c.unsubscribedBy = by;
				c.unsubscribedAt = c.createdAt + DAY;
			}
		}
		// One owner-unsubscribed customer sits on the account suppression list (resubscribe: suppressed true).
		const ownerUnsub = customers.find((c) => c.unsubscribedBy === 'owner');
		const manual = def.emailSuppressions.find((s) => s.manual);
		if (ownerUnsub && manual) {
			const sup = store.emailSuppressions.find((s) => s.email === manual.email);
			if (sup) sup.email = ownerUnsub.email;
		}
	}
	for (const c of customers) c.updatedAt = c.createdAt;
	store.customers.load(customers);

	const all = store.customers.all();
	const campaigns = store.campaigns;
	if (all.length === 0 || campaigns.length === 0) return;
	const campaignWeights = campaigns.map((c, i) => [c, i === 0 ? 8 : c.metric === 'nps' ? 3 : 2] as const);
	const frng = rngFor(`${def.key}/${stream}/feedback`);
	const feedback: Feedback[] = [];
	const yearAgo = anchor - 365 * DAY;
	for (let i = 0; i < sizes.feedback; i++) {
		const c = all[Math.floor(frng() * all.length)];
		const campaign = weighted(frng, campaignWeights);
		const from = Math.max(c.createdAt, yearAgo);
		const createdAt = Math.floor(from + frng() * (anchor - 60_000 - from));
		const score = scoreFor(frng, campaign.metric);
		const cat = category(campaign.metric, score);
		const template = store.template(campaign.templateId) as Template;
		const comment = frng() < 0.6 ? pick(frng, COMMENTS[cat]) : '';
		const topics: Topic[] =
			frng() < 0.4
				? sample(frng, TOPICS, int(frng, 1, 2)).map((name) => ({
						name,
						sentiment: cat === 'promoter' ? 'positive' : cat === 'detractor' ? 'negative' : 'neutral',
					}))
				: [];
		// The answer's fields draw from frng in this order: tags, additional questions, resolved.
		feedback.push(
			store.newFeedback(c, campaign, {
				createdAt,
				score,
				comment,
				tags: frng() < 0.3 ? sample(frng, FEEDBACK_TAGS, int(frng, 1, 2)) : [],
				topics,
				additionalQuestions: frng() < 0.3 ? seedAnswers(frng, template) : [],
				jobTitle: null,
				country: (c.properties[0]?.value as string) ?? null,
				state: null,
				city: null,
				resolved: cat === 'detractor' && frng() < 0.5,
				source: 'survey',
				sendAt: null,
				openAt: null,
			}),
		);
	}
	store.feedback.load(feedback);

	const orng = rngFor(`${def.key}/${stream}/outbox`);
	const outbox: OutboxRecord[] = [];
	const answered = Math.min(sizes.outbox, feedback.length);
	const sentByWeights = SENT_BY.map((s) => [s, s === 'campaign' ? 12 : s === 'reminder' ? 4 : s === 'manual' ? 3 : 1] as const);
	for (let i = 0; i < sizes.outbox; i++) {
		const f = i < answered ? feedback[i] : undefined;
		const c = f ? (store.customers.get(f.customerId) as Customer) : all[Math.floor(orng() * all.length)];
		const campaign = f ? (store.campaign(f.campaignId) as Campaign) : pick(orng, campaigns);
		const createdAt = f
			? f.createdAt - int(orng, 3600, 3 * 86400) * 1000
			: Math.floor(anchor - orng() * 365 * DAY);
		const status: OutboxStatus = f
			? 'responded'
			: weighted(orng, [['sent', 3], ['delivered', 5], ['opened', 4], ['bounced', 1], ['failed', 1], ['queued', 1], ['scheduled', 1]] as const);
		const sentAt = status === 'queued' || status === 'scheduled' ? null : createdAt + 60_000;
		const openedAt = status === 'opened' || status === 'responded' ? createdAt + 600_000 : null;
		outbox.push({
			id: store.ids.next('outbox'),
			seq: store.nextSeq(),
			hideSurveyId: campaign.channel === 'link',
			...store.snapshotOf(c),
			customerId: c.id,
			email: c.email,
			campaignId: campaign.id,
			createdAt,
			sentAt,
			scheduledAt: status === 'scheduled' ? createdAt + DAY : null,
			channel: campaign.channel,
			sentBy: weighted(orng, sentByWeights) as SentBy,
			status,
			subject: campaign.channel === 'email' ? SUBJECTS[campaign.metric] : '',
			openedAt: f ? Math.min(openedAt ?? f.createdAt, f.createdAt) : openedAt,
			respondedAt: f ? f.createdAt : null,
			optedOut: c.unsubscribedBy === 'self',
		});
	}
	store.outbox.load(outbox);
}

function seedAnswers(rng: Rng, t: Template): AnswerRecord[] {
	const answers: AnswerRecord[] = [];
	for (const q of t.questions) {
		if (q.isMain) continue;
		let answer: unknown;
		if (q.type === 'OPEN_ENDED') answer = pick(rng, [...COMMENTS.promoter, ...COMMENTS.detractor]);
		else if (q.type === 'MULTIPLE_OPTIONS') answer = [pick(rng, q.options ?? []).uuid];
		else answer = int(rng, 1, 5);
		answers.push({ uuid: q.uuid, type: q.type, metric: q.metric, question: q.text, answer });
	}
	return answers;
}

/** Builds both accounts for a seed option. 'large' adds the bulk rows to account A on top of the demo data. */
export function buildAccounts(seed: SeedOption, anchor: number): AccountStore[] {
	return ACCOUNTS.map((info) => {
		const key = info.code === 'a' ? 'A' : 'B';
		const def = DEFS[key];
		const store = new AccountStore(info);
		seedConfiguration(store, def, anchor);
		if (seed === 'empty') return store;
		seedSuppressions(store, def, anchor);
		seedCompanies(store, def, anchor);
		const sizes = { ...DEMO_SIZES[key], ...(typeof seed === 'object' && key === 'A' ? seed : {}) };
		seedActivity(store, def, anchor, sizes, 'demo', false);
		if (seed === 'large' && key === 'A') seedActivity(store, def, anchor, LARGE_EXTRA, 'large', true);
		return store;
	});
}

export function parseSeed(v: unknown): SeedOption {
	if (v === undefined || v === null || v === '') return 'demo';
	if (v === 'demo' || v === 'empty' || v === 'large') return v;
	if (typeof v === 'object' && !Array.isArray(v)) {
		const sizes: SeedSizes = {};
		for (const k of ['customers', 'feedback', 'outbox'] as const) {
			const n = (v as Record<string, unknown>)[k];
			if (n === undefined) continue;
			if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new Error(`seed.${k} must be a non-negative integer`);
			sizes[k] = n;
		}
		return sizes;
	}
	throw new Error('seed must be demo, empty, large or { customers, feedback, outbox }');
}

