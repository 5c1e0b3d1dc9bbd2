/**
 * The processes the harness starts (each in its own process group, killed with its group, and
 * all of them when this process exits) and the ports they listen on.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';

import type { CliResult } from './types';

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Ports handed out by this process, so two servers started together never get the same one. */
const portsGiven = new Set<number>();

/** Where the kernel picks the local ports of outgoing connections (Linux; 32768 elsewhere). */
function outgoingPortsStart(): number {
	try {
		return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
	} catch {
		return 32768;
	}
}

/** Binds `port` on 127.0.0.1 (0: any) and lets it go again: the port bound, or undefined if taken. */
function tryPort(port: number): Promise<number | undefined> {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', () => resolve(undefined));
		srv.listen(port, '127.0.0.1', () => {
			const addr = srv.address();
			const bound = typeof addr === 'object' && addr ? addr.port : undefined;
			srv.close(() => resolve(bound));
		});
	});
}

/**
 * A free port below the range of outgoing connections. A port is often chosen well before its
 * server binds it (a worker's health port, a main restarted on its own port); in that range any
 * connection to Postgres, Redis or the simulator may take it meanwhile, and n8n then exits.
 */
export async function getFreePort(): Promise<number> {
	const low = 12_000;
	const high = Math.min(outgoingPortsStart(), 32768) - 1;
	for (let attempt = 0; high - low > 1000 && attempt < 200; attempt++) {
		const port = low + Math.floor(Math.random() * (high - low));
		if (portsGiven.has(port) || (await tryPort(port)) === undefined) continue;
		portsGiven.add(port);
		return port;
	}
	// No room below the outgoing range: let the kernel choose.
	const port = await tryPort(0);
	if (port === undefined) throw new Error('no free port on 127.0.0.1');
	return port;
}

const SIGNAL_NUMBERS: Record<string, number> = {
	SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGBUS: 7, SIGFPE: 8,
	SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15,
};

/** Kills a process group (the child was spawned detached, so its pid is the group id). */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
	if (!pid) return;
	try {
		process.kill(-pid, signal);
	} catch {
		// ESRCH: the group is gone already.
	}
}

export function groupAlive(pid: number): boolean {
	try {
		process.kill(-pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** Every process group this module started and has not seen end: killed if the test process exits. */
export const liveGroups = new Set<number>();
process.once('exit', () => {
	for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
});

interface SpawnOptions {
	cwd: string;
	env: NodeJS.ProcessEnv;
	timeoutMs: number;
	/** A file to append the output to, as it comes. */
	logFile?: string;
	/** Stop collecting output in memory past this many bytes (the log file still gets all). */
	maxBuffer?: number;
	/** Also show what the command writes to stderr, as it comes (progress of long steps). */
	echoStderr?: boolean;
	/**
	 * Send the command's standard output to this file instead of a pipe, and read it from there
	 * once the command ended. A process that exits right after printing megabytes (n8n 1.123's
	 * `execute`) loses the end of what is still queued for a pipe; writes to a file are complete.
	 */
	stdoutFile?: string;
}

/** Runs a command in its own process group; kills the whole group on timeout. Never rejects. */
export function runProcess(cmd: string, args: string[], opts: SpawnOptions): Promise<CliResult> {
	const started = Date.now();
	const maxBuffer = opts.maxBuffer ?? 256 * 1024 * 1024;
	return new Promise((resolve) => {
		const stdoutFd = opts.stdoutFile ? fs.openSync(opts.stdoutFile, 'w') : undefined;
		const child = spawn(cmd, args, {
			cwd: opts.cwd,
			env: opts.env,
			detached: true,
			stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
		});
		if (child.pid) liveGroups.add(child.pid);
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		let outLen = 0;
		let errLen = 0;
		const log = opts.logFile ? fs.createWriteStream(opts.logFile, { flags: 'a' }) : undefined;
		log?.write(`\n===== ${new Date().toISOString()} ${[cmd, ...args].join(' ')}\n`);
		const takeStdout = (d: Buffer) => {
			log?.write(d);
			if (outLen < maxBuffer) out.push(d);
			outLen += d.length;
		};
		child.stdout?.on('data', takeStdout);
		child.stderr!.on('data', (d: Buffer) => {
			log?.write(d);
			if (opts.echoStderr) process.stderr.write(d);
			if (errLen < maxBuffer) err.push(d);
			errLen += d.length;
		});
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child.pid, 'SIGKILL');
		}, opts.timeoutMs);
		const finish = (code: number | null, signal: NodeJS.Signals | null) => {
			clearTimeout(timer);
			// Whatever the command left behind in its group (task runners...) goes too.
			killGroup(child.pid, 'SIGKILL');
			if (child.pid) liveGroups.delete(child.pid);
			if (stdoutFd !== undefined) {
				fs.closeSync(stdoutFd);
				takeStdout(fs.readFileSync(opts.stdoutFile!));
				fs.rmSync(opts.stdoutFile!, { force: true });
			}
			const exitCode = code ?? (signal ? 128 + (SIGNAL_NUMBERS[signal] ?? 0) : 1);
			log?.end(`\n===== exit ${exitCode}${signal ? ` (${signal})` : ''}${timedOut ? ' (timed out)' : ''} after ${Date.now() - started} ms\n`);
			resolve({
				exitCode,
				signal,
				stdout: Buffer.concat(out).toString('utf8'),
				stderr: Buffer.concat(err).toString('utf8'),
				durationMs: Date.now() - started,
				timedOut,
			});
		};
		child.on('error', (e) => {
			err.push(Buffer.from(String(e)));
			finish(127, null);
		});
		child.on('close', finish);
	});
}

