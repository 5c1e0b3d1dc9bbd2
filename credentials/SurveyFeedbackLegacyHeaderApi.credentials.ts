import type { ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';
import {
	authenticateWith,
	credentialProperties,
	credentialTest,
	icon,
} from './common';

/** Sends the key as "Authorization: api_key=<key>", the legacy form the service keeps supporting. */
export class SurveyFeedbackLegacyHeaderApi implements ICredentialType {
	name = 'surveyFeedbackLegacyHeaderApi';

	// The display names say how the key travels; the issue fixes them, so the suffix rule yields.
	// eslint-disable-next-line n8n-nodes-base/cred-class-field-display-name-missing-api
	displayName = 'Survey Feedback API (Legacy Header)';

	icon: Icon = icon;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-survey-feedback#credentials';

	properties: INodeProperties[] = credentialProperties();

	authenticate = authenticateWith('authorizationHeader');

	test: ICredentialTestRequest = credentialTest;
}
