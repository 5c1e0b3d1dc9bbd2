import type { IDataObject } from 'n8n-workflow';

import { timeOf } from '../shared/dates';
import { toInstant, type Fetched } from './events';

/**
 * Where the trigger stands: the newest record's own timestamp (`time`), and the IDs of the
 * records already emitted at exactly that timestamp (`ids`). The next poll asks for records
 * at or after `time` and drops those IDs. `time` undefined means "from the very beginning":
 * the list was empty when the trigger started, so everything that appears is new.
 */
export interface Watermark {
	time?: number;
	ids: string[];
}

/** What is kept in the node's static data; small and readable in the workflow's JSON. */
interface StoredState {
	version: 1;
	/** The event and Start From the state belongs to; another value starts the trigger again. */
	scope: string;
	watermark: string | null;
	idsAtWatermark: string[];
}

const STATE_VERSION = 1;

export function stateScope(event: string, startFrom: number | undefined): string {
	return startFrom === undefined ? event : `${event} from ${toInstant(startFrom)}`;
}

/** The saved watermark, or undefined when there is none for this scope (first poll, or the event changed). */
export function readState(staticData: IDataObject, scope: string): Watermark | undefined {
	const stored = staticData as Partial<StoredState>;
	if (stored.version !== STATE_VERSION || stored.scope !== scope) return undefined;
	if (!Array.isArray(stored.idsAtWatermark) || !stored.idsAtWatermark.every((id) => typeof id === 'string')) {
		return undefined;
	}
	if (stored.watermark === null) return { ids: [...stored.idsAtWatermark] };
	const time = timeOf(stored.watermark);
	return time === undefined ? undefined : { time, ids: [...stored.idsAtWatermark] };
}

/**
 * Replaces the static data with the new state, and only when it changed. Called once, after
 * every page was fetched: a poll that fails part-way leaves the state as it was.
 */
export function writeState(staticData: IDataObject, scope: string, watermark: Watermark): void {
	const next: StoredState = {
		version: STATE_VERSION,
		scope,
		watermark: watermark.time === undefined ? null : toInstant(watermark.time),
		idsAtWatermark: watermark.ids,
	};
	const current = JSON.stringify(staticData);
	if (current === JSON.stringify(next)) return;
	for (const key of Object.keys(staticData)) delete staticData[key];
	Object.assign(staticData, next);
}

/**
 * The watermark after a poll read `records` (every record at or after the old watermark that
 * was not seen before, whether it passed the local filters or not, and those seen before whose
 * time is their place in the service's order): the newest timestamp among them, and every ID at
 * exactly that timestamp, including the ones kept from before when the timestamp did not move.
 * It never moves back.
 */
export function advance(from: Watermark, records: Fetched[]): Watermark {
	const after = from.time === undefined ? records : records.filter(({ time: t }) => t >= (from.time as number));
	if (after.length === 0) return from;
	const time = after.reduce((newest, { time: t }) => Math.max(newest, t), -Infinity);
	const ids = new Set(from.time === time ? from.ids : []);
	for (const record of after) if (record.time === time) ids.add(record.id);
	return { time, ids: [...ids] };
}
