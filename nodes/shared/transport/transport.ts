import type { IN8nHttpFullResponse } from 'n8n-workflow';

import type { ServiceRecord } from '../serviceRecord';

import { classify, type Answer } from './answers';
import { isEditorCall, readConnection, stopSignal, type ApiContext } from './connection';
import { ApiErrorBuilder } from './errors';
import { DOCUMENTED_RATE_LIMIT } from '../../../credentials/defaults';
import { backoffMs, type Backoff } from './backoff';
import { pause, realClock, type Clock } from './clock';
import { AccountPacer } from './pacer';
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

/** How long a call made for the editor may wait, on the rate limit or on retries: a few seconds. */
export const EDITOR_PATIENCE_MS = 5_000;

/**
 * Sends requests to the Survey Feedback Service and returns the parsed JSON body:
 * - one clock bounds every wait a request meets, from the moment it is asked for: its turn in
 *   the pacer, a Retry-After, a rate-limit reset, a backoff between retries all end by its
 *   deadline, the credential's Max Rate Limit Wait for executions and trigger polls,
 *   EDITOR_PATIENCE_MS for calls made for the editor (which then say when to try again);
 * - paced per account by the pacer, from the service's answers and never above the credential's
 *   Rate Limit; every answer that says to slow down (a 429, a 503 whatever its body, a 5xx with
 *   Retry-After) slows the pacer and holds back the account's next request for at least its
 *   backoff, and never before Retry-After;
 * - a Retry-After or reset that reaches past a request's deadline fails it at once, saying how long
 *   the service asked to wait and until when; so does every request of the account in this
 *   process whose deadline falls before that moment, without being sent;
 * - 429s are always retried within the deadline: the service did not act;
 * - a request that is safe to repeat and got no usable answer (5xx, network failure, a 2xx that is
 *   not the service's JSON) is retried with exponential backoff and jitter, its backoffs within the
 *   credential's Max Retry Wait in all; any other request is sent once, and its error says that the
 *   service may have acted;
 * - when the execution is stopped (n8n's abort signal), a wait ends at once, a request on its way
 *   is aborted, and nothing more is sent;
 * - every failure becomes a NodeApiError naming the operation, without the API key.
 */
export class Transport {
	constructor(private readonly parts: TransportParts) {}

	for(ctx: ApiContext, label: string): ServiceApi {
		return { label, request: async (request) => await this.request(ctx, { ...request, label }) };
	}

	async request(ctx: ApiContext, request: ApiRequest): Promise<ServiceRecord> {
		const { pacer, clock } = this.parts;
		const askedAt = clock.now();
		const connection = await readConnection(ctx, request);
		const errors = new ApiErrorBuilder(ctx.getNode(), request, connection.secrets, ctx.getTimezone());
		const signal = stopSignal(ctx);
		const options = httpOptions(request, connection.baseUrl, this.parts.requestTimeoutMs, signal);
		const repeatable = request.repeatable ?? (request.method === 'GET' || request.method === 'DELETE');
		const { account, rateLimit: ceiling } = connection;
		const editor = isEditorCall(ctx);
		// The one clock: every wait of this request ends by its deadline.
		const patienceMs = editor ? EDITOR_PATIENCE_MS : connection.maxRateLimitWaitMs;
		const deadline = askedAt + patienceMs;

		let lastRefusal: { status: number; body: unknown } | undefined;
		let tries = 0;
		let retryWaitedMs = 0;
		for (;;) {
			// No try starts after the deadline, even one that would not have to wait.
			const turn = tries > 0 && clock.now() > deadline ? undefined : await pacer.turn(account, { deadline, ceiling, signal });
			if (!turn) {
				const known = pacer.known(account, ceiling);
				if (signal?.aborted) throw errors.stopped(false);
				if (known.hold && known.hold.until > deadline) throw errors.held(known.hold, patienceMs, editor);
				if (editor) throw errors.rateLimitedForEditor(known.waitMs, lastRefusal?.status, known);
				throw errors.rateLimited(lastRefusal?.body, clock.now() - askedAt, known);
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
			// Stopped on its way: n8n aborted the request, and nothing more is sent.
			if (signal?.aborted && answer.kind === 'unanswered') throw errors.stopped(!repeatable);

			switch (answer.kind) {
				case 'ok':
					return answer.body;
				case 'refused':
					throw errors.refused(answer.status, answer.body);
				case 'rateLimited':
					continue;
				case 'unanswered': {
					if (!repeatable) throw errors.unanswered(answer, undefined);
					// A Retry-After is the pacer's to wait out, as for a 429; the backoff here is between tries, within
					// Max Retry Wait in all and, as every wait, by the deadline.
					const delay = backoffMs(this.parts.retry, tries - 1, () => clock.random());
					if (retryWaitedMs + delay > connection.maxRetryWaitMs || clock.now() + delay > deadline) {
						const known = pacer.known(account, ceiling);
						if (editor && answer.slowDown) throw errors.rateLimitedForEditor(Math.max(delay, known.waitMs), lastRefusal?.status, known);
						throw errors.unanswered(answer, { tries, waitedMs: retryWaitedMs });
					}
					retryWaitedMs += delay;
					await pause(clock, delay, signal);
				}
			}
		}
	}
}

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
