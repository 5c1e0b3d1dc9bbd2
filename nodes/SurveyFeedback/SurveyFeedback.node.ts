import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { authenticationProperty, credentials, queryParameterNotice } from '../shared/descriptions';
import { sharedTransport, type Transport } from '../shared/transport';
import { resourceProperties } from './actions/registry';
import { resources } from './actions/resources';
import { router } from './actions/router';
import { nodeMethods } from './methods';
import { simplifyProperty } from './helpers/output/toolMode';

export class SurveyFeedback implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Survey Feedback',
		name: 'surveyFeedback',
		icon: { light: 'file:../../icons/surveyFeedback.svg', dark: 'file:../../icons/surveyFeedback.dark.svg' },
		group: ['transform'],
		version: [1, 2, 3, 3.1],
		defaultVersion: 3.1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Customers, surveys, feedback, reports, scores and trends of the Survey Feedback Service',
		defaults: { name: 'Survey Feedback' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials,
		properties: [authenticationProperty, queryParameterNotice, ...resourceProperties(resources), simplifyProperty],
	};

	methods: INodeType['methods'];

	execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

	/** n8n constructs the node with no argument; tests hand it a transport with a virtual clock. */
	constructor(transport: Transport = sharedTransport) {
		this.methods = nodeMethods(transport);
		this.execute = async function (this: IExecuteFunctions) {
			return await router.call(this, transport);
		};
	}
}
