/**
 * The real parts of n8n's queue mode: a private PostgreSQL and a private Redis, from Debian's
 * packages (dev/queue/install-parts.sh installs them when missing), each on a free port of
 * 127.0.0.1 with a throwaway data folder, and stopped again by stop() (or, at the latest, when
 * the process that started them exits).
 *
 *   const parts = await startParts({ workDir: '.queue-work/demo' });
 *   parts.postgres   // { host, port, user, database }
 *   parts.redis      // { host, port }
 *   parts.psql('select count(*) from execution_entity');
 *   await parts.stop();
 *
 * The system services the packages may have started on the default ports are left alone.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

import { getFreePort, startBackground, tail, type BackgroundProcess } from '../n8n/harness';

export const INSTALL_PARTS_SCRIPT = path.join(__dirname, 'install-parts.sh');

export interface PartsPaths {
	/** Folder of initdb, postgres and psql, e.g. /usr/lib/postgresql/15/bin. */
	pgBinDir: string;
	redisServer: string;
}

let pathsMemo: PartsPaths | undefined;

/** Runs install-parts.sh (apt-get when PostgreSQL or Redis is missing; at once when both are there). */
export function ensureParts(): PartsPaths {
	if (pathsMemo) return pathsMemo;
	const res = spawnSync('bash', [INSTALL_PARTS_SCRIPT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 20 * 60_000 });
	const vars = Object.fromEntries(
		res.stdout
			.split('\n')
			.map((line) => /^([A-Z_]+)=(.*)$/.exec(line.trim()))
			.filter((m): m is RegExpExecArray => m !== null)
			.map((m) => [m[1], m[2]]),
	);
	if (res.status !== 0 || !vars.PG_BIN_DIR || !vars.REDIS_SERVER) {
		throw new Error(`dev/queue/install-parts.sh failed (exit ${res.status}${res.error ? `, ${res.error.message}` : ''})`);
	}
	pathsMemo = { pgBinDir: vars.PG_BIN_DIR, redisServer: vars.REDIS_SERVER };
	return pathsMemo;
}

export interface PostgresAddress {
	host: string;
	port: number;
	user: string;
	database: string;
}

/** n8n's settings for its database on this PostgreSQL (trust authentication: no password). */
export function postgresEnv(postgres: PostgresAddress): Record<string, string> {
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
	};
}

export interface QueueParts {
	postgres: PostgresAddress;
	redis: { host: string; port: number };
	/** The data folders and logs: `<workDir>/postgres`, `<workDir>/redis`. */
	workDir: string;
	postgresLog: string;
	redisLog: string;
	/** Runs SQL with psql against n8n's database; returns psql's unaligned output (`|` between columns). */
	psql(sql: string): string;
	/** Stops both (idempotent). */
	stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `postgres` system user, when running as root (initdb and postgres refuse root). */
function postgresUser(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
	const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
	return { uid, gid };
}

/** Whether `user` can create files in `dir` (every folder above it must let it through). */
function writableBy(dir: string, user: { uid: number; gid: number }): boolean {
	return spawnSync('test', ['-w', dir], { uid: user.uid, gid: user.gid }).status === 0;
}

/** Kills what a previous run left behind (a run killed with SIGKILL cannot stop its children). */
function killStale(pidFile: string): void {
	try {
		const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
		if (pid > 1) process.kill(pid, 'SIGKILL');
	} catch {
		// no pid file, or the process is gone
	}
}

async function waitFor(what: string, proc: BackgroundProcess, log: string, ready: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (proc.exit) throw new Error(`${what} ended before it was ready (${proc.exit}); log: ${log}\n${tail(log, 20)}`);
		if (await ready()) return;
		if (Date.now() > deadline) throw new Error(`${what} not ready after ${timeoutMs} ms; log: ${log}\n${tail(log, 20)}`);
		await sleep(100);
	}
}

function redisPing(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let answer = '';
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.on('error', () => done(false));
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (d) => {
			answer += d.toString();
			if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
		});
	});
}

/**
 * Starts a private PostgreSQL (database `n8n`, user `postgres`, trust authentication, no
 * durability: it is thrown away) and a private Redis (no persistence) on free ports of
 * 127.0.0.1, with their folders under `workDir` (emptied first).
 */
