/**
 * What the node returns in each version, run in n8n's own engine against the simulator: version 1
 * returns the service's records whole; version 2 simplifies the big ones by default, returns them
 * whole with Simplify off, and as an AI tool offers Simplified, Raw or Selected Fields. The
 * trigger likewise.
 */
import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { FIXED_NOW, serviceFor, useSimulator } from '../helpers/simulator';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { SurveyFeedbackTrigger } from '../../nodes/SurveyFeedbackTrigger/SurveyFeedbackTrigger.node';
import { resources } from '../../nodes/SurveyFeedback/actions/resources';
import { customerRecord, feedbackRecord, outboxRecord, type RecordShape, simplifiedFieldNames } from '../../nodes/shared/records';
import { nodeOf, pathOf, pollOnce, runWorkflow } from '../helpers/engine';
import { byId } from '../helpers/parameters';
import { runNodeOn } from '../helpers/runNode';
import { testTransport } from '../helpers/transport';

const sim = useSimulator();
const service = serviceFor(sim);
let feedbackId: string;
let customerId: string;
let companyId: string;
let campaignId: string;
let campaign: IDataObject;
/** The report of `campaignId` over the Report case's days with the summary the fuller simulator states. */
let statedReport: IDataObject;

async function get(path: string): Promise<IDataObject> {
	const response = await fetch(`${sim.baseUrl}${path}`, { headers: { 'X-Api-Key': service.apiKey } });
	return (await response.json()) as IDataObject;
}

beforeAll(async () => {
	feedbackId = String(((await get('/api/v2/feedback?limit=1')).data as { responses: IDataObject[] }).responses[0].id);
	customerId = String(((await get('/api/v2/customers?limit=1')).data as { subscribers: IDataObject[] }).subscribers[0].id);
	companyId = String(((await get('/api/v2/companies?limit=1')).data as { companies: IDataObject[] }).companies[0].id);
	campaign = ((await get('/api/v2/campaigns')).campaigns as IDataObject[])[0];
	campaignId = String(campaign.id);
	statedReport = ((await inFullResponses(() => get(`/api/v2/reports/${campaignId}?startDate=2025-01-01&endDate=2026-12-31`))).data as IDataObject[])[0];
});

/** Runs `read` against the simulator's fuller answers (`responses: 'full'`), then back to the spec's. */
async function inFullResponses<T>(read: () => Promise<T>): Promise<T> {
	sim.configure({ responses: 'full' });
	try {
		return await read();
	} finally {
		sim.configure({ responses: 'spec' });
	}
}

/** Where a simplified field comes from: a dotted path in the whole record, or a value the test knows otherwise. */
type Source = string | (() => unknown);

const at = (record: IDataObject, source: Source): unknown =>
	typeof source === 'function' ? source() : source.split('.').reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], record);

/** What Simplify returns of a feedback response, and of a customer. */
const SIMPLIFIED_FEEDBACK = same('id', 'email', 'firstName', 'lastName', 'score', 'comment', 'campaignId', 'campaignName', 'tags', 'createdDate');
const SIMPLIFIED_CUSTOMER = same('id', 'email', 'firstName', 'lastName', 'companyName', 'companyId', 'tags', 'properties', 'channel', 'createdDate');

/**
 * Per operation: its parameters, and what Simplify returns, field by field: the simplified
 * field's name and where it is in the whole record (a dotted path for nested fields).
 */
