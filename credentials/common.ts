import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { withKey, type AuthenticationMethod } from './authentication';
import { CREDENTIAL_DEFAULTS } from './defaults';

export const icon = {
	light: 'file:../icons/surveyFeedback.svg',
	dark: 'file:../icons/surveyFeedback.dark.svg',
} as const;

export function credentialProperties(notice?: string): INodeProperties[] {
	const properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The key from the account settings of the Survey Feedback Service. A read key can only read; writes need a key with write permission.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://api.example.com',
			description: 'Address of the v2 API, without /api/v2',
		},
		{
			displayName: 'Legacy Base URL',
			name: 'legacyBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://legacy.example.com',
			description:
				'Address of the legacy v1 API, used only by the legacy v1 operations. Leave empty to use the Base URL.',
		},
		{
			displayName: 'Rate Limit (Requests)',
			name: 'rateLimitRequests',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: CREDENTIAL_DEFAULTS.rateLimitRequests,
			description:
				`The most requests the node sends per window for this account. The service documents ${CREDENTIAL_DEFAULTS.rateLimitRequests} a minute; the node keeps below whatever limit the service really enforces on its own, so lower this only to leave part of the limit to other tools that use the same key.`,
		},
		{
			displayName: 'Rate Limit Window (Seconds)',
			name: 'rateLimitWindow',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: CREDENTIAL_DEFAULTS.rateLimitWindowSeconds,
			description: 'The sliding window the Rate Limit counts in',
		},
		{
			displayName: 'Max Rate Limit Wait (Seconds)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: CREDENTIAL_DEFAULTS.maxRateLimitWaitSeconds,
			description:
				'How long a request may wait in all, from the moment the node asks for it: for its turn under the rate limit, for the service\'s Retry-After or rate-limit reset, between retries. A Retry-After or reset beyond it fails the request at once, and the account\'s other requests until then. 0 fails at the first HTTP 429, or when a request would have to wait.',
		},
		{
			displayName: 'Max Retry Wait (Seconds)',
			name: 'maxRetryWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: CREDENTIAL_DEFAULTS.maxRetryWaitSeconds,
			description:
				'How long in all a request that is safe to repeat (reads, idempotent writes) may wait between its retries after a server error, a dropped connection or a broken answer; like every wait, they end within Max Rate Limit Wait. Survey sends and feedback imports are never repeated. 0 fails at the first error.',
		},
	];
	if (notice) {
		properties.unshift({ displayName: notice, name: 'notice', type: 'notice', default: '' });
	}
	return properties;
}

/** The credential's `authenticate`: the key goes where the method says (legacy v1 paths excepted). */
export function authenticateWith(method: AuthenticationMethod) {
	return async (credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> =>
		withKey(method, String(credentials.apiKey ?? ''), requestOptions);
}

export const credentialTest: ICredentialTestRequest = {
	request: {
		baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
		url: '/api/v2/ping',
		method: 'GET',
	},
	// Without rules n8n shows only the status text ("Unauthorized"); these say what to check.
	rules: [
		{
			type: 'responseCode',
			properties: { value: 401, message: 'The API key was refused: check the API Key, and that the Base URL is the address of this account’s API' },
		},
		{
			type: 'responseCode',
			properties: { value: 404, message: 'No Survey Feedback API answered at this Base URL: check the address (without /api/v2)' },
		},
	],
};
