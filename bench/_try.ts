import { simulate, SHAPES, LOADS, refusedShare } from '../dev/pacing/simulation';
async function main() {
	const seeds = Number(process.argv[2] ?? 3);
	for (const [name, service] of Object.entries(SHAPES)) {
		for (const [loadName, load] of Object.entries(LOADS)) {
			for (const processes of [1, 2, 4]) {
				if (loadName === 'returnAll' && processes > 1) continue;
				const runs = [];
				for (let seed = 1; seed <= seeds; seed++) {
					runs.push(await simulate({ processes, executionsPerProcess: processes === 1 ? 1 : 4 / processes, requests: load.requests, latencyMs: load.latencyMs, service, seed }));
				}
				const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
				console.log(`${name.padEnd(22)} ${loadName.padEnd(9)} p=${processes} share ${(med(runs.map((r) => r.share)) * 100).toFixed(0)}% [${runs.map((r) => (r.share * 100).toFixed(0)).join(',')}] refused ${(med(runs.map(refusedShare)) * 100).toFixed(1)}% ok=${runs.map((r) => r.ok).join(',')} failed=${runs.map((r) => r.failed.reduce((a, b) => a + b, 0)).join(',')} ceil=${Math.max(...runs.map((r) => r.mostInCeilingWindow))} RA=${runs.map((r) => r.retryAfterUndercut).join(',')} leastC=${(med(runs.map((r) => r.leastWithinCeilingMs)) / 1000).toFixed(1)}s least=${(med(runs.map((r) => r.leastMs)) / 1000).toFixed(1)}s span=${(med(runs.map((r) => r.spanMs)) / 1000).toFixed(1)}s`);
			}
		}
	}
}
void main();
