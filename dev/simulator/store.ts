/** One account's data: sorted, indexed collections and the write operations shared by several endpoints. */
import { Collection } from './collection';
import { isEmail, isObject } from './http';
import { IdGen } from './ids';
import { category } from './metrics';
import type {
	AccountInfo,
	Campaign,
	Company,
	Customer,
	DomainSuppression,
	EmailSuppression,
	Feedback,
	OutboxRecord,
	Property,
	Snapshot,
	Stored,
	Template,
	TrendGroup,
} from './types';

/** What a feedback record holds beyond its customer, its campaign and its ids: the answer and where it came from. */
export type FeedbackAnswer = Omit<Feedback, keyof Stored | keyof Snapshot | 'customerId' | 'email' | 'campaignId' | 'metric'>;

const lower = (s: string | null | undefined) => (s ? s.toLowerCase() : undefined);

export const FREE_MAIL = new Set(['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'gmx.de', 'web.de']);

/**
 * Which custom property labels a write may set. The spec takes "registered custom customer
 * properties": `refuse` (the simulator's default, that strict reading) fails the item's row when
 * one of its labels is not registered; `accept`, the lenient reading kept as an option, sets any
 * label, as if the service registered it on the way.
 */
export interface PropertyRules {
	unregistered: 'accept' | 'refuse';
	/** Property names (`propertyName` of the label) registered in every account. */
	registered: ReadonlySet<string>;
}

export const ACCEPT_ANY_PROPERTY: PropertyRules = { unregistered: 'accept', registered: new Set() };

export class AccountStore {
	readonly ids: IdGen;
	private seqCounter = 0;
	/** Set by the simulator's configuration (SimCore), the same for every account. */
	propertyRules: PropertyRules = ACCEPT_ANY_PROPERTY;
	/** Which fields answers carry where the spec is silent (see ConfigPatch.responses in core.ts). */
	responses: 'spec' | 'full' = 'spec';

	readonly customers = new Collection<Customer>({
		email: (c) => lower(c.email),
		company: (c) => c.companyId,
	});
	readonly companies = new Collection<Company>({
		domain: (c) => lower(c.domain),
		name: (c) => lower(c.companyName),
	});
	readonly feedback = new Collection<Feedback>({
		email: (f) => lower(f.email),
		customer: (f) => f.customerId,
		campaign: (f) => f.campaignId,
		company: (f) => f.companyId,
	});
	readonly outbox = new Collection<OutboxRecord>({
		email: (o) => lower(o.email),
		customer: (o) => o.customerId,
		campaign: (o) => o.campaignId,
	});
	campaigns: Campaign[] = [];
	templates: Template[] = [];
	trendGroups: TrendGroup[] = [];
	emailSuppressions: EmailSuppression[] = [];
	domainSuppressions: DomainSuppression[] = [];
	/** Soft-deleted records: gone from every list and lookup, only counted (GET /__sim/state). */
	readonly deleted = { feedback: 0, outbox: 0 };

	constructor(readonly account: AccountInfo) {
		this.ids = new IdGen(account.code);
	}

	nextSeq(): number {
		return ++this.seqCounter;
	}

	campaign(id: string): Campaign | undefined {
		return this.campaigns.find((c) => c.id === id);
	}

	template(id: string): Template | undefined {
		return this.templates.find((t) => t.id === id);
	}

	customerByEmail(email: string): Customer | undefined {
		return this.customers.bucket('email', email.trim().toLowerCase())[0];
	}

	snapshotOf(c: Customer): Snapshot {
		return {
			firstName: c.firstName,
			lastName: c.lastName,
			companyName: c.companyName,
			companyId: c.companyId,
			customerTags: c.tags,
			customProps: c.properties,
		};
	}

	latestFeedbackOf(customerId: string): Feedback | undefined {
		const list = this.feedback.bucket('customer', customerId);
		return list[list.length - 1];
	}

	/** Derived, never stored: opted-out, not-surveyed, at-risk (last answer a detractor) or active. */
	customerStatus(c: Customer): string {
		if (c.unsubscribedBy) return 'opted-out';
		const last = this.latestFeedbackOf(c.id);
		if (!last) return 'not-surveyed';
		return category(last.metric, last.score) === 'detractor' ? 'at-risk' : 'active';
	}

	/** Finds a company by name or creates it, with the email's domain unless it is a free-mail one. */
	ensureCompany(name: string, email: string, now: number): Company {
		const existing = this.companies.bucket('name', name.toLowerCase())[0];
		if (existing) return existing;
		const domain = email.split('@')[1]?.toLowerCase() ?? null;
		const company: Company = {
			id: this.ids.next('company'),
			seq: this.nextSeq(),
			companyName: name,
			domain: domain && !FREE_MAIL.has(domain) && !this.companies.bucket('domain', domain).length ? domain : null,
			industryName: 'Other',
			tags: [],
			createdAt: now,
		};
		this.companies.add(company);
		return company;
	}

	newCustomer(email: string, now: number, id = this.ids.next('customer')): Customer {
		return {
			id,
			seq: this.nextSeq(),
			email: email.trim(),
			firstName: '',
			lastName: '',
			companyName: '',
			companyId: null,
			jobTitle: null,
			phone: null,
			country: null,
			state: null,
			city: null,
			tags: [],
			properties: [],
			channel: 'email',
			createdAt: now,
			updatedAt: now,
			unsubscribedBy: null,
			unsubscribedAt: null,
			optOutMessage: null,
		};
	}

	/**
	 * A feedback record (not yet stored) of customer `c` in `campaign`: its id (a new one unless
	 * given), the customer's profile as of now, and the campaign's metric, with the answer given.
	 */
	newFeedback(c: Customer, campaign: Campaign, answer: FeedbackAnswer, id = this.ids.next('feedback')): Feedback {
		return {
			id,
			seq: this.nextSeq(),
			...this.snapshotOf(c),
			customerId: c.id,
			email: c.email,
			campaignId: campaign.id,
			metric: campaign.metric,
			...answer,
		};
	}

	/** Deletes a customer and all their data (hard delete, as DELETE /customers says). */
	deleteCustomer(c: Customer): void {
		for (const f of [...this.feedback.bucket('customer', c.id)]) this.feedback.remove(f);
		for (const o of [...this.outbox.bucket('customer', c.id)]) this.outbox.remove(o);
		this.customers.remove(c);
	}

	softDeleteFeedback(f: Feedback): void {
		this.feedback.remove(f);
		this.deleted.feedback++;
	}

	softDeleteOutbox(o: OutboxRecord): void {
		this.outbox.remove(o);
		this.deleted.outbox++;
	}

	emailSuppression(email: string): EmailSuppression | undefined {
		const e = email.trim().toLowerCase();
		return this.emailSuppressions.find((s) => s.email.toLowerCase() === e);
	}

	/** `*.example.com` matches example.com and its subdomains; `*` elsewhere is a wildcard. */
	domainSuppression(email: string): DomainSuppression | undefined {
		const domain = email.split('@')[1]?.toLowerCase() ?? '';
		return this.domainSuppressions.find((s) => domainMatches(s.pattern, domain));
	}

	/** Copies the current customer profile onto feedback and outbox records (sync-attributes). */
	resync(c: Customer, scope: 'feedback' | 'outbox'): number {
		const snap = this.snapshotOf(c);
		if (scope === 'outbox') {
			const records = this.outbox.bucket('customer', c.id);
			for (const o of records) Object.assign(o, snap);
			return records.length;
		}
		const records = [...this.feedback.bucket('customer', c.id)];
		for (const f of records) {
			// companyId is an index key of feedback (company scores): move the record between buckets.
			if (f.companyId !== snap.companyId) this.feedback.update(f, (x) => Object.assign(x, snap));
			else Object.assign(f, snap);
		}
		return records.length;
	}
}

export function domainMatches(pattern: string, domain: string): boolean {
	const p = pattern.toLowerCase();
	if (p.startsWith('*.') && domain === p.slice(2)) return true;
	const re = new RegExp(`^${p.split('*').map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
	return re.test(domain);
}

// ---------------------------------------------------------------- customer writes (snake_case input)

export interface CustomerInput {
	email: string;
	first_name?: string;
	last_name?: string;
	company?: string;
	job_title?: string;
	phone?: string;
	country?: string;
	state?: string;
	city?: string;
	tags?: string[];
	unset_tags?: string[];
	properties?: Array<{ label: string; value: unknown; type: string }>;
	unset_properties?: string[];
}

const STRING_FIELDS = ['first_name', 'last_name', 'company', 'job_title', 'phone', 'country', 'state', 'city'] as const;

/** A list of strings, or a comma-separated string. */
export function stringList(v: unknown): string[] | null {
	if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean);
	if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.map((s) => s.trim()).filter(Boolean);
	return null;
}

/** Validates one write-side item; the error text becomes the row's `reason`. */
export function parseCustomerInput(
	item: unknown,
	aliases: Record<string, string> = {},
): { input: CustomerInput } | { error: string } {
	if (!isObject(item)) return { error: 'item must be an object' };
	const src: Record<string, unknown> = { ...item };
	for (const [alias, field] of Object.entries(aliases)) if (src[field] === undefined) src[field] = src[alias];
	if (src.email === undefined || src.email === null || src.email === '') return { error: 'email is required' };
	if (!isEmail(src.email)) return { error: 'invalid email' };
	const input: CustomerInput = { email: (src.email as string).trim() };
	for (const f of STRING_FIELDS) {
		const v = src[f];
		if (v === undefined || v === null) continue;
		if (typeof v !== 'string') return { error: `${f} must be a string` };
		input[f] = v;
	}
	for (const f of ['tags', 'unset_tags', 'unset_properties'] as const) {
		if (src[f] === undefined || src[f] === null) continue;
		const list = stringList(src[f]);
		if (!list) return { error: `${f} must be an array of strings` };
		input[f] = list;
	}
	if (src.properties !== undefined && src.properties !== null) {
		if (!Array.isArray(src.properties)) return { error: 'properties must be an array of { label, value, type }' };
		const props: CustomerInput['properties'] = [];
		for (const p of src.properties) {
			if (!isObject(p) || typeof p.label !== 'string' || !p.label.trim()) {
				return { error: 'each property needs a label' };
			}
			if (p.type !== undefined && typeof p.type !== 'string') return { error: 'property type must be a string' };
			props.push({ label: p.label.trim(), value: p.value ?? null, type: (p.type as string) || 'text' });
		}
		input.properties = props;
	}
	return { input };
}

export const propertyName = (label: string): string =>
	label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

/**
 * Under the `refuse` reading of unregistered labels: the reason an item's row fails, naming its
 * first label the account has not registered (matched by name, so `plan` and `Plan` are one).
 */
export function unregisteredProperty(store: AccountStore, input: CustomerInput): string | undefined {
	if (store.propertyRules.unregistered === 'accept') return undefined;
	const label = input.properties?.find((p) => !store.propertyRules.registered.has(propertyName(p.label)))?.label;
	return label === undefined ? undefined : `property "${label}" is not a registered custom property of this account`;
}

/** Applies an input to a customer. New arrays each time: snapshots keep sharing the old ones. */
export function applyCustomerInput(store: AccountStore, c: Customer, input: CustomerInput, now: number): void {
	if (input.first_name !== undefined) c.firstName = input.first_name;
	if (input.last_name !== undefined) c.lastName = input.last_name;
	if (input.job_title !== undefined) c.jobTitle = input.job_title;
	if (input.phone !== undefined) c.phone = input.phone;
	if (input.country !== undefined) c.country = input.country;
	if (input.state !== undefined) c.state = input.state;
	if (input.city !== undefined) c.city = input.city;
	if (input.company !== undefined) {
		const name = input.company.trim();
		const company = name ? store.ensureCompany(name, c.email, now) : null;
		const change = (x: Customer) => {
			x.companyName = company?.companyName ?? '';
			x.companyId = company?.id ?? null;
		};
		if (store.customers.has(c.id)) store.customers.update(c, change);
		else change(c);
	}
	if (input.tags || input.unset_tags) {
		const unset = new Set((input.unset_tags ?? []).map((t) => t.toLowerCase()));
		const tags = c.tags.filter((t) => !unset.has(t.toLowerCase()));
		for (const t of input.tags ?? []) if (!tags.some((x) => x.toLowerCase() === t.toLowerCase())) tags.push(t);
		c.tags = tags;
	}
	if (input.properties || input.unset_properties) {
		const unset = new Set((input.unset_properties ?? []).map((n) => n.toLowerCase()));
		let props: Property[] = c.properties.filter(
			(p) => !unset.has(p.name.toLowerCase()) && !unset.has(p.label.toLowerCase()),
		);
		for (const p of input.properties ?? []) {
			const name = propertyName(p.label);
			props = props.filter((x) => x.name !== name && x.label.toLowerCase() !== p.label.toLowerCase());
			props.push({ label: p.label, name, type: p.type, value: p.value });
		}
		c.properties = props;
	}
	c.updatedAt = now;
}

export type UpsertStatus = 'created' | 'updated' | 'unchanged' | 'not_found';

/** Create-or-update by email (case-insensitive). */
export function upsertCustomer(
	store: AccountStore,
	input: CustomerInput,
	now: number,
	opts: { create: boolean; update: boolean } = { create: true, update: true },
): { status: UpsertStatus; customer?: Customer } {
	const existing = store.customerByEmail(input.email);
	if (existing) {
		if (!opts.update) return { status: 'unchanged', customer: existing };
		applyCustomerInput(store, existing, input, now);
		return { status: 'updated', customer: existing };
	}
	if (!opts.create) return { status: 'not_found' };
	const c = store.newCustomer(input.email, now);
	applyCustomerInput(store, c, input, now);
	store.customers.add(c);
	return { status: 'created', customer: c };
}
