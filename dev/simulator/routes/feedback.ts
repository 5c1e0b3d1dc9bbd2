/** Feedback: list (also the deprecated responses list), by ID, soft delete, tags and topics. */
import { parseInstant } from '../dates';
import { badRequest, isObject, notFound, ok, type ApiResult } from '../http';
import { isObjectId } from '../ids';
import { attributesFromQuery, parsePaging, parseSort, runList, smallestSource, str } from '../query';
import type { Handler, Route } from '../router';
import { stringList, type AccountStore } from '../store';
import { SENTIMENTS, type Feedback, type Sentiment, type Topic } from '../types';
import { feedbackView } from '../views';
import { bodyObject, listResult, optionalDate, snapshotAttr } from './common';
import { softDeleteItems } from './deletes';

const SORT: Record<string, (f: Feedback) => string | number> = {
	createdDate: (f) => f.createdAt,
	score: (f) => f.score,
	email: (f) => f.email.toLowerCase(),
};

const listFeedback: Handler = ({ store, query }) => {
	const email = str(query, 'email')?.trim().toLowerCase();
	const customerId = str(query, 'customerId');
	const campaignId = str(query, 'campaignId');
	const paging = parsePaging(query);
	const sort = parseSort(str(query, 'sort'), '-createdDate', SORT, 'createdDate');
	const fb = store.feedback;
	const { items, total } = runList({
		source: smallestSource(fb.all(), [
			email ? fb.bucket('email', email) : undefined,
			customerId ? fb.bucket('customer', customerId) : undefined,
			campaignId ? fb.bucket('campaign', campaignId) : undefined,
		]),
		time: fb.time,
		start: optionalDate(query, 'startDate', (v) => parseInstant(v, 'startDate')),
		end: optionalDate(query, 'endDate', (v) => parseInstant(v, 'endDate')),
		filters: [
			email ? (f) => f.email.toLowerCase() === email : undefined,
			customerId ? (f) => f.customerId === customerId : undefined,
			campaignId ? (f) => f.campaignId === campaignId : undefined,
			attributesFromQuery(query, (f: Feedback, name) => snapshotAttr(f, name)),
		],
		sort,
		paging,
	});
	return listResult('responses', items.map((f) => feedbackView(store, f)), total, paging, sort.raw);
};

function feedbackFromBody(store: AccountStore, b: Record<string, unknown>): Feedback {
	if (b.id === undefined || b.id === null || b.id === '') throw badRequest('id is required.');
	if (!isObjectId(b.id)) throw badRequest('Invalid response ID.');
	const f = store.feedback.get(b.id);
	if (!f) throw notFound();
	return f;
}

/** op "append" adds; an empty or missing op overrides. */
function parseOp(v: unknown): 'append' | 'override' {
	if (v === undefined || v === null || v === '') return 'override';
	if (v === 'append') return 'append';
	throw badRequest('op must be "append" or empty.');
}

const setTags: Handler = ({ store, body }): ApiResult => {
	const b = bodyObject(body);
	const f = feedbackFromBody(store, b);
	const tags = b.tags === undefined ? [] : stringList(b.tags);
	if (!tags) throw badRequest('tags must be an array of strings.');
	const next = parseOp(b.op) === 'append' ? [...f.tags] : [];
	for (const t of tags) if (!next.some((x) => x.toLowerCase() === t.toLowerCase())) next.push(t);
	f.tags = next;
	return ok(feedbackView(store, f));
};

const setTopics: Handler = ({ store, body }): ApiResult => {
	const b = bodyObject(body);
	const f = feedbackFromBody(store, b);
	if (b.topics !== undefined && !Array.isArray(b.topics)) throw badRequest('topics must be an array.');
	const topics: Topic[] = ((b.topics as unknown[]) ?? []).map((t, i) => {
		if (!isObject(t) || typeof t.name !== 'string' || !t.name.trim()) throw badRequest(`topics[${i}].name is required.`);
		const sentiment = t.sentiment ?? 'neutral';
		if (!SENTIMENTS.includes(sentiment as Sentiment)) {
			throw badRequest(`topics[${i}].sentiment must be one of: ${SENTIMENTS.join(', ')}.`);
		}
		return { name: t.name.trim(), sentiment: sentiment as Sentiment };
	});
	const next = parseOp(b.op) === 'append' ? [...f.topics] : [];
	for (const t of topics) {
		const i = next.findIndex((x) => x.name.toLowerCase() === t.name.toLowerCase());
		if (i >= 0) next[i] = t;
		else next.push(t);
	}
	f.topics = next;
	return ok(feedbackView(store, f));
};

export const feedbackRoutes: Route[] = [
	{ method: 'GET', path: '/api/v2/feedback', handler: listFeedback },
	{
		method: 'GET',
		path: '/api/v2/feedback/:id',
		handler: ({ store, params }) => {
			if (!isObjectId(params.id)) throw badRequest('Invalid feedback ID.');
			const f = store.feedback.get(params.id);
			if (!f) throw notFound();
			return ok(feedbackView(store, f));
		},
	},
	{
		method: 'DELETE',
		path: '/api/v2/feedback',
		handler: ({ store, body }) =>
			softDeleteItems(store, body, {
				listName: 'responses',
				idField: 'feedbackId',
				collection: store.feedback,
				remove: (f) => store.softDeleteFeedback(f),
			}),
	},
	{ method: 'POST', path: '/api/v2/response/tags', handler: setTags },
	{ method: 'POST', path: '/api/v2/response/topics', handler: setTopics },
	// Deprecated aliases.
	{ method: 'GET', path: '/api/v2/nps/customers/response', handler: listFeedback },
	{ method: 'POST', path: '/api/v2/nps/customers/response/tags', handler: setTags },
];
