import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { type RecordShape, simplifiedFieldNames } from '../../shared/records';
import { outputProperties } from '../helpers/output/output';
import { VERSION_1, FROM_VERSION_2, VERSION_2_ONLY, FROM_VERSION_3 } from '../helpers/versions';
import type { OperationModule } from '../operationModule';

/** A resource of the node: its entry in the Resource list and its operations. */
export interface Resource {
	name: string;
	value: string;
	description: string;
	/** The operation a new node starts with; saved workflows rely on it, so it does not change. */
	defaultOperation: string;
	operations: OperationModule[];
}

/**
 * A resource from its folder's operation modules (`import * as customer from './customer'`,
 * whose index re-exports one module a line).
 */
export function defineResource(resource: Omit<Resource, 'operations'>, modules: Record<string, OperationModule>): Resource {
	const operations = Object.values(modules);
	if (!operations.some(({ option }) => option.value === resource.defaultOperation)) {
		throw new Error(`${resource.name}: the default operation "${resource.defaultOperation}" is not among its operations`);
	}
	return { ...resource, operations };
}

/** "Customer: Create or Update": how messages name an operation. */
function operationLabel(resource: Resource, operation: OperationModule): string {
	return `${resource.name}: ${operation.option.name}`;
}

export function findOperation(resources: Resource[], resource: string, operation: string) {
	const found = resources.find(({ value }) => value === resource);
	const module = found?.operations.find(({ option }) => option.value === operation);
	return found && module ? { resource: found, operation: module, label: operationLabel(found, module) } : undefined;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** A resource's Operation list, in alphabetical order. */
function operationList(resource: Resource): INodeProperties {
	const { defaultOperation } = resource;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource.value] } },
		options: resource.operations.map(({ option }) => ({ ...option })).sort(byName),
		default: defaultOperation,
	};
}

/**
 * What a model reads about the operation when the node runs as an AI tool. It is the node's own
 * `toolDescription` parameter, shown only in tool mode (`@tool`): n8n then uses it instead of its
 * generic "<action> in Survey Feedback", and the user can still rewrite it. From version 2, an
 * operation whose records are simplified by default also names the fields the model will get.
 */
function toolDescription(operation: OperationModule): INodeProperties[] {
	const { option, returns, returnsFromVersion3 } = operation;
	const text = option.toolDescription ?? `${option.description}.`;
	const property = (defaultText: string, show: NonNullable<INodeProperties['displayOptions']>['show']): INodeProperties => ({
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		typeOptions: { rows: 3 },
		default: defaultText,
		description: 'What the AI agent reads about this tool: what it does, what it returns and which values it needs',
		displayOptions: { show: { '@tool': [true], ...show } },
	});
	if (!returns) return [property(text, {})];
	const withFields = (shape: RecordShape) => `${text} Each record returned has only these fields: ${simplifiedFieldNames(shape).join(', ')}.`;
	if (!returnsFromVersion3) return [property(text, VERSION_1), property(withFields(returns), FROM_VERSION_2)];
	return [property(text, VERSION_1), property(withFields(returns), VERSION_2_ONLY), property(withFields(returnsFromVersion3), FROM_VERSION_3)];
}

/** Simplify and the tool's Output of an operation that returns records, per node version. */
function operationOutputProperties({ returns, returnsFromVersion3 }: OperationModule): INodeProperties[] {
	if (!returns) return [];
	if (!returnsFromVersion3) return outputProperties(returns);
	return [...outputProperties(returns, VERSION_2_ONLY), ...outputProperties(returnsFromVersion3, FROM_VERSION_3)];
}

/** The node's Resource list, and per resource its Operation list and every operation's properties. */
export function resourceProperties(resources: Resource[]): INodeProperties[] {
	const resourceList: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map(({ name, value, description }): INodePropertyOptions => ({ name, value, description })),
		default: 'customer',
	};
	return [
		resourceList,
		...resources.flatMap((resource) => [
			operationList(resource),
			...resource.operations.flatMap((operation) =>
				updateDisplayOptions({ show: { resource: [resource.value], operation: [operation.option.value] } }, [
					...toolDescription(operation),
					...operation.properties,
					...operationOutputProperties(operation),
				]),
			),
		]),
	];
}

