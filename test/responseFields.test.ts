/**
 * Every field of the service's answers that the nodes read is listed in docs/response-fields.md,
 * for the answer it is read on.
 *
 * How the test knows which answer a read belongs to: it follows each answer from where it enters,
 * `api.request({ method, path })`, through everything the code does with it (test/helpers/
 * answerReads.ts, an abstract interpretation over nodes/ with TypeScript's compiler API). The
 * answer is named by that request's method and path (`GET /api/v2/trends/{}`); the doc's "The
 * answers" says which requests each answer name covers. A read is followed whatever its form: a
 * field by name, by a computed name the code sets (Simplify's fields, the trigger's `timeField`),
 * destructured, checked with `in`, through `as any`, a cast to a named type, a type guard, a
 * spread or a rest. The test fails, naming the file and line:
 * - on a read that no row of its answer lists (a row of another answer does not count);
 * - on a row whose field no code reads on that answer;
 * - on a scan of an answer's fields (`Object.keys/values/entries`, `for … in`, a name it cannot
 *   tell) outside the places in SCANS, an answer handed to a library function that may read it,
 *   a request whose path it cannot tell, and a read on a `ServiceRecord` that no answer reaches.
 * test/fixtures/responseFields/ holds one small file per way of hiding a read; the test runs the
 * same scan over them and fails unless each is reported.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

import { AnswerReads, type Finding, type Read } from './helpers/answerReads';
import { answerNamed, covers, fieldMatches, keysOf, readFieldTable, type Row } from './helpers/fieldTable';

const ROOT = path.resolve(__dirname, '..');
const TABLE = path.join(ROOT, 'docs', 'response-fields.md');
const FIXTURES = 'test/fixtures/responseFields';

/** The places that read every field of a part of an answer, and why that is no field read by name. */
const SCANS: Record<string, string> = {
	'nodes/shared/paging.ts listIn': 'an answer that names its list differently: the one array in `data`, or at the top level',
	'nodes/shared/records.ts selectFields': 'Selected Fields (tool mode): the fields the user picked, passed through as sent',
	'nodes/SurveyFeedback/helpers/output/toolMode.ts simplifyRecord': 'Simplify Output of version 1 in tool mode: empty fields left out, at every depth',
	'nodes/SurveyFeedback/helpers/output/toolMode.ts isEmptyValue': 'Simplify Output of version 1 in tool mode: an empty object is left out',
	'nodes/SurveyFeedback/helpers/bulk/answerRows.ts findRows': 'the rows of a bulk write, wherever the answer puts them: keyed by email or by the item, or the one list of rows',
	'nodes/SurveyFeedback/helpers/bulk/answerRows.ts outcomesOf': 'a row passed to its item as the service sent it, without its `index`',
	'nodes/SurveyFeedback/helpers/bulk/answerRows.ts withoutStatus': 'a row passed to its item as the service sent it, its `status` apart',
	'nodes/SurveyFeedback/helpers/output/ownRequest.ts ownRequestResult': 'whether the answer of an item\'s own request has anything in `data`',
};

function scanProgram(): ts.Program {
	const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
	if (!config) throw new Error('tsconfig.json could not be read');
	const fixtures = readdirSync(path.join(ROOT, FIXTURES)).map((name) => path.join(ROOT, FIXTURES, name));
	return ts.createProgram([...config.fileNames, ...fixtures], config.options);
}

const flow = new AnswerReads(scanProgram(), ROOT, (file) => file.startsWith('nodes/') || file.startsWith(`${FIXTURES}/`)).run();
const table = readFieldTable(TABLE);
const inFile = (prefix: string) => (entry: { at: string }) => entry.at.startsWith(prefix);
const reads = [...flow.reads.values()];
const findings = [...flow.findings.values()];

/** Whether a read is made by one of the places in SCANS. */
const byScan = (entry: { at: string; places: string[] }) => entry.places.some((place) => SCANS[`${entry.at.split(':')[0]} ${place}`] !== undefined);

/** The rows of answers covering a request, each with whether its answer is read from records or rows. */
const rowsOfRequest = new Map<string, Array<{ row: Row; ofParts: boolean }>>();
function candidates(request: string): Array<{ row: Row; ofParts: boolean }> {
	let found = rowsOfRequest.get(request);
	if (!found) {
		found = table.rows.flatMap((row) =>
			row.answers
				.map((name) => answerNamed(table, name))
				.filter((answer) => answer.requests.some((pattern) => covers(pattern, request)))
				.map(({ ofParts }) => ({ row, ofParts })),
		);
		rowsOfRequest.set(request, found);
	}
	return found;
}

/** The rows that list a read: rows of an answer covering its request, whose Field names it (`exact`: itself, not a field on the way to it). */
function rowsFor(read: Read, exact = false): Row[] {
	const scanning = byScan(read);
	return [...new Set(candidates(read.request).filter(({ row, ofParts }) => fieldMatches(row.field, read, { exact, scanning, ofParts })).map(({ row }) => row))];
}

