/** What the report says about the machine and the software it ran on. */
import * as fs from 'node:fs';
import * as os from 'node:os';

export interface MachineInfo {
	cpuModel: string;
	cores: number;
	memTotalGb: number;
	memAvailableGb: number;
	kernel: string;
	loadAverage: string;
	benchNode: string;
}

function meminfoKb(field: string): number {
	try {
		const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync('/proc/meminfo', 'utf8'));
		return m ? Number(m[1]) : 0;
	} catch {
		return 0;
	}
}

export function machineInfo(): MachineInfo {
	let cpuModel = os.cpus()[0]?.model ?? 'unknown';
	try {
		const m = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'));
		if (m) cpuModel = m[1].trim();
	} catch {
		// keep os.cpus()
	}
	return {
		cpuModel,
		cores: os.cpus().length,
		memTotalGb: meminfoKb('MemTotal') / 1024 / 1024,
		memAvailableGb: meminfoKb('MemAvailable') / 1024 / 1024,
		kernel: `${os.type()} ${os.release()}`,
		loadAverage: os.loadavg().map((l) => l.toFixed(2)).join(', '),
		benchNode: process.version,
	};
}
