import { feedbackRecord } from '../../../shared/records';
import { getByIdOperation } from '../../helpers/operations/getById';

export const { option, properties, execute } = getByIdOperation({
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a feedback response',
		description: 'Get a feedback response by ID',
		toolDescription:
			'Get one feedback response by its ID (as Feedback Get Many returns it): score, comment, customer, campaign, tags, topics and dates.',
	},
	id: { displayName: 'Feedback ID', name: 'feedbackId', description: 'The ID of the feedback response' },
	path: '/api/v2/feedback',
});

export const returns = feedbackRecord;
