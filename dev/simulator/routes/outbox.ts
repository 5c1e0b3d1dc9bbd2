/** Outbox: list with day-snapped dates (rule 3) and soft delete. */
import { outboxDay } from '../dates';
import { attributesFromQuery, oneOf, parsePaging, parseSort, runList, smallestSource, str } from '../query';
import type { Route } from '../router';
import { CHANNELS, SENT_BY, type OutboxRecord } from '../types';
import { outboxView } from '../views';
import { listResult, optionalDate, snapshotAttr } from './common';
import { softDeleteItems } from './deletes';

const SORT: Record<string, (o: OutboxRecord) => string | number> = {
	surveyCreatedDate: (o) => o.createdAt,
	sentDate: (o) => o.sentAt ?? 0,
	email: (o) => o.email.toLowerCase(),
};

export const outboxRoutes: Route[] = [
	{
		method: 'GET',
		path: '/api/v2/outbox',
		handler: ({ store, query }) => {
			const tz = store.account.timezone;
			const email = str(query, 'email')?.trim().toLowerCase();
			const campaignId = str(query, 'campaignId');
			const channel = oneOf(query, 'channel', CHANNELS);
			const sentBy = oneOf(query, 'sentBy', SENT_BY);
			const paging = parsePaging(query);
			const sort = parseSort(str(query, 'sort'), '-surveyCreatedDate', SORT, 'surveyCreatedDate');
			const ob = store.outbox;
			const { items, total } = runList({
				source: smallestSource(ob.all(), [
					email ? ob.bucket('email', email) : undefined,
					campaignId ? ob.bucket('campaign', campaignId) : undefined,
				]),
				time: ob.time,
				start: optionalDate(query, 'startDate', (v) => outboxDay(v, 'startDate', tz, 'start')),
				end: optionalDate(query, 'endDate', (v) => outboxDay(v, 'endDate', tz, 'end')),
				filters: [
					email ? (o) => o.email.toLowerCase() === email : undefined,
					campaignId ? (o) => o.campaignId === campaignId : undefined,
					channel ? (o) => o.channel === channel : undefined,
					sentBy ? (o) => o.sentBy === sentBy : undefined,
					attributesFromQuery(query, (o: OutboxRecord, name) => snapshotAttr(o, name)),
				],
				sort,
				paging,
			});
			return listResult('surveys', items.map((o) => outboxView(store, o)), total, paging, sort.raw);
		},
	},
	{
		method: 'DELETE',
		path: '/api/v2/outbox',
		handler: ({ store, body }) =>
			softDeleteItems(store, body, {
				listName: 'surveys',
				idField: 'surveyId',
				collection: store.outbox,
				remove: (o) => store.softDeleteOutbox(o),
			}),
	},
];
