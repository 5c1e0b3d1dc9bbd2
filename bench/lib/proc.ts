/**
 * Runs `n8n execute` the way the harness does (same binary, same environment), but spawned here
 * so that the bench knows the pid and can sample the process' memory from /proc while it runs.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';

import { getFreePort, parseJsonAfterLogs, tail, type N8nInstance } from '../../dev/n8n/harness';

export interface ProcMemory {
	/** Resident set size now, in KiB. */
	rssKb: number;
	/** Peak resident set size (VmHWM) since start or the last resetPeak(), in KiB. */
	hwmKb: number;
}

/** VmRSS and VmHWM of a live process; undefined once it is gone. */
export function procMemory(pid: number): ProcMemory | undefined {
	let text: string;
	try {
		text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	} catch {
		return undefined;
	}
	const rss = /^VmRSS:\s+(\d+) kB/m.exec(text);
	const hwm = /^VmHWM:\s+(\d+) kB/m.exec(text);
	// A zombie has no memory lines any more.
	if (!rss || !hwm) return undefined;
	return { rssKb: Number(rss[1]), hwmKb: Number(hwm[1]) };
}

/** Resets VmHWM to the current RSS (Linux 4.0+: `echo 5 > /proc/<pid>/clear_refs`). */
export function resetPeak(pid: number): boolean {
	try {
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
		return true;
	} catch {
		return false;
	}
}

/** Samples a process every `intervalMs` and keeps the last VmHWM and the highest VmRSS seen. */
export class MemorySampler {
	private timer: NodeJS.Timeout | undefined;
	lastHwmKb = 0;
	maxRssKb = 0;
	samples = 0;

	constructor(readonly pid: number, private readonly intervalMs = 20) {}

	start(): this {
		this.sample();
		this.timer = setInterval(() => this.sample(), this.intervalMs);
		return this;
	}

	sample(): void {
		const m = procMemory(this.pid);
		if (!m) return;
		this.samples++;
		this.lastHwmKb = m.hwmKb;
		if (m.rssKb > this.maxRssKb) this.maxRssKb = m.rssKb;
	}

	stop(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = undefined;
	}

	/** The peak: VmHWM as last read (the kernel's own peak), or the highest sample if that is higher. */
	get peakKb(): number {
		return Math.max(this.lastHwmKb, this.maxRssKb);
	}
}

export interface MeasuredExecute {
	exitCode: number;
	signal: NodeJS.Signals | null;
	timedOut: boolean;
	durationMs: number;
	/** Lifetime peak RSS of the `n8n execute` process (its last VmHWM before exit), KiB. */
	peakKb: number;
	/** The IRun n8n printed (null when it printed none). */
	data: any | null;
	status: string | null;
	stdoutTail: string;
}

/**
 * `n8n execute --id=<id> --rawOutput` for an instance of the harness, with its memory sampled.
 * Killed (with its process group) after timeoutMs. Never rejects for a failed workflow.
 */
export async function executeMeasured(instance: N8nInstance, workflowId: string, opts: { timeoutMs?: number } = {}): Promise<MeasuredExecute> {
	const brokerPort = await getFreePort();
	const started = Date.now();
	const timeoutMs = opts.timeoutMs ?? 600_000;
	const log = fs.createWriteStream(instance.cliLogFile, { flags: 'a' });
	log.write(`\n===== ${new Date().toISOString()} bench: n8n execute --id=${workflowId} --rawOutput\n`);
	return await new Promise((resolve) => {
		const child = spawn(instance.runtime.nodeBin, [instance.runtime.n8nBin, 'execute', `--id=${workflowId}`, '--rawOutput'], {
			cwd: instance.workDir,
			env: instance.env(brokerPort),
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const pid = child.pid!;
		const sampler = new MemorySampler(pid).start();
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		child.stdout!.on('data', (d: Buffer) => {
			out.push(d);
			log.write(d);
		});
		child.stderr!.on('data', (d: Buffer) => {
			err.push(d);
			log.write(d);
		});
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(pid);
		}, timeoutMs);
		// The process turns into a zombie before 'close': the last sample before that is its peak.
		child.on('exit', () => sampler.sample());
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			sampler.stop();
			killGroup(pid); // task runners it left behind
			const stdout = Buffer.concat(out).toString('utf8');
			const stderr = Buffer.concat(err).toString('utf8');
			const exitCode = code ?? (signal === 'SIGSEGV' ? 139 : signal === 'SIGKILL' ? 137 : 1);
			log.end(`\n===== exit ${exitCode}${signal ? ` (${signal})` : ''}${timedOut ? ' (timed out)' : ''} after ${Date.now() - started} ms\n`);
			const data = parseJsonAfterLogs(stdout);
			resolve({
				exitCode,
				signal,
				timedOut,
				durationMs: Date.now() - started,
				peakKb: sampler.peakKb,
				data,
				status: data && typeof data.status === 'string' ? data.status : null,
				stdoutTail: tail(stdout + '\n' + stderr, 30),
			});
		});
	});
}

function killGroup(pid: number): void {
	try {
		process.kill(-pid, 'SIGKILL');
	} catch {
		// gone already
	}
}

/** The pid of a running instance's `n8n start` process (the harness keeps the child private). */
export function serverPid(instance: N8nInstance): number {
	const pid = (instance as unknown as { server?: { pid?: number } }).server?.pid;
	if (!pid) throw new Error(`instance ${instance.name} is not running`);
	return pid;
}
