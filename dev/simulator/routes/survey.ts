/** POST /api/v2/survey: upserts the customers and queues one outbox record per subscriber (sentBy manual). */
import { badRequest, isObject, notFound, ok, SUCCESS } from '../http';
import type { Route } from '../router';
import { parseCustomerInput, unregisteredProperty, upsertCustomer } from '../store';
import type { OutboxRecord } from '../types';
import { bodyArray, bodyObject } from './common';
import { answersWithRows, fullAnswers, keyedRows, refuseWhole } from './writeAnswers';

export const SURVEY_MAX = 100;
const DAY = 86_400_000;

export const surveyRoutes: Route[] = [
	{
		method: 'POST',
		path: '/api/v2/survey',
		handler: ({ store, body, now }) => {
			const b = bodyObject(body);
			if (b.campaign === undefined || b.campaign === null || b.campaign === '') throw badRequest('campaign is required.');
			if (typeof b.campaign !== 'string') throw badRequest('campaign must be a campaign ID string.');
			const delay = b.delay;
			if (delay !== undefined && delay !== null && !(Number.isInteger(delay) && (delay as number) >= 0)) {
				throw badRequest('delay must be a whole number of days (0 or more).');
			}
			const items = bodyArray(b, 'subscribers', 1, SURVEY_MAX);
			const campaign = store.campaign(b.campaign);
			if (!campaign) throw notFound();
			if (!campaign.active) throw badRequest('The campaign is deactivated.');
			// A transactional survey "queues an email or in-app survey" (spec): other channels cannot.
			if (campaign.channel !== 'email' && campaign.channel !== 'inapp') {
				throw badRequest(`Campaign ${campaign.id} sends by ${campaign.channel}: transactional surveys go out by email or in-app only.`);
			}

			const bare = !fullAnswers(store) && !answersWithRows(store);
			if (bare) {
				// No row to refuse an item in: a bad item refuses the request before anything is queued.
				const reasons = items.map((raw) => {
					const parsed = parseCustomerInput(typeof raw === 'string' ? { email: raw } : raw);
					return 'error' in parsed ? parsed.error : unregisteredProperty(store, parsed.input);
				});
				const index = reasons.findIndex((reason) => reason !== undefined);
				refuseWhole('subscribers', index >= 0 ? { index, reason: reasons[index] } : undefined);
			}
			let queued = 0;
			const results = items.map((raw, index) => {
				const item = typeof raw === 'string' ? { email: raw } : raw;
				const email = isObject(item) && typeof item.email === 'string' ? item.email : '';
				const parsed = parseCustomerInput(item);
				if ('error' in parsed) return { index, email, status: 'failed', reason: parsed.error };
				const refused = unregisteredProperty(store, parsed.input);
				if (refused) return { index, email, status: 'failed', reason: refused };
				const { status: customerStatus, customer } = upsertCustomer(store, parsed.input, now);
				const c = customer!;
				const row = { index, email, customerId: c.id, customerStatus };
				if (c.unsubscribedBy) return { ...row, status: 'skipped', reason: 'the contact is unsubscribed' };
				if (store.emailSuppression(c.email)) return { ...row, status: 'skipped', reason: 'the email is suppressed' };
				if (store.domainSuppression(c.email)) return { ...row, status: 'skipped', reason: 'the email domain is suppressed' };
				const outbox: OutboxRecord = {
					id: store.ids.next('outbox'),
					seq: store.nextSeq(),
					hideSurveyId: false,
					...store.snapshotOf(c),
					customerId: c.id,
					email: c.email,
					campaignId: campaign.id,
					createdAt: now,
					// No delay: queued for the campaign's sending time frame. Any delay overrides it.
					sentAt: delay === 0 ? now : null,
					scheduledAt: typeof delay === 'number' && delay > 0 ? now + delay * DAY : null,
					channel: campaign.channel,
					sentBy: 'manual',
					status: delay === 0 ? 'sent' : typeof delay === 'number' ? 'scheduled' : 'queued',
					subject: '',
					openedAt: null,
					respondedAt: null,
					optedOut: false,
				};
				store.outbox.add(outbox);
				queued++;
				return { ...row, status: outbox.status, surveyId: outbox.id };
			});
			if (fullAnswers(store)) return ok({ campaignId: campaign.id, queued, results });
			if (bare) return { status: 200, body: { message: SUCCESS, code: 200 } };
			// The queued survey's `surveyId`, the reference's name for a sent survey's ID.
			return ok(keyedRows(results.map((row) => ({ key: row.email, ...row })), ['surveyId']));
		},
	},
];
