import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ServiceRecord } from '../shared/serviceRecord';

import { fieldError } from '../shared/errors';
import { MAX_PAGE_SIZE, readPage, walkPages, type PageWalk } from '../shared/paging';
import type { ApiRequest, ServiceApi, Transport } from '../shared/transport';
import {
	EVENTS,
	outboxWindowStart,
	toInstant,
	type EventDefinition,
	type Fetched,
	type TriggerEvent,
} from './events';
import { matchesLocally, readFilters, readStartFrom, type TriggerFilters } from './filters';
import { triggerOutput } from './output';
import { pagePlacer } from './placement';
import { activationOf, type PollGuard, type RunningPoll, type Skipped } from './pollGuard';
import { advance, readState, stateScope, writeState, type Watermark } from './state';

/** Records read on the first poll to find the newest timestamp (more pages only if they all share it). */
const START_PAGE_SIZE = 100;
/** The outbox's first page is small when the trigger is idle; it grows with the IDs at the watermark. */
const OUTBOX_PROBE_MIN = 100;
const OUTBOX_PROBE_MARGIN = 50;
/** Fetch Test Event with a score range: how many pages of 1000 to search for a matching response. */
const MANUAL_SCAN_PAGES = 5;
/** Share of the host's poll budget (n8n 2.38+) a forward walk may use before it stops at a page boundary. */
const BUDGET_SHARE = 0.8;

/** One page of a list, read on its own (not as part of a walk). */
async function fetchPage(api: ServiceApi, request: ApiRequest, recordsKey: string, page: number, limit: number, step?: string) {
	return readPage(api, { request, recordsKey, pageSize: limit }, page, step);
}

/**
 * What a poll's walk read: the records new to the trigger, oldest first, and the records it had
 * seen before whose time is their place in the service's order (see placement.ts). Their place
 * can move up as newer records arrive; the position keeps their IDs while it is that place.
 */
interface Walked {
	fresh: Fetched[];
	placedAgain: Fetched[];
}

function listRequest(definition: EventDefinition, qs: IDataObject): ApiRequest {
	return { method: 'GET', path: definition.path, qs, label: definition.label };
}

/**
 * Walks a list newest first, page after page, until `visit` says it has seen enough or the list
 * ends. Records inserted while it walks push older ones onto later pages, so a record can be met
 * twice (callers de-duplicate by ID) but not skipped; only a record deleted meanwhile could pull
 * one past a page boundary (a documented limit). A page sent twice fails the poll: stopping quietly
 * could skip records, and the next poll starts over from the same state.
 */
async function walkBack(ctx: IPollFunctions, api: ServiceApi, walk: PageWalk, visit: (records: ServiceRecord[]) => boolean): Promise<void> {
	for await (const { records } of walkPages(ctx, api, { ...walk, onRepeatedPage: 'fail' })) {
		if (visit(records)) return;
	}
}

/** First poll without Start From: the newest record's timestamp and every ID at it, read without filters. */
async function newestWatermark(ctx: IPollFunctions, api: ServiceApi, definition: EventDefinition): Promise<Watermark> {
	let time: number | undefined;
	const ids = new Set<string>();
	const walk = { request: listRequest(definition, { sort: `-${definition.timeField}` }), recordsKey: definition.recordsKey, pageSize: START_PAGE_SIZE };
	const place = pagePlacer(ctx, definition, 'newestFirst');
	await walkBack(ctx, api, walk, (records) => {
		for (const { id, time: t } of place(records)) {
			time ??= t;
			if (t < time) return true;
			if (t === time) ids.add(id);
		}
		return false;
	});
	return { time, ids: [...ids] };
}

function pollDeadline(ctx: IPollFunctions): number | undefined {
	const host = ctx as { getPollBudgetMs?: () => unknown };
	if (typeof host.getPollBudgetMs !== 'function') return undefined;
	const budget = host.getPollBudgetMs();
	return typeof budget === 'number' && Number.isFinite(budget) ? Date.now() + Math.max(0, budget) * BUDGET_SHARE : undefined;
}

/**
 * Customers and feedback, whose `startDate` is an exact inclusive instant: ask for records at
 * or after the watermark, oldest first, and move the cursor to the last record of each full
 * page (a new query, not page 2), so records inserted or deleted meanwhile never shift what is
 * still to come. Records at the cursor instant come again on the next page and are dropped by
 * ID. Should a full page hold one instant only, that instant is read page by page on its own.
 * Stopping after any page leaves a consistent state, which is how a poll budget is honoured.
 */
