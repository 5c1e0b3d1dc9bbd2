import { getByIdOperation } from '../../helpers/getById';

export const { option, properties, execute } = getByIdOperation({
	option: { name: 'Get', value: 'get', action: 'Get a feedback response', description: 'Get a feedback response by ID' },
	id: { displayName: 'Feedback ID', name: 'feedbackId', description: 'The ID of the feedback response' },
	path: '/api/v2/feedback',
});
