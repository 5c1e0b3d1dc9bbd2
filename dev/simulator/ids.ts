/**
 * Deterministic 24-hex IDs (ObjectId-like): '6' + account digit + kind code + counter.
 * Readable on purpose; clients must treat them as opaque strings.
 */
import { hashString, mulberry32 } from './rng';

const KIND_CODES = {
	customer: 'c1',
	company: 'c0',
	feedback: 'f1',
	outbox: 'e1',
	campaign: 'ca',
	template: 'd1',
	trendGroup: 'b1',
	emailSuppression: '5e',
	domainSuppression: '5d',
	job: '10',
} as const;
export type IdKind = keyof typeof KIND_CODES;

export class IdGen {
	private counters = new Map<IdKind, number>();

	constructor(private accountCode: string) {}

	next(kind: IdKind): string {
		const n = (this.counters.get(kind) ?? 0) + 1;
		this.counters.set(kind, n);
		return `6${this.accountCode}${KIND_CODES[kind]}${n.toString(16).padStart(20, '0')}`;
	}
}

export const isObjectId = (s: unknown): s is string => typeof s === 'string' && /^[0-9a-f]{24}$/i.test(s);

/** A stable RFC 4122-looking v4 UUID derived from a name. */
export function stableUuid(name: string): string {
	const rng = mulberry32(hashString(name));
	let hex = '';
	for (let i = 0; i < 32; i++) hex += Math.floor(rng() * 16).toString(16);
	const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
