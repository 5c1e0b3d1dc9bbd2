/** An instance's long-lived process: `n8n start` (or a worker), started in the background, ready when its log says so, stopped with its whole process group. */
import * as fs from 'node:fs';

import { readFrom, tail } from './files';
import { getFreePort, sleep, startBackground, type BackgroundProcess } from './processes';
import { n8nEnv, type InstanceSite } from './site';

const READY_LINE = 'Editor is now accessible via';

export interface ServerStartOptions {
	timeoutMs?: number;
	/** Another long-lived n8n command than `start`, e.g. `['worker', '--concurrency=2']` in queue mode. */
	command?: string[];
	/** The log line that says the command is ready. */
	readyLine?: string;
}

export class N8nServer {
	private process: BackgroundProcess | undefined;

	constructor(private readonly site: InstanceSite) {}

	get running(): boolean {
		return this.process !== undefined;
	}

	/** The pid of the running node process; also its process group. */
	get pid(): number | undefined {
		return this.process?.pid;
	}

	/** Starts the command and waits until its log says it is ready; when it is not, stops it and throws with the end of its log. */
	async start(opts: ServerStartOptions = {}): Promise<void> {
		if (this.process) throw new Error(`instance ${this.site.name} is running already`);
		const { logFile } = this.site;
		const timeoutMs = opts.timeoutMs ?? 180_000;
		const command = opts.command ?? ['start'];
		const readyLine = opts.readyLine ?? READY_LINE;
		const started = Date.now();
		const brokerPort = await getFreePort();
		const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
		const server = startBackground(this.site.runtime.nodeBin, [this.site.runtime.n8nBin, ...command], {
			cwd: this.site.workDir,
			env: n8nEnv(this.site, brokerPort),
			logFile,
			title: `n8n ${command.join(' ')} on port ${this.site.port}`,
		});
		this.process = server;

		try {
			// Ready when the log says so (the REST API answers only then; /healthz earlier).
			for (;;) {
				if (server.exit) throw new Error(`n8n ${command[0]} ended before it was ready (${server.exit})`);
				if (Date.now() - started > timeoutMs) throw new Error(`n8n ${command[0]} not ready after ${timeoutMs} ms`);
				if (readFrom(logFile, logStart).toString('utf8').includes(readyLine)) break;
				await sleep(200);
			}
			this.site.timings.push({ step: `${command[0]}: until ready`, ms: Date.now() - started });
		} catch (e) {
			await this.stop();
			throw failedStart(this.site, e);
		}
	}

	/** `signal` (SIGTERM; SIGKILL to kill it at once) to its process group, SIGKILL after `graceMs`; then nothing of it is left. */
	async stop(opts: { signal?: NodeJS.Signals; graceMs?: number } = {}): Promise<void> {
		if (!this.process) return;
		// Waits for the whole group: the main process may be gone while its task runner lingers.
		await this.process.stop({ signal: opts.signal, graceMs: opts.graceMs ?? 15_000 });
		this.process = undefined;
	}
}

/** The error of a start that failed: its reason, and the end of the server's log. */
export function failedStart(site: InstanceSite, e: unknown): Error {
	return new Error(`${(e as Error).message}; log: ${site.logFile}\n${tail(site.logFile, 60)}`);
}
