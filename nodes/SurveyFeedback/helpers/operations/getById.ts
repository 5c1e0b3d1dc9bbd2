import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { at } from '../../../shared/errors';
import { requireText } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import type { OperationOption, SingleOperation } from '../../actions/operationModule';
import { recordOf } from '../lists/readRecords';

/**
 * A Get operation that reads one record by the ID (or other key) typed in one field:
 * GET `<path>/<id>`, the record itself as the item.
 */
export function getByIdOperation(spec: {
	option: OperationOption;
	/** The field the ID is typed in. */
	id: Pick<INodeProperties, 'displayName' | 'name' | 'description' | 'placeholder'>;
	path: string;
}): SingleOperation {
	return {
		option: spec.option,
		properties: [{ ...spec.id, type: 'string', required: true, default: '' }],
		async execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
			const id = requireText(this.getNodeParameter(spec.id.name, itemIndex), at({ node: this.getNode(), itemIndex }, spec.id.displayName));
			return recordOf(await api.request({ method: 'GET', path: `${spec.path}/${encodeURIComponent(id)}`, itemIndex }));
		},
	};
}