async function walkForward(ctx: IPollFunctions, api: ServiceApi, definition: EventDefinition, filters: TriggerFilters, from: Watermark): Promise<Walked> {
	const seen = new Set(from.ids);
	const found: Fetched[] = [];
	const placedAgain: Fetched[] = [];
	const deadline = pollDeadline(ctx);
	const sort = definition.timeField;
	const take = (entries: Fetched[], cursor: number | undefined) => {
		for (const entry of entries) {
			if (cursor !== undefined && entry.time < cursor) continue;
			if (seen.has(entry.id)) {
				if (entry.placed) placedAgain.push(entry);
				continue;
			}
			seen.add(entry.id);
			found.push(entry);
		}
	};
	// Every query starts at the cursor, inclusive: no record of its answer is older than the cursor.
	const place = pagePlacer(ctx, definition, 'oldestFirst');
	const read = (records: ServiceRecord[], cursor: number | undefined) => place(records, cursor);
	const walked = (): Walked => ({ fresh: found, placedAgain });

	let cursor = from.time;
	let readSoFar = 0;
	for (;;) {
		const qs = { ...filters.query, sort, ...(cursor === undefined ? {} : { startDate: toInstant(cursor) }) };
		const step = readSoFar ? `the page after ${readSoFar} records (none are emitted)` : undefined;
		const page = await fetchPage(api, listRequest(definition, qs), definition.recordsKey, 1, MAX_PAGE_SIZE, step);
		readSoFar += page.records.length;
		const entries = read(page.records, cursor);
		take(entries, cursor);
		if (page.last) return walked();
		const lastTime = entries[entries.length - 1].time;
		if (cursor !== undefined && lastTime <= cursor) {
			if (entries.some(({ time }) => time !== cursor)) {
				throw new NodeOperationError(ctx.getNode(), `The service did not sort ${definition.path} by ${sort}`, {
					description: 'The trigger needs the oldest records first to read every page exactly once. Nothing was emitted; the next poll tries again.',
				});
			}
			// A full page of one instant: read that instant page by page, then move past it.
			const instant = toInstant(cursor);
			const walk: PageWalk = {
				request: listRequest(definition, { ...filters.query, sort, startDate: instant, endDate: instant }),
				recordsKey: definition.recordsKey,
				onRepeatedPage: 'fail',
			};
			for await (const { records } of walkPages(ctx, api, walk)) take(read(records, cursor), cursor);
			cursor += 1;
		} else {
			cursor = lastTime;
		}
		if (deadline !== undefined && Date.now() >= deadline) return walked();
	}
}

/**
 * The outbox, whose `startDate` the service snaps to a whole day in the account's time zone:
 * read newest first, from the day before the watermark's, until a record older than the
 * watermark shows up. An idle poll is one small page; a busy one walks every page down to the
 * watermark. Records come out oldest first.
 */
async function walkOutbox(ctx: IPollFunctions, api: ServiceApi, definition: EventDefinition, filters: TriggerFilters, from: Watermark): Promise<Walked> {
	const known = new Set(from.ids);
	const found: Fetched[] = [];
	const placedAgain: Fetched[] = [];
	const qs: IDataObject = { ...filters.query, sort: `-${definition.timeField}` };
	if (from.time !== undefined) qs.startDate = outboxWindowStart(from.time);
	const request = listRequest(definition, qs);
	let place = pagePlacer(ctx, definition, 'newestFirst');
	/** Takes the new records of a page; true once the page reaches below the watermark. */
	const visit = (records: ServiceRecord[]) => {
		let reached = false;
		for (const entry of place(records)) {
			if (from.time !== undefined && entry.time < from.time) {
				reached = true;
				continue;
			}
			if (known.has(entry.id)) {
				if (entry.placed) placedAgain.push(entry);
				continue;
			}
			known.add(entry.id);
			found.push(entry);
		}
		return reached;
	};
	const walked = (): Walked => ({ fresh: found.reverse(), placedAgain });

	const probeSize = Math.max(OUTBOX_PROBE_MIN, from.ids.length + OUTBOX_PROBE_MARGIN);
	if (from.time !== undefined && probeSize < MAX_PAGE_SIZE) {
		const { records, last } = await fetchPage(api, request, definition.recordsKey, 1, probeSize);
		if (visit(records) || last) return walked();
		// A busy poll: walk from page 1 again with full pages. Start afresh so that records
		// inserted meanwhile (on top of page 1) keep their place in the order.
		found.length = 0;
		placedAgain.length = 0;
		known.clear();
		for (const id of from.ids) known.add(id);
		place = pagePlacer(ctx, definition, 'newestFirst');
	}
	await walkBack(ctx, api, { request, recordsKey: definition.recordsKey }, visit);
	return walked();
}

/** Fetch Test Event: the newest record that passes every filter, as one item; the state is not touched. */
async function latestSample(ctx: IPollFunctions, api: ServiceApi, definition: EventDefinition, filters: TriggerFilters): Promise<INodeExecutionData[][]> {
	const request = listRequest(definition, { ...filters.query, sort: `-${definition.timeField}` });
	let sample: ServiceRecord | undefined;
	let checked = 0;
	if (!filters.scoreRange) {
		sample = (await fetchPage(api, request, definition.recordsKey, 1, 1)).records[0];
	} else {
		let pages = 0;
		for await (const { records } of walkPages(ctx, api, { request, recordsKey: definition.recordsKey })) {
			checked += records.length;
			sample = records.find((record) => matchesLocally(filters, record));
			if (sample || ++pages >= MANUAL_SCAN_PAGES) break;
		}
	}
	if (!sample) {
		throw new NodeOperationError(ctx.getNode(), `No ${definition.noun} matching the filters was found`, {
			description:
				checked > 0
					? `None of the ${checked} newest ${definition.noun}s that pass the other filters has a score in the chosen range. Widen the filters, or activate the workflow to wait for the next one.`
					: `The account has no ${definition.noun} that passes these filters yet. Widen the filters, or activate the workflow to wait for the next one.`,
		});
	}
	return [[{ json: triggerOutput(ctx, definition.event)(sample) }]];
}

