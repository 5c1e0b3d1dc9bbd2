/** Suppression lists: emails and domain patterns. Only manual entries can be removed. */
import { badRequest, isEmail, notFound, ok } from '../http';
import type { Route } from '../router';
import { DOMAIN_CATEGORIES, type DomainCategory } from '../types';
import { domainSuppressionView, emailSuppressionView } from '../views';
import { bodyObject } from './common';

const DOMAIN_PATTERN = /^(\*\.)?([a-z0-9*]([a-z0-9-*]*[a-z0-9*])?\.)+[a-z*]{2,}$/i;

const optionalNote = (v: unknown): string => {
	if (v === undefined || v === null) return '';
	if (typeof v !== 'string') throw badRequest('note must be a string.');
	return v;
};

const NOT_MANUAL = 'Only manually added suppressions can be removed.';

/** Removes the suppression of that ID from its list: 404 when there is none, 400 when it was not added by hand. */
function removeManual(list: Array<{ id: string; manual: boolean }>, id: string) {
	const i = list.findIndex((s) => s.id === id);
	if (i < 0) throw notFound();
	if (!list[i].manual) throw badRequest(NOT_MANUAL);
	list.splice(i, 1);
	return ok({ id, deleted: true });
}

export const suppressionRoutes: Route[] = [
	{
		method: 'GET',
		path: '/api/v2/suppressions/emails',
		handler: ({ store }) => {
			const emails = store.emailSuppressions.map(emailSuppressionView);
			return ok({ emails, total: emails.length });
		},
	},
	{
		method: 'GET',
		path: '/api/v2/suppressions/domains',
		handler: ({ store }) => {
			const domains = store.domainSuppressions.map(domainSuppressionView);
			return ok({ domains, total: domains.length });
		},
	},
	{
		method: 'POST',
		path: '/api/v2/suppressions/emails',
		handler: ({ store, body, now }) => {
			const b = bodyObject(body);
			if (b.email === undefined || b.email === '') throw badRequest('email is required.');
			if (!isEmail(b.email)) throw badRequest('email is not a valid email address.');
			const note = optionalNote(b.note);
			if (b.op !== undefined && b.op !== null && b.op !== '' && b.op !== 'delete') throw badRequest('op must be "delete" or empty.');
			const email = b.email.trim();
			let suppression = store.emailSuppression(email);
			const created = !suppression;
			if (!suppression) {
				suppression = { id: store.ids.next('emailSuppression'), seq: store.nextSeq(), email, note, manual: true, source: 'manual', createdAt: now };
				store.emailSuppressions.push(suppression);
			}
			let contactDeleted = false;
			if (b.op === 'delete') {
				const c = store.customerByEmail(email);
				if (c) {
					store.deleteCustomer(c);
					contactDeleted = true;
				}
			}
			return ok({ suppression: emailSuppressionView(suppression), created, contactDeleted });
		},
	},
	{
		method: 'POST',
		path: '/api/v2/suppressions/domains',
		handler: ({ store, body, now }) => {
			const b = bodyObject(body);
			if (b.pattern === undefined || b.pattern === '') throw badRequest('pattern is required.');
			if (typeof b.pattern !== 'string' || !DOMAIN_PATTERN.test(b.pattern.trim())) {
				throw badRequest('pattern must be a domain name, optionally with wildcards (for example *.example.com).');
			}
			const category = (b.category ?? 'other') as DomainCategory;
			if (!DOMAIN_CATEGORIES.includes(category)) throw badRequest(`category must be one of: ${DOMAIN_CATEGORIES.join(', ')}.`);
			const note = optionalNote(b.note);
			const pattern = b.pattern.trim().toLowerCase();
			let suppression = store.domainSuppressions.find((s) => s.pattern === pattern);
			const created = !suppression;
			if (!suppression) {
				suppression = { id: store.ids.next('domainSuppression'), seq: store.nextSeq(), pattern, category, note, manual: true, createdAt: now };
				store.domainSuppressions.push(suppression);
			}
			return ok({ suppression: domainSuppressionView(suppression), created });
		},
	},
	{
		method: 'DELETE',
		path: '/api/v2/suppressions/emails/:id',
		handler: ({ store, params }) => removeManual(store.emailSuppressions, params.id),
	},
	{
		method: 'DELETE',
		path: '/api/v2/suppressions/domains/:id',
		handler: ({ store, params }) => removeManual(store.domainSuppressions, params.id),
	},
];
