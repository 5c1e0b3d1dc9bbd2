import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import { apiDate } from '../../../shared/dates';
import { attempt, compact, issueProblem, type ItemProblems } from '../../../shared/inputs';
import type { RowTable } from './rowTable';

/**
 * The check of a bulk write's row: the zod schema made from its table, each field by its own
 * schema, and the row checked against it with every issue recorded for the item, so that the
 * item's error names all its bad fields at once.
 */

/** What a field's schema knows besides the value: the workflow's time zone, for dates given without one. */
export interface RuleContext {
	timezone: string;
}

/**
 * A date of the row by the service's date rule (shared/dates.ts), read in the workflow's zone when
 * it carries none. zod has no reading of a date in a time zone: the rule stays the one function the
 * editor's date fields and the trigger use too, and its problem becomes the field's zod issue.
 */
export const isoDate = ({ timezone }: RuleContext) =>
	z.unknown().transform((value, ctx) => {
		const result = attempt(() => apiDate(value, 'iso', { timezone }));
		if ('value' in result) return result.value;
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: result.problem });
		return z.NEVER;
	});

/** The zod schema of a row of the table, for this run's zone. Made once per run. */
export function rowSchema(table: RowTable, ctx: RuleContext): z.ZodType<IDataObject, z.ZodTypeDef, unknown> {
	return z.object(Object.fromEntries(table.fields.map(({ name, schema }) => [name, typeof schema === 'function' ? schema(ctx) : schema]))) as z.ZodType<
		IDataObject,
		z.ZodTypeDef,
		unknown
	>;
}

/**
 * The row as it is sent (only what was set). Each issue is recorded under its field's name for the
 * user (`label`), but for a field the reading already reported (a column n8n could not convert):
 * its value is not the user's. An item with problems is never sent, so its row is then empty.
 */
export function validateRow<T extends IDataObject>(schema: z.ZodType<IDataObject, z.ZodTypeDef, unknown>, raw: IDataObject, label: (field: string) => string, problems: ItemProblems): T {
	const parsed = schema.safeParse(raw);
	if (parsed.success) return compact(parsed.data) as T;
	const reported = problems.fields();
	for (const issue of parsed.error.issues) {
		const field = issue.path.length ? label(String(issue.path[0])) : 'Item';
		if (!reported.has(field)) problems.add(field, issueProblem(issue, 1));
	}
	return {} as T;
}
