import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { asItemError, at } from '../../../shared/errors';
import { optionalText, requireText } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import type { ItemResult, OperationOption, SingleWrite } from '../../operationModule';
import { readUnpagedList, recordOf } from '../lists/readRecords';
import { ownRequestResult } from '../output/ownRequest';
import { isVersion3OrLater } from '../versions';

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

/**
 * Adds a suppression. Versions 1 and 2 return the service's record; from version 3 the item says
 * what it suppressed (`item`: the email, or the pattern) and its status, with the service's answer.
 */
export async function addSuppression(ctx: IExecuteFunctions, api: ServiceApi, itemIndex: number, kind: SuppressionKind, body: IDataObject, item: IDataObject): Promise<ItemResult> {
	const answer = await api.request({ method: 'POST', path: `/api/v2/suppressions/${kind}`, body, itemIndex });
	return isVersion3OrLater(ctx) ? ownRequestResult(answer, item) : { kind: 'records', records: recordOf(answer) };
}

/**
 * Removes a suppression by its ID. Version 1 returns the service's record; from version 2 the item
 * names the suppression (version 2 with `deleted: true`, from version 3 with its status).
 */
async function removeSuppression(ctx: IExecuteFunctions, api: ServiceApi, itemIndex: number, kind: SuppressionKind): Promise<ItemResult> {
	const id = requireText(ctx.getNodeParameter('suppressionId', itemIndex), at({ node: ctx.getNode(), itemIndex }, 'Suppression ID'));
	try {
		const answer = await api.request({ method: 'DELETE', path: `/api/v2/suppressions/${kind}/${encodeURIComponent(id)}`, itemIndex });
		return ctx.getNode().typeVersion >= 2 ? ownRequestResult(answer, { suppressionId: id }, { deletes: true }) : { kind: 'records', records: recordOf(answer) };
	} catch (error) {
		// The service refuses to remove an automatic suppression with a 400; say why, whatever its wording.
		const failure = asItemError(ctx.getNode(), error, itemIndex);
		if (failure instanceof NodeApiError && failure.httpCode === '400') failure.description = `${ONLY_MANUAL} ${failure.description ?? ''}`.trim();
		throw failure;
	}
}

/** The Remove operation of a kind of suppression: DELETE by the Suppression ID, one request per item. */
export function removeSuppressionOperation(kind: SuppressionKind, option: OperationOption): SingleWrite {
	return {
		option,
		properties: [suppressionIdField],
		async write(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<ItemResult> {
			return await removeSuppression(this, api, itemIndex, kind);
		},
	};
}
