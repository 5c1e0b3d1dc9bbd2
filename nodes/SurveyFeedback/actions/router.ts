import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { describeItems, type ItemOutcome } from '../../shared/batching';
import { resources } from './resources';

/**
 * An input item's failure as an output item. n8n routes an item whose JSON holds only `error`
 * and `details` to the error output, and keeps it whole (an item with `error` set on the item
 * itself gets its JSON replaced by the bare message, losing the row).
 */
function errorItem(outcome: Extract<ItemOutcome, { error: Error }>): INodeExecutionData {
	const error = outcome.error as Error & { description?: string; httpCode?: string; row?: IDataObject };
	const details: IDataObject = { ...(error.row ?? {}) };
	if (error.description) details.description = error.description;
	if (error.httpCode) details.httpCode = error.httpCode;
	return { json: { error: error.message, details }, pairedItem: { item: outcome.itemIndex } };
}

/** One error for the failed rows of a bulk request, naming each failed item and its reason. */
function failedRowsError(this: IExecuteFunctions, failed: Array<Extract<ItemOutcome, { error: Error }>>, succeeded: number[]) {
	if (failed.length === 1 && succeeded.length === 0) return failed[0].error;
	const lines = failed.slice(0, 20).map(({ itemIndex, error }) => `item ${itemIndex}: ${error.message}`);
	if (failed.length > 20) lines.push(`… and ${failed.length - 20} more`);
	return new NodeOperationError(this.getNode(), `${failed.length} of ${failed.length + succeeded.length} items failed`, {
		itemIndex: failed[0].itemIndex,
		description: `${lines.join('\n')}${
			succeeded.length ? `\nThe service accepted ${describeItems(succeeded)}.` : ''
		}\nTurn on "Continue On Fail" (Settings) to get one output item per input, failed ones included.`,
	});
}

/** Runs the chosen operation for every input item and pairs each output with its input. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const module = resources[resource]?.operations[operation];
	if (!module) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}

	const itemIndexes = items.map((_, index) => index);
	let outcomes: ItemOutcome[];
	if ('executeBatch' in module) {
		outcomes = await module.executeBatch.call(this, itemIndexes);
	} else {
		outcomes = [];
		for (const itemIndex of itemIndexes) {
			try {
				outcomes.push({ itemIndex, json: await module.execute.call(this, itemIndex) });
			} catch (error) {
				if (!this.continueOnFail()) {
					// n8n's errors carry a context; the item index lets the editor point at the item.
					const context = (error as { context?: IDataObject }).context;
					if (context) context.itemIndex ??= itemIndex;
					throw error;
				}
				outcomes.push({ itemIndex, error: error as Error });
			}
		}
	}

	const failed = outcomes.filter((outcome): outcome is Extract<ItemOutcome, { error: Error }> => 'error' in outcome);
	if (failed.length && !this.continueOnFail()) {
		const succeeded = outcomes.filter((outcome) => !('error' in outcome)).map(({ itemIndex }) => itemIndex);
		throw failedRowsError.call(this, failed, succeeded);
	}

	const output: INodeExecutionData[] = [];
	for (const outcome of outcomes) {
		if ('error' in outcome) {
			output.push(errorItem(outcome));
		} else {
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(outcome.json), {
					itemData: { item: outcome.itemIndex },
				}),
			);
		}
	}
	return [output];
}
