/** Reports (date rule 4), scores per metric, trend groups with current vs baseline. */
import { DateTime } from 'luxon';
import { timeRange } from '../collection';
import { groupByDay, parseInstant, reportDay } from '../dates';
import { ApiError, badRequest, iso, notFound, ok } from '../http';
import { SCORE_RANGE, scoreObject, summarize } from '../metrics';
import { type Query, str } from '../query';
import type { Route } from '../router';
import type { AccountStore } from '../store';
import { METRICS, type Campaign, type Feedback, type Metric, type TrendGroup } from '../types';
import { trendGroupView, upper } from '../views';

function campaignReport(store: AccountStore, c: Campaign, start?: number, end?: number) {
	const tz = store.account.timezone;
	const bucket = store.feedback.bucket('campaign', c.id);
	const [lo, hi] = timeRange(bucket, store.feedback.time, start, end);
	const rows = bucket.slice(lo, hi);
	const summary = summarize(c.metric, rows.map((f) => f.score));

	const trend = groupByDay(rows, store.feedback.time, tz).map(([day, list]) => {
		const s = summarize(c.metric, list.map((f) => f.score));
		return { day, promoters: s.promotersCount, passives: s.passivesCount, detractors: s.detractorsCount, total: s.totalResponses, score: s.score };
	});

	const outbox = store.outbox.bucket('campaign', c.id);
	const [olo, ohi] = timeRange(outbox, store.outbox.time, start, end);
	const delivery = { sent: 0, opened: 0, responded: 0, bounced: 0, optedOut: 0, responseRate: 0 };
	for (let i = olo; i < ohi; i++) {
		const o = outbox[i];
		if (o.sentBy === 'test') continue;
		if (o.sentAt !== null) delivery.sent++;
		if (o.openedAt !== null) delivery.opened++;
		if (o.respondedAt !== null) delivery.responded++;
		if (o.status === 'bounced') delivery.bounced++;
		if (o.optedOut) delivery.optedOut++;
	}
	delivery.responseRate = delivery.sent ? Math.round((100 * delivery.responded) / delivery.sent) : 0;

	const last = rows[rows.length - 1];
	const named = {
		campaignId: c.id,
		questionsStats: questionsStats(store, c, rows),
		trend,
		last: last ? { id: last.id, email: last.email, score: last.score, comment: last.comment, createdDate: iso(last.createdAt) } : null,
		deliveryStats: delivery,
	};
	// The reference names only these; the summary, the campaign's name and metric and the range are the simulator's.
	if (store.responses === 'spec') return named;
	return {
		campaignId: c.id,
		campaignName: c.name,
		metric: upper(c.metric),
		startDate: start === undefined ? null : iso(start),
		endDate: end === undefined ? null : iso(end),
		...summary,
		questionsStats: questionsStats(store, c, rows),
		trend,
		last: last ? { id: last.id, email: last.email, score: last.score, comment: last.comment, createdDate: iso(last.createdAt) } : null,
		deliveryStats: delivery,
	};
}

function questionsStats(store: AccountStore, c: Campaign, rows: Feedback[]) {
	const t = store.template(c.templateId);
	if (!t) return [];
	return t.questions.map((q) => {
		const base = { uuid: q.uuid, type: q.type, text: q.text, isMain: q.isMain };
		if (q.isMain) {
			const [min, max] = SCORE_RANGE[c.metric];
			const distribution: Record<string, number> = {};
			for (let s = min; s <= max; s++) distribution[s] = 0;
			for (const f of rows) distribution[f.score]++;
			const avg = rows.length ? rows.reduce((a, f) => a + f.score, 0) / rows.length : 0;
			return { ...base, responses: rows.length, average: Math.round(avg * 100) / 100, distribution };
		}
		const answers = rows.flatMap((f) => f.additionalQuestions.filter((a) => a.uuid === q.uuid).map((a) => a.answer));
		if (q.type === 'RATING') {
			const nums = answers.filter((a): a is number => typeof a === 'number');
			const avg = nums.length ? nums.reduce((a, b) => a + b, 0) / nums.length : 0;
			return { ...base, responses: nums.length, average: Math.round(avg * 100) / 100 };
		}
		if (q.type === 'MULTIPLE_OPTIONS') {
			const chosen = answers.flatMap((a) => (Array.isArray(a) ? a : []));
			const options = (q.options ?? []).map((o) => ({ ...o, count: chosen.filter((x) => x === o.uuid || x === o.text).length }));
			return { ...base, responses: answers.length, options };
		}
		return { ...base, responses: answers.length };
	});
}

function reportRange(store: AccountStore, q: Query) {
	const tz = store.account.timezone;
	const s = str(q, 'startDate');
	const e = str(q, 'endDate');
	return {
		start: s ? reportDay(s, tz, 'start') : undefined,
		end: e ? reportDay(e, tz, 'end') : undefined,
	};
}

// ---------------------------------------------------------------- trends

export const TREND_PRESETS = [
	'today', 'yesterday', 'past-week', 'past-month', 'past-3-months', 'past-6-months', 'past-year',
	'this-month-to-date', 'this-quarter-to-date', 'this-year-to-date', 'custom',
] as const;
type Preset = (typeof TREND_PRESETS)[number];

