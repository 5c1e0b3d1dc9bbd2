import type { ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';
import { authenticateWith, credentialProperties, credentialTest, icon } from './common';

/** Sends the key as the api_key query parameter, for setups that cannot send custom headers. */
export class SurveyFeedbackQueryAuthApi implements ICredentialType {
	name = 'surveyFeedbackQueryAuthApi';

	displayName = 'Survey Feedback Query Parameter API';

	icon: Icon = icon;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-survey-feedback#credentials';

	properties: INodeProperties[] = credentialProperties('The key travels in the URL, and URLs end up in server logs, proxy caches and browser history. Prefer the X-Api-Key header credential unless your setup cannot send custom headers.');

	authenticate = authenticateWith('queryParameter');

	test: ICredentialTestRequest = credentialTest;
}
