import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { at } from '../../../shared/errors';
import { requireText } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import type { OperationOption, SingleOperation } from '../../operationModule';
import { recordOf } from '../lists/readRecords';

/** A text field the ID is typed in; the operation makes it a required string. */
type IdField = Pick<INodeProperties, 'displayName' | 'name' | 'description' | 'placeholder'>;

/**
 * A Get operation that reads one record by the ID (or other key) given in one field, typed in
 * (`id`) or picked with a resource locator (`locator`): GET `<path>/<id>`, the record itself as
 * the item.
 */
export function getByIdOperation(spec: { option: OperationOption; path: string } & ({ id: IdField } | { locator: INodeProperties })): SingleOperation {
	const locator = 'locator' in spec;
	const field: INodeProperties = locator ? spec.locator : { ...spec.id, type: 'string', required: true, default: '' };
	return {
		option: spec.option,
		properties: [field],
		async execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
			const value = locator ? this.getNodeParameter(field.name, itemIndex, undefined, { extractValue: true }) : this.getNodeParameter(field.name, itemIndex);
			const id = requireText(value, at({ node: this.getNode(), itemIndex }, field.displayName));
			return recordOf(await api.request({ method: 'GET', path: `${spec.path}/${encodeURIComponent(id)}`, itemIndex }));
		},
	};
}
