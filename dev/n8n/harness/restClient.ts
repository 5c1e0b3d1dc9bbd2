/** HTTP to a running instance: the owner's session (cookie), the internal REST API and the public API with its key. */
import { tail } from './files';
import type { InstanceSite } from './site';

export const OWNER = {
	email: 'owner@e2e.example.com',
	firstName: 'E2E',
	lastName: 'Owner',
	password: 'E2e-Harness-Pass-1',
};
const BROWSER_ID = 'n8n-e2e-harness';

export interface HttpOptions {
	auth?: boolean;
	apiKey?: boolean;
	allowStatus?: boolean;
	timeoutMs?: number;
	headers?: Record<string, string>;
}

export class RestClient {
	/** The public API key (X-N8N-API-KEY), once signIn() made it. */
	apiKey: string | undefined;
	private cookie: string | undefined;

	constructor(
		private readonly site: InstanceSite,
		private readonly isRunning: () => boolean,
	) {}

	/** Sets up the owner (or logs in, when an earlier start did), keeps the session cookie and creates a public API key. */
	async signIn(): Promise<void> {
		await this.login();
		await this.createApiKey();
	}

	/** Forgets the session, as a stopped server does. */
	endSession(): void {
		this.cookie = undefined;
	}

	private async login(): Promise<void> {
		const setup = await this.http('POST', '/rest/owner/setup', OWNER, { auth: false, allowStatus: true });
		if (setup.status >= 400) {
			// Set up on an earlier start: log in instead.
			await this.http('POST', '/rest/login', { emailOrLdapLoginId: OWNER.email, password: OWNER.password }, { auth: false });
		}
		if (!this.cookie) throw new Error('n8n gave no session cookie');
	}

	private async createApiKey(): Promise<void> {
		// Ask for every scope the owner may give a key (n8n 1.85 has no scopes, and no such list).
		const scopes = await this.http('GET', '/rest/api-keys/scopes', undefined, { allowStatus: true });
		const key = await this.rest('POST', '/api-keys', {
			label: `e2e-${Date.now()}`,
			expiresAt: null,
			...(scopes.status === 200 ? { scopes: scopes.body.data } : {}),
		});
		this.apiKey = key.data.rawApiKey;
	}

	/**
	 * An HTTP request to this instance with the session cookie (and the browser-id header the
	 * session is bound to). Resolves to `{ status, body }`; throws on a status >= 400 unless
	 * allowStatus, and on a timeout (default 30 s).
	 */
	async http(method: string, urlPath: string, body?: unknown, opts: HttpOptions = {}): Promise<{ status: number; body: any; headers: Headers }> {
		if (!this.isRunning()) throw new Error(`instance ${this.site.name} is not running: call start() first`);
		const headers: Record<string, string> = { 'browser-id': BROWSER_ID, accept: 'application/json', ...opts.headers };
		if (opts.auth !== false && this.cookie) headers.cookie = this.cookie;
		if (opts.apiKey) {
			if (!this.apiKey) throw new Error('no API key yet');
			headers['x-n8n-api-key'] = this.apiKey;
		}
		if (body !== undefined) headers['content-type'] = 'application/json';
		const timeoutMs = opts.timeoutMs ?? 30_000;
		let res: Response;
		try {
			res = await fetch(this.site.baseUrl + urlPath, {
				method,
				headers,
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(timeoutMs),
			});
		} catch (e) {
			throw new Error(`${method} ${urlPath} failed: ${(e as Error).message}\n${tail(this.site.logFile, 30)}`);
		}
		const setCookies = res.headers.getSetCookie?.() ?? [];
		for (const c of setCookies) {
			const m = /^n8n-auth=([^;]*)/.exec(c);
			if (m) this.cookie = m[1] ? `n8n-auth=${m[1]}` : undefined;
		}
		const text = await res.text();
		let parsed: any = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			// not JSON: keep the text
		}
		if (res.status >= 400 && !opts.allowStatus) {
			throw new Error(`${method} ${urlPath} answered ${res.status}: ${text.slice(0, 2000)}`);
		}
		return { status: res.status, body: parsed, headers: res.headers };
	}

	/** The internal REST API (what the editor uses), path relative to /rest. Returns the body (mostly `{ data }`). */
	async rest(method: string, restPath: string, body?: unknown, opts: { timeoutMs?: number } = {}): Promise<any> {
		return (await this.http(method, `/rest${restPath}`, body, opts)).body;
	}

	/** The public API, path relative to /api/v1, with the API key. Returns the body. */
	async publicApi(method: string, apiPath: string, body?: unknown, opts: { timeoutMs?: number } = {}): Promise<any> {
		return (await this.http(method, `/api/v1${apiPath}`, body, { ...opts, apiKey: true, auth: false })).body;
	}
}
