/**
 * n8n in queue mode, for the queue tests, `npm run dev:queue` and the queue benchmark: one main
 * (`n8n start`: editor, API, webhooks, triggers) and N workers (`n8n worker`: the executions),
 * joined by a private Redis and sharing a private PostgreSQL (dev/queue/parts.ts). Every process
 * is an instance of the harness (dev/n8n/harness/) with its own user folder, this package
 * installed there the way a community install has it, and its own ports; they share one
 * encryption key and one database.
 *
 *   const cluster = await createQueueCluster({ name: 'load', workers: 2, concurrency: 2 });
 *   await cluster.main.importCredentials([...]);      // CLI, against the shared database
 *   await cluster.main.importWorkflows([...]);
 *   await cluster.main.activate(id);                  // before start: `n8n publish:workflow`
 *   await cluster.start();                            // main, then the workers
 *   await fetch(cluster.webhookUrl('my-path'), { method: 'POST' });
 *   cluster.workerOf(executionId);                    // 'worker-1', from the workers' logs
 *   cluster.peakMemory();                             // VmHWM of each worker
 *   await cluster.stop();                             // workers, main, Redis, PostgreSQL
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { createInstance, getFreePort, REPO_ROOT, type N8nInstance } from '../n8n/harness';
import { postgresEnv, startParts, type QueueParts } from './parts';

/** Where queue-mode runs keep their folders: `<repo>/.queue-work`, or N8N_QUEUE_WORK_DIR. */
export function queueWorkRoot(): string {
	return process.env.N8N_QUEUE_WORK_DIR ? path.resolve(process.env.N8N_QUEUE_WORK_DIR) : path.join(REPO_ROOT, '.queue-work');
}

export interface QueueClusterOptions {
	/** Folder under queueWorkRoot() (emptied first); default 'queue'. */
	name?: string;
	/** Number of workers; default 2. */
	workers?: number;
	/** Executions each worker runs at once (`--concurrency`); default 10, n8n's own. */
	concurrency?: number;
	/** The package(s) loaded in every process; default this repository (dist/ must be built). */
	packageDir?: string | string[];
	/** Extra environment for every process and CLI command (wins over the queue settings). */
	env?: Record<string, string>;
}

/** The line a worker logs when it takes an execution (n8n 2.41: `Worker started execution 12 (job 7)`). */
const WORKER_STARTED = /Worker started execution (\d+) \(job/g;
const WORKER_READY = 'n8n worker is now ready';

export class QueueCluster {
	constructor(
		readonly parts: QueueParts,
		readonly main: N8nInstance,
		/** worker-1, worker-2, ... */
		readonly workers: N8nInstance[],
		readonly concurrency: number,
		readonly workDir: string,
	) {}

	/** Starts the main, then every worker (in parallel). */
	async start(): Promise<void> {
		await this.startMain();
		await this.startWorkers();
	}

	/** `n8n start` with owner, session and API key (see N8nInstance.start). */
	async startMain(): Promise<void> {
		await this.main.start();
	}

	async stopMain(): Promise<void> {
		await this.main.stop();
	}

	async startWorkers(): Promise<void> {
		await Promise.all(
			this.workers.filter((w) => !w.running).map((w) => w.start({ command: ['worker', `--concurrency=${this.concurrency}`], readyLine: WORKER_READY, login: false })),
		);
	}

	async stopWorkers(): Promise<void> {
		await Promise.all(this.workers.map((w) => w.stop()));
	}

	/** Stops every n8n process, then Redis and PostgreSQL. The folders stay for their logs. */
	async stop(): Promise<void> {
		try {
			await this.stopWorkers();
			await this.stopMain();
		} finally {
			await this.parts.stop();
		}
	}

	/** A production webhook of the main: `http://127.0.0.1:<port>/webhook/<path>`. */
	webhookUrl(webhookPath: string): string {
		return `${this.main.baseUrl}/webhook/${webhookPath}`;
	}

	/**
	 * Which worker ran which execution, from the workers' logs: n8n 2.41.1 records no worker in
	 * its executions (neither the `execution_entity` table nor the API has such a field), but
	 * each worker logs "Worker started execution N" when it takes one.
	 */
	executionsByWorker(): Map<string, number[]> {
		const out = new Map<string, number[]>();
		for (const worker of this.workers) {
			const log = fs.existsSync(worker.logFile) ? fs.readFileSync(worker.logFile, 'utf8') : '';
			out.set(worker.name, [...log.matchAll(WORKER_STARTED)].map((m) => Number(m[1])));
		}
		return out;
	}

	/** The worker that ran an execution, or undefined (the main ran it, or no worker has logged it yet). */
	workerOf(executionId: number | string): string | undefined {
		for (const [worker, ids] of this.executionsByWorker()) if (ids.includes(Number(executionId))) return worker;
		return undefined;
	}

	/** Each running worker's peak resident memory so far (VmHWM of its n8n process), in MB. */
	peakMemory(): Array<{ worker: string; pid: number; peakMb: number }> {
		return this.workers
			.filter((w) => w.pid !== undefined)
			.map((w) => ({ worker: w.name, pid: w.pid!, peakMb: vmHwmKb(w.pid!) / 1024 }));
	}

	/** Runs SQL against n8n's database (unaligned psql output: one row a line, `|` between columns). */
	psql(sql: string): string {
		return this.parts.psql(sql);
	}
}

/** VmHWM (peak resident set) of a live process, in KiB; 0 when it is gone. */
export function vmHwmKb(pid: number): number {
	try {
		const m = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return m ? Number(m[1]) : 0;
	} catch {
		return 0;
	}
}

/**
 * Starts PostgreSQL and Redis and prepares the main's and the workers' user folders (nothing of
 * n8n runs yet: import and publish first, then start()). On failure everything started is stopped.
 */
export async function createQueueCluster(opts: QueueClusterOptions = {}): Promise<QueueCluster> {
	const workDir = path.join(queueWorkRoot(), opts.name ?? 'queue');
	fs.rmSync(workDir, { recursive: true, force: true });
	const parts = await startParts({ workDir });
	try {
		const shared: Record<string, string> = {
			EXECUTIONS_MODE: 'queue',
			...postgresEnv(parts.postgres),
			QUEUE_BULL_REDIS_HOST: parts.redis.host,
			QUEUE_BULL_REDIS_PORT: String(parts.redis.port),
			...opts.env,
		};
		const packageDir = opts.packageDir ?? REPO_ROOT;
		const main = await createInstance({ packageDir, name: 'main', workDir: path.join(workDir, 'main'), env: shared });
		const workers: N8nInstance[] = [];
		for (let i = 1; i <= (opts.workers ?? 2); i++) {
			const name = `worker-${i}`;
			workers.push(
				await createInstance({
					packageDir,
					name,
					workDir: path.join(workDir, name),
					env: {
						...shared,
						// Two workers on one machine would collide on the default port.
						QUEUE_HEALTH_CHECK_ACTIVE: 'true',
						QUEUE_HEALTH_CHECK_PORT: String(await getFreePort()),
						N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
					},
				}),
			);
		}
		return new QueueCluster(parts, main, workers, opts.concurrency ?? 10, workDir);
	} catch (error) {
		await parts.stop();
		throw error;
	}
}
