import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { z } from 'zod';

import { isVersion3 } from '../versions';
import type { ColumnSet } from './columnMapper';
import { columnRowReader } from './columnReader';
import { extraFieldSettings, type ExtraFieldSettings } from './extraFields';
import type { ItemJsonReader } from './itemJson';
import { parseRow } from './rowSchemas';

/** A validated row, and the fields its item's output gets besides the service's answer. */
export interface ReadRow<T> {
	row: T;
	/** With Map Automatically: `ignoredFields`, the item's fields that were left out (always with Ignore Them). */
	output: IDataObject;
}

/**
 * What Map Automatically does with the fields of an item it does not write, as the node's
 * parameters set it (Handling Extra Fields in Input, Fields to Ignore), read once per run. The
 * one place these settings are read: beside Input Mode on versions 1 and 2, under Options
 * (`under: 'options'`) beside version 3's column mapper.
 */
export function readExtraFieldSettings(ctx: IExecuteFunctions, under?: 'options'): ExtraFieldSettings {
	const path = (name: string) => (under ? `${under}.${name}` : name);
	return extraFieldSettings(ctx.getNodeParameter(path('handlingExtraData'), 0, 'error'), ctx.getNodeParameter(path('ignoreFields'), 0, ''));
}

/**
 * Reads the rows of a bulk operation in either input mode, through one schema: Define Below builds
 * each row from the editor's fields, Map Automatically takes it from the item's JSON. Made once per
 * run, so the mode and the items are read once. On version 3 the operation's column mapper
 * (`columns`) replaces the input modes: see columnReader.ts.
 */
export function rowReader<T extends IDataObject>(
	ctx: IExecuteFunctions,
	spec: {
		schema: z.ZodType<T, z.ZodTypeDef, unknown>;
		fromEditor: (itemIndex: number) => IDataObject;
		editorLabels: Record<string, string>;
		fromItemJson: ItemJsonReader;
		/** The operation's columns, for the bulk writes that take them from a column mapper on version 3. */
		columns?: ColumnSet;
	},
): (itemIndex: number) => ReadRow<T> {
	if (spec.columns && isVersion3(ctx)) return columnRowReader(ctx, { ...spec, columns: spec.columns }, readExtraFieldSettings(ctx, 'options'));
	const node = ctx.getNode();
	const automatic = ctx.getNodeParameter('inputMode', 0, 'mapFields') === 'itemJson';
	if (automatic) {
		const items = ctx.getInputData();
		const settings = readExtraFieldSettings(ctx);
		return (itemIndex) => {
			const { raw, label, ignored } = spec.fromItemJson(items[itemIndex].json, { node, itemIndex, ...settings });
			const row = parseRow(spec.schema, raw, { node, itemIndex, label });
			return { row, output: ignored ? { ignoredFields: ignored } : {} };
		};
	}
	const label = (field: string) => spec.editorLabels[field] ?? field;
	return (itemIndex) => ({ row: parseRow(spec.schema, spec.fromEditor(itemIndex), { node, itemIndex, label }), output: {} });
}
