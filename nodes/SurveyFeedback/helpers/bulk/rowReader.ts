import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { z } from 'zod';

import { parseRow, type ItemJsonReader } from './rowSchemas';

/**
 * Reads the rows of a bulk operation in either input mode, through one schema: Define Below builds
 * each row from the editor's fields, Map Automatically takes it from the item's JSON. Made once per
 * run, so the mode and the items are read once.
 */
export function rowReader<T extends IDataObject>(
	ctx: IExecuteFunctions,
	spec: {
		schema: z.ZodType<T, z.ZodTypeDef, unknown>;
		fromEditor: (itemIndex: number) => IDataObject;
		editorLabels: Record<string, string>;
		fromItemJson: ItemJsonReader;
	},
): (itemIndex: number) => T {
	const node = ctx.getNode();
	const automatic = ctx.getNodeParameter('inputMode', 0, 'mapFields') === 'itemJson';
	if (automatic) {
		const items = ctx.getInputData();
		return (itemIndex) => {
			const { raw, label } = spec.fromItemJson(items[itemIndex].json, { node, itemIndex });
			return parseRow(spec.schema, raw, { node, itemIndex, label });
		};
	}
	const label = (field: string) => spec.editorLabels[field] ?? field;
	return (itemIndex) => parseRow(spec.schema, spec.fromEditor(itemIndex), { node, itemIndex, label });
}
