/**
 * Fields shown otherwise: answers show some fields of one record with values of the test's choice
 * (`null`, a date in a format no client reads), wherever the record appears, while the simulator
 * keeps filtering, sorting and computing with the stored values. It plays a faithful service that
 * writes a field its own way, for the clients that must survive such a record.
 */

export interface ShownFields {
	/** The record's ID as answers show it: its `id`, or an outbox row's `surveyId`. */
	id: string;
	/** Field names and the values answers show for them. */
	fields: Record<string, unknown>;
}

export function parseShownFields(value: unknown): ShownFields[] {
	if (!Array.isArray(value)) throw new Error('shownFields must be an array of { id, fields }');
	return value.map((entry, i) => {
		const { id, fields } = (entry ?? {}) as Partial<ShownFields>;
		if (typeof id !== 'string' || id === '') throw new Error(`shownFields[${i}].id must be a record ID`);
		if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new Error(`shownFields[${i}].fields must be an object`);
		return { id, fields: { ...fields } };
	});
}

/** The answer's body with the chosen fields of every listed record replaced (a copy; the store is untouched). */
export function showFields(body: unknown, rules: ShownFields[]): unknown {
	if (rules.length === 0) return body;
	const byId = new Map(rules.map((rule) => [rule.id, rule.fields]));
	const visit = (value: unknown): unknown => {
		if (Array.isArray(value)) return value.map(visit);
		if (typeof value !== 'object' || value === null) return value;
		const record = value as Record<string, unknown>;
		const copy = Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, visit(entry)]));
		const fields = byId.get(String(record.id ?? record.surveyId ?? ''));
		return fields ? { ...copy, ...fields } : copy;
	};
	return visit(body);
}
