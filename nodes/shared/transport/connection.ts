import { createHash } from 'crypto';
import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { AUTHENTICATION_METHODS, isLegacyPath, type AuthenticationMethod } from '../../../credentials/authentication';
import { CREDENTIAL_DEFAULTS } from '../../../credentials/defaults';
import type { RateLimit } from './pacer';
import type { ApiRequest } from './request';

/** Every n8n context our nodes send requests from. */
export type ApiContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

/**
 * Whether the call is the editor's (a dropdown's options, a list search, the column mapper's
 * columns): only n8n's load-options contexts read the parameters the user is editing.
 */
export function isEditorCall(ctx: ApiContext): ctx is ILoadOptionsFunctions {
	return 'getCurrentNodeParameter' in ctx && !('getInputData' in ctx);
}

/**
 * n8n's signal that the execution was stopped, where the context has one. Execute contexts have
 * held `getExecutionCancelSignal` and `onExecutionCancellation` (both over the same AbortSignal)
 * since n8n 1.19 or a little before (n8n-workflow 1.19 declares them, 1.16 does not), so every n8n
 * this package supports (1.88 on) has them; poll and load-options contexts have neither, and an
 * older host none: then nothing is aborted. The signal alone is read: a handler given to
 * `onExecutionCancellation` stays on the signal until the execution ends, one per request.
 */
export function stopSignal(ctx: ApiContext): AbortSignal | undefined {
	const host = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof host.getExecutionCancelSignal === 'function' ? host.getExecutionCancelSignal() : undefined;
}

/** What the credential says about where and how to send, and how long to wait. */
export interface Connection {
	credentialType: string;
	baseUrl: string;
	maxRateLimitWaitMs: number;
	maxRetryWaitMs: number;
	/** The credential's Rate Limit, a ceiling (absent in credentials saved before 0.2.0). */
	rateLimit?: RateLimit;
	/** The key as it may appear in texts (plain and URL-encoded), to scrub from every message. */
	secrets: string[];
	/** The rate limit is per account: a digest of the address and key, so the key itself is not kept. */
	account: string;
}

function seconds(value: unknown, fallback: number): number {
	const number = Number(value ?? fallback);
	return Number.isFinite(number) && number >= 0 ? number * 1000 : fallback * 1000;
}

function rateLimit(requests: unknown, windowSeconds: unknown): RateLimit | undefined {
	const count = Number(requests);
	const windowMs = Number(windowSeconds) * 1000;
	if (requests === undefined || windowSeconds === undefined || !(count >= 1) || !(windowMs > 0)) return undefined;
	return { requests: Math.floor(count), windowMs };
}

export async function readConnection(ctx: ApiContext, request: ApiRequest): Promise<Connection> {
	const { itemIndex } = request;
	// Execute contexts read parameters per item; poll and load-options contexts have no items.
	const method = (
		'getInputData' in ctx
			? ctx.getNodeParameter('authentication', itemIndex ?? 0, 'apiKeyHeader')
			: ctx.getNodeParameter('authentication', 'apiKeyHeader')
	) as AuthenticationMethod;
	const credentialType = AUTHENTICATION_METHODS[method] ?? AUTHENTICATION_METHODS.apiKeyHeader;
	const credentials = await ctx.getCredentials(credentialType, itemIndex);
	const apiKey = String(credentials.apiKey ?? '');
	const v2BaseUrl = String(credentials.baseUrl ?? '').trim();
	if (!v2BaseUrl) {
		throw new NodeOperationError(ctx.getNode(), `${request.label} failed: the credential has no Base URL`, {
			description: 'Open the Survey Feedback credential and enter the address of the API.',
			itemIndex,
		});
	}
	const legacyBaseUrl = String(credentials.legacyBaseUrl ?? '').trim() || v2BaseUrl;
	return {
		credentialType,
		baseUrl: isLegacyPath(request.path) ? legacyBaseUrl : v2BaseUrl,
		maxRateLimitWaitMs: seconds(credentials.maxRateLimitWait, CREDENTIAL_DEFAULTS.maxRateLimitWaitSeconds),
		maxRetryWaitMs: seconds(credentials.maxRetryWait, CREDENTIAL_DEFAULTS.maxRetryWaitSeconds),
		rateLimit: rateLimit(credentials.rateLimitRequests, credentials.rateLimitWindow),
		secrets: apiKey ? [apiKey, encodeURIComponent(apiKey)] : [],
		account: createHash('sha256').update(`${v2BaseUrl}\n${apiKey}`).digest('hex'),
	};
}
