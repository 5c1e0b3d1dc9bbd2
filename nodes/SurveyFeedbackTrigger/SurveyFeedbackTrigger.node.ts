import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { credentials } from '../shared/descriptions';
import { listSearchMethods } from '../shared/listSearch';
import { sharedTransport, type Transport } from '../shared/transport';
import { triggerProperties } from './description';
import { pollTrigger } from './poll';
import { sharedPollGuard, type PollGuard } from './pollGuard';

export class SurveyFeedbackTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Survey Feedback Trigger',
		name: 'surveyFeedbackTrigger',
		icon: { light: 'file:../../icons/surveyFeedback.svg', dark: 'file:../../icons/surveyFeedback.dark.svg' },
		group: ['trigger'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $parameter["event"] === "newCustomer" ? "New Customer" : $parameter["event"] === "newOutboxRecord" ? "New Sent Survey" : "New Feedback" }}',
		description: 'Starts the workflow for each new feedback response, sent survey or customer of the Survey Feedback Service',
		defaults: { name: 'Survey Feedback Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials,
		properties: triggerProperties,
	};

	methods: INodeType['methods'];

	poll: (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>;

	/**
	 * n8n constructs the node with no argument: the shared transport and poll guard. Tests hand
	 * it a transport with a virtual clock, and a guard of their own.
	 */
	constructor(transport: Transport = sharedTransport, guard: PollGuard = sharedPollGuard) {
		const { searchCampaigns } = listSearchMethods(transport);
		this.methods = { listSearch: { searchCampaigns } };
		this.poll = async function (this: IPollFunctions) {
			return await pollTrigger.call(this, transport, guard);
		};
	}
}
