/**
 * Local simulator of the Survey Feedback Service (v2 API, legacy v1 API on its own port, and a
 * control API under /__sim). See README.md in this folder for every endpoint and response shape.
 *
 *   const sim = await start({ seed: 'demo', rateLimit: false });
 *   await fetch(`${sim.baseUrl}/api/v2/ping`, { headers: { 'X-Api-Key': sim.accounts[0].writeKey } });
 *   await sim.close();
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SimCore, type ConfigPatch, type ConfigView } from './core';
import { insertRecords, type RecordKind } from './insert';
import type { LoggedRequest, RequestFilter } from './requestlog';
import type { RateLimitConfig, RateLimitPatch } from './ratelimit';
import { ACCOUNTS, type SeedOption } from './seed';
import { createServer } from './server';

export type { ConfigPatch, ConfigView, LoggedRequest, RequestFilter, RateLimitConfig, RateLimitPatch, SeedOption, RecordKind };
export type { FaultKind, FaultRule } from './faults';

export interface SimulatorOptions {
	/** v2 port; 0 (default) picks a free one. */
	port?: number;
	/** Legacy v1 port; 0 (default) picks a free one. */
	legacyPort?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** 'demo' (default), 'empty', 'large' or explicit sizes of account A. */
	seed?: SeedOption;
	/** Default { limit: 150, windowMs: 60000, retryAfter: false }; false disables it. */
	rateLimit?: RateLimitPatch | false;
	/** The data clock (seed anchor, createdDate of writes, "today" of presets). Default: real time. */
	now?: () => Date;
	/** Keep the request log (default true). */
	log?: boolean;
	/** What writes do with custom property labels the account has not registered (default `refuse`, the spec's reading; see README). */
	unregisteredProperties?: 'accept' | 'refuse';
	/** Which fields answers carry where the spec is silent: `spec` (default) only what the spec and the reference name, `full` the simulator's fuller shapes. */
	responses?: 'spec' | 'full';
	/** Called after each logged API request (the CLI prints them). */
	onRequest?: (entry: LoggedRequest) => void;
}

export interface DemoAccount {
	id: string;
	name: string;
	writeKey: string;
	readKey: string;
	timezone: string;
}

export interface Simulator {
	/** v2 base, e.g. http://127.0.0.1:PORT (paths /api/v2/...). */
	baseUrl: string;
	/** Legacy v1 base on its own port (paths /api/service/nps/...). */
	legacyBaseUrl: string;
	/** baseUrl + '/__sim'. */
	controlUrl: string;
	/** [account A (America/New_York), account B (Europe/Berlin)]. */
	accounts: DemoAccount[];
	/** Inserts read-side records (see README); account is an id or any key of it. Returns the stored records. */
	insert(account: string, kind: RecordKind, records: Array<Record<string, unknown>>): Array<Record<string, unknown>>;
	requests(filter?: RequestFilter): LoggedRequest[];
	clearRequests(): void;
	/** New data for the seed (default: the current one); clears the log, rate counters and fault rules. */
	reset(seed?: SeedOption): void;
	configure(patch: ConfigPatch): ConfigView;
	state(): ReturnType<SimCore['state']>;
	close(): Promise<void>;
}

export const DEMO_ACCOUNTS: DemoAccount[] = ACCOUNTS.map(({ id, name, writeKey, readKey, timezone }) => ({
	id,
	name,
	writeKey,
	readKey,
	timezone,
}));

function listen(server: http.Server, port: number, host: string): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve((server.address() as AddressInfo).port);
		});
	});
}

function shut(server: http.Server): Promise<void> {
	return new Promise((resolve) => {
		server.close(() => resolve());
		server.closeAllConnections();
	});
}

export async function start(options: SimulatorOptions = {}): Promise<Simulator> {
	const host = options.host ?? '127.0.0.1';
	const core = new SimCore(options.now ?? (() => new Date()), {
		seed: options.seed,
		rateLimit: options.rateLimit,
		log: options.log,
		unregisteredProperties: options.unregisteredProperties,
		responses: options.responses,
	});
	const v2 = createServer(core, 'v2', options.onRequest);
	const legacy = createServer(core, 'legacy', options.onRequest);
	const port = await listen(v2, options.port ?? 0, host);
	let legacyPort: number;
	try {
		legacyPort = await listen(legacy, options.legacyPort ?? 0, host);
	} catch (err) {
		await shut(v2);
		throw err;
	}
	const urlHost = host.includes(':') ? `[${host}]` : host;
	const baseUrl = `http://${urlHost}:${port}`;

	const store = (ref: string) => {
		const s = core.account(ref);
		if (!s) throw new Error(`unknown account ${ref}`);
		return s;
	};

	return {
		baseUrl,
		legacyBaseUrl: `http://${urlHost}:${legacyPort}`,
		controlUrl: `${baseUrl}/__sim`,
		accounts: DEMO_ACCOUNTS.map((a) => ({ ...a })),
		insert: (account, kind, records) => insertRecords(store(account), kind, records, core.now()) as Array<Record<string, unknown>>,
		requests: (filter) => core.log.list(filter),
		clearRequests: () => core.log.clear(),
		reset: (seed) => core.reset(seed),
		configure: (patch) => core.configure(patch),
		state: () => core.state(),
		close: async () => {
			for (const t of core.timers) clearTimeout(t);
			core.timers.clear();
			await Promise.all([shut(v2), shut(legacy)]);
		},
	};
}
