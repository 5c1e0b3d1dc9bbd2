import type { IDataObject } from 'n8n-workflow';

import type { ServiceRecord } from '../../../shared/serviceRecord';
import { GONE, withoutStatus } from '../bulk/answerRows';
import type { ItemResult } from '../../operationModule';

const isObject = (value: unknown): value is ServiceRecord => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * What the answer to a request of one item's own says of it (a suppression added or removed, a
 * response's tags or topics set): the service's word where its `data` carries a `status`, else
 * `accepted`, with what `data` holds and the answer's message, which here is the item's own.
 * `record`: `data` is the updated record itself (a feedback response, whose `status` is its own,
 * not the write's), returned under that name. `deletes`: the spec says a success removes what the
 * item named.
 */
export function ownRequestResult(body: ServiceRecord, item: IDataObject, options: { record?: string; deletes?: boolean } = {}): ItemResult {
	const data = isObject(body.data) && Object.keys(body.data).length ? body.data : undefined;
	const message = typeof body.message === 'string' && body.message !== '' ? { message: body.message } : {};
	const deleted = options.deletes ? { deleted: true } : {};
	if (options.record) return { kind: 'accepted', item, ...(data ? { fields: { [options.record]: data } } : {}), ...message, ownRequest: true };
	const status = data?.status;
	if (data && typeof status === 'string' && status !== '') {
		return { kind: 'stated', item, status, fields: withoutStatus(data), ...(options.deletes ? { deleted: GONE.has(status.toLowerCase()) } : {}) };
	}
	return { kind: 'accepted', item, ...(data ? { fields: data } : {}), ...message, ...deleted, ownRequest: true };
}
