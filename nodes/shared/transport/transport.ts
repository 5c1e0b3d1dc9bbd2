import type { IN8nHttpFullResponse } from 'n8n-workflow';

import type { ServiceRecord } from '../serviceRecord';
import { sleep } from 'n8n-workflow';

import { classify, type Answer } from './answers';
import { isEditorCall, readConnection, type ApiContext } from './connection';
import { ApiErrorBuilder } from './errors';
import { DOCUMENTED_RATE_LIMIT } from '../../../credentials/defaults';
import { backoffMs, type Backoff } from './backoff';
import { AccountPacer, type Clock } from './pacer';
import { httpOptions, type ApiRequest } from './request';

/** The backoff between retries of a repeatable request that got no usable answer. */
export type RetryTiming = Backoff;

/** The parts a transport is made of; tests build one with a virtual clock and short delays. */
export interface TransportParts {
	pacer: AccountPacer;
	clock: Clock;
	retry: RetryTiming;
	requestTimeoutMs: number;
}

/** The transport bound to one n8n context and operation: what operations, paging and list searches call. */
export interface ServiceApi {
	request(request: Omit<ApiRequest, 'label'>): Promise<ServiceRecord>;
	/** Names the operation in messages: "Customer: Get". */
	readonly label: string;
}

/** How long a call made for the editor may wait on the rate limit before it says so: a few seconds. */
export const EDITOR_PATIENCE_MS = 5_000;

/**
 * Sends requests to the Survey Feedback Service and returns the parsed JSON body:
 * - paced per account by the pacer, from the service's answers and never above the credential's
 *   Rate Limit; every answer that says to slow down (a 429, a 503 whatever its body, a 5xx with
 *   Retry-After) slows the pacer and holds back the account's next request for at least its
 *   backoff, and never before Retry-After;
 * - 429s are waited out within the credential's Max Rate Limit Wait from the first 429 on, and
 *   always retried: the service did not act;
 * - a request that is safe to repeat and got no usable answer (5xx, network failure, a 2xx that is
 *   not the service's JSON) is retried with exponential backoff and jitter, within the
 *   credential's Max Retry Wait; any other request is sent once, and its error says that the
 *   service may have acted;
 * - calls made for the editor wait on the limit for EDITOR_PATIENCE_MS at most, and then say when
 *   to try again; executions keep the credential's patience;
 * - every failure becomes a NodeApiError naming the operation, without the API key.
 */
export class Transport {
	constructor(private readonly parts: TransportParts) {}

	for(ctx: ApiContext, label: string): ServiceApi {
		return { label, request: async (request) => await this.request(ctx, { ...request, label }) };
	}

	async request(ctx: ApiContext, request: ApiRequest): Promise<ServiceRecord> {
		const { pacer, clock } = this.parts;
		const connection = await readConnection(ctx, request);
		const errors = new ApiErrorBuilder(ctx.getNode(), request, connection.secrets);
		const options = httpOptions(request, connection.baseUrl, this.parts.requestTimeoutMs);
		const repeatable = request.repeatable ?? (request.method === 'GET' || request.method === 'DELETE');
		const { account, rateLimit: ceiling } = connection;
		const editorDeadline = isEditorCall(ctx) ? clock.now() + EDITOR_PATIENCE_MS : undefined;

		let rateLimitedSince: number | undefined;
		let lastRefusal: { status: number; body: unknown } | undefined;
		let retryWaitedMs = 0;
		let tries = 0;
		for (;;) {
			const rateLimitDeadline = rateLimitedSince === undefined ? undefined : rateLimitedSince + connection.maxRateLimitWaitMs;
			const deadline = editorDeadline === undefined ? rateLimitDeadline : Math.min(editorDeadline, rateLimitDeadline ?? Infinity);
			const turn = await pacer.turn(account, { deadline, ceiling });
			if (!turn) {
				if (editorDeadline !== undefined) throw errors.rateLimitedForEditor(pacer.waitMs(account, ceiling), lastRefusal?.status, pacer.known(account, ceiling));
				throw errors.rateLimited(lastRefusal?.body, clock.now() - (rateLimitedSince ?? clock.now()), pacer.known(account, ceiling));
			}
			tries++;
			let answer: Answer;
			try {
				const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, connection.credentialType, options)) as IN8nHttpFullResponse;
				answer = classify({ response }, clock.now());
			} catch (error) {
				answer = classify({ error }, clock.now());
			}
			// Every answer that says to slow down is a refusal to the pacer, whatever it looks like.
			const refusal =
				answer.kind === 'rateLimited' ? { status: 429, body: answer.body } : answer.kind === 'unanswered' && answer.slowDown ? { status: Number(answer.httpCode), body: answer.body } : undefined;
			turn.done({
				rateLimited: refusal !== undefined,
				retryAfterMs: refusal && 'retryAfterMs' in answer ? answer.retryAfterMs : undefined,
				headers: 'limit' in answer ? answer.limit : undefined,
			});
			lastRefusal = refusal ?? lastRefusal;

			switch (answer.kind) {
				case 'ok':
					return answer.body;
				case 'refused':
					throw errors.refused(answer.status, answer.body);
				case 'rateLimited':
					rateLimitedSince ??= clock.now();
					continue;
				case 'unanswered': {
					if (!repeatable) throw errors.unanswered(answer, undefined);
					const delay = Math.max(backoffMs(this.parts.retry, tries - 1, () => clock.random()), answer.retryAfterMs ?? 0);
					if (editorDeadline !== undefined && clock.now() + delay > editorDeadline) {
						if (answer.slowDown) throw errors.rateLimitedForEditor(Math.max(delay, pacer.waitMs(account, ceiling)), lastRefusal?.status, pacer.known(account, ceiling));
						throw errors.unanswered(answer, { tries, waitedMs: retryWaitedMs });
					}
					if (retryWaitedMs + delay > connection.maxRetryWaitMs) throw errors.unanswered(answer, { tries, waitedMs: retryWaitedMs });
					retryWaitedMs += delay;
					await clock.sleep(delay);
				}
			}
		}
	}
}

/** Real time: the clock of every transport outside tests. */
export const realClock: Clock = { now: () => Date.now(), sleep, random: () => Math.random() };

/**
 * The transport of this n8n process: one instance serves both nodes, so the action node and the
 * trigger share each account's pacing.
 */
export const sharedTransport = new Transport({
	// The documented limit as the ceiling, for credentials saved before they stated one.
	pacer: new AccountPacer(DOCUMENTED_RATE_LIMIT, realClock),
	clock: realClock,
	retry: { firstMs: 500, multiplier: 2, maxMs: 30_000 },
	requestTimeoutMs: 60_000,
});
