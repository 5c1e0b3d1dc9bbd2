import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { asItemError } from '../../shared/errors';
import type { Transport } from '../../shared/transport';
import { describeItems, runBatches } from '../helpers/bulk/batching';
import { addHint, outputShaping, type Shaping } from '../helpers/output/output';
import { nodeSetting } from '../helpers/parameters';
import { isBulk, isSingleWrite, type ItemOutcome } from '../operationModule';
import { failureError, outcomeHint, outcomeJson, type Failure } from './itemOutput';
import { findOperation } from './registry';
import { resources } from './resources';

/**
 * An item's error as the user reads it: one of n8n's own error classes, pointing at its item, its
 * message starting with the operation's label ("Customer: Get failed: …").
 */
function operationError(node: INode, error: unknown, itemIndex: number, label: string): NodeApiError | NodeOperationError {
	const failure = asItemError(node, error, itemIndex);
	if (!failure.message.startsWith(label)) failure.message = `${label} failed: ${failure.message}`;
	// An AI agent passes a tool only the message of its error: what to change is in the description.
	if (node.type.endsWith('Tool') && failure.description && !failure.message.includes(failure.description)) {
		failure.message = `${failure.message}. ${failure.description}`;
	}
	return failure;
}

/**
 * An input item's failure as an output item. n8n routes an item whose JSON holds only `error`
 * and `details` to the error output, and keeps it whole (an item with `error` set on the item
 * itself gets its JSON replaced by the bare message, losing the row).
 */
function errorItem(itemIndex: number, error: Error): INodeExecutionData {
	const { description, httpCode, row } = error as Error & { description?: string; httpCode?: string; row?: IDataObject };
	const details: IDataObject = { ...(row ?? {}) };
	if (description) details.description = description;
	if (httpCode) details.httpCode = httpCode;
	return { json: { error: error.message, details }, pairedItem: { item: itemIndex } };
}

/**
 * The error that stops the node. When every failed item shares one error (a bad item, or one
 * request that failed for its whole batch), it is that error, saying which items it covered and
 * which ones the service had already accepted and which ones its answer left unconfirmed; rows the
 * service refused are listed one by one.
 */
function failedItemsError(node: INode, label: string, failed: Failure[], succeeded: number[], unconfirmed: number[] = []): NodeApiError | NodeOperationError {
	const accepted =
		(succeeded.length ? ` The service had already accepted ${describeItems(succeeded)}: a rerun should leave them out.` : '') +
		(unconfirmed.length ? ` The service's answer did not confirm ${describeItems(unconfirmed)}: it may have acted on them, so check them before a rerun.` : '');
	const answered = succeeded.length + unconfirmed.length;
	const errors = failed.map((failure) => ({ itemIndex: failure.itemIndex, error: failureError(node, failure) }));
	const rowsRefused = failed.some(({ kind }) => kind === 'refused') && (failed.length > 1 || answered > 0);
	if (!rowsRefused && new Set(errors.map(({ error }) => error)).size === 1) {
		const error = operationError(node, errors[0].error, errors[0].itemIndex, label);
		const covered = failed.length > 1 ? ` It concerned ${describeItems(failed.map(({ itemIndex }) => itemIndex))}.` : '';
		if (covered || accepted) error.description = `${error.description ?? ''}${covered}${accepted}`.trim();
		return error;
	}
	const lines = errors.slice(0, 20).map(({ itemIndex, error }) => `item ${itemIndex}: ${error.message}`);
	if (failed.length > 20) lines.push(`… and ${failed.length - 20} more`);
	return new NodeOperationError(node, `${label} failed for ${failed.length} of ${failed.length + answered} items`, {
		itemIndex: failed[0].itemIndex,
		description: `${lines.join('\n')}${accepted ? `\n${accepted.trim()}` : ''}\nTurn on "Continue On Fail" (Settings) to get one output item per input, failed ones included.`,
	});
}

/**
 * Runs the chosen operation for every input item and pairs each output with its input. The one
 * place that decides what a failure does: without Continue On Fail the node stops (a bad item
 * stops it before anything is sent), with it every failed item becomes an error item. Only the
 * resource and the operation are read for the node (helpers/parameters.ts); everything else is
 * read in each item's own path, here for the one-request operations, in runBatches for the bulk
 * writes, the output's shape (Simplify, Output, Fields) included.
 */
export async function router(this: IExecuteFunctions, transport: Transport): Promise<INodeExecutionData[][]> {
	const node = this.getNode();
	const resource = nodeSetting<string>(this, 'resource') ?? '';
	const operationName = nodeSetting<string>(this, 'operation') ?? '';
	const found = findOperation(resources, resource, operationName);
	if (!found) throw new NodeOperationError(node, `The operation "${operationName}" of "${resource}" is not supported`);
	const { operation, label } = found;
	const continueOnFail = this.continueOnFail();
	const api = transport.for(this, label);
	const itemIndexes = this.getInputData().map((_, index) => index);

	// Each item's output shape, read in its path before anything is sent for it.
	const shapes = new Map<number, Shaping | undefined>();
	const readShape = (itemIndex: number) => shapes.set(itemIndex, outputShaping(this, operation, itemIndex));

	let outcomes: ItemOutcome[];
	if (isBulk(operation)) {
		outcomes = await runBatches(this, operation, itemIndexes, api, { stopAtFirstFailure: !continueOnFail, readAlso: readShape });
	} else {
		outcomes = [];
		for (const itemIndex of itemIndexes) {
			try {
				readShape(itemIndex);
				if (isSingleWrite(operation)) outcomes.push({ itemIndex, ...(await operation.write.call(this, itemIndex, api)) });
				else outcomes.push({ itemIndex, kind: 'records', records: await operation.execute.call(this, itemIndex, api) });
			} catch (error) {
				if (!continueOnFail) throw operationError(node, error, itemIndex, label);
				outcomes.push({ itemIndex, kind: 'failed', error: error as Error });
			}
		}
	}

	const failed = outcomes.filter((outcome): outcome is Failure => outcome.kind === 'refused' || outcome.kind === 'failed');
	if (failed.length && !continueOnFail) {
		const indexes = (kinds: Array<ItemOutcome['kind']>) => outcomes.filter(({ kind }) => kinds.includes(kind)).map(({ itemIndex }) => itemIndex);
		throw failedItemsError(node, label, failed, indexes(['records', 'stated', 'accepted']), indexes(['unconfirmed']));
	}
	addHint(this, outcomeHint(label, outcomes));

	const typeVersion = node.typeVersion;
	const output: INodeExecutionData[] = [];
	for (const outcome of outcomes) {
		if (outcome.kind === 'refused' || outcome.kind === 'failed') {
			output.push(errorItem(outcome.itemIndex, operationError(node, failureError(node, outcome), outcome.itemIndex, label)));
			continue;
		}
		const json = outcomeJson(outcome, typeVersion);
		const shape = shapes.get(outcome.itemIndex);
		const shaped = shape ? (Array.isArray(json) ? json.map(shape) : shape(json)) : json;
		output.push(
			...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(shaped), {
				itemData: { item: outcome.itemIndex },
			}),
		);
	}
	return [output];
}
