import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { credentials } from '../shared/descriptions';
import { searchCampaigns } from '../shared/listSearch';
import { triggerProperties } from './description';
import { pollTrigger } from './poll';

export class SurveyFeedbackTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Survey Feedback Trigger',
		name: 'surveyFeedbackTrigger',
		icon: { light: 'file:../../icons/surveyFeedback.svg', dark: 'file:../../icons/surveyFeedback.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ $parameter["event"] === "newCustomer" ? "New Customer" : $parameter["event"] === "newOutboxRecord" ? "New Sent Survey" : "New Feedback" }}',
		description: 'Starts the workflow for each new feedback response, sent survey or customer of the Survey Feedback Service',
		defaults: { name: 'Survey Feedback Trigger' },
		polling: true,
		inputs: [],
		outputs: ['main'],
		credentials,
		properties: triggerProperties,
	};

	methods = {
		listSearch: { searchCampaigns },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return pollTrigger.call(this);
	}
}
