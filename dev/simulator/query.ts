/**
 * Query string parsing (bracket syntax), paging, sorting, attribute filters and the list executor.
 */
import { timeRange } from './collection';
import { badRequest } from './http';
import type { Property } from './types';

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type Query = Record<string, QueryValue>;

/**
 * Parses `a[0][name]=x&email[]=y&k=1&k=2` into nested objects and arrays. URLSearchParams already
 * undoes percent-encoding, so `attributes%5B0%5D%5Bname%5D` arrives as `attributes[0][name]`.
 */
export function parseQuery(raw: string, drop: string[] = []): Query {
	const root: Record<string, QueryValue> = {};
	for (const [key, value] of new URLSearchParams(raw)) {
		if (drop.includes(key)) continue;
		const path = splitKey(key);
		setPath(root, path, value);
	}
	return normalize(root) as Query;
}

/** The raw query string without some parameters (the API key never reaches the log). */
export function stripRawQuery(raw: string, drop: string[]): string {
	if (!raw) return '';
	return raw
		.split('&')
		.filter((part) => {
			const k = part.split('=')[0];
			let decoded = k;
			try {
				decoded = decodeURIComponent(k.replace(/\+/g, ' '));
			} catch {
				/* keep undecodable keys */
			}
			return !drop.includes(decoded);
		})
		.join('&');
}

function splitKey(key: string): string[] {
	const m = /^([^[\]]*)((?:\[[^[\]]*\])*)$/.exec(key);
	if (!m || !m[2]) return [key];
	const segs = [...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]);
	return [m[1], ...segs];
}

function setPath(obj: Record<string, QueryValue>, path: string[], value: string): void {
	let cur: Record<string, QueryValue> = obj;
	for (let i = 0; i < path.length; i++) {
		let seg = path[i];
		const last = i === path.length - 1;
		if (seg === '') seg = String(Object.keys(cur).length); // `x[]` appends
		if (last) {
			const existing = cur[seg];
			if (existing === undefined) cur[seg] = value;
			else if (Array.isArray(existing)) existing.push(value);
			else if (typeof existing === 'string') cur[seg] = [existing, value];
			return;
		}
		let next = cur[seg];
		if (typeof next !== 'object' || next === null || Array.isArray(next)) {
			next = {};
			cur[seg] = next;
		}
		cur = next as Record<string, QueryValue>;
	}
}

/** Objects whose keys are all integers become arrays (in index order). */
function normalize(v: QueryValue): QueryValue {
	if (typeof v === 'string') return v;
	if (Array.isArray(v)) return v.map(normalize);
	const keys = Object.keys(v);
	for (const k of keys) v[k] = normalize(v[k]);
	if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
		return keys.sort((a, b) => Number(a) - Number(b)).map((k) => v[k]);
	}
	return v;
}

/** A single string parameter; arrays or objects are a 400 (clients must not send them here). */
export function str(q: Query, name: string): string | undefined {
	const v = q[name];
	if (v === undefined) return undefined;
	if (typeof v !== 'string') throw badRequest(`${name} must be a single value.`);
	return v;
}

/** A parameter that is one value or a list (`email[0]=..`, `email=a&email=b`, or a comma list). */
export function strList(q: Query, name: string): string[] | undefined {
	const v = q[name];
	if (v === undefined) return undefined;
	const items = Array.isArray(v) ? v : typeof v === 'string' ? [v] : Object.values(v);
	if (!items.every((x): x is string => typeof x === 'string')) throw badRequest(`${name} must be a list of values.`);
	return items.flatMap((x) => x.split(',')).map((x) => x.trim()).filter(Boolean);
}

export function oneOf<T extends string>(q: Query, name: string, allowed: readonly T[]): T | undefined {
	const v = str(q, name);
	if (v === undefined || v === '') return undefined;
	if (!allowed.includes(v as T)) throw badRequest(`${name} must be one of: ${allowed.join(', ')}.`);
	return v as T;
}

// ---------------------------------------------------------------- paging and sorting

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 1000;

export interface Paging {
	page: number;
	limit: number;
}

