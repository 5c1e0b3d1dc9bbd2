/**
 * The HTTP side: one node:http server per API (v2 with the control API, legacy v1). Pipeline of an
 * API request: fault → auth (401) → rate limit (429, v2 only) → route (404) → permission (403) →
 * body (400) → handler. Every API request is logged, faulted ones included.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { extractKey, UNAUTHORIZED_MESSAGE, type Api } from './auth';
import { handleControl } from './control';
import type { SimCore } from './core';
import { FAULT_MESSAGES, handledAnyway, HTML_PAGE, TRUNCATED_JSON, type FaultRule } from './faults';
import { ApiError, errorBody, type ApiResult } from './http';
import { parseQuery, stripRawQuery } from './query';
import type { LoggedRequest } from './requestlog';
import { needsWrite } from './router';
import { limitMessage, limiterNow, PROXY_REFUSAL_PAGE } from './ratelimit';
import { showFields } from './shownFields';

const KEY_PARAM = ['api_key'];

interface Raw {
	status: number;
	text: string;
	contentType: string;
	headers?: Record<string, string>;
}

export function createServer(core: SimCore, api: Api, onRequest?: (e: LoggedRequest) => void): http.Server {
	return http.createServer((req, res) => {
		handle(core, api, req, res, onRequest).catch((err) => {
			// A bug in the simulator: answer 500 rather than hang the client.
			console.error('[simulator]', err);
			if (!res.headersSent) send(res, json(500, errorBody(500, `Simulator error: ${String(err?.message ?? err)}`)));
		});
	});
}

async function handle(
	core: SimCore,
	api: Api,
	req: http.IncomingMessage,
	res: http.ServerResponse,
	onRequest?: (e: LoggedRequest) => void,
): Promise<void> {
	const started = performance.now();
	const at = new Date(core.now()).toISOString();
	const url = new URL(req.url ?? '/', 'http://simulator');
	const method = (req.method ?? 'GET').toUpperCase();
	const path = url.pathname;
	const rawBody = await readBody(req);

	if (api === 'v2' && (path === '/__sim' || path.startsWith('/__sim/'))) {
		return send(res, handleControl(core, method, path.slice('/__sim'.length) || '/', url.searchParams, rawBody));
	}

	const query = parseQuery(url.search.slice(1), KEY_PARAM);
	const { form, key } = extractKey(api, req.headers, url.searchParams);
	const parsedBody = parseBody(rawBody);
	const entry: Omit<LoggedRequest, 'id'> = {
		time: at,
		receivedMs: Math.round(limiterNow()),
		api,
		method,
		path,
		query,
		rawQuery: stripRawQuery(url.search.slice(1), KEY_PARAM),
		body: parsedBody.ok ? (parsedBody.value ?? null) : rawBody,
		auth: form,
		accountId: null,
		status: null,
		fault: null,
		durationMs: 0,
	};
	/** The rate limiter's headers for this answer (none when it is off or the request was not counted). */
	let limitHeaders: Record<string, string> = {};
	/** Refused by the limiter set as a proxy in front of the service: its HTML page, not the service's JSON. */
	let refusedByProxy = false;
	const finish = (status: number | null) => {
		entry.status = status;
		entry.durationMs = Math.round((performance.now() - started) * 100) / 100;
		const logged = core.log.add(entry);
		onRequest?.(logged);
	};

	// A dropped connection has no answer at all; every other fault answers with its own status.
	const sendFault = (fault: FaultRule) => {
		const raw = faultResponse(fault);
		if (!raw) {
			finish(null);
			req.socket.destroy();
			return;
		}
		finish(raw.status);
		send(res, raw);
	};

	const fault = core.faults.pick(method, path);
	if (fault && fault.when === 'after' && !handledAnyway(fault.kind)) {
		// The service acts as usual; only its answer is lost or broken.
		entry.fault = fault.kind;
		const authAfter = key ? core.authenticate(key) : undefined;
		entry.accountId = authAfter?.store.account.id ?? null;
		answerWith(authAfter);
		return sendFault(fault);
	}
	if (fault) {
		entry.fault = fault.kind;
		if (!handledAnyway(fault.kind)) return sendFault(fault);
		if (fault.kind === 'slow') await delay(core, fault.delayMs ?? 1000);
		if (res.destroyed) return finish(null);
	}

	const auth = key ? core.authenticate(key) : undefined;
	entry.accountId = auth?.store.account.id ?? null;
	const result = answerWith(auth);
	const answered = refusedByProxy ? { status: 503, text: PROXY_REFUSAL_PAGE, contentType: 'text/html' } : api === 'legacy' ? legacyRaw(result) : json(result.status, result.body, result.headers);
	// errorIn200: the service's error answer, its envelope and `code` unchanged, with HTTP 200.
	const raw = fault?.kind === 'errorIn200' && answered.status >= 400 && answered.contentType.startsWith('application/json') ? { ...answered, status: 200 } : answered;
	finish(raw.status);
	send(res, raw);

	function answerWith(auth: ReturnType<typeof core.authenticate> | undefined): ApiResult {
		const answered = answer(auth);
		const result = { ...answered, body: showFields(answered.body, core.shownFields) };
		return Object.keys(limitHeaders).length ? { ...result, headers: { ...result.headers, ...limitHeaders } } : result;
	}

	function answer(auth: ReturnType<typeof core.authenticate> | undefined): ApiResult {
		try {
			if (!auth) throw new ApiError(401, UNAUTHORIZED_MESSAGE);
			if (api === 'v2') {
				const taken = core.limiter.take(auth.store.account.id);
				limitHeaders = taken.headers;
				refusedByProxy = !taken.ok && !!taken.config && !!taken.config.proxy;
				if (!taken.ok && taken.config) throw new ApiError(taken.config.status ?? 429, limitMessage(taken.config), null);
			}
			const match = (api === 'v2' ? core.v2 : core.legacy).match(method, path);
			if (!match) throw new ApiError(404, `Unknown endpoint ${method} ${path}.`);
			if (needsWrite(match.route) && auth.permission !== 'write') {
				throw new ApiError(403, 'Forbidden: this API key has read permission only; this endpoint needs a write key.');
			}
			if (!parsedBody.ok) throw new ApiError(400, 'The request body is not valid JSON.');
			return match.route.handler({
				store: auth.store,
				permission: auth.permission,
				method,
				path,
				params: match.params,
				query,
				body: parsedBody.value,
				now: core.now(),
			});
		} catch (err) {
			if (err instanceof ApiError) {
				return { status: err.status, body: errorBody(err.status, err.message, err.data), headers: err.headers };
			}
			console.error('[simulator]', err);
			return { status: 500, body: errorBody(500, `Simulator error: ${String((err as Error)?.message ?? err)}`) };
		}
	}
}

