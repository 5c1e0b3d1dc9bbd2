/** The request log read by GET /__sim/requests. It never holds an API key value. */
import type { Api, AuthForm } from './auth';
import type { FaultKind } from './faults';
import type { Query } from './query';

export interface LoggedRequest {
	id: number;
	time: string;
	/** When it arrived, in epoch milliseconds of the real clock the rate limiter counts in (not the data clock). */
	receivedMs: number;
	api: Api;
	method: string;
	path: string;
	/** Parsed query (bracket syntax expanded) without api_key. */
	query: Query;
	/** Raw query string without the api_key parameter. */
	rawQuery: string;
	body: unknown;
	auth: AuthForm;
	accountId: string | null;
	/** null when the connection was dropped. */
	status: number | null;
	fault: FaultKind | null;
	durationMs: number;
}

export interface RequestFilter {
	/** Path prefix. */
	path?: string;
	method?: string;
	account?: string;
	api?: Api;
}

/** Keeps the newest MAX entries so long benchmarks cannot grow memory without bound. */
export class RequestLog {
	static readonly MAX = 10_000;
	private entries: LoggedRequest[] = [];
	private counter = 0;

	constructor(public enabled = true) {}

	add(entry: Omit<LoggedRequest, 'id'>): LoggedRequest {
		const e = { id: ++this.counter, ...entry };
		if (this.enabled) {
			this.entries.push(e);
			if (this.entries.length > RequestLog.MAX) this.entries.splice(0, this.entries.length - RequestLog.MAX);
		}
		return e;
	}

	list(f: RequestFilter = {}): LoggedRequest[] {
		return this.entries.filter(
			(e) =>
				(!f.path || e.path.startsWith(f.path)) &&
				(!f.method || e.method === f.method.toUpperCase()) &&
				(!f.account || e.accountId === f.account) &&
				(!f.api || e.api === f.api),
		);
	}

	clear(): void {
		this.entries = [];
	}
}
