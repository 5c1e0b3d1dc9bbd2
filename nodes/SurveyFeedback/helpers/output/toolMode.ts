import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceRecord } from '../../../shared/serviceRecord';

import { VERSION_1 } from '../versions';

/**
 * When the node runs as an AI tool (n8n's AI Agent, or the MCP Server Trigger), what it returns
 * goes into a model's context: every empty field and duplicate costs tokens and says nothing.
 */

/** n8n names the tool variant of a node `<node type>Tool`, in every way it runs one. */
export function isToolRun(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().type.endsWith('Tool');
}

export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify Output',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to leave out empty fields and fields that repeat another one, so that the model reads only what the records say',
	// Version 2 has the Output choice instead, on the operations whose records need it.
	displayOptions: { show: { '@tool': [true], ...VERSION_1 } },
};

/** Fields of the service's records that repeat another field of the same record. */
const REPEATS: Record<string, string> = { feedbackId: 'id', feedbackTags: 'tags', feedbackTopics: 'topics' };

function isEmptyValue(value: unknown): boolean {
	if (value === null || value === undefined || value === '') return true;
	if (Array.isArray(value)) return value.length === 0;
	return typeof value === 'object' && Object.keys(value as object).length === 0;
}

/** A record without empty values (at any depth) and without fields that repeat another one. */
export function simplifyRecord(record: ServiceRecord): IDataObject {
	const simplified: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		const repeated = REPEATS[key];
		if (repeated !== undefined && JSON.stringify(record[repeated]) === JSON.stringify(value)) continue;
		const clean = simplifyValue(value);
		if (!isEmptyValue(clean)) simplified[key] = clean as IDataObject[keyof IDataObject];
	}
	return simplified;
}

function simplifyValue(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(simplifyValue).filter((entry) => !isEmptyValue(entry));
	if (value && typeof value === 'object') return simplifyRecord(value as ServiceRecord);
	return value;
}
