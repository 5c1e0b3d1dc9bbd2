/**
 * The README's operations table, made from the node's own registry so the README lists exactly what
 * the node offers (scripts/operations-table.ts writes it; test/readme.test.ts checks it).
 */
import { resources } from '../../nodes/SurveyFeedback/actions/resources';

/** The README's operations table, one row per operation, each resource's in alphabetical order. */
export function operationsMarkdown(): string {
	const rows = resources.flatMap((resource) =>
		[...resource.operations]
			.sort((a, b) => a.option.name.localeCompare(b.option.name))
			.map(({ option }) => `| ${resource.name} | ${option.name} | ${option.description.replace(/\|/g, '\\|')} |`),
	);
	return ['| Resource | Operation | What it does |', '|---|---|---|', ...rows].join('\n');
}

/** The README with its operations table (the header row up to the first line that is not a row) replaced. */
export function withOperationsTable(readme: string): string {
	const lines = readme.split('\n');
	const start = lines.findIndex((line) => line.startsWith('| Resource | Operation |'));
	if (start < 0) throw new Error('README.md has no operations table (a row starting "| Resource | Operation |")');
	let end = start;
	while (end < lines.length && lines[end].startsWith('|')) end++;
	return [...lines.slice(0, start), operationsMarkdown(), ...lines.slice(end)].join('\n');
}
