/** The simulator's state shared by both ports and the control API: accounts, clock, limiter, faults, log. */
import { RequestLog } from './requestlog';
import { DEFAULT_RATE_LIMIT, RateLimiter, parseRateLimit, type RateLimitConfig, type RateLimitPatch } from './ratelimit';
import { Faults, parseFaults, type FaultRule } from './faults';
import { parseShownFields, type ShownFields } from './shownFields';
import { Router } from './router';
import { ACCOUNTS, buildAccounts, parseSeed, REGISTERED_PROPERTIES, type SeedOption } from './seed';
import { propertyName, type AccountStore, type PropertyRules } from './store';
import type { Permission } from './types';
import { customerRoutes } from './routes/customers';
import { feedbackRoutes } from './routes/feedback';
import { outboxRoutes } from './routes/outbox';
import { companyRoutes } from './routes/companies';
import { catalogRoutes } from './routes/catalog';
import { reportRoutes } from './routes/reports';
import { pingRoutes } from './routes/ping';
import { suppressionRoutes } from './routes/suppressions';
import { surveyRoutes } from './routes/survey';
import { importRoutes } from './routes/import';
import { syncRoutes } from './routes/sync';
import { legacyRoutes } from './routes/legacy';

export interface ConfigPatch {
	/** Every account's limit, unless the account has its own. */
	rateLimit?: RateLimitPatch | false;
	/** Per account (by id or either key): its own limit, or `null` to use the common one again. */
	accountRateLimits?: Record<string, RateLimitPatch | false | null>;
	faults?: FaultRule[];
	/** Seed of the PRNG that samples fault `share` (default 1). Setting faults restarts it. */
	faultSeed?: number;
	/** Turns the request log on or off. */
	log?: boolean;
	/**
	 * What a write does with a custom property label the account has not registered: `refuse` (the
	 * default, the spec's reading: fails the item's row) or `accept` (sets it). See PropertyRules in store.ts.
	 */
	unregisteredProperties?: 'accept' | 'refuse';
	/** Labels registered besides the accounts' own (Country, Plan, Group, Seats); replaces the last list. */
	registeredProperties?: string[];
	/**
	 * Which fields answers carry where the spec is silent: `spec` (the default) only those the spec
	 * and shared/reference/response-shapes.md name, `full` the simulator's fuller shapes besides.
	 */
	responses?: ResponseShapes;
	/** Fields of single records that answers show with other values (see shownFields.ts); replaces the last list, emptied by a reset. */
	shownFields?: ShownFields[];
}

export type ResponseShapes = 'spec' | 'full';

export interface ConfigView {
	rateLimit: RateLimitConfig | false;
	/** Accounts with a limit of their own, by id. */
	accountRateLimits: Record<string, RateLimitConfig | false>;
	faults: FaultRule[];
	faultSeed: number;
	log: boolean;
	unregisteredProperties: 'accept' | 'refuse';
	/** Every registered label: the accounts' own, then those configured. */
	registeredProperties: string[];
	responses: ResponseShapes;
	shownFields: ShownFields[];
}

export class SimCore {
	stores: AccountStore[] = [];
	seed: SeedOption;
	anchor = 0;
	readonly limiter: RateLimiter;
	readonly faults = new Faults();
	readonly log: RequestLog;
	readonly v2 = new Router().add(
		...pingRoutes,
		...customerRoutes,
		...companyRoutes,
		...feedbackRoutes,
		...outboxRoutes,
		...catalogRoutes,
		...reportRoutes,
		...suppressionRoutes,
		...surveyRoutes,
		...importRoutes,
		...syncRoutes,
	);
	readonly legacy = new Router().add(...legacyRoutes);
	/** Timers of slow faults, cleared on close. */
	readonly timers = new Set<NodeJS.Timeout>();
	/** The registered labels besides the accounts' own, as configured. */
	private registeredLabels: string[] = [];
	private propertyRules: PropertyRules = { unregistered: 'refuse', registered: new Set(REGISTERED_PROPERTIES.map(propertyName)) };
	private responses: ResponseShapes = 'spec';
	/** Read by the server for every answer. */
	shownFields: ShownFields[] = [];

	constructor(
		readonly clock: () => Date,
		opts: { seed?: SeedOption; rateLimit?: RateLimitPatch | false; log?: boolean; unregisteredProperties?: 'accept' | 'refuse'; responses?: ResponseShapes },
	) {
		this.seed = parseSeed(opts.seed);
		this.limiter = new RateLimiter(parseRateLimit(opts.rateLimit ?? DEFAULT_RATE_LIMIT, DEFAULT_RATE_LIMIT));
		this.log = new RequestLog(opts.log ?? true);
		if (opts.unregisteredProperties) this.configure({ unregisteredProperties: opts.unregisteredProperties });
		if (opts.responses) this.configure({ responses: opts.responses });
		this.reset(this.seed);
	}

	now(): number {
		return this.clock().getTime();
	}

