import type { IDataObject, IExecuteFunctions, INode, ResourceMapperValue } from 'n8n-workflow';
import type { z } from 'zod';

import { at, fieldError } from '../../../shared/errors';
import { attempt, checked } from '../../../shared/inputs';
import { propertyColumnName, propertyLabelOf, propertyTypeOf, propertyValue, type ColumnSet } from './columnMapper';
import { fold, type ExtraFieldSettings } from './extraFields';
import type { ItemJsonReader } from './itemJson';
import { itemParameter } from './itemParameter';
import { parseRow, propertyList } from './rowSchemas';

/** A validated row, and the fields its item's output gets besides the service's answer. */
export interface MappedRow<T> {
	row: T;
	output: IDataObject;
}

/** A property entry of the row, as the service takes it. */
type PropertyEntry = { label: string; value: unknown; type: string };

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Two properties of one row with the same label: the second one is refused, naming it. */
function refuseTwice(entries: PropertyEntry[], where: (entry: PropertyEntry) => string, ctx: { node: INode; itemIndex: number }) {
	const seen = new Set<string>();
	for (const entry of entries) {
		const key = entry.label.trim().toLowerCase();
		if (seen.has(key)) throw fieldError(at(ctx, where(entry)), `gives the property ${entry.label} a second time; keep one of them`);
		seen.add(key);
	}
}

/**
 * Reads the rows of a bulk operation on version 3, from its column mapper (`columns`) and its
 * Options, through the operation's row schema (the same as the earlier versions'):
 * - Map Each Column Manually builds each row from the columns' values; a property column becomes
 *   a `{ label, value, type }` entry of the column's type. Errors name the column
 *   ("Columns › First Name").
 * - Map Automatically reads each item's JSON with the operation's item reader (the reading rules of
 *   every version, Fields to Ignore and Handling Extra Fields in Input from `settings`), after
 *   taking the fields named like a property column (folded) as that property, with its type.
 * Options › Other Custom Properties are added to every row in both modes. Made once per run.
 */
export function columnRowReader<T extends IDataObject>(
	ctx: IExecuteFunctions,
	spec: { schema: z.ZodType<T, z.ZodTypeDef, unknown>; columns: ColumnSet; fromItemJson: ItemJsonReader },
	settings: ExtraFieldSettings,
): (itemIndex: number) => MappedRow<T> {
	const node = ctx.getNode();
	const { columns, takesProperties } = spec.columns;
	const mapperOf = itemParameter<Partial<ResourceMapperValue>>(ctx, 'columns', {});
	const optionsOf = itemParameter<IDataObject>(ctx, 'options', {});
	const mapper = mapperOf(0);
	const typeOf = new Map((mapper.schema ?? []).map((field) => [field.id, field.type]));
	const byId = new Map(columns.map((column) => [column.id, column]));
	const columnLabel = (field: string) => `Columns › ${byId.get(field)?.displayName ?? field}`;

	const otherProperties = (itemIndex: number): PropertyEntry[] => {
		if (!takesProperties) return [];
		const given = (optionsOf(itemIndex).otherProperties as { property?: IDataObject[] } | undefined)?.property ?? [];
		return given.flatMap((property, index) => {
			const label = typeof property.label === 'string' ? property.label.trim() : '';
			const where = `Options › Other Custom Properties › ${label || `entry ${index + 1}`}`;
			if (!label) throw fieldError(at({ node, itemIndex }, where), "needs a label (the property's name)");
			if (isEmpty(property.value)) return [];
			const type = typeof property.type === 'string' && property.type ? property.type : 'text';
			return [{ label, value: checked(at({ node, itemIndex }, where), () => propertyValue(property.value, type)), type }];
		});
	};
	const withOtherProperties = (raw: IDataObject, itemIndex: number, mapped: PropertyEntry[]) => {
		const others = otherProperties(itemIndex);
		if (!others.length) return;
		refuseTwice([...mapped, ...others], (entry) => `Options › Other Custom Properties › ${entry.label}`, { node, itemIndex });
		raw.properties = [...mapped, ...others] as unknown as IDataObject[];
	};

	if (mapper.mappingMode !== 'autoMapInputData') {
		return (itemIndex) => {
			const values = mapperOf(itemIndex).value ?? {};
			const raw: IDataObject = {};
			const properties: PropertyEntry[] = [];
			for (const [id, value] of Object.entries(values)) {
				const label = propertyLabelOf(id);
				if (label === undefined) {
					if (!byId.has(id)) throw fieldError(at({ node, itemIndex }, `Columns › ${id}`), 'is not a column of this operation; remove it from the mapping');
					raw[id] = value;
				} else if (!isEmpty(value)) {
					const type = propertyTypeOf(typeOf.get(id));
					const where = at({ node, itemIndex }, `Columns › ${propertyColumnName(label)}`);
					properties.push({ label, value: checked(where, () => propertyValue(value, type)), type });
				}
			}
			if (properties.length) raw.properties = properties as unknown as IDataObject[];
			withOtherProperties(raw, itemIndex, properties);
			return { row: parseRow(spec.schema, raw, { node, itemIndex, label: columnLabel }), output: {} };
		};
	}

	// The property columns by folded label, but for those named like a field of the row (a property "Company").
	const ownNames = new Set(columns.flatMap(({ id, displayName }) => [fold(id), fold(displayName)]));
	const propertyColumns = new Map<string, { label: string; type: string }>();
	if (takesProperties) {
		for (const field of mapper.schema ?? []) {
			const label = propertyLabelOf(field.id);
			if (label !== undefined && !ownNames.has(fold(label))) propertyColumns.set(fold(label), { label, type: propertyTypeOf(field.type) });
		}
	}
	const items = ctx.getInputData();

	/** The item's JSON with its property-column fields moved into `properties` (the fields to ignore stay, for the reader to list). */
	const prepared = (json: IDataObject, itemIndex: number): IDataObject => {
		const kept: IDataObject = {};
		const moved: PropertyEntry[] = [];
		for (const [name, value] of Object.entries(json)) {
			const column = settings.ignoreFields?.has(fold(name)) ? undefined : propertyColumns.get(fold(name));
			if (!column) kept[name] = value;
			else if (!isEmpty(value)) {
				moved.push({ label: column.label, value: checked(at({ node, itemIndex }, `Item JSON › ${name}`), () => propertyValue(value, column.type)), type: column.type });
			}
		}
		if (!moved.length) return kept;
		const given = attempt(() => propertyList(kept.properties));
		// The item as it is when its own properties are malformed: the schema names what is wrong with them.
		if ('problem' in given) return json;
		const entries = [...(given.value as PropertyEntry[]), ...moved];
		refuseTwice(entries, (entry) => `Item JSON › ${entry.label}`, { node, itemIndex });
		return { ...kept, properties: entries as unknown as IDataObject[] };
	};

	return (itemIndex) => {
		const { raw, label, ignored: left } = spec.fromItemJson(prepared(items[itemIndex].json, itemIndex), { node, itemIndex, ...settings });
		if (takesProperties) {
			const given = attempt(() => propertyList(raw.properties));
			if ('value' in given) withOtherProperties(raw, itemIndex, given.value as PropertyEntry[]);
		}
		const row = parseRow(spec.schema, raw, { node, itemIndex, label });
		return { row, output: left ? { ignoredFields: left } : {} };
	};
}
