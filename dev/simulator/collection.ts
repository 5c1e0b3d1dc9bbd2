/**
 * A collection kept sorted by (time, seq), with hash indexes whose buckets are sorted the same way.
 * Date ranges are binary searches and the default sort (by the date field) needs no sorting at all,
 * which keeps a page of 1000 out of 100,000 records in the low milliseconds.
 */
import type { Stored } from './types';

type KeyFn<T> = (r: T) => string | null | undefined;

/** Every collected record orders by `createdAt` (surveyCreatedDate for outbox records). */
type Timed = Stored & { createdAt: number };

export class Collection<T extends Timed> {
	private list: T[] = [];
	private byId = new Map<string, T>();
	private indexes = new Map<string, { key: KeyFn<T>; buckets: Map<string, T[]> }>();

	/** For the range helpers; the comparator reads createdAt directly (a closure call per comparison is slow). */
	readonly time = (r: T): number => r.createdAt;

	constructor(keys: Record<string, KeyFn<T>> = {}) {
		for (const [name, key] of Object.entries(keys)) this.indexes.set(name, { key, buckets: new Map() });
	}

	get size(): number {
		return this.list.length;
	}

	/** All records, ascending by time. Do not mutate. */
	all(): readonly T[] {
		return this.list;
	}

	get(id: string): T | undefined {
		return this.byId.get(id);
	}

	has(id: string): boolean {
		return this.byId.has(id);
	}

	/** Records of one index bucket, ascending by time. Do not mutate. */
	bucket(index: string, key: string): readonly T[] {
		return this.index(index).buckets.get(key) ?? [];
	}

	add(r: T): void {
		this.byId.set(r.id, r);
		insertSorted(this.list, r, this.cmp);
		for (const { key, buckets } of this.indexes.values()) {
			const k = key(r);
			if (k === null || k === undefined) continue;
			let b = buckets.get(k);
			if (!b) buckets.set(k, (b = []));
			insertSorted(b, r, this.cmp);
		}
	}

	/** Bulk load (seed): one sort instead of n sorted inserts. */
	load(records: T[]): void {
		for (const r of records) {
			this.byId.set(r.id, r);
			this.list.push(r);
		}
		this.list.sort(this.cmp);
		for (const ix of this.indexes.values()) ix.buckets.clear();
		for (const r of this.list) {
			for (const { key, buckets } of this.indexes.values()) {
				const k = key(r);
				if (k === null || k === undefined) continue;
				let b = buckets.get(k);
				if (!b) buckets.set(k, (b = []));
				b.push(r);
			}
		}
	}

	remove(r: T): void {
		if (!this.byId.delete(r.id)) return;
		removeSorted(this.list, r, this.cmp);
		for (const { key, buckets } of this.indexes.values()) {
			const k = key(r);
			if (k === null || k === undefined) continue;
			const b = buckets.get(k);
			if (!b) continue;
			removeSorted(b, r, this.cmp);
			if (b.length === 0) buckets.delete(k);
		}
	}

	/** Changes a field that is part of the order or of an index key. */
	update(r: T, change: (r: T) => void): void {
		this.remove(r);
		change(r);
		this.add(r);
	}

	readonly cmp = (a: T, b: T): number => a.createdAt - b.createdAt || a.seq - b.seq;

	private index(name: string) {
		const ix = this.indexes.get(name);
		if (!ix) throw new Error(`no index ${name}`);
		return ix;
	}
}

/** First position whose time is >= ms. */
export function lowerBound<T>(arr: readonly T[], time: (r: T) => number, ms: number): number {
	return firstPosition(arr, (r) => time(r) >= ms);
}

/** First position whose time is > ms. */
export function upperBound<T>(arr: readonly T[], time: (r: T) => number, ms: number): number {
	return firstPosition(arr, (r) => time(r) > ms);
}

/** Binary search over `arr`, sorted so that `from` is false up to a position and true from it on: that position. */
function firstPosition<T>(arr: readonly T[], from: (r: T) => boolean): number {
	let lo = 0;
	let hi = arr.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (!from(arr[mid])) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** The slice [lo, hi) of a time-sorted array with start <= time <= end (both inclusive, both optional). */
export function timeRange<T>(
	arr: readonly T[],
	time: (r: T) => number,
	start?: number,
	end?: number,
): [number, number] {
	const lo = start === undefined ? 0 : lowerBound(arr, time, start);
	const hi = end === undefined ? arr.length : upperBound(arr, time, end);
	return [lo, Math.max(lo, hi)];
}

function insertSorted<T>(arr: T[], r: T, cmp: (a: T, b: T) => number): void {
	let lo = 0;
	let hi = arr.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (cmp(arr[mid], r) <= 0) lo = mid + 1;
		else hi = mid;
	}
	arr.splice(lo, 0, r);
}

function removeSorted<T>(arr: T[], r: T, cmp: (a: T, b: T) => number): void {
	let lo = 0;
	let hi = arr.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (cmp(arr[mid], r) < 0) lo = mid + 1;
		else hi = mid;
	}
	for (let i = lo; i < arr.length && cmp(arr[i], r) <= 0; i++) {
		if (arr[i] === r) {
			arr.splice(i, 1);
			return;
		}
	}
	const i = arr.indexOf(r); // order key changed outside update(): still remove it
	if (i >= 0) arr.splice(i, 1);
}