	/** New data for the seed (default: the last one), anchored at the clock floored to the second. */
	reset(seed: SeedOption = this.seed): void {
		this.seed = parseSeed(seed);
		this.anchor = Math.floor(this.now() / 1000) * 1000;
		this.stores = buildAccounts(this.seed, this.anchor);
		// Like the rate limit, the reading of unregistered property labels outlives a reset.
		for (const store of this.stores) {
			store.propertyRules = this.propertyRules;
			store.responses = this.responses;
		}
		this.log.clear();
		this.limiter.clear();
		this.faults.set([], this.faults.faultSeed);
		this.shownFields = [];
	}

	/** An account by its id or any of its keys. */
	account(ref: string): AccountStore | undefined {
		return this.stores.find((s) => s.account.id === ref || s.account.writeKey === ref || s.account.readKey === ref);
	}

	authenticate(key: string): { store: AccountStore; permission: Permission } | undefined {
		for (const store of this.stores) {
			if (store.account.writeKey === key) return { store, permission: 'write' };
			if (store.account.readKey === key) return { store, permission: 'read' };
		}
		return undefined;
	}

	configure(patch: ConfigPatch): ConfigView {
		if (patch.rateLimit !== undefined) {
			this.limiter.config = parseRateLimit(patch.rateLimit, this.limiter.config);
			this.limiter.clear();
		}
		if (patch.accountRateLimits !== undefined) {
			if (typeof patch.accountRateLimits !== 'object' || patch.accountRateLimits === null) throw new Error('accountRateLimits must be an object');
			for (const [ref, setting] of Object.entries(patch.accountRateLimits)) {
				const id = this.account(ref)?.account.id;
				if (!id) throw new Error(`accountRateLimits: ${ref} is not an account id or key`);
				if (setting === null) this.limiter.perAccount.delete(id);
				else this.limiter.perAccount.set(id, parseRateLimit(setting, this.limiter.configFor(id)));
				this.limiter.clear(id);
			}
		}
		if (patch.faults !== undefined || patch.faultSeed !== undefined) {
			const seed = patch.faultSeed ?? this.faults.faultSeed;
			if (!Number.isInteger(seed)) throw new Error('faultSeed must be an integer');
			this.faults.set(patch.faults !== undefined ? parseFaults(patch.faults) : this.faults.list(), seed);
		}
		if (patch.log !== undefined) {
			if (typeof patch.log !== 'boolean') throw new Error('log must be a boolean');
			this.log.enabled = patch.log;
		}
		if (patch.unregisteredProperties !== undefined || patch.registeredProperties !== undefined) {
			const unregistered = patch.unregisteredProperties ?? this.propertyRules.unregistered;
			if (unregistered !== 'accept' && unregistered !== 'refuse') throw new Error('unregisteredProperties must be "accept" or "refuse"');
			const labels = patch.registeredProperties ?? this.registeredLabels;
			if (!Array.isArray(labels) || labels.some((label) => typeof label !== 'string' || !propertyName(label))) {
				throw new Error('registeredProperties must be a list of property labels');
			}
			this.registeredLabels = [...labels];
			this.propertyRules = { unregistered, registered: new Set([...REGISTERED_PROPERTIES, ...labels].map(propertyName)) };
			for (const store of this.stores) store.propertyRules = this.propertyRules;
		}
		if (patch.responses !== undefined) {
			if (patch.responses !== 'spec' && patch.responses !== 'full') throw new Error('responses must be "spec" or "full"');
			this.responses = patch.responses;
			for (const store of this.stores) store.responses = this.responses;
		}
		if (patch.shownFields !== undefined) this.shownFields = parseShownFields(patch.shownFields);
		return this.config();
	}

	config(): ConfigView {
		return {
			rateLimit: this.limiter.config,
			accountRateLimits: Object.fromEntries(this.limiter.perAccount),
			faults: this.faults.list(),
			faultSeed: this.faults.faultSeed,
			log: this.log.enabled,
			unregisteredProperties: this.propertyRules.unregistered,
			registeredProperties: [...REGISTERED_PROPERTIES, ...this.registeredLabels],
			responses: this.responses,
			shownFields: this.shownFields,
		};
	}

	state() {
		return {
			seed: this.seed,
			anchor: new Date(this.anchor).toISOString(),
			now: new Date(this.now()).toISOString(),
			accounts: this.stores.map((s) => ({
				id: s.account.id,
				name: s.account.name,
				timezone: s.account.timezone,
				counts: {
					customers: s.customers.size,
					companies: s.companies.size,
					feedback: s.feedback.size,
					outbox: s.outbox.size,
					campaigns: s.campaigns.length,
					templates: s.templates.length,
					trendGroups: s.trendGroups.length,
					emailSuppressions: s.emailSuppressions.length,
					domainSuppressions: s.domainSuppressions.length,
					deletedFeedback: s.deleted.feedback,
					deletedOutbox: s.deleted.outbox,
				},
			})),
			config: this.config(),
		};
	}
}

export { ACCOUNTS };
