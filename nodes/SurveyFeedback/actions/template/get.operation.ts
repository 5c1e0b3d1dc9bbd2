import { templateLocator } from '../../helpers/descriptions';
import { getByIdOperation } from '../../helpers/operations/getById';

/** The template with its survey questions (uuid, type, metric, isMain, option uuids). */
export const { option, properties, execute } = getByIdOperation({
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a template',
		description: 'Get a survey template with its questions',
		toolDescription:
			"Get one survey template by ID with its questions: each question's uuid, type, metric and whether it is the main question.",
	},
	locator: templateLocator(),
	path: '/api/v2/templates',
});