const CASES: Array<{ name: string; parameters: () => Record<string, unknown>; simplified: Record<string, Source> }> = [
	{
		name: 'Feedback: Get Many',
		parameters: () => ({ resource: 'feedback', operation: 'getMany', limit: 5 }),
		simplified: SIMPLIFIED_FEEDBACK,
	},
	{
		name: 'Feedback: Get',
		parameters: () => ({ resource: 'feedback', operation: 'get', feedbackId }),
		simplified: SIMPLIFIED_FEEDBACK,
	},
	{
		name: 'Customer: Get Many',
		parameters: () => ({ resource: 'customer', operation: 'getMany', limit: 5 }),
		simplified: SIMPLIFIED_CUSTOMER,
	},
	{
		name: 'Customer: Get',
		parameters: () => ({ resource: 'customer', operation: 'get', customerId }),
		simplified: SIMPLIFIED_CUSTOMER,
	},
	{
		name: 'Outbox: Get Many',
		parameters: () => ({ resource: 'outbox', operation: 'getMany', limit: 5 }),
		simplified: {
			...same('surveyId', 'email', 'campaignId', 'campaign', 'channel', 'status', 'sentDate'),
			isOpened: 'detailedStatus.isOpened',
			isResponded: 'detailedStatus.isResponded',
			respondedDate: 'detailedStatus.respondedDate',
		},
	},
	{
		name: 'Company: Get Many',
		parameters: () => ({ resource: 'company', operation: 'getMany', limit: 5 }),
		simplified: {
			...same('id', 'companyName', 'domain', 'industryName', 'tags', 'contactsCount'),
			NPS: 'cxMetrics.NPS',
			CSAT: 'cxMetrics.CSAT',
			CES: 'cxMetrics.CES',
			createdDate: 'createdDate',
		},
	},
	{
		name: 'Company: Get',
		parameters: () => ({ resource: 'company', operation: 'get', companyId }),
		simplified: { ...same('id', 'companyName', 'domain', 'industryName', 'tags', 'contactsCount'), NPS: 'cxMetrics.NPS', CSAT: 'cxMetrics.CSAT', CES: 'cxMetrics.CES', createdDate: 'createdDate' },
	},
	{
		name: 'Trend: Get',
		parameters: () => ({ resource: 'trend', operation: 'get', trendGroup: byId('default'), date: 'past-year' }),
		simplified: {
			groupId: 'group.id',
			groupName: 'group.name',
			metric: 'group.metricType',
			period: 'date',
			startDate: 'current.startDate',
			endDate: 'current.endDate',
			score: 'current.score',
			totalResponses: 'current.totalResponses',
			baselineScore: 'baseline.score',
			scoreChange: 'deltas.score',
		},
	},
	{
		name: 'Report: Get',
		parameters: () => ({ resource: 'report', operation: 'get', campaign: byId(campaignId), startDate: '2025-01-01', endDate: '2026-12-31' }),
		// The report names none of these but campaignId and deliveryStats: the name and metric come from the
		// campaigns list, the days are those sent, the score and total are summed from `trend` and match
		// the summary a fuller service states.
		simplified: {
			campaignId: 'campaignId',
			campaignName: () => campaign.name,
			metric: () => campaign.metric,
			startDate: () => '2025-01-01',
			endDate: () => '2026-12-31',
			score: () => statedReport.score,
			totalResponses: () => statedReport.totalResponses,
			sent: 'deliveryStats.sent',
			responded: 'deliveryStats.responded',
			responseRate: 'deliveryStats.responseRate',
		},
	},
];

function same(...names: string[]): Record<string, Source> {
	return Object.fromEntries(names.map((name) => [name, name]));
}

/** The field the operation's records are identified by, which every output keeps. */
function simplifiedId(name: string): string {
	const [resourceName, operationName] = name.split(': ');
	const resource = resources.find((candidate) => candidate.name === resourceName);
	const operation = resource?.operations.find((candidate) => candidate.option.name === operationName);
	if (!operation?.returns) throw new Error(`${name} offers no Simplify`);
	return operation.returns.idField;
}

/** The simplified fields the whole record has (some sent surveys come without a surveyId). */
function presentIn(record: IDataObject, simplified: Record<string, Source>): string[] {
	return Object.entries(simplified)
		.filter(([, path]) => at(record, path) !== undefined)
		.map(([name]) => name);
}

/** How many fields a record has, the fields of nested objects counted one by one. */
function fieldCount(record: IDataObject): number {
	return Object.values(record).reduce<number>(
		(count, value) => count + (value && typeof value === 'object' && !Array.isArray(value) ? fieldCount(value as IDataObject) : 1),
		0,
	);
}

const run = runNodeOn(service);

