/**
 * In-process stand-ins for the contexts n8n hands a node (execute and poll), close enough to
 * n8n-core that the node code runs unchanged: parameters get their defaults from n8n-workflow's
 * own NodeHelpers, credentials are applied by the credential class's own `authenticate`, and
 * requests go over real HTTP. The end-to-end tests prove the same code in a real n8n.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeType,
	IPairedItemData,
	NodeExecutionHint,
} from 'n8n-workflow';
import { DateTime } from 'luxon';
import { NodeHelpers } from 'n8n-workflow';

import { SurveyFeedbackApi } from '../../credentials/SurveyFeedbackApi.credentials';
import { SurveyFeedbackLegacyHeaderApi } from '../../credentials/SurveyFeedbackLegacyHeaderApi.credentials';
import { SurveyFeedbackQueryAuthApi } from '../../credentials/SurveyFeedbackQueryAuthApi.credentials';

const credentialClasses: Record<string, ICredentialType> = Object.fromEntries(
	[new SurveyFeedbackApi(), new SurveyFeedbackLegacyHeaderApi(), new SurveyFeedbackQueryAuthApi()].map(
		(type) => [type.name, type],
	),
);

export interface FullResponse {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

/** Every request the fake helpers sent, as it left (after authentication). */
export interface SentRequest {
	method: string;
	url: string;
	headers: IDataObject;
	body: unknown;
}

/** Performs an HTTP request the way n8n-core's httpRequest does for the options our nodes use. */
export async function performHttpRequest(options: IHttpRequestOptions, sent?: SentRequest[]): Promise<FullResponse> {
	const url = new URL(`${options.baseURL ?? ''}${options.url}`);
	for (const [key, value] of Object.entries(options.qs ?? {})) {
		if (value !== undefined && value !== null) url.searchParams.append(key, String(value));
	}
	const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
	const headers: Record<string, string> = {};
	for (const [key, value] of Object.entries(options.headers ?? {})) headers[key] = String(value);
	if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
	sent?.push({ method: options.method ?? 'GET', url: url.toString(), headers: { ...headers }, body: options.body });

	const response = await new Promise<FullResponse>((resolve, reject) => {
		const client = url.protocol === 'https:' ? https : http;
		const request = client.request(
			url,
			{ method: options.method ?? 'GET', headers, timeout: options.timeout ?? 300_000 },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('error', reject);
				res.on('end', () => {
					const text = Buffer.concat(chunks).toString('utf8');
					let body: unknown = text;
					if (options.json && text) {
						try {
							body = JSON.parse(text);
						} catch {
							body = text; // n8n-core hands back the raw text when it is not JSON
						}
					}
					resolve({ statusCode: res.statusCode ?? 0, headers: res.headers as IDataObject, body });
				});
			},
		);
		request.on('timeout', () => request.destroy(Object.assign(new Error('timeout of request exceeded'), { code: 'ECONNABORTED' })));
		request.on('error', (error) => reject(error));
		if (payload !== undefined) request.write(payload);
		request.end();
	});
	if (!options.ignoreHttpStatusErrors && response.statusCode >= 400) {
		throw Object.assign(new Error(`Request failed with status code ${response.statusCode}`), {
			httpCode: String(response.statusCode),
		});
	}
	return options.returnFullResponse ? response : (response.body as FullResponse);
}

export interface HarnessCredentials {
	[type: string]: ICredentialDataDecryptedObject;
}

export interface ContextOptions {
	nodeType: INodeType;
	/** Parameters as a user sets them; a function gives a per-item value (what an expression does). */
	parameters: Record<string, unknown>;
	credentials: HarnessCredentials;
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	timezone?: string;
	mode?: 'manual' | 'trigger';
	staticData?: IDataObject;
	nodeName?: string;
}

export interface Harness {
	/** The context to call `execute` or `poll` with. */
	context: any;
	sent: SentRequest[];
	hints: NodeExecutionHint[];
	staticData: IDataObject;
}

function applyCredential(type: string, credentials: ICredentialDataDecryptedObject, options: IHttpRequestOptions) {
	const credentialType = credentialClasses[type];
	const authenticate = credentialType?.authenticate;
	if (typeof authenticate !== 'function') throw new Error(`no authenticate function for ${type}`);
	return authenticate(credentials, options);
}

function resolveDefaults(nodeType: INodeType, parameters: Record<string, unknown>, node: INode) {
	const plain: Record<string, unknown> = {};
	for (const [name, value] of Object.entries(parameters)) plain[name] = typeof value === 'function' ? undefined : value;
	return NodeHelpers.getNodeParameters(nodeType.description.properties, plain as never, true, false, node, nodeType.description) as IDataObject;
}

