import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { ItemProblems } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import type { BulkOperation, ItemOutcome, Prepared } from '../../operationModule';

/** Cuts the entries into groups (keeping input order) and each group into batches of `size`. */
function toBatches<T extends { group?: string }>(entries: T[], size: number): T[][] {
	const groups = new Map<string, T[]>();
	for (const entry of entries) {
		const key = entry.group ?? '';
		const group = groups.get(key);
		if (group) group.push(entry);
		else groups.set(key, [entry]);
	}
	const batches: T[][] = [];
	for (const group of groups.values()) {
		for (let start = 0; start < group.length; start += size) batches.push(group.slice(start, start + size));
	}
	return batches;
}

/**
 * Reading thousands of items (n8n evaluating their expressions) takes seconds, in which nothing
 * else runs in this n8n process: on a queue-mode worker, neither its other executions nor their
 * requests, which then reach the service late for the pacer's count of the window. So reading
 * pauses after this long for anything else that is due.
 */
const READING_SLICE_MS = 20;

/**
 * Folds the items of a bulk operation into few requests. Every item is read and validated before
 * anything is sent, each in its own path: a failing expression or bad input fails that item alone,
 * wherever it stands, with every problem it has in one error. With `stopAtFirstFailure` (no
 * Continue On Fail) nothing is sent once an item failed, and no further request once one failed;
 * its outcomes say which items it covered. Rows the service reports as failed never stop the run:
 * they are outcomes like any other.
 */
export async function runBatches<T>(
	ctx: IExecuteFunctions,
	operation: BulkOperation<T>,
	itemIndexes: number[],
	api: ServiceApi,
	{ stopAtFirstFailure, readAlso }: { stopAtFirstFailure: boolean; readAlso?: (itemIndex: number) => void },
): Promise<ItemOutcome[]> {
	// Reads only what is the same for every item (helpers/parameters.ts): no item's expression.
	const read = operation.itemReader.call(ctx, api);
	const node = ctx.getNode();
	const outcomes: ItemOutcome[] = [];
	const ready: Array<Prepared<T>> = [];
	let busySince = Date.now();
	for (const itemIndex of itemIndexes) {
		if (Date.now() - busySince >= READING_SLICE_MS) {
			await sleep(0);
			busySince = Date.now();
		}
		try {
			// What the router reads for each item besides the operation (the output's shape).
			readAlso?.(itemIndex);
			const problems = new ItemProblems(node, itemIndex);
			const prepared = await read(itemIndex, problems);
			problems.throwIfAny();
			ready.push(prepared);
		} catch (error) {
			outcomes.push({ itemIndex, kind: 'failed', error: error as Error });
			if (stopAtFirstFailure) return outcomes;
		}
	}
	const sent: T[] = [];
	for (const batch of toBatches(ready, operation.batchSize)) {
		try {
			outcomes.push(...(await operation.send.call(ctx, batch, api)));
			sent.push(...batch.map(({ value }) => value));
		} catch (error) {
			outcomes.push(...batch.map(({ itemIndex }): ItemOutcome => ({ itemIndex, kind: 'failed', error: error as Error })));
			if (stopAtFirstFailure) break;
		}
	}
	operation.afterSend?.call(ctx, sent);
	return outcomes.sort((a, b) => a.itemIndex - b.itemIndex);
}

/** "items 0-999, 1500": compact ranges of item indexes. */
export function describeItems(indexes: number[]): string {
	const sorted = [...indexes].sort((a, b) => a - b);
	const ranges: string[] = [];
	for (let i = 0; i < sorted.length; i++) {
		let j = i;
		while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
		ranges.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
		i = j;
	}
	return `${sorted.length === 1 ? 'item' : 'items'} ${ranges.join(', ')}`;
}