describe.each(CASES)('$name', ({ name, parameters, simplified }) => {
	let whole: IDataObject[];

	beforeAll(async () => {
		const v1 = await run(parameters());
		expect(v1.error).toBeUndefined();
		whole = v1.json;
	});

	it('version 1 returns the records whole: more than ten fields, nested ones counted', () => {
		expect(whole.length).toBeGreaterThan(0);
		for (const record of whole) expect(fieldCount(record)).toBeGreaterThan(10);
	});

	it('version 2 returns at most ten fields, nested ones flattened, by default', async () => {
		const v2 = await run(parameters(), { typeVersion: 2 });
		expect(v2.error).toBeUndefined();
		expect(v2.json).toHaveLength(whole.length);
		v2.json.forEach((record, index) => {
			expect(Object.keys(record)).toEqual(presentIn(whole[index], simplified));
			expect(Object.keys(record).length).toBeLessThanOrEqual(10);
			for (const [name, path] of Object.entries(simplified)) expect(record[name]).toEqual(at(whole[index], path));
		});
		// Every item still points at its input item.
		expect(v2.output.every((item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 0 }))).toBe(true);
	});

	it('version 2 with Simplify off returns what version 1 returns', async () => {
		const v2 = await run({ ...parameters(), simple: false }, { typeVersion: 2 });
		expect(v2.json).toEqual(whole);
	});

	it('version 2 as an AI tool: Simplified by default, Raw, or the ID and the Selected Fields', async () => {
		const simplifiedRun = await run(parameters(), { typeVersion: 2, tool: true });
		expect(simplifiedRun.json.map((record) => Object.keys(record))).toEqual(whole.map((record) => presentIn(record, simplified)));

		const raw = await run({ ...parameters(), output: 'raw' }, { typeVersion: 2, tool: true });
		expect(raw.json).toEqual(whole);

		const idField = simplifiedId(name);
		const chosen = Object.keys(whole[0]).filter((name) => name !== idField).slice(-2);
		const selected = await run({ ...parameters(), output: 'selected', fields: chosen }, { typeVersion: 2, tool: true });
		selected.json.forEach((record, index) => {
			const expected = Object.fromEntries(Object.entries(whole[index]).filter(([name]) => name === idField || chosen.includes(name)));
			expect(record).toEqual(expected);
		});
	});
});

/** The simplified fields of the operation a property belongs to. */
function simplifiedFieldNamesOf(property: INodeProperties): string[] {
	const show = property.displayOptions?.show ?? {};
	const resource = resources.find((candidate) => candidate.value === (show.resource as string[])[0]);
	const operation = resource?.operations.find((candidate) => candidate.option.value === (show.operation as string[])[0]);
	return simplifiedFieldNames(operation!.returns!);
}

describe('which operations offer Simplify', () => {
	const description = new SurveyFeedback().description;

	it('a new node gets version 3.1; workflows saved with versions 1, 2 and 3 keep theirs', () => {
		expect(description.version).toEqual([1, 2, 3, 3.1]);
		expect(description.defaultVersion).toBe(3.1);
	});

	it('every simplified row, of every version, has at most ten fields (n8n\'s rule for Simplify)', () => {
		const shapes = resources.flatMap((resource) => resource.operations.flatMap(({ returns, returnsFromVersion3 }) => [returns, returnsFromVersion3]));
		const rows = shapes.filter((shape): shape is RecordShape => shape !== undefined).map((shape) => [shape.plural, simplifiedFieldNames(shape).length] as const);
		expect(rows.length).toBeGreaterThan(CASES.length);
		expect(rows.filter(([, count]) => count > 10)).toEqual([]);
	});

	it('exactly the operations above, each with the toggle only from version 2', () => {
		const offering = resources.flatMap((resource) => resource.operations.filter((operation) => operation.returns).map((operation) => `${resource.name}: ${operation.option.name}`));
		expect(offering.sort()).toEqual(CASES.map(({ name }) => name).sort());
		const toggles = description.properties.filter((property) => property.name === 'simple');
		// Report › Get has one toggle per simplified shape: version 2's and version 3's.
		expect(toggles).toHaveLength(CASES.length + 1);
		for (const toggle of toggles) {
			const versions = toggle.displayOptions?.show?.['@version'];
			const isReport = (toggle.displayOptions?.show?.resource as string[])[0] === 'report';
			if (isReport) expect([[2], [3, 3.1]]).toContainEqual(versions);
			else expect(versions).toEqual([2, 3, 3.1]);
		}
	});

	it("as a tool, version 2's description names the simplified fields; version 1's stays as it was", () => {
		const descriptions = description.properties.filter((property) => property.name === 'toolDescription');
		const v2 = descriptions.filter((property) => ['[2,3,3.1]', '[2]'].includes(JSON.stringify(property.displayOptions?.show?.['@version'])));
		const v1 = descriptions.filter((property) => JSON.stringify(property.displayOptions?.show?.['@version']) === '[1]');
		expect(v2).toHaveLength(CASES.length);
		expect(v1).toHaveLength(CASES.length);
		v2.forEach((property, index) => {
			expect(property.default).toBe(`${v1[index].default} Each record returned has only these fields: ${simplifiedFieldNamesOf(property).join(', ')}.`);
		});
	});

	it('the Selected Fields choices are every field the fuller service sends; the default sends some of them', async () => {
		const lists: Array<[RecordShape, string]> = [
			[feedbackRecord, '/api/v2/feedback?limit=50'],
			[customerRecord, '/api/v2/customers?limit=50'],
			[outboxRecord, '/api/v2/outbox?limit=50'],
		];
		const fieldsSent = async (path: string) => {
			const data = (await get(path)).data as IDataObject;
			const records = Object.values(data).find(Array.isArray) as IDataObject[];
			return [...new Set(records.flatMap((record) => Object.keys(record)))].sort();
		};
		for (const [shape, path] of lists) {
			expect(await inFullResponses(() => fieldsSent(path))).toEqual([...shape.fields].sort());
			expect(shape.fields).toEqual(expect.arrayContaining(await fieldsSent(path)));
		}
	});
});

