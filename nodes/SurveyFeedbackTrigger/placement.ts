import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ServiceRecord } from '../shared/serviceRecord';

import { timeOf } from '../shared/dates';
import { identityOf, type EventDefinition, type Fetched } from './events';

/**
 * Reads the time of each record of a walk, page by page, in the order the service sent them.
 *
 * A record whose time field cannot be read (null, absent, a format the trigger does not know) is
 * placed by the service's order, since the list is sorted by that field: it takes the time of the
 * nearest readable record on its newer side, an upper bound of its own time. Once the position
 * has moved past that time, the record lies behind the position for good, so it is emitted once
 * and, read again while its place is the position, recognised by its ID. A record with no readable
 * record on its newer side (the newest on the page) takes the nearest on its older side, or
 * `olderBound` (the query's inclusive `startDate`), a lower bound: it is then newer than the
 * position or at it, never left out.
 *
 * A page with records and not one readable time cannot be placed at all: the answer's format has
 * changed, and the poll fails without emitting or moving the position.
 *
 * `newestFirst` walks carry the oldest readable time of the pages before as the newer bound of
 * the next page's first records.
 */
export function pagePlacer(ctx: IPollFunctions, definition: EventDefinition, order: 'newestFirst' | 'oldestFirst') {
	let newerBound: number | undefined;
	return (records: ServiceRecord[], olderBound?: number): Fetched[] => {
		const times = records.map((record) => timeOf(record[definition.timeField]));
		if (records.length > 0 && times.every((time) => time === undefined)) throw formatChanged(ctx, definition, records);
		const before = nearestReadable(times, order === 'newestFirst' ? newerBound : olderBound);
		const after = nearestReadable([...times].reverse(), order === 'newestFirst' ? olderBound : undefined).reverse();
		const [newer, older] = order === 'newestFirst' ? [before, after] : [after, before];
		const entries = records.map((record, i): Fetched => {
			const time = times[i];
			const id = identityOf(definition, record);
			return time === undefined ? { record, id, time: (newer[i] ?? older[i]) as number, placed: true } : { record, id, time, placed: false };
		});
		if (order === 'newestFirst') newerBound = [...times].reverse().find((time) => time !== undefined) ?? newerBound;
		return entries;
	};
}

/** For each position, the last readable time before it (or `start` when there is none). */
function nearestReadable(times: Array<number | undefined>, start: number | undefined): Array<number | undefined> {
	let last = start;
	return times.map((time) => {
		const nearest = last;
		if (time !== undefined) last = time;
		return nearest;
	});
}

function formatChanged(ctx: IPollFunctions, definition: EventDefinition, records: ServiceRecord[]): NodeOperationError {
	const { noun, timeField, path } = definition;
	const first = records[0];
	return new NodeOperationError(ctx.getNode(), `The service's answer format changed: no ${noun} on the page has a readable ${timeField}`, {
		description:
			`None of the ${records.length} records on this page of ${path} has a ${timeField} the trigger can read ` +
			`(${noun} ${identityOf(definition, first)} has ${timeField} = ${JSON.stringify(first[timeField] ?? null)}). ` +
			'The trigger orders records by this timestamp and cannot place them. Nothing was emitted and the position is kept, so the next poll tries again.',
	});
}
