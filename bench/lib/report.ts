/** A scenario's outcome as a table, and the Markdown and console forms of the whole report. */

export interface Table {
	columns: string[];
	rows: string[][];
}

export interface ScenarioResult {
	id: number;
	title: string;
	/** What was run, in a sentence or two. */
	setup: string[];
	tables: Array<{ caption?: string; table: Table }>;
	/** Observations worth reading beside the figures. */
	notes: string[];
	/** Everything measured, per variant and run, for the JSON dump. */
	raw: unknown;
}

export function markdownTable(t: Table): string {
	const esc = (s: string) => s.replace(/\|/g, '\\|');
	const lines = [`| ${t.columns.map(esc).join(' | ')} |`, `| ${t.columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`];
	for (const row of t.rows) lines.push(`| ${row.map(esc).join(' | ')} |`);
	return lines.join('\n');
}

/** The same table with aligned columns, for the terminal. */
export function consoleTable(t: Table): string {
	const widths = t.columns.map((c, i) => Math.max(c.length, ...t.rows.map((r) => (r[i] ?? '').length)));
	const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
	return [line(t.columns), widths.map((w) => '-'.repeat(w)).join('  '), ...t.rows.map(line)].join('\n');
}
