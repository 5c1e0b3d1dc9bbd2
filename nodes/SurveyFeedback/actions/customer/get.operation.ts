import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { at, inputError } from '../../../shared/errors';
import { requireEmail, requireText } from '../../../shared/inputs';
import { requireList } from '../../../shared/paging';
import { customerRecord } from '../../../shared/records';
import type { ServiceApi } from '../../../shared/transport';
import { recordOf } from '../../helpers/lists/readRecords';
import { getByIdOperation } from '../../helpers/operations/getById';
import { BEFORE_VERSION_3, isVersion3OrLater, FROM_VERSION_3 } from '../../helpers/versions';

/** Versions 1 and 2: the customer ID typed in (a saved workflow keeps its `customerId`). */
const byId = getByIdOperation({
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a customer',
		description: 'Get a customer by ID or by email',
		// What a model reads of saved tool nodes too (a parameter's default is not saved): kept as it was.
		toolDescription:
			'Get one customer by its customer ID: email, name, company, tags, custom properties and createdDate.',
	},
	id: { displayName: 'Customer ID', name: 'customerId', description: 'The ID of the customer' },
	path: '/api/v2/customers',
});

export const option = byId.option;

/** Version 3: the customer by ID or by email, a resource locator. */
const customerLocator: INodeProperties = {
	displayName: 'Customer',
	name: 'customer',
	type: 'resourceLocator',
	default: { mode: 'id', value: '' },
	required: true,
	description: 'The customer, by its ID or by its email',
	modes: [
		{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'Customer ID' },
		{
			displayName: 'By Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			validation: [{ type: 'regex', properties: { regex: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', errorMessage: 'Not an email address' } }],
		},
	],
	displayOptions: { show: FROM_VERSION_3 },
};

export const properties: INodeProperties[] = [
	...byId.properties.map((property) => ({ ...property, displayOptions: { show: BEFORE_VERSION_3 } })),
	customerLocator,
];

/**
 * The customer whose email this is: the list endpoint's exact email filter, the one record whose
 * email matches (case aside). None is the same answer as an unknown ID: no such record.
 */
async function customerByEmail(ctx: IExecuteFunctions, itemIndex: number, api: ServiceApi, email: string): Promise<IDataObject> {
	const request = { method: 'GET' as const, path: '/api/v2/customers', qs: { email, limit: 1 }, itemIndex };
	const found = requireList(await api.request(request), 'subscribers', { ...request, label: api.label }).find((customer) => String(customer.email ?? '').toLowerCase() === email.toLowerCase());
	if (!found) {
		throw inputError(
			{ node: ctx.getNode(), itemIndex },
			`no such record in this account: no customer has the email ${email}`,
			'GET /api/v2/customers found no customer with this email: it may not exist, may have been deleted, or may belong to another account. Check the email, or get the customer by ID.',
		);
	}
	return found;
}

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
	if (!isVersion3OrLater(this)) return (await byId.execute.call(this, itemIndex, api)) as IDataObject;
	const field = at({ node: this.getNode(), itemIndex }, 'Customer');
	const mode = this.getNodeParameter('customer.mode', itemIndex, 'id') as string;
	const value = this.getNodeParameter('customer', itemIndex, undefined, { extractValue: true });
	if (mode === 'email') return await customerByEmail(this, itemIndex, api, requireEmail(value, field));
	const id = requireText(value, field);
	return recordOf(await api.request({ method: 'GET', path: `/api/v2/customers/${encodeURIComponent(id)}`, itemIndex }));
}

export const returns = customerRecord;
