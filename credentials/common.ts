import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/** How a credential type sends the key to the v2 API. */
export type KeyPlacement = 'xApiKeyHeader' | 'authorizationHeader' | 'queryParameter';

/** The legacy v1 API lives under this path and accepts only `Authorization: api_key=<key>`. */
export const LEGACY_PATH_PREFIX = '/api/service/';


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
			placeholder: 'https://api.example.com',
			description: 'Address of the v2 API, without /api/v2',
		},
		{
			displayName: 'Legacy Base URL',
			name: 'legacyBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://legacy.example.com',
			description:
				'Address of the legacy v1 API, used only by the legacy v1 operations. Leave empty to use the Base URL.',
		},
		{
			displayName: 'Max Rate Limit Wait (Seconds)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 120,
			description:
				'How long one request may wait in total for the rate limit (150 requests a minute) to clear before it fails. 0 fails at the first HTTP 429.',
		},
	];
	if (notice) {
		properties.unshift({ displayName: notice, name: 'notice', type: 'notice', default: '' });
	}
	return properties;
}

function requestTargetsLegacyApi(requestOptions: IHttpRequestOptions): boolean {
	const url = `${requestOptions.baseURL ?? ''}${requestOptions.url}`;
	try {
		return new URL(url).pathname.startsWith(LEGACY_PATH_PREFIX);
	} catch {
		return url.includes(LEGACY_PATH_PREFIX);
	}
}

/**
 * Puts the key where the credential type says; legacy v1 requests always get the
 * `Authorization: api_key=` form, because that is the only one v1 accepts.
 */
export function authenticateWith(placement: KeyPlacement) {
	return async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		const apiKey = String(credentials.apiKey ?? '');
		const headers = { ...(requestOptions.headers ?? {}) };
		const qs = { ...(requestOptions.qs ?? {}) };
		const effective: KeyPlacement = requestTargetsLegacyApi(requestOptions)
			? 'authorizationHeader'
			: placement;
		if (effective === 'xApiKeyHeader') headers['X-Api-Key'] = apiKey;
		if (effective === 'authorizationHeader') headers.Authorization = `api_key=${apiKey}`;
		if (effective === 'queryParameter') qs.api_key = apiKey;
		return { ...requestOptions, headers, qs };
	};
}

export const credentialTest: ICredentialTestRequest = {
	request: {
		baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
		url: '/api/v2/ping',
		method: 'GET',
	},
};
