import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { ServiceRecord } from './serviceRecord';

import { recordsOf } from './paging';
import type { Transport } from './transport';

type Search = (this: ILoadOptionsFunctions, filter?: string) => Promise<INodeListSearchResult>;

function isActive(campaign: ServiceRecord): boolean {
	return campaign.isActive !== false && campaign.status !== 'deactivated';
}

/** A transactional survey goes out by email or in-app: the campaigns Survey › Send can use. */
export function sendsByEmailOrInApp(campaign: ServiceRecord): boolean {
	return ['email', 'inapp'].includes(String(campaign.channel ?? campaign.type ?? '').toLowerCase());
}

function campaignLabel(campaign: ServiceRecord): string {
	const details = [campaign.metric ?? campaign.metricsType, campaign.channel ?? campaign.type].filter(Boolean).map((part) => String(part).toUpperCase());
	const inactive = isActive(campaign) ? '' : ', deactivated';
	return `${campaign.name ?? campaign.id}${details.length ? ` (${details.join(', ')}${inactive})` : ''}`;
}

/** The searchable lists of the editor's resource locators, sent through the given transport. */
export function listSearchMethods(transport: Transport) {
	const search =
		(list: string, path: string, recordsKey: string, label: (record: ServiceRecord) => string, keep: (record: ServiceRecord) => boolean = () => true): Search =>
		async function (this: ILoadOptionsFunctions, filter?: string) {
			const body = await transport.for(this, `${list} list`).request({ method: 'GET', path });
			const needle = (filter ?? '').trim().toLowerCase();
			const results = recordsOf(body, recordsKey)
				.filter(keep)
				.map((record) => ({ name: label(record), value: String(record.id ?? record._id ?? '') }))
				.filter((entry) => entry.value && (!needle || `${entry.name} ${entry.value}`.toLowerCase().includes(needle)))
				.sort((a, b) => a.name.localeCompare(b.name));
			return { results };
		};

	const trendGroups = search('Trend group', '/api/v2/trends', 'groups', (group) => {
		const metric = group.metric ?? group.metricType ?? group.metricsType;
		return `${group.name ?? group.id}${metric ? ` (${String(metric).toUpperCase()})` : ''}${group.isDefault ? ' — default' : ''}`;
	});

	return {
		/** Every campaign, with metric and channel; deactivated ones marked. */
		searchCampaigns: search('Campaign', '/api/v2/campaigns', 'campaigns', campaignLabel),
		/** The campaigns a transactional survey can go out through: active, by email or in-app. */
		searchSendableCampaigns: search('Campaign', '/api/v2/campaigns', 'campaigns', campaignLabel, (campaign) => isActive(campaign) && sendsByEmailOrInApp(campaign)),
		searchTemplates: search('Template', '/api/v2/templates', 'templates', (template) => String(template.name ?? template.id)),
		/** The account's companies by name, with their domain (the first page of the list, as the service sorts it). */
		searchCompanies: search('Company', '/api/v2/companies', 'companies', (company) =>
			`${String(company.companyName ?? company.name ?? company.id)}${company.domain ? ` (${String(company.domain)})` : ''}`,
		),
		async searchTrendGroups(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
			const found = await trendGroups.call(this, filter);
			return { results: [{ name: 'Default Group', value: 'default' }, ...found.results] };
		},
	};
}