/** A long-lived process in its own process group, started by startBackground(). */
export interface BackgroundProcess {
	pid: number;
	/** Resolves with how it ended ("exit code 0", "signal SIGTERM", or the spawn error). */
	exited: Promise<string>;
	/** Set once it ended. */
	exit: string | undefined;
	/** `signal` (default SIGTERM) to its group, SIGKILL after graceMs (default 15 s); resolves when none of the group is left. */
	stop(opts?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<void>;
}

/**
 * Starts a server process (a database, a queue...) in its own process group, its output
 * appended to `logFile`; killed with the other groups of this module when the test process
 * exits. `uid`/`gid` run it as another user (root only), e.g. PostgreSQL, which refuses root.
 * `title` heads its output in the log (default: the command line).
 */
export function startBackground(
	cmd: string,
	args: string[],
	opts: { cwd: string; env?: NodeJS.ProcessEnv; logFile: string; uid?: number; gid?: number; title?: string },
): BackgroundProcess {
	const fd = fs.openSync(opts.logFile, 'a');
	fs.writeSync(fd, `\n===== ${new Date().toISOString()} ${opts.title ?? [cmd, ...args].join(' ')}\n`);
	const child = spawn(cmd, args, {
		cwd: opts.cwd,
		env: opts.env ?? process.env,
		detached: true,
		stdio: ['ignore', fd, fd],
		uid: opts.uid,
		gid: opts.gid,
	});
	fs.closeSync(fd);
	if (!child.pid) throw new Error(`could not start ${cmd}`);
	const pid = child.pid;
	liveGroups.add(pid);
	const proc: BackgroundProcess = {
		pid,
		exit: undefined,
		exited: new Promise((resolve) => {
			child.on('exit', (code, signal) => resolve((proc.exit = signal ? `signal ${signal}` : `exit code ${code}`)));
			child.on('error', (e) => resolve((proc.exit = String(e))));
		}),
		async stop({ signal = 'SIGTERM', graceMs = 15_000 } = {}) {
			killGroup(pid, signal);
			const deadline = Date.now() + graceMs;
			while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
			killGroup(pid, 'SIGKILL');
			const hardDeadline = Date.now() + 5_000;
			while (groupAlive(pid) && Date.now() < hardDeadline) await sleep(50);
			liveGroups.delete(pid);
		},
	};
	return proc;
}
