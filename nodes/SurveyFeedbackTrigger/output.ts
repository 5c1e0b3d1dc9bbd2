import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { ServiceRecord } from '../shared/serviceRecord';

import { customerRecord, feedbackRecord, outboxRecord, type RecordShape, simplifyRecordAs } from '../shared/records';
import type { TriggerEvent } from './events';

/** The records each event emits. */
const RECORDS: Record<TriggerEvent, RecordShape> = {
	newCustomer: customerRecord,
	newFeedback: feedbackRecord,
	newOutboxRecord: outboxRecord,
};

/**
 * What the trigger emits of a record: version 1 the record whole; from version 2, with Simplify
 * on (the default), the fields workflows use most. Filters read the whole record before this.
 */
export function triggerOutput(ctx: IPollFunctions, event: TriggerEvent): (record: ServiceRecord) => IDataObject {
	const simplify = ctx.getNode().typeVersion >= 2 && (ctx.getNodeParameter('simple', true) as boolean);
	const shape = RECORDS[event];
	return simplify && shape ? (record) => simplifyRecordAs(shape, record) : (record) => record;
}
