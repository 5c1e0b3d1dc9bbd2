import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionalText, requireText } from '../../../shared/inputs';
import { getAllRecords } from '../../../shared/paging';
import { apiRequest } from '../../../shared/transport';

/**
 * What email and domain suppressions share: the list, the removal by ID, the note. Domain
 * Suppression imports this file too.
 */
export interface SuppressionKind {
	/** `emails` or `domains`: the path segment, and where the list puts its records. */
	segment: 'emails' | 'domains';
	/** "Email Suppression" or "Domain Suppression", for error messages. */
	label: string;
}

export const EMAIL_SUPPRESSION: SuppressionKind = { segment: 'emails', label: 'Email Suppression' };
export const DOMAIN_SUPPRESSION: SuppressionKind = { segment: 'domains', label: 'Domain Suppression' };

const ONLY_MANUAL =
	'Only suppressions added manually (through the API or the dashboard) can be removed; the ones the service adds itself, such as bounces, complaints and built-in lists, cannot.';

export const suppressionIdField: INodeProperties = {
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

export async function listSuppressions(this: IExecuteFunctions, itemIndex: number, kind: SuppressionKind): Promise<IDataObject[]> {
	return getAllRecords.call(this, itemIndex, {
		request: { method: 'GET', path: `/api/v2/suppressions/${kind.segment}`, operation: `${kind.label}: Get Many` },
		recordsKey: kind.segment,
	});
}

export function readNote(this: IExecuteFunctions, itemIndex: number): string | undefined {
	return optionalText(this.getNodeParameter('note', itemIndex, ''), { node: this.getNode(), itemIndex, field: 'Note' });
}

export async function addSuppression(
	this: IExecuteFunctions,
	itemIndex: number,
	kind: SuppressionKind,
	body: IDataObject,
): Promise<IDataObject> {
	const answer = await apiRequest.call(this, {
		method: 'POST',
		path: `/api/v2/suppressions/${kind.segment}`,
		body,
		operation: `${kind.label}: Add`,
		itemIndex,
	});
	return (answer.data as IDataObject) ?? answer;
}

export async function removeSuppression(this: IExecuteFunctions, itemIndex: number, kind: SuppressionKind): Promise<IDataObject> {
	const id = requireText(this.getNodeParameter('suppressionId', itemIndex), {
		node: this.getNode(),
		itemIndex,
		field: 'Suppression ID',
	});
	try {
		const answer = await apiRequest.call(this, {
			method: 'DELETE',
			path: `/api/v2/suppressions/${kind.segment}/${encodeURIComponent(id)}`,
			operation: `${kind.label}: Remove`,
			itemIndex,
		});
		return (answer.data as IDataObject) ?? answer;
	} catch (error) {
		// The service refuses to remove an automatic suppression with a 400; say why, whatever its wording.
		const failure = error as Error & { httpCode?: string; description?: string };
		if (failure.httpCode === '400') failure.description = `${ONLY_MANUAL} ${failure.description ?? ''}`.trim();
		throw error;
	}
}