describe('Report › Get from version 3: a flat row with the breakdown', () => {
	const parameters = () => ({ resource: 'report', operation: 'get', startDate: '2025-01-01', endDate: '2026-12-31' });
	// Ten fields, n8n's rule for Simplify.
	const V3_FIELDS = ['campaignId', 'campaignName', 'startDate', 'endDate', 'score', 'promoters', 'detractors', 'promotersCount', 'passivesCount', 'detractorsCount'];
	const BREAKDOWN = ['score', 'promoters', 'detractors', 'promotersCount', 'passivesCount', 'detractorsCount'];

	it("Simplify returns the campaign, the days sent, and the score, shares and counts summed from each report's trend", async () => {
		const whole = (await run({ ...parameters(), simple: false }, { typeVersion: 3 })).json;
		// The same reports with the summary a fuller service states: what the trend must add up to.
		const stated = await inFullResponses(async () => (await run({ ...parameters(), simple: false }, { typeVersion: 3 })).json);
		const v3 = await run(parameters(), { typeVersion: 3 });
		expect(v3.error).toBeUndefined();
		expect(v3.hints).toEqual([]);
		expect(whole.length).toBeGreaterThan(1);
		expect(v3.json).toHaveLength(whole.length);
		// One request for the reports, one for the campaigns' names and metrics.
		expect(v3.sent.map(pathOf)).toEqual(['/api/v2/reports/', '/api/v2/campaigns']);
		v3.json.forEach((record, index) => {
			expect(Object.keys(whole[index]).sort()).toEqual(['campaignId', 'deliveryStats', 'last', 'questionsStats', 'trend']);
			expect(Object.keys(record)).toEqual(V3_FIELDS);
			expect(record).toMatchObject({ campaignId: whole[index].campaignId, campaignName: stated[index].campaignName, startDate: '2025-01-01', endDate: '2026-12-31' });
			for (const name of BREAKDOWN) expect([name, record[name]]).toEqual([name, stated[index][name]]);
			// Flat: every value a cell can take.
			for (const value of Object.values(record)) expect(value === null || typeof value !== 'object').toBe(true);
		});
		expect(v3.json.some((record) => Number(record.promotersCount) > 0)).toBe(true);
		expect(new Set(stated.map((report) => report.metric)).size).toBeGreaterThan(1);
	});

	it('version 2 keeps the simplified report it had', async () => {
		const v2 = await run(parameters(), { typeVersion: 2 });
		expect(Object.keys(v2.json[0])).toEqual(['campaignId', 'campaignName', 'metric', 'startDate', 'endDate', 'score', 'totalResponses', 'sent', 'responded', 'responseRate']);
	});

	it('as an AI tool, version 3 returns the same fields and its description names them', async () => {
		const tool = await run(parameters(), { typeVersion: 3, tool: true });
		expect(Object.keys(tool.json[0])).toEqual(V3_FIELDS);
		const descriptions = new SurveyFeedback().description.properties.filter(
			(property) => property.name === 'toolDescription' && (property.displayOptions?.show?.resource as string[] | undefined)?.[0] === 'report',
		);
		const v3 = descriptions.find((property) => JSON.stringify(property.displayOptions?.show?.['@version']) === '[3,3.1]');
		expect(v3?.default).toContain(`Each record returned has only these fields: ${V3_FIELDS.join(', ')}.`);
	});
});