/** Reads that no row of their answer lists: one line per place and field, with the requests it is read on. */
function unlisted(prefix: string): string[] {
	const lines = new Map<string, Set<string>>();
	for (const read of reads.filter(inFile(prefix))) {
		if (rowsFor(read).length) continue;
		const { whole, part } = keysOf(read);
		const line = `${read.at} (${read.how}) reads \`${part ?? whole ?? read.path.join('.')}\` of`;
		lines.set(line, (lines.get(line) ?? new Set()).add(read.request));
	}
	return [...lines].map(([line, requests]) => `${line} ${[...requests].sort().join(', ')}: no row lists it for that answer`);
}

/** Scans outside SCANS, answers handed away, requests and reads the test cannot follow. */
function unseen(prefix: string): string[] {
	const allowed = (finding: Finding) => finding.kind === 'scan' && byScan(finding);
	return findings
		.filter(inFile(prefix))
		.filter((finding) => !allowed(finding))
		.map(({ at, what, requests }) => `${at}: ${what}${requests.size ? ` (${[...requests].sort().join(', ')})` : ''}`);
}

/** Each fixture, the form it hides a read in, and what the test must report (undefined: nothing, the control). */
const EXPECTED: Array<[string, string, string | undefined]> = [
	['readByName.ts', 'a read the table lists for this answer (the control)', undefined],
	['asAny.ts', 'a read through `as any`', 'reads `promotersCount` of GET /api/v2/trends/default'],
	['namedCast.ts', 'a read through a cast to a named type', 'reads `promotersCount` of GET /api/v2/trends/default'],
	['inCheck.ts', 'an `in` check', 'reads `promotersCount` of GET /api/v2/trends/default'],
	['objectEntries.ts', '`Object.entries` of an answer', 'Object.entries(…) (GET /api/v2/trends/default)'],
	['objectKeys.ts', '`Object.keys` of an answer', 'Object.keys(…) (GET /api/v2/trends/default)'],
	['objectValues.ts', '`Object.values` of an answer', 'Object.values(…) (GET /api/v2/trends/default)'],
	['forIn.ts', '`for … in` over an answer', 'for … in (GET /api/v2/trends/default)'],
	['typeGuard.ts', 'a read through a type guard', 'reads `promotersCount` of GET /api/v2/trends/default'],
	['spread.ts', 'a read of a copy made by a spread', 'reads `promotersCount` of GET /api/v2/trends/default'],
	['rest.ts', 'a read of a rest element', 'reads `promotersCount` of GET /api/v2/trends/default'],
	['computedName.ts', 'a read by a name the code cannot tell', 'a field read by a computed name'],
	['handedAway.ts', 'an answer handed to a library function', 'hands the answer to structuredClone'],
	['wrongAnswer.ts', 'a field listed for another answer only', 'reads `promotersCount` of GET /api/v2/trends/default'],
];

describe('docs/response-fields.md', () => {
	it('defines every answer its rows name', () => {
		expect(table.undefinedAnswers).toEqual([]);
	});

	it('follows each answer to its reads', () => {
		const found = (request: string, key: string) =>
			reads.some((read) => inFile('nodes/')(read) && read.request === request && [keysOf(read).whole, keysOf(read).part].includes(key));
		// A read by name, a part read through a helper, a destructured one, a name set in a table, the trigger's, the list search's.
		expect(found('GET /api/v2/trends/{}', 'current.score')).toBe(true);
		expect(found('GET /api/v2/customers', 'subscribers')).toBe(true);
		expect(found('GET /api/v2/campaigns', 'id')).toBe(true);
		expect(found('GET /api/v2/outbox', 'detailedStatus.isOpened')).toBe(true);
		expect(found('GET /api/v2/feedback', 'createdDate')).toBe(true);
		expect(found('GET /api/v2/trends', 'isDefault')).toBe(true);
	});

	it('lists every field the nodes read, for the answer it is read on', () => {
		expect(unlisted('nodes/')).toEqual([]);
	});

	it('lists only fields the nodes read on that answer', () => {
		const read = new Set(reads.filter(inFile('nodes/')).flatMap((each) => rowsFor(each, true)));
		const unread = table.rows.filter((row) => !read.has(row));
		expect(unread.map(({ line, answers, field }) => `docs/response-fields.md:${line} lists \`${field}\` for ${answers.join('; ')}, which no code in nodes/ reads on it`)).toEqual([]);
	});

	it('sees every read: no scan outside SCANS, no answer handed away, no request or read it cannot follow', () => {
		expect(unseen('nodes/')).toEqual([]);
	});

	describe('reports each way of hiding a read (test/fixtures/responseFields/)', () => {
		const fixtures = readdirSync(path.join(ROOT, FIXTURES)).filter((name) => name.endsWith('.ts'));
		const reported = (name: string) => [...unlisted(`${FIXTURES}/${name}`), ...unseen(`${FIXTURES}/${name}`)];

		it('has a fixture for each form', () => {
			expect(fixtures.sort()).toEqual(EXPECTED.map(([name]) => name).sort());
		});
		it.each(EXPECTED)('%s: %s', (name, _form, expected) => {
			const found = reported(name);
			if (expected === undefined) expect(found).toEqual([]);
			else expect(found).toEqual([expect.stringContaining(expected)]);
		});
	});
});
