import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { toApiDate } from '../../../shared/dates';
import { at } from '../../../shared/errors';
import { describeType, integerInRange, type ItemProblems } from '../../../shared/inputs';

/**
 * The options of POST /api/v2/import as one editor collection. Only the options a user adds are
 * sent; the service applies its defaults (shown here as the defaults) to the rest.
 */
export function importOptionsCollection(): INodeProperties {
	return {
		displayName: 'Import Options',
		name: 'importOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Create Customers',
				name: 'createCustomers',
				type: 'boolean',
				default: true,
				description: 'Whether to create a customer for an email the account does not know yet; when off, such items fail',
			},
			{
				displayName: 'Default Send Date',
				name: 'defaultSendDate',
				type: 'dateTime',
				default: '',
				description:
					'Send and open date for items that give none. Sent as an ISO 8601 instant in UTC; dates without a zone are read in the workflow time zone.',
			},
			{
				displayName: 'Duplicate Check Window (Days)',
				name: 'duplicateCheckWindow',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 365, numberPrecision: 0 },
				default: 30,
				description: "With 'Skip Duplicates', how many days around the response date count as a duplicate (1 to 365)",
			},
			{
				displayName: 'Skip Duplicates',
				name: 'skipDuplicates',
				type: 'boolean',
				default: true,
				description:
					'Whether to skip items whose email already has feedback within the duplicate check window; skipped items come out with status "skipped" and the reason',
			},
			{
				displayName: 'Update Existing Customers',
				name: 'updateExistingCustomers',
				type: 'boolean',
				default: false,
				description: "Whether to overwrite an existing customer's name, company and other data with the item's",
			},
		],
	};
}

/** The editor name of each option and the service's name for it. */
const BOOLEAN_OPTIONS: Array<[string, string, string]> = [
	['createCustomers', 'create_customers', 'Create Customers'],
	['updateExistingCustomers', 'update_existing_customers', 'Update Existing Customers'],
	['skipDuplicates', 'skip_duplicates', 'Skip Duplicates'],
];

/**
 * Reads and validates the Import Options collection into the service's `options` object
 * (snake_case), holding only the options that were set; each bad option is recorded for the item,
 * naming it.
 */
export function readImportOptions(value: unknown, timezone: string, problems: ItemProblems): IDataObject {
	const prefix = 'Import Options';
	if (value === undefined || value === null || value === '') return {};
	if (typeof value !== 'object' || Array.isArray(value)) {
		problems.add(prefix, `must be an object, not ${describeType(value)}`);
		return {};
	}
	const given = value as IDataObject;
	const options: IDataObject = {};

	for (const [name, apiName, label] of BOOLEAN_OPTIONS) {
		const option = given[name];
		if (option === undefined || option === null || option === '') continue;
		if (typeof option === 'boolean') options[apiName] = option;
		else if (option === 'true' || option === 'false') options[apiName] = option === 'true';
		else problems.add(prefix, `${label} must be true or false, got ${JSON.stringify(option)}`);
	}

	const window = given.duplicateCheckWindow;
	if (window !== undefined && window !== null && window !== '') {
		options.duplicate_check_window = problems.check(() => integerInRange(window, 1, 365, at(problems.item, `${prefix} › Duplicate Check Window (Days)`)));
	}

	const defaultSendDate = problems.check(() => toApiDate(given.defaultSendDate, 'iso', { ...at(problems.item, `${prefix} › Default Send Date`), timezone }));
	if (defaultSendDate) options.default_send_date = defaultSendDate;

	return options;
}
