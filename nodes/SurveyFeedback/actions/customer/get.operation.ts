import { customerRecord } from '../../../shared/records';
import { getByIdOperation } from '../../helpers/operations/getById';

export const { option, properties, execute } = getByIdOperation({
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a customer',
		description: 'Get a customer by ID',
		toolDescription:
			'Get one customer by its customer ID: email, name, company, tags, custom properties and createdDate.',
	},
	id: { displayName: 'Customer ID', name: 'customerId', description: 'The ID of the customer' },
	path: '/api/v2/customers',
});

export const returns = customerRecord;
