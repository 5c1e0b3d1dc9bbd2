/**
 * The bulk path's reading of items (nodes/SurveyFeedback/helpers/batching.ts) leaves room for the
 * rest of the n8n process: a queue-mode worker runs other executions beside this one.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { runBatches } from '../nodes/SurveyFeedback/helpers/bulk/batching';
import type { BulkOperation } from '../nodes/SurveyFeedback/operationModule';
import type { ServiceApi } from '../nodes/shared/transport';

test('reading many items pauses now and then, so that whatever else is due in the process runs meanwhile', async () => {
	// Each item takes 5 ms of the process's time, as n8n's expression engine does for an item with a
	// few mapped fields: the clock the reading looks at moves on by that much per item.
	let now = 0;
	const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
	let read = 0;
	let readWhenOtherWorkRan: number | undefined;
	setTimeout(() => (readWhenOtherWorkRan = read), 0);
	const operation: BulkOperation<number> = {
		option: { name: 'Test', value: 'test', action: 'Test', description: 'Test' },
		properties: [],
		batchSize: 100,
		itemReader: () => (itemIndex) => {
			now += 5;
			read++;
			return { itemIndex, value: itemIndex };
		},
		send: async (batch) => batch.map(({ itemIndex }) => ({ itemIndex, kind: 'records' as const, records: {} })),
	};
	const api: ServiceApi = { label: 'Test', request: async () => ({}) };
	const items = Array.from({ length: 40 }, (_, i) => i);
	const ctx = { getNode: () => ({ name: 'Survey Feedback' }) as INode } as IExecuteFunctions;
	const outcomes = await runBatches(ctx, operation, items, api, { stopAtFirstFailure: true }).finally(() => clock.mockRestore());
	expect(outcomes).toHaveLength(40);
	// Without the pauses the timer would run only once all 40 were read (200 ms); it ran at the
	// first pause, after 20 ms of reading: four items.
	expect(readWhenOtherWorkRan).toBe(4);
});