/** n8n's log says which new record had no readable time and where the trigger placed it. */
function warnPlaced(ctx: IPollFunctions, definition: EventDefinition, { record, id, time }: Fetched): void {
	const node = ctx.getNode().name;
	const { noun, timeField } = definition;
	ctx.logger.warn(
		`Survey Feedback Trigger "${node}": the service sent ${noun} ${id} with ${timeField} = ${JSON.stringify(record[timeField] ?? null)}, which cannot be read as a time; ` +
			`it is emitted once, in the place the service's order gives it (${toInstant(time)})`,
		{ workflowId: ctx.getWorkflow().id, node },
	);
}

/**
 * One poll. Fetch Test Event (a manual run) reads the newest sample and leaves the state alone.
 * An active workflow's poll runs under the guard: one poll of this trigger at a time in the
 * n8n instance, never from a position older than one it just handed n8n; a poll n8n starts
 * meanwhile, or with such a position, returns null at once (see PollGuard).
 */
export async function pollTrigger(this: IPollFunctions, transport: Transport, guard: PollGuard): Promise<INodeExecutionData[][] | null> {
	const event = this.getNodeParameter('event', 'newFeedback') as TriggerEvent;
	const definition = EVENTS[event];
	if (!definition) throw fieldError({ node: this.getNode(), field: 'Trigger On' }, `"${event}" is not a known event`);
	const api = transport.for(this, definition.label);
	const filters = readFilters(this, definition);
	if (this.getMode() === 'manual') return latestSample(this, api, definition, filters);

	const staticData = this.getWorkflowStaticData('node');
	const node = this.getNode();
	const trigger = `${this.getWorkflow().id ?? ''}/${node.id ?? node.name}`;
	return await guard.run(
		trigger,
		{ activation: activationOf(this, staticData), position: JSON.stringify(staticData) },
		async (run) => await pollNewRecords(this, api, definition, filters, staticData, run),
		(why) => {
			this.logger.info(`Survey Feedback Trigger "${node.name}": ${SKIPPED[why]}`, { workflowId: this.getWorkflow().id, node: node.name });
			return null;
		},
	);
}

/** What n8n's log says of a check that returned at once. */
const SKIPPED: Record<Skipped, string> = {
	running: 'the previous check is still running, so this one is skipped; the next check after it goes on from where it ends',
	stale:
		'this check was handed the position the previous check started from, read before that check was stored, so it is skipped; the next check reads the stored position',
};

/**
 * The poll of an active workflow. The state is read once and written once, after every page was
 * read: when a request fails (a 5xx or network error after the transport's retries, a 429 past
 * the credential's wait), the error is thrown, n8n keeps the state it had, and the next poll reads
 * the same records again. A poll that the guard found superseded by a newer activation of the
 * workflow (n8n before 2.37; later n8n drops such a result itself) writes nothing and emits nothing.
 */
async function pollNewRecords(
	ctx: IPollFunctions,
	api: ServiceApi,
	definition: EventDefinition,
	filters: TriggerFilters,
	staticData: IDataObject,
	run: RunningPoll,
): Promise<INodeExecutionData[][] | null> {
	const startFrom = readStartFrom(ctx);
	const scope = stateScope(definition.event, startFrom);
	let from = readState(staticData, scope);
	if (!from) {
		if (startFrom === undefined) {
			// Start from now: remember the newest record, emit nothing.
			const newest = await newestWatermark(ctx, api, definition);
			if (run.isCurrent()) writeState(staticData, scope, newest);
			return null;
		}
		from = { time: startFrom, ids: [] };
	}

	const { fresh, placedAgain } =
		definition.dateRule === 'instant'
			? await walkForward(ctx, api, definition, filters, from)
			: await walkOutbox(ctx, api, definition, filters, from);
	if (!run.isCurrent()) return null;
	// JavaScript's sort is stable: records sharing a timestamp keep the service's order.
	fresh.sort((a, b) => a.time - b.time);
	// The watermark moves over every new record, also those the score range drops.
	writeState(staticData, scope, advance(from, [...fresh, ...placedAgain]));
	for (const entry of fresh) if (entry.placed) warnPlaced(ctx, definition, entry);

	const emitted = triggerOutput(ctx, definition.event);
	const items = fresh.filter(({ record }) => matchesLocally(filters, record)).map(({ record }) => ({ json: emitted(record) }));
	return items.length ? [items] : null;
}
