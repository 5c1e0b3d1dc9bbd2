/**
 * Each item fails alone in Feedback › Delete and Outbox › Delete, on every node version, by ID and
 * by email, with the failing item first or in the middle (eachItemAlone.ts says what is checked).
 */
import { byId } from '../helpers/parameters';
import { failing, testEachItemAlone, type BulkCase } from './eachItemAlone';

const ALL_VERSIONS = [1, 2, 3, 3.1];

const deletes: BulkCase[] = (
	[
		['feedback', 'Feedback', 'feedbackId', 'Feedback ID', '/api/v2/feedback'],
		['outbox', 'Outbox', 'surveyId', 'Survey ID', '/api/v2/outbox'],
	] as const
).flatMap(([resource, label, idField, idLabel, path]): BulkCase[] => [
	{
		name: `${label} › Delete, by ID, ${idLabel}`,
		versions: ALL_VERSIONS,
		parameters: { resource, operation: 'delete', deleteBy: 'id', [idField]: failing('$json.id') },
		item: (marker) => ({ id: marker }),
		request: { method: 'DELETE', path },
	},
	{
		name: `${label} › Delete, by email, Email`,
		versions: ALL_VERSIONS,
		parameters: { resource, operation: 'delete', deleteBy: 'email', email: failing('$json.email') },
		item: (marker) => ({ email: `${marker}@items.test` }),
		request: { method: 'DELETE', path },
	},
	{
		name: `${label} › Delete, by email, Start Date`,
		versions: ALL_VERSIONS,
		parameters: { resource, operation: 'delete', deleteBy: 'email', startDate: failing("'2026-01-01'") },
		item: (marker) => ({ email: `${marker}@items.test` }),
		request: { method: 'DELETE', path },
	},
	{
		name: `${label} › Delete, by email, Campaign`,
		versions: ALL_VERSIONS,
		parameters: ({ nps }) => ({ resource, operation: 'delete', deleteBy: 'email', campaign: byId(failing(`'${nps}'`)) }),
		item: (marker) => ({ email: `${marker}@items.test` }),
		request: { method: 'DELETE', path },
	},
]);

testEachItemAlone(deletes);
