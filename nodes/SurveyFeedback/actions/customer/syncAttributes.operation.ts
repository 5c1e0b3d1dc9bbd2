import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ServiceRecord } from '../../../shared/serviceRecord';

import { attributeFilterProperties } from '../../../shared/descriptions';
import { at as field, fieldError } from '../../../shared/errors';
import { attributeFilterQuery, compact, optionalText, requireEmail, toStringList } from '../../../shared/inputs';
import type { ServiceApi } from '../../../shared/transport';
import { isVersion3OrLater } from '../../helpers/versions';
import type { ItemResult, OperationOption } from '../../operationModule';

const MAX_CUSTOMERS = 1000;

export const option: OperationOption = {
	name: 'Sync Attributes',
	value: 'syncAttributes',
	action: 'Sync customer attributes',
	description: 'Copy current customer data onto their feedback and outbox records',
};

export const properties: INodeProperties[] = [
	{
		displayName:
			'Copies each customer’s current tags, custom properties, name and company onto their existing feedback and outbox records. It changes no values itself and runs in the background.',
		name: 'syncNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Select Customers By',
		name: 'selectBy',
		type: 'options',
		options: [
			{ name: 'Customer IDs', value: 'customers' },
			{ name: 'Emails', value: 'emails' },
			{ name: 'Filters', value: 'filters' },
		],
		default: 'emails',
		description: 'The service takes exactly one way of choosing the customers, up to 1000 of them',
	},
	{
		displayName: 'Customer IDs',
		name: 'customerIds',
		type: 'string',
		default: '',
		required: true,
		description: 'Up to 1000 customer IDs, comma-separated or a list from an expression',
		displayOptions: { show: { selectBy: ['customers'] } },
	},
	{
		displayName: 'Emails',
		name: 'emails',
		type: 'string',
		default: '',
		required: true,
		description: 'Up to 1000 emails, comma-separated or a list from an expression; every customer with one of them is synced',
		displayOptions: { show: { selectBy: ['emails'] } },
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { selectBy: ['filters'] } },
		description: 'At least one filter must narrow the customers; more than 1000 matches are refused',
		options: [
			{ displayName: 'Channel', name: 'channel', type: 'string', default: '', placeholder: 'e.g. email' },
			{ displayName: 'Companies', name: 'company', type: 'string', default: '', description: 'Company names, comma-separated' },
			{ displayName: 'Customer Status', name: 'customerStatus', type: 'string', default: '', placeholder: 'e.g. at-risk' },
			{ displayName: 'Search', name: 'q', type: 'string', default: '', description: 'Prefix of first name, last name, company or email' },
			{ displayName: 'Tags', name: 'tags', type: 'string', default: '', description: 'Tags, comma-separated' },
		],
	},
	...attributeFilterProperties.map((property) => ({
		...property,
		displayOptions: { show: { selectBy: ['filters'] } },
	})),
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			{ name: 'Feedback and Outbox', value: 'all' },
			{ name: 'Feedback Only', value: 'feedback' },
			{ name: 'Outbox Only', value: 'outbox' },
		],
		default: 'all',
		description: 'Which records get the fresh customer data',
	},
];

function selection(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const node = this.getNode();
	const at = (name: string) => field({ node, itemIndex }, name);
	const selectBy = this.getNodeParameter('selectBy', itemIndex) as string;
	const tooMany = (name: string, count: number) => fieldError(at(name), `${count} given, the service takes at most ${MAX_CUSTOMERS} per call`);

	if (selectBy === 'customers') {
		const customers = toStringList(this.getNodeParameter('customerIds', itemIndex), at('Customer IDs'));
		if (!customers.length) throw fieldError(at('Customer IDs'), 'at least one is required');
		if (customers.length > MAX_CUSTOMERS) throw tooMany('Customer IDs', customers.length);
		return { customers };
	}
	if (selectBy === 'emails') {
		const emails = toStringList(this.getNodeParameter('emails', itemIndex), at('Emails')).map((email) => requireEmail(email, at('Emails')));
		if (!emails.length) throw fieldError(at('Emails'), 'at least one is required');
		if (emails.length > MAX_CUSTOMERS) throw tooMany('Emails', emails.length);
		return { emails };
	}
	const given = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const attributes = attributeFilterQuery(
		this.getNodeParameter('attributeFilters', itemIndex, {}) as IDataObject,
		this.getNodeParameter('match', itemIndex, 'all') as string,
		{ node, itemIndex },
	);
	const filters = compact({
		tags: toStringList(given.tags, at('Filters › Tags')),
		company: toStringList(given.company, at('Filters › Companies')),
		q: optionalText(given.q, at('Filters › Search')),
		channel: optionalText(given.channel, at('Filters › Channel')),
		customerStatus: optionalText(given.customerStatus, at('Filters › Customer Status')),
		attributes: attributes.attributes as IDataObject[],
		attributes_matching: attributes.attributes ? (attributes.match as string) : undefined,
	});
	if (Object.keys(filters).length === 0) {
		throw fieldError(at('Filters'), 'add at least one filter; the service refuses a filter that does not narrow the customers');
	}
	return { filters };
}

/** The jobs the answer lists: `data.jobs` (the spec's "one job per scope"), or `data` as the list. */
function jobsIn(body: ServiceRecord): ServiceRecord[] | undefined {
	const data = body.data as ServiceRecord | ServiceRecord[] | undefined;
	if (Array.isArray(data)) return data;
	return data && Array.isArray(data.jobs) ? (data.jobs as ServiceRecord[]) : undefined;
}

/**
 * Starts the resync. From version 3 the item is the scope and the status, `accepted` (the spec's
 * 202), with the jobs the service lists and its message; versions 1 and 2 return one item per job,
 * and the answer itself as one when it lists none.
 */
export async function write(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<ItemResult> {
	const scope = this.getNodeParameter('scope', itemIndex, 'all') as string;
	const body = await api.request({
		method: 'POST',
		path: '/api/v2/sync-attributes',
		body: { ...selection.call(this, itemIndex), scope },
		repeatable: true,
		itemIndex,
	});
	const jobs = jobsIn(body);
	if (!isVersion3OrLater(this)) return { kind: 'records', records: jobs ?? [(body.data as ServiceRecord | undefined) ?? body] };
	const message = typeof body.message === 'string' && body.message !== '' ? { message: body.message } : {};
	return { kind: 'accepted', item: { scope }, ...(jobs ? { fields: { jobs } } : {}), ...message, ownRequest: true };
}
