/**
 * Prints the README's operations table from the node's own registry, so the README lists exactly
 * what the node offers: `npx tsx scripts/operations-table.ts`.
 */
import { operationsTable } from '../nodes/SurveyFeedback/actions/registry';
import { resources } from '../nodes/SurveyFeedback/actions/resources';

export const operationsMarkdown = (): string => operationsTable(resources);

if (require.main === module) console.log(operationsMarkdown());