function getPath(object: IDataObject, path: string): unknown {
	return path.split('.').reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], object);
}

export function createHarness(options: ContextOptions): Harness {
	const sent: SentRequest[] = [];
	const hints: NodeExecutionHint[] = [];
	const staticData = options.staticData ?? {};
	const items = options.items ?? [{ json: {} }];
	const node: INode = {
		id: 'node-under-test',
		name: options.nodeName ?? options.nodeType.description.displayName,
		type: `n8n-nodes-survey-feedback.${options.nodeType.description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const withDefaults = resolveDefaults(options.nodeType, options.parameters, node);
	// The node sees a function as n8n shows an expression: a string starting with "=".
	const asStored = (value: unknown): unknown =>
		typeof value === 'function' ? '={{ expression }}' : Array.isArray(value) ? value.map(asStored) : value && typeof value === 'object' && !DateTime.isDateTime(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asStored(v)])) : value;
	node.parameters = { ...withDefaults, ...(asStored(options.parameters) as IDataObject) } as INode['parameters'];

	// A function stands for an expression: evaluated per item, also inside collections.
	const evaluate = (value: unknown, itemIndex: number): unknown => {
		if (typeof value === 'function') return (value as (i: number, item: INodeExecutionData) => unknown)(itemIndex, items[itemIndex]);
		if (Array.isArray(value)) return value.map((entry) => evaluate(entry, itemIndex));
		if (value && typeof value === 'object' && !DateTime.isDateTime(value)) {
			return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, evaluate(entry, itemIndex)]));
		}
		return value;
	};

	const parameterValue = (name: string, itemIndex: number, fallback?: unknown, extra?: { extractValue?: boolean }) => {
		const given = getPath(options.parameters as IDataObject, name);
		const isPlainObject = typeof given === 'object' && given !== null && !Array.isArray(given) && !DateTime.isDateTime(given);
		const withFunctions = isPlainObject ? { ...(getPath(withDefaults, name) as object), ...given } : given;
		let value = given === undefined ? getPath(withDefaults, name) : evaluate(withFunctions, itemIndex);
		if (value === undefined) {
			if (fallback !== undefined) return fallback;
			throw new Error(`Could not get parameter "${name}"`);
		}
		if (extra?.extractValue && value && typeof value === 'object' && '__rl' in (value as IDataObject)) {
			value = (value as IDataObject).value;
		}
		return value;
	};

	const credentialsFor = async (type: string) => {
		const data = options.credentials[type];
		if (!data) throw new Error(`Node does not have credentials of type "${type}" set`);
		return data;
	};

	const httpRequestWithAuthentication = async function (type: string, requestOptions: IHttpRequestOptions) {
		const authenticated = await applyCredential(type, await credentialsFor(type), requestOptions);
		return performHttpRequest(authenticated, sent);
	};

	const context = {
		getNode: () => node,
		getInputData: () => items,
		getMode: () => options.mode ?? 'trigger',
		getTimezone: () => options.timezone ?? 'UTC',
		continueOnFail: () => options.continueOnFail ?? false,
		getNodeParameter(name: string, itemIndexOrFallback?: unknown, fallback?: unknown, extra?: { extractValue?: boolean }) {
			// Execute contexts pass an item index; poll contexts pass the fallback second.
			if (typeof itemIndexOrFallback === 'number') return parameterValue(name, itemIndexOrFallback, fallback, extra);
			return parameterValue(name, 0, itemIndexOrFallback, fallback as typeof extra);
		},
		getCredentials: credentialsFor,
		getWorkflowStaticData: () => staticData,
		addExecutionHints: (...added: NodeExecutionHint[]) => hints.push(...added),
		logger: { debug() {}, info() {}, warn() {}, error() {} },
		helpers: {
			httpRequestWithAuthentication,
			returnJsonArray: (data: IDataObject | IDataObject[]) =>
				(Array.isArray(data) ? data : [data]).map((json) => ({ json })),
			constructExecutionMetaData: (data: INodeExecutionData[], meta: { itemData: IPairedItemData | IPairedItemData[] }) =>
				data.map((entry) => ({ ...entry, pairedItem: meta.itemData })),
		},
	};
	return { context, sent, hints, staticData };
}

/** The credentials object for the harness: one credential of the given type. */
export function credentialsFor(type: string, data: ICredentialDataDecryptedObject): HarnessCredentials {
	return { [type]: { maxRateLimitWait: 120, legacyBaseUrl: '', ...data } };
}
