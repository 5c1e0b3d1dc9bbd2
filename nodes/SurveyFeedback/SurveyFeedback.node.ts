import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchCampaigns, searchTemplates, searchTrendGroups } from '../shared/listSearch';
import { router } from './actions/router';
import { versionDescription } from './actions/versionDescription';

export class SurveyFeedback implements INodeType {
	description: INodeTypeDescription = versionDescription;

	methods = {
		listSearch: { searchCampaigns, searchTemplates, searchTrendGroups },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return router.call(this);
	}
}
