/**
 * The control API under /__sim on the v2 port: no auth, never rate limited, never logged, never
 * faulted. Plain JSON bodies (no envelope); errors are `{ error }` with 400 or 404.
 */
import type { SimCore } from './core';
import { insertRecords } from './insert';
import type { RequestFilter } from './requestlog';
import type { Api } from './auth';

interface Raw {
	status: number;
	text: string;
	contentType: string;
}

const reply = (status: number, body: unknown): Raw => ({
	status,
	text: JSON.stringify(body),
	contentType: 'application/json; charset=utf-8',
});

export function handleControl(core: SimCore, method: string, path: string, search: URLSearchParams, rawBody: string): Raw {
	let body: Record<string, unknown> = {};
	if (rawBody.trim()) {
		try {
			body = JSON.parse(rawBody);
		} catch {
			return reply(400, { error: 'body is not valid JSON' });
		}
	}
	const route = `${method} ${path.replace(/\/+$/, '') || '/'}`;
	try {
		switch (route) {
			case 'GET /':
			case 'GET /state':
				return reply(200, core.state());
			case 'POST /reset':
				core.reset(body.seed as never);
				return reply(200, { ok: true, state: core.state() });
			case 'POST /records': {
				const store = typeof body.account === 'string' ? core.account(body.account) : undefined;
				if (!store) return reply(400, { error: 'account must be an account id or one of its keys' });
				const records = insertRecords(store, String(body.kind), body.records, core.now());
				return reply(200, { account: store.account.id, kind: body.kind, records });
			}
			case 'GET /requests': {
				const filter: RequestFilter = {
					path: search.get('path') ?? undefined,
					method: search.get('method') ?? undefined,
					account: search.get('account') ?? undefined,
					api: (search.get('api') as Api | null) ?? undefined,
				};
				return reply(200, { requests: core.log.list(filter) });
			}
			case 'DELETE /requests':
				core.log.clear();
				return reply(200, { ok: true });
			case 'POST /config':
				return reply(200, { config: core.configure(body) });
			case 'GET /config':
				return reply(200, { config: core.config() });
			default:
				return reply(404, { error: `unknown control endpoint ${method} /__sim${path}` });
		}
	} catch (err) {
		if (err instanceof Error) return reply(400, { error: err.message });
		throw err;
	}
}
