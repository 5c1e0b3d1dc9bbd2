import { simulate, SHAPES, LOADS, refusedShare } from '../dev/pacing/simulation';
async function main() {
	for (const [name, base] of Object.entries(SHAPES)) for (const retryAfter of [false, true]) {
		const service = { ...base, retryAfter };
		for (const processes of [1, 3]) {
			const runs = [];
			for (let seed = 1; seed <= 5; seed++) runs.push(await simulate({ processes, executionsPerProcess: 2, requests: 600, service, seed }));
			console.log(name, retryAfter, processes, runs.map((r) => `${(r.share * 100).toFixed(0)}/${(refusedShare(r) * 100).toFixed(1)}/${r.failed.join('')}/${r.retryAfterUndercut}/${r.mostInCeilingWindow}`).join(' '));
		}
	}
}
void main();