function presetRange(preset: Exclude<Preset, 'custom'>, now: number, tz: string): [number, number] {
	const n = DateTime.fromMillis(now, { zone: tz });
	const day = n.startOf('day');
	switch (preset) {
		case 'today': return [day.toMillis(), now];
		case 'yesterday': return [day.minus({ days: 1 }).toMillis(), day.toMillis() - 1];
		case 'past-week': return [n.minus({ weeks: 1 }).toMillis(), now];
		case 'past-month': return [n.minus({ months: 1 }).toMillis(), now];
		case 'past-3-months': return [n.minus({ months: 3 }).toMillis(), now];
		case 'past-6-months': return [n.minus({ months: 6 }).toMillis(), now];
		case 'past-year': return [n.minus({ years: 1 }).toMillis(), now];
		case 'this-month-to-date': return [n.startOf('month').toMillis(), now];
		case 'this-quarter-to-date': return [n.startOf('quarter').toMillis(), now];
		case 'this-year-to-date': return [n.startOf('year').toMillis(), now];
	}
}

function groupFeedback(store: AccountStore, g: TrendGroup, start: number, end: number): Feedback[] {
	const sources = g.campaignIds.length
		? g.campaignIds.map((id) => store.feedback.bucket('campaign', id))
		: [store.feedback.all()];
	const out: Feedback[] = [];
	for (const src of sources) {
		const [lo, hi] = timeRange(src, store.feedback.time, start, end);
		for (let i = lo; i < hi; i++) if (src[i].metric === g.metric) out.push(src[i]);
	}
	return out.sort(store.feedback.cmp);
}

function period(metric: Metric, rows: Feedback[], start: number, end: number) {
	const s = summarize(metric, rows.map((f) => f.score));
	const [min, max] = SCORE_RANGE[metric];
	const distribution: Array<{ rating: number; count: number }> = [];
	for (let r = min; r <= max; r++) distribution.push({ rating: r, count: 0 });
	for (const f of rows) distribution[f.score - min].count++;
	return { startDate: iso(start), endDate: iso(end), ...s, distribution };
}

function trendReport(store: AccountStore, g: TrendGroup, q: Query, now: number) {
	const tz = store.account.timezone;
	const preset = (str(q, 'date') || 'past-month') as Preset;
	if (!TREND_PRESETS.includes(preset)) throw badRequest(`date must be one of: ${TREND_PRESETS.join(', ')}.`);
	const s = str(q, 'startDate');
	const e = str(q, 'endDate');
	let start: number;
	let end: number;
	if (s && e) {
		// Both given: they override any preset.
		start = parseInstant(s, 'startDate');
		end = parseInstant(e, 'endDate');
	} else if (preset === 'custom') {
		throw badRequest('date=custom needs both startDate and endDate.');
	} else {
		[start, end] = presetRange(preset, now, tz);
	}
	if (start > end) throw badRequest('startDate must not be after endDate.');
	const round2 = (n: number) => Math.round(n * 100) / 100;
	// The baseline is the span of the same length just before the current one.
	const length = end - start;
	const rows = groupFeedback(store, g, start, end);
	const current = period(g.metric, rows, start, end);
	const baseline = period(g.metric, groupFeedback(store, g, start - length, start - 1), start - length, start - 1);
	return {
		group: trendGroupView(g),
		date: s && e ? 'custom' : preset,
		current,
		baseline,
		deltas: {
			score: round2(current.score - baseline.score),
			totalResponses: current.totalResponses - baseline.totalResponses,
			promoters: current.promoters - baseline.promoters,
			passives: current.passives - baseline.passives,
			detractors: current.detractors - baseline.detractors,
		},
		trendLine: groupByDay(rows, store.feedback.time, tz).map(([day, list]) => {
			const sum = summarize(g.metric, list.map((f) => f.score));
			return { day, score: sum.score, total: sum.totalResponses };
		}),
	};
}

export const reportRoutes: Route[] = [
	{
		method: 'GET',
		path: '/api/v2/reports',
		handler: ({ store, query }) => {
			const { start, end } = reportRange(store, query);
			return ok(store.campaigns.map((c) => campaignReport(store, c, start, end)));
		},
	},
	{
		method: 'GET',
		path: '/api/v2/reports/:campaignId',
		handler: ({ store, query, params }) => {
			const { start, end } = reportRange(store, query);
			const c = store.campaign(params.campaignId);
			if (!c) throw notFound();
			return ok([campaignReport(store, c, start, end)]);
		},
	},
	{
		method: 'GET',
		path: '/api/v2/:metric/score',
		handler: ({ store, params, path }) => {
			const metric = params.metric as Metric;
			if (!METRICS.includes(metric)) throw new ApiError(404, `Unknown endpoint GET ${path}.`);
			const scores: number[] = [];
			for (const f of store.feedback.all()) if (f.metric === metric) scores.push(f.score);
			return ok(scoreObject(metric, summarize(metric, scores)));
		},
	},
	{ method: 'GET', path: '/api/v2/trends', handler: ({ store }) => ok(store.trendGroups.map(trendGroupView)) },
	{
		method: 'GET',
		path: '/api/v2/trends/:groupId',
		handler: ({ store, params, query, now }) => {
			const g =
				params.groupId === 'default'
					? store.trendGroups.find((x) => x.isDefault)
					: store.trendGroups.find((x) => x.id === params.groupId);
			if (!g) throw notFound();
			return ok(trendReport(store, g, query, now));
		},
	},
];