export async function startParts(opts: { workDir: string }): Promise<QueueParts> {
	const { pgBinDir, redisServer } = ensureParts();
	const workDir = path.resolve(opts.workDir);
	fs.mkdirSync(workDir, { recursive: true });
	const pgUser = postgresUser();

	// PostgreSQL: a folder its user owns. Under root the repository may sit where the postgres
	// user cannot reach (e.g. /root): then the cluster goes to a temporary folder instead.
	let pgData = path.join(workDir, 'postgres');
	let pgDataIsTemporary = false;
	killStale(path.join(pgData, 'postmaster.pid'));
	fs.rmSync(pgData, { recursive: true, force: true });
	fs.mkdirSync(pgData, { recursive: true });
	if (pgUser) {
		fs.chownSync(pgData, pgUser.uid, pgUser.gid);
		if (!writableBy(pgData, pgUser)) {
			fs.rmSync(pgData, { recursive: true, force: true });
			pgData = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-postgres-'));
			pgDataIsTemporary = true;
			fs.chownSync(pgData, pgUser.uid, pgUser.gid);
			fs.writeFileSync(path.join(workDir, 'postgres-data-folder.txt'), `${pgData}\n`);
		}
	}
	const postgresLog = path.join(workDir, 'postgres.log');
	const asPg = { uid: pgUser?.uid, gid: pgUser?.gid };
	const init = spawnSync(
		path.join(pgBinDir, 'initdb'),
		['-D', pgData, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
		{ ...asPg, cwd: pgData, encoding: 'utf8', timeout: 120_000 },
	);
	fs.appendFileSync(postgresLog, `${init.stdout ?? ''}${init.stderr ?? ''}`);
	if (init.status !== 0) throw new Error(`initdb failed (exit ${init.status}); log: ${postgresLog}\n${tail(postgresLog, 20)}`);

	const pgPort = await getFreePort();
	const postgres = startBackground(
		path.join(pgBinDir, 'postgres'),
		[
			'-D', pgData,
			'-p', String(pgPort),
			'-c', 'listen_addresses=127.0.0.1',
			// TCP only: a socket path under a deep folder can exceed the 107 characters allowed.
			'-c', 'unix_socket_directories=',
			// Throwaway data: no waiting for the disk.
			'-c', 'fsync=off',
			'-c', 'synchronous_commit=off',
			'-c', 'full_page_writes=off',
			'-c', 'max_connections=200',
		],
		{ ...asPg, cwd: pgData, logFile: postgresLog },
	);
	const psqlBin = path.join(pgBinDir, 'psql');
	const psqlRaw = (database: string, sql: string) =>
		spawnSync(psqlBin, ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-At', '-c', sql], {
			encoding: 'utf8',
			maxBuffer: 256 * 1024 * 1024,
			env: { ...process.env, PGCONNECT_TIMEOUT: '5' },
		});

	const redisDir = path.join(workDir, 'redis');
	const redisPidFile = path.join(redisDir, 'redis.pid');
	killStale(redisPidFile);
	fs.rmSync(redisDir, { recursive: true, force: true });
	fs.mkdirSync(redisDir, { recursive: true });
	const redisLog = path.join(workDir, 'redis.log');
	const redisPort = await getFreePort();
	const redis = startBackground(
		redisServer,
		['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', redisDir, '--pidfile', redisPidFile, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--logfile', ''],
		{ cwd: redisDir, logFile: redisLog },
	);

	let stopped = false;
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		// SIGINT is PostgreSQL's fast shutdown; SIGTERM would wait for n8n's connections to close.
		await Promise.all([postgres.stop({ signal: 'SIGINT' }), redis.stop()]);
		if (pgDataIsTemporary) fs.rmSync(pgData, { recursive: true, force: true });
	};
	try {
		await waitFor('PostgreSQL', postgres, postgresLog, () => psqlRaw('postgres', 'select 1').status === 0);
		const created = psqlRaw('postgres', 'create database n8n');
		if (created.status !== 0) throw new Error(`create database n8n: ${created.stderr}`);
		await waitFor('Redis', redis, redisLog, () => redisPing(redisPort));
	} catch (error) {
		await stop();
		throw error;
	}

	return {
		postgres: { host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'n8n' },
		redis: { host: '127.0.0.1', port: redisPort },
		workDir,
		postgresLog,
		redisLog,
		psql(sql: string): string {
			const r = psqlRaw('n8n', sql);
			if (r.status !== 0) throw new Error(`psql: ${r.stderr || r.error?.message}\n${sql}`);
			return r.stdout.replace(/\n$/, '');
		},
		stop,
	};
}
