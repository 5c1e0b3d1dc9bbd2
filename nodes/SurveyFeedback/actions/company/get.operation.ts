import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { at } from '../../../shared/errors';
import { requireText } from '../../../shared/inputs';
import { companyRecord } from '../../../shared/records';
import type { ServiceApi } from '../../../shared/transport';
import { recordOf } from '../../helpers/lists/readRecords';
import { getByIdOperation } from '../../helpers/operations/getById';
import { BEFORE_VERSION_3, isVersion3OrLater, FROM_VERSION_3 } from '../../helpers/versions';

/** Versions 1 and 2: the ID or domain typed in (a saved workflow keeps its `companyId`). */
const byId = getByIdOperation({
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a company',
		description: 'Get a company by ID or domain',
		toolDescription:
			'Get one company by its ID or its domain name (example.com): name, industry, tags, NPS, CSAT and CES scores and number of customers.',
	},
	id: {
		displayName: 'Company ID or Domain',
		name: 'companyId',
		placeholder: 'e.g. example.com',
		description: 'The ID of the company, or its domain name (for example example.com)',
	},
	path: '/api/v2/companies',
});

export const option = byId.option;

/** Version 3: the company from the account's list, by ID or by domain: the service looks both up on one path. */
const companyLocator: INodeProperties = {
	displayName: 'Company',
	name: 'company',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The company, from the list, by its ID or by its domain name',
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod: 'searchCompanies', searchable: true } },
		{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'Company ID' },
		{
			displayName: 'By Domain',
			name: 'domain',
			type: 'string',
			placeholder: 'e.g. example.com',
			validation: [{ type: 'regex', properties: { regex: '^[^\\s@/]+\\.[^\\s@/]+$', errorMessage: 'Not a domain name such as example.com' } }],
		},
	],
	displayOptions: { show: FROM_VERSION_3 },
};

export const properties: INodeProperties[] = [
	...byId.properties.map((property) => ({ ...property, displayOptions: { show: BEFORE_VERSION_3 } })),
	companyLocator,
];

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ServiceApi): Promise<IDataObject> {
	if (!isVersion3OrLater(this)) return (await byId.execute.call(this, itemIndex, api)) as IDataObject;
	const key = requireText(this.getNodeParameter('company', itemIndex, undefined, { extractValue: true }), at({ node: this.getNode(), itemIndex }, 'Company'));
	return recordOf(await api.request({ method: 'GET', path: `/api/v2/companies/${encodeURIComponent(key)}`, itemIndex }));
}

export const returns = companyRecord;
