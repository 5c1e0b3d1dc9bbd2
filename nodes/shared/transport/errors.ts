import { DateTime } from 'luxon';
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ServiceRecord } from '../serviceRecord';

import type { KnownLimit } from './pacer';
import type { ApiRequest } from './request';
import { jsonBody, looksLikeHtml } from './answers';

/**
 * Failures as a workflow builder reads them: the message names the operation and what happened
 * ("Survey: Send failed: the service answered HTTP 500 …"), the description says what to do. The
 * API key never appears: every text is scrubbed, and the HTTP library's own error (which holds
 * the request options, and with the query-parameter credential the key) is never passed on.
 */
export class ApiErrorBuilder {
	constructor(
		private readonly node: INode,
		private readonly request: ApiRequest,
		private readonly secrets: string[],
		/** The workflow's time zone, for the moments messages name. */
		private readonly timezone: string,
	) {}

	/** A 4xx other than 429: the request itself is wrong, or not allowed. */
	refused(status: number, body: unknown): NodeApiError {
		const said = serviceMessage(body);
		const saidSuffix = said ? ` The service said: "${said}".` : '';
		const where = this.where();
		const { method } = this.request;
		const [reason, advice] = ((): [string, string] => {
			switch (true) {
				case status === 400:
					return [`the service rejected the request: ${said ?? 'bad request'}`, `${where} was refused as invalid. Check the values the message names.`];
				case status === 401:
					return ['the API key was refused', `${where}: the key is missing, mistyped or revoked. Check the Survey Feedback credential.${saidSuffix}`];
				case status === 403 && method !== 'GET':
					return [
						'this operation needs an API key with write permission',
						`${where}: the credential's key is read-only. Create a key with write permission in the account settings and use it in the credential.${saidSuffix}`,
					];
				case status === 403:
					return ['the API key may not read this', `${where} is not allowed for this key or plan.${saidSuffix}`];
				case status === 404:
					return [
						'no such record in this account',
						`${where}: it may not exist, may have been deleted, or may belong to another account; the service answers the same in all three cases.${saidSuffix}`,
					];
				case status === 413:
					return [`the request covers too much: ${said ?? 'payload too large'}`, `${where}: narrow the selection (the service accepts at most 1000 customers per call).`];
				default:
					return [`the service answered HTTP ${status}${said ? `: ${said}` : ''}`, `${where} did not succeed.`];
			}
		})();
		return this.build(`${reason} [HTTP ${status}]`, advice, String(status));
	}

	/** Still rate limited when the credential's Max Rate Limit Wait, counted from when the request was asked for, ran out. */
	rateLimited(body: unknown, waitedMs: number, known: KnownLimit): NodeApiError {
		const said = serviceMessage(body);
		return this.build(
			'the service is still rate limiting this account [HTTP 429]',
			`${this.where()}: the account's limit (${describeLimit(known)}; shared by every n8n worker and tool using the key) stayed exceeded after waiting ${seconds(waitedMs)}, as long as the credential's Max Rate Limit Wait allows. Run again later or raise that setting.${
				said ? ` The service said: "${said}".` : ''
			}`,
			'429',
		);
	}

	/**
	 * A call made for the editor that would have to wait on the rate limit: the editor waits for
	 * none, it says when to try again. `refusedWith` is the status of the service's last refusal,
	 * when one came (the limit may also be this process's own ceiling, the credential's Rate Limit).
	 */
	rateLimitedForEditor(waitMs: number, refusedWith: number | undefined, known: KnownLimit): NodeApiError {
		const status = refusedWith === undefined ? '' : ` [HTTP ${refusedWith}]`;
		return this.build(
			`the service is rate limiting this account; try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s${status}`,
			`${this.where()}: the account's limit (${describeLimit(known)}; shared by every n8n worker and tool using the key) is reached, often by a running execution. Lists in the editor do not wait on it; executions wait up to the credential's Max Rate Limit Wait.`,
			refusedWith === undefined ? undefined : String(refusedWith),
		);
	}

	/**
	 * The service asked the account to wait (a Retry-After, or rate-limit headers saying nothing
	 * remains until their reset) past the request's deadline: it fails at once, as does every
	 * request of the account in this process until then, none of them sent.
	 */
	held(hold: { until: number; askedMs: number }, patienceMs: number, editor: boolean): NodeApiError {
		const until = DateTime.fromMillis(hold.until, { zone: this.timezone });
		const patience = editor ? `the editor's lists wait ${seconds(patienceMs)} at most` : `the credential's Max Rate Limit Wait is ${seconds(patienceMs)}`;
		return this.build(
			`the service asked this account to wait ${Math.ceil(hold.askedMs / 1000)} s, until ${until.toFormat('yyyy-MM-dd HH:mm:ss')} (${until.zoneName ?? this.timezone}) [HTTP 429]`,
			`${this.where()} was not sent: ${patience}, so the node does not wait, and every request of this account from this n8n fails the same way until then. Run it again after that time${editor ? '' : ', or raise Max Rate Limit Wait'}.`,
			'429',
		);
	}

