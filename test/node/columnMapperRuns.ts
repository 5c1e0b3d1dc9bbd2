/**
 * What the column mapper's test files share (columnMapper*.test.ts): the simulator with requests
 * cleared before each test and its registered properties reset after, the mapper's fields as the
 * editor loads them, the `columns` parameter as the editor stores it, a run of version 3, and the
 * bodies sent.
 */
import type { IDataObject, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';

import { AUTHENTICATION_METHODS } from '../../credentials/authentication';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { nodeOf, pathOf, resourceMapping } from '../helpers/engine';
import { runNode, type RunOptions } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';
import { testTransport } from '../helpers/transport';

/** The `columns` parameter as the editor stores it. */
export function columns(mappingMode: 'defineBelow' | 'autoMapInputData', schema: ResourceMapperField[], value: IDataObject | null = null): ResourceMapperValue {
	return { mappingMode, value: value as ResourceMapperValue['value'], matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false };
}

/** A column of the saved schema, as the editor stores it. */
export const column = (id: string, displayName: string, type: ResourceMapperField['type'], required = false): ResourceMapperField => ({
	id,
	displayName,
	type,
	required,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
});

/** A field of the list, as the editor shows it: [id, name, type, required]. */
export const brief = (fields: ResourceMapperField[]) => fields.map(({ id, displayName, type, required }) => [id, displayName, type, required]);

export const PROPERTY_COLUMNS = [
	['property:Country', 'Country (property)', 'string', false],
	['property:Group', 'Group (property)', 'string', false],
	['property:Plan', 'Plan (property)', 'string', false],
	['property:Seats', 'Seats (property)', 'number', false],
	['property:VIP', 'VIP (property)', 'boolean', false],
];

export const CUSTOMER_COLUMNS = [
	['email', 'Email', 'string', true],
	['first_name', 'First Name', 'string', false],
	['last_name', 'Last Name', 'string', false],
	['company', 'Company', 'string', false],
	['tags', 'Tags', 'string', false],
	['unset_tags', 'Tags to Remove', 'string', false],
	['unset_properties', 'Properties to Clear', 'string', false],
];

/** What the run sent: [path, body] of each POST. */
export const posted = (sent: Array<{ method: string; url: string; body: unknown }>) => sent.filter((request) => request.method === 'POST').map((request) => [pathOf(request), request.body]);

/** Called once at the top of a test file. */
export function useColumnMapper() {
	const sim = useSimulator();
	const service = serviceFor(sim);

	beforeEach(() => sim.clearRequests());
	afterEach(() => sim.configure({ registeredProperties: [] }));

	const bodies = (path: string) => sim.requests({ method: 'POST', path }).filter((r) => r.path === path).map((r) => r.body as IDataObject);

	/** The mapper's fields for an operation, as the editor loads them. */
	async function fieldsOf(resource: string, operation: string, method: string) {
		return await resourceMapping({
			node: nodeOf('surveyFeedback', { authentication: 'apiKeyHeader', resource, operation }, { typeVersion: 3 }),
			nodeType: new SurveyFeedback(testTransport()),
			credentials: { [AUTHENTICATION_METHODS.apiKeyHeader]: { apiKey: service.apiKey, baseUrl: service.baseUrl } },
			method,
		});
	}

	const v3 = (parameters: Record<string, unknown>, options: Partial<RunOptions> = {}) => runNode({ service, parameters, typeVersion: 3, ...options });

	return { sim, service, bodies, fieldsOf, v3 };
}
