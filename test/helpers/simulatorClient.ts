/** A client of the simulator for its own tests: small typed HTTP calls with each form of the key. */
import type { Simulator, SimulatorOptions } from '../../dev/simulator';
import { useSimulator } from './simulator';

export type AuthForm = 'x-api-key' | 'authorization' | 'query' | 'none';

export interface Res<T = any> {
	status: number;
	body: T;
	headers: Headers;
	text: string;
}

export interface CallOptions {
	key?: string;
	form?: AuthForm;
	body?: unknown;
	base?: string;
	headers?: Record<string, string>;
}

export async function call<T = any>(
	sim: Simulator,
	method: string,
	path: string,
	opts: CallOptions = {},
): Promise<Res<T>> {
	const form = opts.form ?? (opts.key ? 'x-api-key' : 'none');
	const headers: Record<string, string> = { 'Content-Type': 'application/json', ...opts.headers };
	let url = (opts.base ?? sim.baseUrl) + path;
	if (opts.key && form === 'x-api-key') headers['X-Api-Key'] = opts.key;
	if (opts.key && form === 'authorization') headers.Authorization = `api_key=${opts.key}`;
	if (opts.key && form === 'query') url += `${url.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(opts.key)}`;
	const res = await fetch(url, {
		method,
		headers,
		body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
	});
	const text = await res.text();
	let body: unknown = text;
	try {
		body = JSON.parse(text);
	} catch {
		/* not JSON */
	}
	return { status: res.status, body: body as T, headers: res.headers, text };
}

/** Calls to a simulator, bound to account A's write key (override per call). */
export class SimulatorClient {
	constructor(readonly sim: Simulator) {}

	get A() {
		return this.sim.accounts[0];
	}

	get B() {
		return this.sim.accounts[1];
	}

	get<T = any>(path: string, opts: CallOptions = {}) {
		return call<T>(this.sim, 'GET', path, { key: this.A.writeKey, ...opts });
	}

	post<T = any>(path: string, body: unknown, opts: CallOptions = {}) {
		return call<T>(this.sim, 'POST', path, { key: this.A.writeKey, body, ...opts });
	}

	del<T = any>(path: string, body?: unknown, opts: CallOptions = {}) {
		return call<T>(this.sim, 'DELETE', path, { key: this.A.writeKey, body, ...opts });
	}

	legacy<T = any>(method: string, path: string, opts: CallOptions = {}) {
		return call<T>(this.sim, method, path, { key: this.A.writeKey, form: 'authorization', base: this.sim.legacyBaseUrl, ...opts });
	}

	control<T = any>(method: string, path: string, body?: unknown) {
		return call<T>(this.sim, method, `/__sim${path}`, { body, form: 'none' });
	}

	/** Runs `run` against the simulator's fuller answers (`responses: 'full'`), then back to the spec's. */
	async inFull<T>(run: () => Promise<T>): Promise<T> {
		this.sim.configure({ responses: 'full' });
		try {
			return await run();
		} finally {
			this.sim.configure({ responses: 'spec' });
		}
	}

	/** Every page of a v2 list, following `pages` wherever it is. */
	async all(path: string, key: string, listKey: string, opts: CallOptions = {}): Promise<any[]> {
		const out: any[] = [];
		for (let page = 1; ; page++) {
			const sep = path.includes('?') ? '&' : '?';
			const r = await this.get(`${path}${sep}page=${page}`, { ...opts, key });
			if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
			out.push(...r.body.data[listKey]);
			const pages = r.body.data.pages ?? r.body.pages;
			if (page >= pages) return out;
		}
	}
}

/** A client of the simulator this file (or describe block) starts: see useSimulator. */
export function useSimulatorClient(options: SimulatorOptions = {}): SimulatorClient {
	return new SimulatorClient(useSimulator(options));
}

/** Query string with bracket syntax, the way n8n serializes nested qs (brackets percent-encoded). */
export function qs(params: Record<string, unknown>): string {
	const parts: string[] = [];
	const walk = (prefix: string, v: unknown) => {
		if (v === undefined) return;
		if (Array.isArray(v)) v.forEach((x, i) => walk(`${prefix}[${i}]`, x));
		else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(`${prefix}[${k}]`, x);
		else parts.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(v))}`);
	};
	for (const [k, v] of Object.entries(params)) walk(k, v);
	return parts.join('&');
}
