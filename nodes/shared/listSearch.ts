import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { recordsOf } from './paging';
import { apiRequest } from './transport';

async function search(
	ctx: ILoadOptionsFunctions,
	path: string,
	recordsKey: string,
	label: (record: IDataObject) => string,
	filter?: string,
): Promise<INodeListSearchResult> {
	const body = await apiRequest.call(ctx, { method: 'GET', path, operation: 'List search' });
	const needle = (filter ?? '').trim().toLowerCase();
	const results = recordsOf(body, recordsKey)
		.map((record) => ({ name: label(record), value: String(record.id ?? record._id ?? '') }))
		.filter((entry) => entry.value && (!needle || `${entry.name} ${entry.value}`.toLowerCase().includes(needle)))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}

/** Campaigns list with metric and channel, deactivated ones marked. */
export async function searchCampaigns(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return search(this, '/api/v2/campaigns', 'campaigns', (campaign) => {
		const details = [campaign.metric ?? campaign.metricsType, campaign.channel ?? campaign.type]
			.filter(Boolean)
			.map((part) => String(part).toUpperCase());
		const inactive = campaign.isActive === false || campaign.status === 'deactivated' ? ', deactivated' : '';
		return `${campaign.name ?? campaign.id}${details.length ? ` (${details.join(', ')}${inactive})` : ''}`;
	}, filter);
}

export async function searchTemplates(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return search(this, '/api/v2/templates', 'templates', (template) => String(template.name ?? template.id), filter);
}

export async function searchTrendGroups(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const found = await search(this, '/api/v2/trends', 'groups', (group) => {
		const metric = group.metric ?? group.metricType ?? group.metricsType;
		return `${group.name ?? group.id}${metric ? ` (${String(metric).toUpperCase()})` : ''}${group.isDefault ? ' — default' : ''}`;
	}, filter);
	return { results: [{ name: 'Default Group', value: 'default' }, ...found.results] };
}
