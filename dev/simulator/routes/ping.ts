/** GET /api/v2/ping: identity, plan, credit balance of the current month (account zone), usage counters. */
import { DateTime } from 'luxon';
import { timeRange } from '../collection';
import { iso, ok } from '../http';
import type { Route } from '../router';

export const pingRoutes: Route[] = [
	{
		method: 'GET',
		path: '/api/v2/ping',
		handler: ({ store, permission, now }) => {
			const { account } = store;
			const month = DateTime.fromMillis(now, { zone: account.timezone });
			const periodStart = month.startOf('month').toMillis();
			const periodEnd = month.endOf('month').toMillis();
			const all = store.outbox.all();
			const [lo, hi] = timeRange(all, store.outbox.time, periodStart, periodEnd);
			let used = 0;
			for (let i = lo; i < hi; i++) if (all[i].sentBy !== 'test' && all[i].sentBy !== 'imported') used++;
			let queue = 0;
			for (const o of all) if (o.status === 'queued' || o.status === 'scheduled') queue++;
			const total = account.plan.surveyCreditsPerPeriod;
			return ok({
				account: { id: account.id, name: account.name, timezone: account.timezone },
				apiKey: { permission },
				plan: { name: account.plan.name, surveyCreditsPerPeriod: total },
				credits: { periodStart: iso(periodStart), periodEnd: iso(periodEnd), total, used, balance: Math.max(0, total - used) },
				usage: {
					contacts: store.customers.size,
					feedback: store.feedback.size,
					outbox: store.outbox.size,
					queue,
					suppressions: store.emailSuppressions.length + store.domainSuppressions.length,
				},
			});
		},
	},
];
