/**
 * Prints the README's Operations section from the node's own registry, so the README lists
 * exactly what the node offers. `npx tsx scripts/operations-table.ts`.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { resources } from '../nodes/SurveyFeedback/actions/resources';

export function operationsMarkdown(): string {
	const lines = ['| Resource | Operation | What it does |', '|---|---|---|'];
	for (const { resource, description } of Object.values(resources)) {
		const operation = description.find((property: INodeProperties) => property.name === 'operation');
		for (const option of (operation?.options ?? []) as INodePropertyOptions[]) {
			lines.push(`| ${resource.name} | ${option.name} | ${String(option.description ?? '').replace(/\|/g, '\\|')} |`);
		}
	}
	return lines.join('\n');
}

if (require.main === module) console.log(operationsMarkdown());