function positiveInt(raw: string | undefined, name: string, fallback: number): number {
	if (raw === undefined || raw === '') return fallback;
	if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw badRequest(`${name} must be a positive integer.`);
	return Number(raw);
}

/** page default 1; limit default 20; a limit above 1000 is clamped to 1000 (and echoed as 1000). */
export function parsePaging(q: Query, pageParam = 'page'): Paging {
	const page = positiveInt(str(q, pageParam), pageParam, 1);
	const limit = Math.min(positiveInt(str(q, 'limit'), 'limit', DEFAULT_LIMIT), MAX_LIMIT);
	return { page, limit };
}

export interface SortSpec<T> {
	field: string;
	desc: boolean;
	/** The normalized sort string, echoed back as `sort`. */
	raw: string;
	key: (r: T) => string | number;
	/** True when the field is the collection's own time order: no sorting needed. */
	isTime: boolean;
}

export function parseSort<T>(
	raw: string | undefined,
	fallback: string,
	fields: Record<string, (r: T) => string | number>,
	timeField: string,
): SortSpec<T> {
	const s = raw === undefined || raw.trim() === '' ? fallback : raw.trim();
	const desc = s.startsWith('-');
	const field = desc || s.startsWith('+') ? s.slice(1) : s;
	const key = fields[field];
	if (!key) throw badRequest(`Invalid sort field ${field}. Sortable fields: ${Object.keys(fields).join(', ')}.`);
	return { field, desc, raw: `${desc ? '-' : ''}${field}`, key, isTime: field === timeField };
}

// ---------------------------------------------------------------- attribute filters

export const ATTRIBUTE_OPS = ['equal', 'not_equal', 'contains', 'in', 'exists'] as const;
export type AttributeOp = (typeof ATTRIBUTE_OPS)[number];

export interface AttributeFilter {
	name: string;
	op: AttributeOp;
	value: unknown;
}

/**
 * Reads `attributes` from a query (bracket syntax, or one JSON string) or a body (array of objects).
 * A missing op means equal.
 */
export function parseAttributes(input: unknown, param = 'attributes'): AttributeFilter[] {
	if (input === undefined || input === '') return [];
	let v: unknown = input;
	if (typeof v === 'string') {
		try {
			v = JSON.parse(v);
		} catch {
			throw badRequest(`${param} must be a list of { name, op, value }.`);
		}
	}
	if (v && typeof v === 'object' && !Array.isArray(v)) v = Object.values(v);
	if (!Array.isArray(v)) throw badRequest(`${param} must be a list of { name, op, value }.`);
	return v.map((item, i) => {
		if (!item || typeof item !== 'object' || Array.isArray(item)) {
			throw badRequest(`${param}[${i}] must be an object with name, op and value.`);
		}
		const { name, op, value } = item as Record<string, unknown>;
		if (typeof name !== 'string' || name.trim() === '') throw badRequest(`${param}[${i}][name] is required.`);
		const o = op === undefined || op === '' ? 'equal' : op;
		if (typeof o !== 'string' || !ATTRIBUTE_OPS.includes(o as AttributeOp)) {
			throw badRequest(`${param}[${i}][op] must be one of: ${ATTRIBUTE_OPS.join(', ')}.`);
		}
		if (o !== 'exists' && (value === undefined || value === null)) {
			throw badRequest(`${param}[${i}][value] is required for op ${o}.`);
		}
		return { name: name.trim(), op: o as AttributeOp, value };
	});
}

export function parseMatch(v: unknown, param = 'match'): 'all' | 'any' {
	if (v === undefined || v === '') return 'all';
	if (v !== 'all' && v !== 'any') throw badRequest(`${param} must be all or any.`);
	return v;
}

/** Looks a filter name up on a record: custom property (name or label) first, then built-in fields. */
export type AttributeLookup<T> = (r: T, name: string) => unknown;

/** Property names are stored lower case (snake_case of the label), so the label pass rarely runs. */
export function propertyValue(props: readonly Property[], name: string): unknown {
	const n = name.toLowerCase();
	for (const p of props) if (p.name === n) return p.value;
	for (const p of props) if (p.label.toLowerCase() === n) return p.value;
	return undefined;
}

