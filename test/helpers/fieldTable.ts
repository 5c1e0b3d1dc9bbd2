/**
 * docs/response-fields.md read as the test reads it: the answers (each a name and the requests it
 * covers) and the rows (each an answer, or several, and a field), and whether a read matches a row.
 */
import { readFileSync } from 'node:fs';

import type { Read } from './answerReads';

export interface Row {
	line: number;
	answers: string[];
	field: string;
}
export interface Answer {
	/** The requests it covers (`GET /api/v2/customers`, `*` for every request). */
	requests: string[];
	/** Whether its fields are read from a record of a list or a row of a write (or the answer when it holds one), rather than from the answer's top. */
	ofParts: boolean;
}
export interface FieldTable {
	answers: Map<string, Answer>;
	rows: Row[];
	/** Answer names rows use that "The answers" does not define. */
	undefinedAnswers: string[];
}

const REQUEST = /`((?:[A-Z]+|\*) \/[^`]*|\*)`/g;

/** A request pattern as a read names its request: `{groupId}` and `{}` stand for one segment, a trailing slash is dropped. */
const normal = (request: string) => request.replace(/\/+$/, '').replace(/\{[^}]*\}/g, '{}');

export function readFieldTable(file: string): FieldTable {
	const answers = new Map<string, Answer>();
	const references = new Map<string, string[]>();
	const rows: Row[] = [];
	let section = '';
	readFileSync(file, 'utf8')
		.split('\n')
		.forEach((text, index) => {
			if (text.startsWith('## ')) section = text.slice(3).trim();
			const cells = text.split('|').map((cell) => cell.trim());
			if (cells.length < 4 || cells[1] === 'Answer' || /^-+$/.test(cells[1])) return;
			if (section === 'The answers') {
				answers.set(cells[1], { requests: [...cells[2].matchAll(REQUEST)].map(([, request]) => normal(request)), ofParts: !/^the answer\b/.test(cells[3]) });
				// "as Bulk writes": the requests of another answer.
				references.set(cells[1], [...cells[2].matchAll(/\bas ([A-Z][\w ]*?)(?=,|;|\.| and\b|$)/g)].map(([, name]) => name.trim()));
				return;
			}
			if (!/^`[^`]+`$/.test(cells[2])) return;
			rows.push({ line: index + 1, answers: answerNames(cells[1]), field: cells[2].slice(1, -1) });
		});
	for (const [name, named] of references) for (const other of named) answers.get(name)?.requests.push(...(answers.get(other)?.requests ?? [`(no answer ${other})`]));
	const undefinedAnswers = [...new Set([...rows.flatMap((row) => row.answers), ...[...references.values()].flat()])].filter((name) => !answers.has(name) && !isRequest(name));
	return { answers, rows, undefinedAnswers };
}

/** "Customers (list, Simplify); Companies": the answers a row's Answer cell names, without what it says of them in brackets. */
function answerNames(cell: string): string[] {
	let depth = 0;
	let plain = '';
	for (const char of cell) {
		if (char === '(') depth++;
		if (depth === 0) plain += char;
		if (char === ')') depth--;
	}
	return plain
		.split(';')
		.map((name) => name.replace(/`/g, '').trim())
		.filter(Boolean);
}

const isRequest = (name: string) => /^(?:[A-Z]+|\*) \//.test(name);

/** An answer by its name: its definition, or a request as an answer read from its top. */
export function answerNamed(table: FieldTable, name: string): Answer {
	return table.answers.get(name) ?? { requests: isRequest(name) ? [normal(name)] : [], ofParts: false };
}

/** Whether a request pattern of the table covers the request a read names. */
export function covers(pattern: string, request: string): boolean {
	if (pattern === '*') return true;
	if (request === '*') return false;
	const [method, path] = pattern.split(' ');
	const [readMethod, readPath] = request.split(' ');
	if (method !== '*' && method !== readMethod) return false;
	const segments = path.split('/');
	const readSegments = readPath.split('/');
	return segments.length === readSegments.length && segments.every((segment, i) => segment === readSegments[i] || segment === '{}' || readSegments[i] === '{}');
}

/**
 * The names a read can be listed under: `whole`, its path from the answer's top, its `data`
 * envelope left out (`data.subscribers` is `subscribers`; none when a scan found the part), and
 * `part`, its path from the element of a list it is in (a record of a list, a row of a write: what
 * follows the first `[]`) or from the part a scan found (`*`). Lists are stepped through
 * (`surveyQuestions.uuid`).
 */
export function keysOf(read: Pick<Read, 'path'>): { whole?: string; part?: string } {
	const { path } = read;
	const named = (steps: readonly string[]) => steps.filter((step) => step !== '[]' && step !== '*').join('.') || undefined;
	const marker = path.findIndex((step) => step === '[]' || step === '*');
	return {
		whole: path[0] === '*' ? undefined : named(withoutEnvelope(path)),
		part: marker >= 0 ? named(path.slice(marker + 1)) : undefined,
	};
}

const withoutEnvelope = (path: readonly string[]) => (path[0] === 'data' && path.length > 1 ? path.slice(1) : path);

/**
 * Whether a row's Field names a read: `data.x` is `x`; `*.x` is `x` at any depth, read by a place
 * that scans every field (`scanning`). A row of an answer read from its top names the read's
 * `whole`; one read from records or rows, its `part` too. Unless `exact`, a field on the way to the
 * row's (`current` on the way to `current.score`) is named by it.
 */
export function fieldMatches(field: string, read: Pick<Read, 'path'>, { exact = false, scanning = false, ofParts = true } = {}): boolean {
	if (field.startsWith('*.')) {
		const full = read.path.filter((step) => step !== '[]' && step !== '*').join('.');
		const tail = field.slice(2);
		return scanning && (full === tail || full.endsWith(`.${tail}`));
	}
	const wanted = withoutEnvelope(field.split('.')).join('.');
	const { whole, part } = keysOf(read);
	const keys = ofParts ? [whole, part] : [whole];
	return keys.some((key) => key !== undefined && (wanted === key || (!exact && wanted.startsWith(`${key}.`))));
}
