import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * What Map Automatically does with the fields of an item that the operation does not read (the
 * read-only fields of the service's own records aside, which are always left out): refuse the
 * item, leave them out, or send them as custom customer properties where the endpoint takes them.
 */
export type ExtraFieldHandling = 'error' | 'ignoreIt' | 'customProperties';

export const EXTRA_FIELD_CHOICES: Record<ExtraFieldHandling, INodePropertyOptions> = {
	error: {
		name: 'Error',
		value: 'error',
		description: 'Stop with an error that names the item and its extra fields',
	},
	ignoreIt: {
		name: 'Ignore Them',
		value: 'ignoreIt',
		description: 'Leave them out; each output item lists them in ignoredFields',
	},
	customProperties: {
		name: 'Send as Custom Properties',
		value: 'customProperties',
		description:
			"Send each as a custom customer property labelled with the field's name (text, numbers and booleans; nested objects and lists are refused). The service takes the account's registered properties: register new ones in the service first.",
	},
};

/**
 * How Map Automatically treats the fields of each item, as the user set it: Handling Extra Fields
 * in Input, and Fields to Ignore (folded names, see `fold`).
 */
export interface ExtraFieldSettings {
	extraFields: ExtraFieldHandling;
	/** Folded names of the item fields to keep out of the write; each is listed in `ignoredFields`. */
	ignoreFields?: ReadonlySet<string>;
	/** The mode that sets each field by hand in the user's version, for the hints: Define Below, Map Each Column Manually. */
	manualMode?: string;
}

/** Where the edit distance of two is allowed: names of at least this many letters (`first_name`, `lastName`). */
const LONG_NAME = 8;

/**
 * The name without case, `_`, `-` and spaces: `First Name`, `FIRST_NAME`, `first-name` and
 * `firstName` fold alike. Map Automatically compares field names folded.
 */
export const fold = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * Fields to Ignore as folded names: comma-separated text, or a list (from an expression). Empty
 * entries are skipped.
 */
export function ignoredFieldNames(value: unknown): Set<string> {
	const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	return new Set(entries.map((entry) => fold(String(entry ?? '').trim())).filter((name) => name !== ''));
}

/**
 * The settings from the values of Handling Extra Fields in Input and Fields to Ignore, wherever
 * the node keeps them (top-level parameters, or a column mapper's options). Unset: Error, none.
 */
export function extraFieldSettings(handling: unknown, ignoreFields: unknown): ExtraFieldSettings {
	const extraFields = typeof handling === 'string' && Object.prototype.hasOwnProperty.call(EXTRA_FIELD_CHOICES, handling) ? (handling as ExtraFieldHandling) : 'error';
	return { extraFields, ignoreFields: ignoredFieldNames(ignoreFields) };
}

/**
 * The settings of each item, for the mode that sets fields by hand in the user's version
 * (`manualMode`): made again only when an item's values differ from the previous item's, as they
 * rarely do.
 */
export function itemExtraFieldSettings(manualMode: string): (handling: unknown, ignoreFields: unknown) => ExtraFieldSettings {
	let last: { handling: unknown; ignoreFields: unknown; settings: ExtraFieldSettings } | undefined;
	return (handling, ignoreFields) => {
		if (!last || last.handling !== handling || last.ignoreFields !== ignoreFields) {
			last = { handling, ignoreFields, settings: { ...extraFieldSettings(handling, ignoreFields), manualMode } };
		}
		return last.settings;
	};
}

/**
 * Edit distance with swaps of two neighbouring letters counted as one edit (optimal string
 * alignment), stopping early once it exceeds `limit`.
 */
function distance(a: string, b: string, limit: number): number {
	if (Math.abs(a.length - b.length) > limit) return limit + 1;
	let before = Array.from({ length: b.length + 1 }, (_, j) => j);
	let previous = before;
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		let rowMin = i;
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
			current.push(value);
			rowMin = Math.min(rowMin, value);
		}
		if (rowMin > limit) return limit + 1;
		before = previous;
		previous = current;
	}
	return previous[b.length];
}

/**
 * The field a name looks like a misspelling of, among the names the operation reads, or
 * undefined. A name resembles a known one when, without case, `_`, `-` and spaces, it has the same
 * letters (Map Automatically takes such a name as that field before asking), or one edit apart (a letter added, dropped, changed, or two neighbours swapped), or two
 * edits when the known name has 8 letters or more. Short names get one edit only: two would catch
 * ordinary fields (`detail` and `retail` are two edits from `email`, `stage` two from `tags`).
 */
export function resembledField(name: string, known: readonly string[]): string | undefined {
	const folded = fold(name);
	let best: { name: string; distance: number } | undefined;
	for (const candidate of known) {
		const target = fold(candidate);
		const limit = target.length >= LONG_NAME ? 2 : 1;
		const found = folded === target ? 0 : distance(folded, target, limit);
		if (found <= limit && (!best || found < best.distance)) best = { name: candidate, distance: found };
	}
	return best?.name;
}