	/**
	 * The execution was stopped. `onItsWay`: a request that must not repeat was aborted on its way,
	 * so the service may have acted.
	 */
	stopped(onItsWay: boolean): NodeApiError {
		const unsure = onItsWay ? ` while the request was on its way, so ${this.request.ifUnanswered ?? 'the service may have acted on the request'}` : '';
		return this.build(`the execution was stopped${unsure}`, `${this.where()}: the node stopped waiting and sent nothing more.${onItsWay ? ' Check before running it again.' : ''}`);
	}

	/**
	 * No usable answer. Repeatable requests come here once the retries are spent; the others at
	 * once, and then the message says the service may have acted, and how to check.
	 */
	unanswered(failure: { reason: string; httpCode?: string; body?: unknown }, retries: { tries: number; waitedMs: number } | undefined): NodeApiError {
		const said = serviceMessage(failure.body);
		const saidSuffix = said ? ` The service said: "${said}".` : '';
		const html = looksLikeHtml(failure.body) && !failure.reason.includes('HTML') ? ' (an HTML page, often from a proxy)' : '';
		const limiting = failure.httpCode === '503' ? ' An HTTP 503 is also how a proxy in front of the service refuses requests over its rate limit; the node slows down after each one.' : '';
		if (!retries) {
			const unsure = this.request.ifUnanswered ?? 'the service may have acted on the request';
			return this.build(
				`${failure.reason}${html}, so ${unsure}`,
				`${this.where()} was sent once and not repeated, because repeating it could act twice. Check before running it again.${limiting}${saidSuffix}`,
				failure.httpCode,
			);
		}
		const tried = retries.tries > 1 ? ` (${retries.tries} tries over ${seconds(retries.waitedMs)})` : '';
		return this.build(
			`${failure.reason}${html}${tried}`,
			`${this.where()}: requests that are safe to repeat are retried for up to the credential's Max Retry Wait. Check the Base URL in the credential and that the service is up, then try again later or raise that setting.${limiting}${saidSuffix}`,
			failure.httpCode,
		);
	}

	private where(): string {
		return `${this.request.method} ${this.request.path}`;
	}

	private build(reason: string, advice: string, httpCode?: string): NodeApiError {
		const step = this.request.step ? ` on ${this.request.step}` : '';
		const message = this.scrub(`${this.request.label} failed${step}: ${reason}`);
		const description = this.scrub(advice);
		// A plain object built here is the error's response: nothing of the HTTP library's error.
		const response: JsonObject = { message, description };
		if (httpCode) response.httpCode = httpCode;
		return new NodeApiError(this.node, response, { message, description, httpCode, itemIndex: this.request.itemIndex });
	}

	private scrub(text: string): string {
		return this.secrets.reduce((result, secret) => result.split(secret).join('***'), text);
	}
}

/** What the node knows of the limit: the service's headers, else what it admitted, and the credential's ceiling. */
export function describeLimit(known: KnownLimit): string {
	const per = (requests: number, windowMs: number) => `${round(requests)} requests per ${windowMs === 60_000 ? 'minute' : seconds(windowMs)}`;
	const parts: string[] = [];
	if (known.stated) {
		parts.push(
			known.stated.windowMs
				? `the service states ${per(known.stated.requests, known.stated.windowMs)}`
				: `the service states a limit of ${round(known.stated.requests)} requests`,
		);
	} else if (known.admittedPerMinute !== undefined) {
		parts.push(`the service admitted about ${round(known.admittedPerMinute)} requests a minute to this n8n process before refusing`);
	} else {
		parts.push('the service refused every request this n8n process tried');
	}
	parts.push(`the credential allows at most ${per(known.ceiling.requests, known.ceiling.windowMs)}`);
	return parts.join('; ');
}

function round(value: number): string {
	return value >= 10 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
}

function seconds(ms: number): string {
	return `${Math.round(ms / 100) / 10} s`;
}

/** The service's own words in an error body: `message`, or `error` as text or object. */
function serviceMessage(body: unknown): string | undefined {
	const json = jsonBody(body);
	if (!json || Array.isArray(json)) return undefined;
	const { message, error } = json;
	if (typeof message === 'string' && message) return message;
	if (typeof error === 'string' && error) return error;
	if (error && typeof error === 'object' && typeof (error as ServiceRecord).message === 'string') return (error as ServiceRecord).message as string;
	return undefined;
}
