/**
 * Every field of the service's answers that the nodes read is listed in docs/response-fields.md.
 *
 * The transport returns answers typed `ServiceRecord` (nodes/shared/serviceRecord.ts), and code
 * that reads them keeps that type. TypeScript's compiler API, over nodes/**, then finds every
 * read: a field read by name on a ServiceRecord (`body.data`, `row['status']`, `{ email } = row`),
 * and the field names the nodes keep in their few named places of reading (a list's `recordsKey`,
 * the trigger's `timeField`, `idFields` and `fallbackFields`, Simplify's `simplified` and
 * `idField`, `nested(parent, field)`, `numberField(body, names)`, `recordsOf(body, key)`, the list searches' `search(…, key)`, the import's `answerPart(body, name)`, the tool's `REPEATS`). The
 * test fails on a read the table does not list, on a table row no code reads, and on code that
 * would hide a read from it: a ServiceRecord, or a part of one, cast or passed to an IDataObject,
 * or read with a computed name outside the named places.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const TABLE = path.join(ROOT, 'docs', 'response-fields.md');

/**
 * Where a field's name is computed: the function, and where the names it reads come from (each
 * of those places is itself scanned for its literal names).
 */
const COMPUTED_READS: Record<string, string> = {
	'nodes/shared/paging.ts recordsOf': 'a list\'s records key: `recordsOf(body, key)` and `recordsKey`',
	'nodes/shared/paging.ts listIn': 'a list\'s records key: `listIn(body, key)` and `requireList(body, key)`',
	'nodes/SurveyFeedback/actions/report/reportRow.ts ownBreakdown': 'the report\'s own summary: `BUCKETS` and their `…Count`',
	'nodes/SurveyFeedback/actions/report/reportRow.ts dayCounts': 'a day of the report\'s `trend`: `BUCKETS`',
	'nodes/SurveyFeedback/actions/trend/trendRow.ts part': 'the trend\'s parts: `group`, `current`, `baseline`, `deltas`',
	'nodes/SurveyFeedback/actions/report/get.operation.ts stated': 'a report\'s `campaignName` and `metric`',
	'nodes/shared/paging.ts numberField': 'the paging fields: `numberField(body, names)`',
	'nodes/shared/records.ts nested': 'Simplify\'s nested fields: `nested(parent, field)`',
	'nodes/shared/records.ts simplifyRecordAs': 'Simplify\'s fields: `simplified`',
	'nodes/SurveyFeedback/helpers/operations/softDelete.ts keyOf': 'a soft delete\'s `idField`',
	'nodes/SurveyFeedback/helpers/bulk/answerRows.ts answerPart': 'the import\'s parts: `answerPart(body, name)`',
	'nodes/SurveyFeedback/helpers/output/toolMode.ts simplifyRecord': 'the fields that repeat another: `REPEATS`',
	'nodes/SurveyFeedbackTrigger/events.ts identityOf': 'the trigger\'s `idFields` and `fallbackFields`',
	'nodes/SurveyFeedbackTrigger/placement.ts pagePlacer': 'the trigger\'s `timeField`',
	'nodes/SurveyFeedbackTrigger/placement.ts formatChanged': 'the trigger\'s `timeField`',
	'nodes/SurveyFeedbackTrigger/poll.ts warnPlaced': 'the trigger\'s `timeField`',
};

/** Object literal properties whose values are field names of the answers. */
const NAME_PROPERTIES = new Set(['recordsKey', 'timeField', 'idField', 'idFields', 'fallbackFields', 'simplified']);
/** Calls whose literal arguments are field names of the answers: the function, and which arguments. */
const NAME_ARGUMENTS: Record<string, number[]> = { recordsOf: [1], listIn: [1], requireList: [1], readUnpagedList: [3], nested: [0, 1], numberField: [1], answerPart: [1], search: [2] };
/** Tables of field names: both their keys and their values are fields of the answers. */
const NAME_TABLES = new Set(['REPEATS']);

interface Found {
	field: string;
	at: string;
	how: string;
}

