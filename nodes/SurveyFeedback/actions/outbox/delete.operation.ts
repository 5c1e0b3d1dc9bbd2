import { softDeleteOperation } from '../../helpers/operations/softDelete';

export const { option, properties, batchSize, itemReader, send } = softDeleteOperation({
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete sent surveys',
		description: 'Delete sent surveys by ID or by email',
	},
	target: { path: '/api/v2/outbox', listName: 'surveys', idField: 'surveyId', idLabel: 'Survey ID', records: 'sent survey' },
});