const norm = (v: unknown): string => String(v).trim().toLowerCase();
const listOf = (v: unknown): string[] =>
	(Array.isArray(v) ? v : String(v).split(',')).map(norm).filter((x) => x !== '');
const present = (v: unknown): boolean =>
	v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Case-insensitive comparisons; an array value (tags) matches when any of its elements does. */
export function testAttribute(actual: unknown, f: AttributeFilter): boolean {
	const values = !present(actual) ? [] : Array.isArray(actual) ? actual.map(norm) : [norm(actual)];
	switch (f.op) {
		case 'exists': {
			const want = f.value === undefined || f.value === null || !['false', '0', 'no'].includes(norm(f.value));
			return want === values.length > 0;
		}
		case 'equal':
			return values.includes(norm(f.value));
		case 'not_equal':
			return !values.includes(norm(f.value));
		case 'contains':
			return values.some((v) => v.includes(norm(f.value)));
		case 'in': {
			const set = new Set(listOf(f.value));
			return values.some((v) => set.has(v));
		}
	}
}

export function attributePredicate<T>(
	filters: AttributeFilter[],
	match: 'all' | 'any',
	lookup: AttributeLookup<T>,
): ((r: T) => boolean) | undefined {
	if (filters.length === 0) return undefined;
	return match === 'all'
		? (r) => filters.every((f) => testAttribute(lookup(r, f.name), f))
		: (r) => filters.some((f) => testAttribute(lookup(r, f.name), f));
}

export function attributesFromQuery<T>(q: Query, lookup: AttributeLookup<T>): ((r: T) => boolean) | undefined {
	return attributePredicate(parseAttributes(q.attributes), parseMatch(q.match), lookup);
}

// ---------------------------------------------------------------- list executor

export interface ListPlan<T> {
	/** Time-sorted source: the whole collection or the smallest matching index bucket. */
	source: readonly T[];
	time: (r: T) => number;
	start?: number;
	end?: number;
	filters: Array<((r: T) => boolean) | undefined>;
	sort: SortSpec<T>;
	paging: Paging;
}

export interface ListResult<T> {
	items: T[];
	total: number;
}

/** Date range by binary search, filters in one pass, and no sort when ordering by the time field. */
export function runList<T extends { seq: number }>(plan: ListPlan<T>): ListResult<T> {
	const [lo, hi] = timeRange(plan.source, plan.time, plan.start, plan.end);
	const preds = plan.filters.filter((f): f is (r: T) => boolean => !!f);
	const test = (r: T) => preds.every((p) => p(r));
	const { page, limit } = plan.paging;
	const skip = (page - 1) * limit;

	if (plan.sort.isTime) {
		if (preds.length === 0) {
			const total = hi - lo;
			const items: T[] = [];
			for (let k = skip; k < Math.min(total, skip + limit); k++) {
				items.push(plan.source[plan.sort.desc ? hi - 1 - k : lo + k]);
			}
			return { items, total };
		}
		const items: T[] = [];
		let total = 0;
		for (let k = 0; k < hi - lo; k++) {
			const r = plan.source[plan.sort.desc ? hi - 1 - k : lo + k];
			if (!test(r)) continue;
			if (total >= skip && items.length < limit) items.push(r);
			total++;
		}
		return { items, total };
	}

	const matched: T[] = [];
	for (let i = lo; i < hi; i++) if (test(plan.source[i])) matched.push(plan.source[i]);
	const { key, desc } = plan.sort;
	const dir = desc ? -1 : 1;
	matched.sort((a, b) => {
		const ka = key(a);
		const kb = key(b);
		const c = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : String(ka).localeCompare(String(kb));
		return dir * (c || plan.time(a) - plan.time(b) || a.seq - b.seq);
	});
	return { items: matched.slice(skip, skip + limit), total: matched.length };
}

/** Picks the smallest index bucket among the equality filters present, or the whole collection. */
export function smallestSource<T>(all: readonly T[], candidates: Array<readonly T[] | undefined>): readonly T[] {
	let best = all;
	for (const c of candidates) if (c && c.length < best.length) best = c;
	return best;
}

export const pagesOf = (total: number, limit: number): number => Math.ceil(total / limit);
