import type { ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';
import { authenticateWith, credentialProperties, credentialTest, icon } from './common';

/** Sends the key in the X-Api-Key header, the way the service recommends. */
export class SurveyFeedbackApi implements ICredentialType {
	name = 'surveyFeedbackApi';

	displayName = 'Survey Feedback API';

	icon: Icon = icon;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-survey-feedback#credentials';

	properties: INodeProperties[] = credentialProperties();

	authenticate = authenticateWith('apiKeyHeader');

	test: ICredentialTestRequest = credentialTest;
}
