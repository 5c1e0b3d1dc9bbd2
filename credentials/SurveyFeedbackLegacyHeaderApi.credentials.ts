import type { ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';
import { authenticateWith, credentialProperties, credentialTest, icon } from './common';

/** Sends the key as "Authorization: api_key=<key>", the legacy form the service keeps supporting. */
export class SurveyFeedbackLegacyHeaderApi implements ICredentialType {
	name = 'surveyFeedbackLegacyHeaderApi';

	displayName = 'Survey Feedback Legacy Header API';

	icon: Icon = icon;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-survey-feedback#credentials';

	properties: INodeProperties[] = credentialProperties();

	authenticate = authenticateWith('legacyHeader');

	test: ICredentialTestRequest = credentialTest;
}
