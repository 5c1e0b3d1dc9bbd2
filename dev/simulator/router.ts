/** Route table: `:name` path parameters, exact method, trailing slash ignored. */
import type { ApiResult } from './http';
import type { Query } from './query';
import type { AccountStore } from './store';
import type { Permission } from './types';

export interface RequestContext {
	store: AccountStore;
	permission: Permission;
	method: string;
	path: string;
	params: Record<string, string>;
	query: Query;
	body: unknown;
	/** The simulator clock, epoch ms. */
	now: number;
}

export type Handler = (ctx: RequestContext) => ApiResult;

export interface Route {
	method: 'GET' | 'POST' | 'DELETE';
	path: string;
	handler: Handler;
	/** Needs a write key. Defaults to true for POST and DELETE. */
	write?: boolean;
}

interface Compiled extends Route {
	re: RegExp;
	names: string[];
}

export class Router {
	private routes: Compiled[] = [];

	add(...routes: Route[]): this {
		for (const r of routes) {
			const names: string[] = [];
			const pattern = r.path
				.replace(/\/+$/, '')
				.split('/')
				.map((seg) => {
					if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
					names.push(seg.slice(1));
					return '([^/]+)';
				})
				.join('/');
			this.routes.push({ ...r, re: new RegExp(`^${pattern}/?$`), names });
		}
		return this;
	}

	match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
		for (const r of this.routes) {
			if (r.method !== method) continue;
			const m = r.re.exec(path);
			if (!m) continue;
			const params: Record<string, string> = {};
			r.names.forEach((n, i) => (params[n] = safeDecode(m[i + 1])));
			return { route: r, params };
		}
		return undefined;
	}
}

export const needsWrite = (r: Route): boolean => r.write ?? r.method !== 'GET';

function safeDecode(s: string): string {
	try {
		return decodeURIComponent(s);
	} catch {
		return s;
	}
}
