/**
 * `npm run dev:queue`: the simulator and n8n in queue mode on 127.0.0.1: PostgreSQL and Redis
 * (installed from Debian's packages on first use), one main with the editor and two workers,
 * this package loaded in each, a credential pointing at the simulator and the examples imported.
 * Prints what runs where, then which worker takes each execution. Stops everything on Ctrl-C.
 *
 *   npm run dev:queue                 # two workers
 *   npm run dev:queue -- --workers 3
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { startDemoSimulator } from '../dev/n8n/devEditor';
import { readExamples } from '../dev/n8n/examples';
import { ensureN8n, OWNER, readFrom } from '../dev/n8n/harness';
import { devCredentials, EXAMPLES_CREDENTIAL } from '../dev/n8n/simulatorCredentials';
import { createQueueCluster, type QueueCluster } from '../dev/queue/cluster';
import { loadWorkflow } from '../dev/queue/workflows';

function workersOption(): number {
	const i = process.argv.indexOf('--workers');
	const n = i >= 0 ? Number(process.argv[i + 1]) : 2;
	if (!Number.isInteger(n) || n < 1) throw new Error('--workers takes a whole number of 1 or more');
	return n;
}

/** A published webhook workflow to watch executions spread over the workers. */
const LOAD_ID = 'queueDevLoad0001';
const LOAD_PATH = 'queue-load';

/** Echoes each "Worker started execution" line of the workers' logs as it appears. */
function followWorkers(cluster: QueueCluster): NodeJS.Timeout {
	const offsets = new Map(cluster.workers.map((w) => [w.name, fs.existsSync(w.logFile) ? fs.statSync(w.logFile).size : 0]));
	return setInterval(() => {
		for (const worker of cluster.workers) {
			const from = offsets.get(worker.name) ?? 0;
			const added = readFrom(worker.logFile, from);
			offsets.set(worker.name, from + added.length);
			for (const line of added.toString('utf8').split('\n')) {
				if (/Worker (started|finished) execution/.test(line)) console.log(`${new Date().toISOString().slice(11, 19)} ${worker.name}: ${line.trim()}`);
			}
		}
	}, 500);
}

async function main(): Promise<void> {
	const workers = workersOption();
	await ensureN8n();
	const sim = await startDemoSimulator();
	let cluster: QueueCluster | undefined;
	let follower: NodeJS.Timeout | undefined;
	let stopping = false;
	const stop = async (code: number) => {
		// Ctrl-C reaches npm and this process alike: stop once.
		if (stopping) return;
		stopping = true;
		clearInterval(follower);
		console.log('\nstopping…');
		await cluster?.stop();
		await sim.close();
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	try {
		cluster = await createQueueCluster({ name: 'dev', workers, concurrency: 5 });
		await cluster.main.importCredentials(devCredentials(sim));
		await cluster.main.importWorkflows([...Object.values(readExamples()), loadWorkflow(LOAD_ID, LOAD_PATH, EXAMPLES_CREDENTIAL, 3000)]);
		await cluster.main.activate(LOAD_ID);
		await cluster.start();
	} catch (error) {
		await cluster?.stop();
		await sim.close();
		throw error;
	}

	const rel = (file: string) => path.relative(process.cwd(), file);
	const { postgres, redis } = cluster.parts;
	console.log(`
n8n in queue mode (${cluster.workers.length} worker${cluster.workers.length === 1 ? '' : 's'}, concurrency ${cluster.concurrency} each)

  main      ${cluster.main.baseUrl}   editor, API, webhooks, triggers   pid ${cluster.main.pid}   log ${rel(cluster.main.logFile)}
            log in as ${OWNER.email}, password ${OWNER.password}
${cluster.workers.map((w) => `  ${w.name.padEnd(9)} executions                                         pid ${w.pid}   log ${rel(w.logFile)}`).join('\n')}
  Postgres  127.0.0.1:${postgres.port}, database ${postgres.database}, user ${postgres.user}   log ${rel(cluster.parts.postgresLog)}
  Redis     127.0.0.1:${redis.port}   log ${rel(cluster.parts.redisLog)}
  folders   ${rel(cluster.workDir)}

Simulator of the service: ${sim.baseUrl} (v2), ${sim.legacyBaseUrl} (legacy v1)
  keys: write ${sim.accounts[0].writeKey}, read ${sim.accounts[0].readKey} (account "${sim.accounts[0].name}")
  the credentials "Survey Feedback (simulator)" and "... (read-only key)" point at it
  add records while a trigger runs: POST ${sim.controlUrl}/records (see dev/simulator/README.md)

The example workflows are imported. Production executions (an active trigger's, a webhook's) run
on the workers; manual ones from the editor run on the main. Each execution a worker takes is
printed below. Ctrl-C stops everything.

"Queue: read all feedback, upsert customers" is published: start four executions at once with
  for run in 1 2 3 4; do curl -s -X POST ${cluster.webhookUrl(LOAD_PATH)} -H 'content-type: application/json' -d '{"run":'$run'}' & done; wait
`);
	follower = followWorkers(cluster);
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
