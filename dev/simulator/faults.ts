/** Fault injection rules, sampled with a seeded PRNG so a given rule list fails the same requests every run. */
import { mulberry32, type Rng } from './rng';
import { PROXY_REFUSAL_PAGE } from './ratelimit';

export const FAULT_KINDS = [500, 502, 503, 'drop', 'slow', 'html', 'badjson', 'errorIn200'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
	match?: { method?: string; pathPrefix?: string };
	kind: FaultKind;
	/** Probability 0..1 that a matching request is faulted (default 1). */
	share?: number;
	/** Only the next N faulted requests; the rule is spent afterwards. */
	count?: number;
	/** For slow: the delay before the normal answer (default 1000). */
	delayMs?: number;
	/** For html: 200, 502 (the default) or 503 (nginx's limit_req refusal: the page and no other header). */
	status?: 200 | 502 | 503;
	/**
	 * When the fault strikes: `before` the service handles the request (default: it did nothing),
	 * or `after` (it acted, and the answer is lost: what a client must never repeat blindly).
	 * `slow` and `errorIn200` always let the service handle the request.
	 */
	when?: 'before' | 'after';
}

interface ActiveRule extends FaultRule {
	remaining: number;
}

export class Faults {
	private rules: ActiveRule[] = [];
	private rng: Rng = mulberry32(1);
	private seed = 1;

	set(rules: FaultRule[], seed = 1): void {
		this.rules = rules.map((r) => ({ ...r, remaining: r.count ?? Infinity }));
		this.seed = seed;
		this.rng = mulberry32(seed);
	}

	list(): FaultRule[] {
		return this.rules.map(({ remaining, ...r }) => ({ ...r, ...(r.count !== undefined ? { count: remaining } : {}) }));
	}

	get faultSeed(): number {
		return this.seed;
	}

	/** The first matching rule that fires; one PRNG draw per matching rule that has a share. */
	pick(method: string, path: string): FaultRule | undefined {
		for (const r of this.rules) {
			if (r.remaining <= 0) continue;
			if (r.match?.method && r.match.method.toUpperCase() !== method.toUpperCase()) continue;
			if (r.match?.pathPrefix && !path.startsWith(r.match.pathPrefix)) continue;
			if (r.share !== undefined && r.share < 1 && this.rng() >= r.share) continue;
			r.remaining--;
			return r;
		}
		return undefined;
	}
}

export function parseFaults(v: unknown): FaultRule[] {
	if (!Array.isArray(v)) throw new Error('faults must be an array of rules');
	return v.map((r, i) => {
		if (typeof r !== 'object' || r === null) throw new Error(`faults[${i}] must be an object`);
		const rule = r as FaultRule;
		if (!FAULT_KINDS.includes(rule.kind)) throw new Error(`faults[${i}].kind must be one of ${FAULT_KINDS.join(', ')}`);
		if (rule.share !== undefined && !(typeof rule.share === 'number' && rule.share >= 0 && rule.share <= 1)) {
			throw new Error(`faults[${i}].share must be a number from 0 to 1`);
		}
		if (rule.count !== undefined && !(Number.isInteger(rule.count) && rule.count >= 0)) {
			throw new Error(`faults[${i}].count must be a non-negative integer`);
		}
		if (rule.delayMs !== undefined && !(typeof rule.delayMs === 'number' && rule.delayMs >= 0)) {
			throw new Error(`faults[${i}].delayMs must be a non-negative number`);
		}
		if (rule.status !== undefined && rule.status !== 200 && rule.status !== 502 && rule.status !== 503) {
			throw new Error(`faults[${i}].status must be 200, 502 or 503`);
		}
		if (rule.when !== undefined && rule.when !== 'before' && rule.when !== 'after') {
			throw new Error(`faults[${i}].when must be "before" or "after"`);
		}
		if (rule.match !== undefined && (typeof rule.match !== 'object' || rule.match === null)) {
			throw new Error(`faults[${i}].match must be an object`);
		}
		return rule;
	});
}

const NGINX_TITLES: Record<number, string> = { 502: '502 Bad Gateway' };

/** An HTML page in place of JSON: a maintenance page (200), or nginx's own error pages (502, and 503 as its rate limit answers it). */
export const HTML_PAGE = (status: number) =>
	status === 503
		? PROXY_REFUSAL_PAGE
		: status === 200
		? '<!DOCTYPE html><html><head><title>Scheduled maintenance</title></head><body><h1>We will be back soon</h1><p>The service is under maintenance.</p></body></html>'
		: `<html><head><title>${NGINX_TITLES[status]}</title></head><body><center><h1>${NGINX_TITLES[status]}</h1></center><hr><center>nginx</center></body></html>`;

/** Whether a fault lets the service handle the request and only changes its answer (`slow` delays it, `errorIn200` sends an error with HTTP 200). */
export const handledAnyway = (kind: FaultKind): boolean => kind === 'slow' || kind === 'errorIn200';

/** A JSON body cut in the middle of a record. */
export const TRUNCATED_JSON = '{"message":"Success.","code":200,"data":{"responses":[{"id":"6af1000000000000000000';

export const FAULT_MESSAGES: Record<500 | 502 | 503, string> = {
	500: 'Internal server error.',
	502: 'Bad gateway.',
	503: 'Service temporarily unavailable.',
};
