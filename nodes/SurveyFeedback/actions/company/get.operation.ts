import { companyRecord } from '../../../shared/records';
import { getByIdOperation } from '../../helpers/operations/getById';

export const { option, properties, execute } = getByIdOperation({
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

export const returns = companyRecord;
