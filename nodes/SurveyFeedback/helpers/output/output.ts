import type { IDataObject, IExecuteFunctions, INodeProperties, NodeExecutionHint } from 'n8n-workflow';

import { type RecordShape, selectFields, simplifiedFieldNames, simplifyRecordAs } from '../../../shared/records';
import type { OperationModule } from '../../operationModule';
import { FROM_VERSION_2 } from '../versions';
import { isToolRun, simplifyRecord } from './toolMode';

/**
 * What the node returns of the records it reads. Version 1 returns them whole (in tool mode,
 * without empty fields when "Simplify Output" is on). From version 2, operations that return
 * records with more than ten fields have Simplify, on by default; in tool mode the Output choice
 * instead: Simplified, Raw, or Selected Fields (the ID always kept).
 */

/** The shape of the operation's records in this run's node version. */
export function returnedShape(operation: OperationModule, typeVersion: number): RecordShape | undefined {
	return typeVersion >= 3 && operation.returnsFromVersion3 ? operation.returnsFromVersion3 : operation.returns;
}

/** Simplify, Output and Fields of an operation that returns `shape` records, on the given versions (from version 2). */
export function outputProperties(shape: RecordShape, versions: { '@version': number[] } = FROM_VERSION_2): INodeProperties[] {
	const simplifiedList = simplifiedFieldNames(shape).join(', ');
	return [
		{
			displayName: 'Simplify',
			name: 'simple',
			type: 'boolean',
			default: true,
			description: 'Whether to return a simplified version of the response instead of the raw data',
			hint: `Simplified ${shape.plural} have ${simplifiedList}`,
			displayOptions: { show: { ...versions, '@tool': [false] } },
		},
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'simplified',
			options: [
				{ name: 'Simplified', value: 'simplified', description: `Return ${simplifiedList}` },
				{ name: 'Raw', value: 'raw', description: 'Return every field the service sends' },
				{ name: 'Selected Fields', value: 'selected', description: `Return the ${shape.idField} and the fields you choose` },
			],
			description: `Which fields of the ${shape.plural} the tool returns to the AI agent`,
			displayOptions: { show: { ...versions, '@tool': [true] } },
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			default: [],
			options: [...shape.fields].sort((a, b) => a.localeCompare(b)).map((field) => ({ name: field, value: field })),
			description: `The fields to return besides the ${shape.idField}, which is always returned`,
			displayOptions: { show: { ...versions, '@tool': [true], output: ['selected'] } },
		},
	];
}

/** How one record is shaped for the output. */
export type Shaping = (record: IDataObject) => IDataObject;

type Returns = Pick<OperationModule, 'returns' | 'returnsFromVersion3'>;

/** Simplified, raw or selected fields for the item, from version 2 on an operation with a record shape. */
function outputMode(ctx: IExecuteFunctions, shape: RecordShape | undefined, itemIndex: number): 'simplified' | 'raw' | 'selected' | undefined {
	if (ctx.getNode().typeVersion < 2 || !shape) return undefined;
	if (isToolRun(ctx)) return ctx.getNodeParameter('output', itemIndex, 'simplified') as 'simplified' | 'raw' | 'selected';
	return ctx.getNodeParameter('simple', itemIndex, true) ? 'simplified' : 'raw';
}

/**
 * The shape whose rows the operation builds itself for this item (see `rowsBuiltByOperation`), or
 * undefined when it returns records whole or as selected fields.
 */
export function rowsToBuild(ctx: IExecuteFunctions, operation: Returns, itemIndex: number): RecordShape | undefined {
	const shape = returnedShape(operation as OperationModule, ctx.getNode().typeVersion);
	return shape?.rowsBuiltByOperation && outputMode(ctx, shape, itemIndex) === 'simplified' ? shape : undefined;
}

/**
 * Adds a hint to the run where n8n takes one: the context an AI tool runs in has no
 * `addExecutionHints` on some of the n8n versions the package supports (1.88's supply-data context).
 */
export function addHint(ctx: IExecuteFunctions, hint: NodeExecutionHint | undefined): void {
	if (hint && typeof ctx.addExecutionHints === 'function') ctx.addExecutionHints(hint);
}

/** A record's simplified row, or why it could not be filled. */
export type BuiltRow = { row: IDataObject } | { record: IDataObject; missing: string };

/**
 * The rows an operation built for one item. A record whose row could not be filled is returned
 * whole, never as an empty or half-read row, and an execution hint on the output says which and why.
 */
export function rowsOrRecords(ctx: IExecuteFunctions, itemIndex: number, shape: RecordShape, built: BuiltRow[]): IDataObject[] {
	const whole = built.filter((entry): entry is Extract<BuiltRow, { missing: string }> => 'missing' in entry);
	if (whole.length) {
		const reasons = [...new Set(whole.map(({ missing }) => missing))].join('; ');
		addHint(ctx, {
			message: `Simplify could not build the row of ${whole.length} of ${built.length} ${shape.plural} (item ${itemIndex}), so they are returned whole: the service's answer has no ${reasons}`,
			location: 'outputPane',
		});
	}
	return built.map((entry) => ('row' in entry ? entry.row : entry.record));
}

/**
 * How the records the operation returns for one item are shaped, by the node's version and the
 * item's settings (Simplify, Output and Fields can be expressions: they are read for the item).
 */
export function outputShaping(ctx: IExecuteFunctions, operation: OperationModule, itemIndex: number): Shaping | undefined {
	if (ctx.getNode().typeVersion < 2) {
		return isToolRun(ctx) && (ctx.getNodeParameter('simplify', itemIndex, true) as boolean) ? simplifyRecord : undefined;
	}
	const shape = returnedShape(operation, ctx.getNode().typeVersion);
	const mode = outputMode(ctx, shape, itemIndex);
	if (!shape || !mode) return undefined;
	if (mode === 'simplified') return shape.rowsBuiltByOperation ? undefined : (record) => simplifyRecordAs(shape, record);
	if (mode === 'selected') {
		const chosen = ctx.getNodeParameter('fields', itemIndex, []) as string[];
		return (record) => selectFields(shape, record, chosen);
	}
	return undefined;
}