function scan(): { reads: Found[]; hidden: string[] } {
	const configPath = path.join(ROOT, 'tsconfig.json');
	const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
	if (!config) throw new Error('tsconfig.json could not be read');
	const program = ts.createProgram(config.fileNames, config.options);
	const checker = program.getTypeChecker();
	const reads: Found[] = [];
	const hidden: string[] = [];

	const isService = (type: ts.Type): boolean =>
		type.aliasSymbol?.name === 'ServiceRecord' ||
		(type.isUnion() && type.types.some(isService)) ||
		(checker.isArrayType(type) && checker.getTypeArguments(type as ts.TypeReference).some(isService));
	const isRecord = (type: ts.Type): boolean => type.aliasSymbol?.name === 'ServiceRecord' || (type.isUnion() && type.types.some(isRecord));
	const typeOf = (node: ts.Node) => checker.getTypeAtLocation(node);
	/** A part of an answer: an expression of type ServiceRecord, or read from one, or a variable that holds such a part. */
	const fromService = (expression: ts.Expression, depth = 0): boolean => {
		if (depth > 8) return false;
		if (isService(typeOf(expression))) return true;
		const inner = expression as ts.Expression & { expression?: ts.Expression };
		if (ts.isParenthesizedExpression(expression) || ts.isNonNullExpression(expression) || ts.isAsExpression(expression)) return fromService(inner.expression as ts.Expression, depth + 1);
		if (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) return fromService(expression.expression, depth + 1);
		if (ts.isBinaryExpression(expression) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(expression.operatorToken.kind)) {
			return fromService(expression.left, depth + 1) || fromService(expression.right, depth + 1);
		}
		if (ts.isIdentifier(expression)) {
			const declaration = checker.getSymbolAtLocation(expression)?.valueDeclaration;
			if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) return fromService(declaration.initializer, depth + 1);
			if (declaration && ts.isBindingElement(declaration)) {
				let holder: ts.Node = declaration;
				while (!ts.isVariableDeclaration(holder) && holder.parent) holder = holder.parent;
				return ts.isVariableDeclaration(holder) && holder.initializer !== undefined && fromService(holder.initializer, depth + 1);
			}
		}
		return false;
	};
	const mentionsPlainObject = (typeNode: ts.TypeNode) => /IDataObject|JsonObject|Record<|\{/.test(typeNode.getText());

	for (const source of program.getSourceFiles()) {
		const file = path.relative(ROOT, source.fileName).split(path.sep).join('/');
		if (!file.startsWith('nodes/')) continue;
		const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
		const functionOf = (node: ts.Node): string => {
			for (let current = node.parent; current; current = current.parent) {
				if ((ts.isFunctionDeclaration(current) || ts.isMethodDeclaration(current)) && current.name) return current.name.getText();
				if (ts.isVariableDeclaration(current) && ts.isIdentifier(current.name) && current.initializer && ts.isFunctionLike(current.initializer)) return current.name.text;
			}
			return '(top level)';
		};
		const names = (node: ts.Node, how: string) => {
			if (ts.isStringLiteralLike(node)) reads.push({ field: node.text, at: at(node), how });
			else if (ts.isArrayLiteralExpression(node)) node.elements.forEach((element) => names(element, how));
		};
		const visit = (node: ts.Node) => {
			// A field read by name, or with a computed name, on a record of the service.
			if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && isRecord(typeOf(node.expression))) {
				const written = ts.isBinaryExpression(node.parent) && node.parent.left === node && node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
				const key = ts.isPropertyAccessExpression(node) ? node.name : node.argumentExpression;
				if (written) {
					// Not a read.
				} else if (ts.isIdentifier(key) && ts.isPropertyAccessExpression(node)) {
					reads.push({ field: key.text, at: at(node), how: node.getText() });
				} else if (ts.isStringLiteralLike(key)) {
					reads.push({ field: key.text, at: at(node), how: node.getText() });
				} else if (!COMPUTED_READS[`${file} ${functionOf(node)}`]) {
					hidden.push(`${at(node)} reads a field with a computed name (${node.getText()}) in ${functionOf(node)}: read it by name, or add the function to COMPUTED_READS with where its names come from`);
				}
			}
			// `const { a, b } = record`
			if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer && isRecord(typeOf(node.initializer))) {
				for (const element of node.name.elements) {
					const name = element.propertyName ?? element.name;
					if (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) reads.push({ field: name.text, at: at(element), how: node.getText() });
				}
			}
			// The named places of reading.
			if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && NAME_PROPERTIES.has(node.name.text)) {
				// A shape whose rows its operation builds names the row's fields, not fields read: the operation's reads are seen where it makes them.
				const builtByOperation =
					ts.isObjectLiteralExpression(node.parent) &&
					node.parent.properties.some((other) => ts.isPropertyAssignment(other) && other.name.getText() === 'rowsBuiltByOperation' && other.initializer.kind === ts.SyntaxKind.TrueKeyword);
				if (node.name.text === 'simplified' && builtByOperation) {
					// nothing read here
				} else if (node.name.text === 'simplified' && ts.isArrayLiteralExpression(node.initializer)) {
					for (const entry of node.initializer.elements) if (ts.isStringLiteralLike(entry)) names(entry, `simplified: '${entry.text}'`);
				} else {
					names(node.initializer, `${node.name.text}: ${node.initializer.getText()}`);
				}
			}
			if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && NAME_TABLES.has(node.name.text) && node.initializer && ts.isObjectLiteralExpression(node.initializer)) {
				for (const entry of node.initializer.properties) {
					if (!ts.isPropertyAssignment(entry)) continue;
					reads.push({ field: entry.name.getText().replace(/^['"]|['"]$/g, ''), at: at(entry), how: `${node.name.text}: ${entry.getText()}` });
					names(entry.initializer, `${node.name.text}: ${entry.getText()}`);
				}
			}
			if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && NAME_ARGUMENTS[node.expression.text]) {
				for (const index of NAME_ARGUMENTS[node.expression.text]) {
					const argument = node.arguments[index];
					if (argument) names(argument, node.getText());
				}
			}
			// What would hide reads: a part of an answer cast, passed or assigned to a plain object type.
			if (ts.isAsExpression(node) && !isService(checker.getTypeFromTypeNode(node.type)) && mentionsPlainObject(node.type) && fromService(node.expression)) {
				hidden.push(`${at(node)} casts a part of an answer to ${node.type.getText()} (${node.getText()}): cast it as ServiceRecord so that its reads are seen`);
			}
			if (ts.isVariableDeclaration(node) && node.type && node.initializer && !isService(checker.getTypeFromTypeNode(node.type)) && mentionsPlainObject(node.type) && fromService(node.initializer)) {
				hidden.push(`${at(node)} keeps a part of an answer as ${node.type.getText()} (${node.name.getText()}): type it ServiceRecord so that its reads are seen`);
			}
			// A function that takes a plain object where a ServiceRecord is handed to it (`label: campaignLabel`).
			if ((ts.isIdentifier(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parent && ((ts.isCallExpression(node.parent) && node.parent.arguments.includes(node as ts.Expression)) || (ts.isPropertyAssignment(node.parent) && node.parent.initializer === node))) {
				const expected = checker.getContextualType(node)?.getCallSignatures()[0];
				const given = typeOf(node).getCallSignatures()[0]?.getDeclaration();
				if (expected && given && !ts.isJSDocSignature(given) && path.relative(ROOT, given.getSourceFile().fileName).startsWith('nodes')) {
					given.parameters.forEach((parameter, index) => {
						const wanted = expected.getParameters()[index];
						if (!wanted || !parameter.type || !mentionsPlainObject(parameter.type) || isService(checker.getTypeFromTypeNode(parameter.type))) return;
						if (!isService(checker.getTypeOfSymbolAtLocation(wanted, node))) return;
						hidden.push(`${at(node)} hands parts of answers to ${node.getText().slice(0, 40)}, whose ${parameter.name.getText()}: ${parameter.type.getText()} hides their reads: type it ServiceRecord`);
					});
				}
			}
			if (ts.isCallExpression(node)) {
				const signature = checker.getResolvedSignature(node);
				const declaration = signature?.getDeclaration();
				const ours = declaration && path.relative(ROOT, declaration.getSourceFile().fileName).startsWith('nodes');
				node.arguments.forEach((argument, index) => {
					const parameter = declaration && !ts.isJSDocSignature(declaration) ? declaration.parameters[index] : undefined;
					if (!ours || !parameter?.type || !mentionsPlainObject(parameter.type)) return;
					if (isService(checker.getTypeFromTypeNode(parameter.type)) || !fromService(argument)) return;
					hidden.push(`${at(argument)} passes a part of an answer (${argument.getText()}) to ${parameter.name.getText()}: ${parameter.type.getText()}: type that parameter ServiceRecord so that its reads are seen`);
				});
			}
			ts.forEachChild(node, visit);
		};
		visit(source);
	}
	return { reads, hidden };
}

/** The table's fields: every segment of the `Field` column's paths (`details.failed` lists `details` and `failed`). */
function tableFields(): { segments: Set<string>; rows: Array<{ line: number; path: string }> } {
	const rows: Array<{ line: number; path: string }> = [];
	readFileSync(TABLE, 'utf8')
		.split('\n')
		.forEach((text, index) => {
			const cells = text.split('|').map((cell) => cell.trim());
			if (cells.length < 4 || !/^`[^`]+`$/.test(cells[2])) return;
			rows.push({ line: index + 1, path: cells[2].slice(1, -1) });
		});
	const segments = new Set(rows.flatMap(({ path: field }) => field.split('.')));
	return { segments, rows };
}

describe('docs/response-fields.md', () => {
	const { reads, hidden } = scan();
	const { segments, rows } = tableFields();

	it('finds the reads it is meant to find', () => {
		const found = new Set(reads.map(({ field }) => field));
		// One of each kind: a read by name, a destructured one, a named place of each sort.
		for (const field of ['data', 'message', 'subscribers', 'createdDate', 'surveyId', 'detailedStatus', 'isOpened', 'pages']) expect(found).toContain(field);
	});

	it('lists every field the nodes read', () => {
		const missing = reads.filter(({ field }) => !segments.has(field)).map(({ field, at, how }) => `${at} reads "${field}" (${how}), which docs/response-fields.md does not list`);
		expect(missing).toEqual([]);
	});

	it('lists only fields the nodes read', () => {
		const read = new Set(reads.map(({ field }) => field));
		const unread = rows.filter(({ path: field }) => !read.has(field.split('.').pop() as string)).map(({ line, path: field }) => `docs/response-fields.md:${line} lists "${field}", which no code in nodes/ reads`);
		expect(unread).toEqual([]);
	});

	it('sees every read: no part of an answer leaves the ServiceRecord type where it is read', () => {
		expect(hidden).toEqual([]);
	});
});
