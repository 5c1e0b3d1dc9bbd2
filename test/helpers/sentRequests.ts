/**
 * The requests this package's nodes send while a test runs them in n8n's engine (engine.ts), as
 * they left: method, URL, headers as written and body, read off Node's own ClientRequest when
 * n8n-core's HTTP client ends it (the moment its body is complete). The class comes from Node's
 * `_http_client` module: nock replaces `http.ClientRequest` with a wrapper, but every request,
 * intercepted or not, is still one of these. Only requests sent within `recording.run(list, …)`
 * are kept, in that list.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ClientRequest } from 'node:http';

import type { IDataObject } from 'n8n-workflow';

export interface SentRequest {
	method: string;
	url: string;
	headers: IDataObject;
	body: unknown;
}

/** The path of a sent request, without its query. */
export const pathOf = (request: Pick<SentRequest, 'url'>) => new URL(request.url).pathname;

/** The query of a sent request, as a plain object (bracket keys kept as they are). */
export const queryOf = (request: Pick<SentRequest, 'url'>): Record<string, string> => Object.fromEntries(new URL(request.url).searchParams);

// eslint-disable-next-line @typescript-eslint/no-require-imports
const NodeClientRequest = (require('_http_client') as { ClientRequest: typeof ClientRequest }).ClientRequest;
export const recording = new AsyncLocalStorage<SentRequest[]>();
const bodies = new WeakMap<ClientRequest, Buffer[]>();

function keepChunk(request: ClientRequest, chunk: unknown) {
	if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
	const chunks = bodies.get(request) ?? [];
	chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
	bodies.set(request, chunks);
}

function parsedBody(chunks: Buffer[] | undefined): unknown {
	if (!chunks?.length) return undefined;
	const text = Buffer.concat(chunks).toString('utf8');
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

const { write, end } = NodeClientRequest.prototype;
NodeClientRequest.prototype.write = function (this: ClientRequest, chunk: unknown, ...rest: unknown[]) {
	if (recording.getStore()) keepChunk(this, chunk);
	return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
} as typeof write;
NodeClientRequest.prototype.end = function (this: ClientRequest, chunk?: unknown, ...rest: unknown[]) {
	const sent = recording.getStore();
	if (sent) {
		keepChunk(this, chunk);
		const headers: IDataObject = {};
		for (const name of this.getRawHeaderNames()) headers[name] = this.getHeader(name) as string;
		const host = this.getHeader('host') ?? this.host;
		sent.push({ method: this.method, url: `${this.protocol}//${host}${this.path}`, headers, body: parsedBody(bodies.get(this)) });
	}
	return (end as (...args: unknown[]) => ClientRequest).call(this, chunk, ...rest);
} as typeof end;
