/**
 * Counts what the simulator saw. Every API request the simulator logs is also handed to its
 * `onRequest` hook; the recorder keeps those entries with a monotonic timestamp, without the
 * 10,000-entry cap of `sim.requests()` (one HTTP Request per item is exactly 10,000 requests).
 */
import { performance } from 'node:perf_hooks';

import type { LoggedRequest } from '../../dev/simulator';

export interface SeenRequest {
	/** performance.now() when the simulator logged it (after answering). */
	t: number;
	/** Date.now() at the same moment. */
	wall: number;
	method: string;
	path: string;
	rawQuery: string;
	status: number | null;
	accountId: string | null;
	durationMs: number;
}

export class RequestRecorder {
	private entries: SeenRequest[] = [];

	/** Pass to the simulator's `start({ onRequest })`. */
	readonly hook = (e: LoggedRequest): void => {
		this.entries.push({
			t: performance.now(),
			wall: Date.now(),
			method: e.method,
			path: e.path,
			rawQuery: e.rawQuery,
			status: e.status,
			accountId: e.accountId,
			durationMs: e.durationMs,
		});
	};

	clear(): void {
		this.entries = [];
	}

	/** Everything since the last clear(), oldest first. */
	all(): SeenRequest[] {
		return this.entries.slice();
	}

	since(t: number): SeenRequest[] {
		return this.entries.filter((e) => e.t >= t);
	}

	get count(): number {
		return this.entries.length;
	}
}

export interface RequestTally {
	total: number;
	ok: number;
	rateLimited: number;
	otherErrors: number;
	/** First to last request, ms (0 for fewer than two). */
	spanMs: number;
}

export function tally(requests: SeenRequest[]): RequestTally {
	const ok = requests.filter((r) => r.status !== null && r.status >= 200 && r.status < 300).length;
	const rateLimited = requests.filter((r) => r.status === 429).length;
	const times = requests.map((r) => r.t);
	return {
		total: requests.length,
		ok,
		rateLimited,
		otherErrors: requests.length - ok - rateLimited,
		spanMs: times.length > 1 ? Math.max(...times) - Math.min(...times) : 0,
	};
}
