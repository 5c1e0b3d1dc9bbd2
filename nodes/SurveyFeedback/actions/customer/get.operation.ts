import { getByIdOperation } from '../../helpers/getById';

export const { option, properties, execute } = getByIdOperation({
	option: { name: 'Get', value: 'get', action: 'Get a customer', description: 'Get a customer by ID' },
	id: { displayName: 'Customer ID', name: 'customerId', description: 'The ID of the customer' },
	path: '/api/v2/customers',
});
