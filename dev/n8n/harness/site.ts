/** What every part of one instance shares: where it lives, its port, its logs, its timings, and the environment of its processes. */
import * as path from 'node:path';

import { hasModule, n8nAtLeast } from './runtime';
import type { N8nRuntime } from './types';

/** The encryption key every instance uses, so imported credentials decrypt the same way. */
export const ENCRYPTION_KEY = 'n8n-e2e-harness-fixed-encryption-key-0001';

export interface InstanceSite {
	readonly runtime: N8nRuntime;
	readonly name: string;
	/** Also the N8N_USER_FOLDER: n8n keeps its files in `<workDir>/.n8n`. */
	readonly workDir: string;
	readonly port: number;
	readonly baseUrl: string;
	/** n8n start's stdout and stderr. */
	readonly logFile: string;
	/** Every CLI command's output (import, execute, publish). */
	readonly cliLogFile: string;
	/** Durations in ms of what this instance did, in order, e.g. { step: 'start', ms: 9000 }. */
	readonly timings: Array<{ step: string; ms: number }>;
	/** Set on top of the environment of every process of the instance. */
	readonly extraEnv: Record<string, string>;
}

export function instanceSite(runtime: N8nRuntime, name: string, workDir: string, port: number, extraEnv: Record<string, string>): InstanceSite {
	return {
		runtime,
		name,
		workDir,
		port,
		baseUrl: `http://127.0.0.1:${port}`,
		logFile: path.join(workDir, 'n8n.log'),
		cliLogFile: path.join(workDir, 'cli.log'),
		timings: [],
		extraEnv,
	};
}

/** n8n 2.x publishes workflows (in the background); 1.x activates them (at once). */
export function publishes(site: InstanceSite): boolean {
	return n8nAtLeast(site.runtime, '2.0.0');
}

/** The environment of every n8n process of an instance; `brokerPort` is the task broker's port of that process. */
export function n8nEnv(site: InstanceSite, brokerPort: number): NodeJS.ProcessEnv {
	const inherited: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		// A hermetic n8n: nothing of the caller's n8n settings, node options or npm's env.
		if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|WEBHOOK_URL$|GENERIC_TIMEZONE$|NODE_OPTIONS$|NODE_ENV$|npm_)/.test(k)) continue;
		inherited[k] = v;
	}
	return {
		...inherited,
		// The task runner is spawned as plain `node` from PATH: it must find n8n's Node.js.
		PATH: `${path.dirname(site.runtime.nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`,
		TZ: 'UTC',
		GENERIC_TIMEZONE: 'UTC',
		N8N_USER_FOLDER: site.workDir,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		DB_TYPE: 'sqlite',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_PORT: String(site.port),
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
		N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		// It fetches a catalogue from api.n8n.io at start; nothing outside is reachable here. (An
		// n8n without that module refuses to start when told to disable it.)
		...(hasModule(site.runtime, 'mcp-registry') ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		N8N_SECURE_COOKIE: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_PUBLIC_API_DISABLED: 'false',
		N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		...site.extraEnv,
	};
}