describe('version 1 as an AI tool keeps its Simplify Output', () => {
	it('leaves out empty fields and repeated ones, and keeps the others', async () => {
		const whole = (await run({ resource: 'feedback', operation: 'getMany', limit: 5 })).json;
		const tool = await run({ resource: 'feedback', operation: 'getMany', limit: 5 }, { tool: true });
		tool.json.forEach((record, index) => {
			expect(record).not.toHaveProperty('feedbackId');
			expect(record.id).toBe(whole[index].id);
			expect(record.email).toBe(whole[index].email);
			expect(Object.keys(record).length).toBeGreaterThan(10);
		});
	});
});

describe('the trigger', () => {
	const credentials = { surveyFeedbackApi: { apiKey: '', baseUrl: '' } };
	const trigger = (typeVersion: number, parameters: Record<string, unknown> = {}): INode =>
		nodeOf('surveyFeedbackTrigger', { authentication: 'apiKeyHeader', event: 'newFeedback', ...parameters } as INode['parameters'], { typeVersion });

	beforeAll(() => {
		credentials.surveyFeedbackApi = { apiKey: service.apiKey, baseUrl: sim.baseUrl };
	});

	/** Starts an active trigger from a moment, polls once and returns what it emitted. */
	async function poll(typeVersion: number, parameters: Record<string, unknown> = {}): Promise<IDataObject[]> {
		const result = await pollOnce({
			node: trigger(typeVersion, { options: { startFrom: new Date(FIXED_NOW.getTime() - 3 * 86_400_000).toISOString() }, ...parameters }),
			nodeType: new SurveyFeedbackTrigger(testTransport()),
			credentials,
			staticData: {},
		});
		expect(result.error).toBeUndefined();
		return (result.output?.[0] ?? []).map((item) => item.json);
	}

	it('version 1 emits whole records; version 2 simplified ones, whole again with Simplify off', async () => {
		const v1 = await poll(1);
		expect(v1.length).toBeGreaterThan(0);
		const v2 = await poll(2);
		expect(v2.map((record) => record.id)).toEqual(v1.map((record) => record.id));
		v2.forEach((record, index) => {
			expect(Object.keys(record)).toEqual(['id', 'email', 'firstName', 'lastName', 'score', 'comment', 'campaignId', 'campaignName', 'tags', 'createdDate']);
			for (const [name, value] of Object.entries(record)) expect(value).toEqual(v1[index][name]);
		});
		expect(await poll(2, { simple: false })).toEqual(v1);
	});

	it('the score filter reads the whole record before Simplify', async () => {
		const detractors = await poll(2, { score: 'detractors' });
		expect(detractors.length).toBeGreaterThan(0);
		for (const record of detractors) expect(record.score).toBeLessThanOrEqual(6);
	});

	it('Fetch Test Event shows the sample as the active trigger will emit it', async () => {
		const run = async (typeVersion: number) =>
			(await runWorkflow({ node: trigger(typeVersion, { event: 'newOutboxRecord' }), nodeType: new SurveyFeedbackTrigger(testTransport()), credentials })).outputs[0]?.[0]?.json as IDataObject;
		const whole = await run(1);
		const simplified = await run(2);
		expect(simplified.surveyId).toBe(whole.surveyId);
		expect(simplified.isOpened).toBe((whole.detailedStatus as IDataObject).isOpened);
		expect(Object.keys(simplified).length).toBeLessThanOrEqual(10);
		expect(whole).toHaveProperty('detailedStatus');
	});
});
