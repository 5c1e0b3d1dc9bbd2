import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { asItemError, at } from '../../../shared/errors';
import { optionalText, requireText } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import type { OperationOption, SingleOperation } from '../../operationModule';
import { readUnpagedList, recordOf } from '../lists/readRecords';
import { deletedRecord } from '../output/deleted';

/**
 * What email and domain suppressions share: the list, the removal by ID, the note. The kind is the
 * path segment, and where the list puts its records.
 */
export type SuppressionKind = 'emails' | 'domains';

const ONLY_MANUAL =
	'Only suppressions added manually (through the API or the dashboard) can be removed; the ones the service adds itself, such as bounces, complaints and built-in lists, cannot.';

const suppressionIdField: INodeProperties = {
	displayName: 'Suppression ID',
	name: 'suppressionId',
	type: 'string',
	required: true,
	default: '',
	description:
		'ID of the suppression, as Get Many or Add returns it. Only suppressions added manually (through the API or the dashboard) can be removed; the ones the service adds itself, such as bounces, complaints and built-in lists, cannot.',
};

export const noteField: INodeProperties = {
	displayName: 'Note',
	name: 'note',
	type: 'string',
	default: '',
	description: 'Why the address is suppressed, for whoever reads the list later',
};

export async function listSuppressions(api: ServiceApi, itemIndex: number, kind: SuppressionKind): Promise<IDataObject[]> {
	return readUnpagedList(api, itemIndex, { method: 'GET', path: `/api/v2/suppressions/${kind}` }, kind);
}

export function readNote(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	return optionalText(ctx.getNodeParameter('note', itemIndex, ''), at({ node: ctx.getNode(), itemIndex }, 'Note'));
}

export async function addSuppression(api: ServiceApi, itemIndex: number, kind: SuppressionKind, body: IDataObject): Promise<IDataObject> {
	return recordOf(await api.request({ method: 'POST', path: `/api/v2/suppressions/${kind}`, body, itemIndex }));
}

async function removeSuppression(ctx: IExecuteFunctions, api: ServiceApi, itemIndex: number, kind: SuppressionKind): Promise<IDataObject> {
	const id = requireText(ctx.getNodeParameter('suppressionId', itemIndex), at({ node: ctx.getNode(), itemIndex }, 'Suppression ID'));
	try {
		const answer = recordOf(await api.request({ method: 'DELETE', path: `/api/v2/suppressions/${kind}/${encodeURIComponent(id)}`, itemIndex }));
		return deletedRecord(ctx, { suppressionId: id }, answer);
	} catch (error) {
		// The service refuses to remove an automatic suppression with a 400; say why, whatever its wording.
		const failure = asItemError(ctx.getNode(), error, itemIndex);
		if (failure instanceof NodeApiError && failure.httpCode === '400') failure.description = `${ONLY_MANUAL} ${failure.description ?? ''}`.trim();
		throw failure;
	}
}

/** The Remove operation of a kind of suppression: DELETE by the Suppression ID, one request per item. */
export function removeSuppressionOperation(kind: SuppressionKind, option: OperationOption): SingleOperation {
	return {
		option,
		properties: [suppressionIdField],
		async execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
			return await removeSuppression(this, api, itemIndex, kind);
		},
	};
}