/** Legacy bodies have no `data` on errors: `{ message, code }`. */
function legacyRaw(r: ApiResult): Raw {
	if (r.status >= 400) {
		const { message, code } = r.body as { message: string; code: number };
		return json(r.status, { message, code }, r.headers);
	}
	return json(r.status, r.body, r.headers);
}

function faultResponse(f: FaultRule): Raw | null {
	switch (f.kind) {
		case 'drop':
			return null;
		case 'html': {
			const status = f.status ?? 502;
			return { status, text: HTML_PAGE(status), contentType: 'text/html; charset=utf-8' };
		}
		case 'badjson':
			return { status: 200, text: TRUNCATED_JSON, contentType: 'application/json; charset=utf-8' };
		case 'slow':
		case 'errorIn200':
			return null; // handled by the caller
		default:
			return json(f.kind, errorBody(f.kind, FAULT_MESSAGES[f.kind]));
	}
}

function json(status: number, body: unknown, headers?: Record<string, string>): Raw {
	return { status, text: JSON.stringify(body), contentType: 'application/json; charset=utf-8', headers };
}

function send(res: http.ServerResponse, raw: Raw): void {
	if (res.destroyed) return;
	res.writeHead(raw.status, {
		'Content-Type': raw.contentType,
		'Content-Length': Buffer.byteLength(raw.text),
		...raw.headers,
	});
	res.end(raw.text);
}

function parseBody(raw: string): { ok: true; value: unknown } | { ok: false } {
	if (raw.trim() === '') return { ok: true, value: undefined };
	try {
		return { ok: true, value: JSON.parse(raw) };
	} catch {
		return { ok: false };
	}
}

function readBody(req: http.IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

function delay(core: SimCore, ms: number): Promise<void> {
	return new Promise((resolve) => {
		const t = setTimeout(() => {
			core.timers.delete(t);
			resolve();
		}, ms);
		core.timers.add(t);
	});
}

