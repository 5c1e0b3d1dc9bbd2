/**
 * How much of a list Simplify keeps: 50 records of each kind from the simulator's demo account, as
 * JSON, whole (version 1), with version 1's tool-mode Simplify Output, and simplified (version 2).
 *
 *   npx tsx bench/outputSizes.ts
 */
import { start } from '../dev/simulator';
import { simplifyRecord } from '../nodes/SurveyFeedback/helpers/output/toolMode';
import { customerRecord, feedbackRecord, outboxRecord, type RecordShape, simplifyRecordAs } from '../nodes/shared/records';

const LISTS: Array<[string, string, RecordShape]> = [
	['/api/v2/feedback?limit=50', 'responses', feedbackRecord],
	['/api/v2/customers?limit=50', 'subscribers', customerRecord],
	['/api/v2/outbox?limit=50', 'surveys', outboxRecord],
];

const kb = (text: string) => `${(Buffer.byteLength(text) / 1000).toFixed(1)} KB`;

async function main() {
	const sim = await start({ seed: 'demo', rateLimit: false });
	try {
		console.log('| 50 records | whole (version 1) | Simplify Output (version 1, tools) | Simplify (version 2) |');
		console.log('|---|---|---|---|');
		for (const [path, key, shape] of LISTS) {
			const response = await fetch(`${sim.baseUrl}${path}`, { headers: { 'X-Api-Key': sim.accounts[0].writeKey } });
			const records = ((await response.json()) as { data: Record<string, any[]> }).data[key];
			const whole = JSON.stringify(records);
			const simplified = JSON.stringify(records.map((record) => simplifyRecordAs(shape, record)));
			const share = Math.round((100 * Buffer.byteLength(simplified)) / Buffer.byteLength(whole));
			console.log(`| ${shape.plural} | ${kb(whole)} | ${kb(JSON.stringify(records.map(simplifyRecord)))} | ${kb(simplified)} (${share} %) |`);
		}
	} finally {
		await sim.close();
	}
}

void main();
