import { softDeleteOperation } from '../../helpers/operations/softDelete';

export const { option, properties, batchSize, itemReader, send } = softDeleteOperation({
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete feedback',
		description: 'Delete feedback responses by ID or by email',
	},
	target: { path: '/api/v2/feedback', listName: 'responses', idField: 'feedbackId', idLabel: 'Feedback ID', records: 'feedback' },
	notice: 'Deleting feedback also recalculates the scores of the customer’s company and the rating statistics',
});
