import type { INodeTypeDescription } from 'n8n-workflow';

import { authenticationProperty, credentials, queryParameterNotice } from '../../shared/descriptions';
import { resources } from './resources';

export const versionDescription: INodeTypeDescription = {
	displayName: 'Survey Feedback',
	name: 'surveyFeedback',
	icon: { light: 'file:../../icons/surveyFeedback.svg', dark: 'file:../../icons/surveyFeedback.dark.svg' },
	group: ['transform'],
	version: 1,
	subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
	description: 'Customers, surveys, feedback, reports, scores and trends of the Survey Feedback Service',
	defaults: { name: 'Survey Feedback' },
	usableAsTool: true,
	inputs: ['main'],
	outputs: ['main'],
	credentials,
	properties: [
		authenticationProperty,
		queryParameterNotice,
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: Object.values(resources).map(({ resource }) => resource),
			default: 'customer',
		},
		...Object.values(resources).flatMap(({ description }) => description),
	],
};
