export * as npsGetCampaigns from './npsGetCampaigns.operation';
export * as npsGetResponses from './npsGetResponses.operation';
export * as npsGetTemplates from './npsGetTemplates.operation';
export * as npsSetResponseTags from './npsSetResponseTags.operation';
export * as v1CreateSubscribers from './v1CreateSubscribers.operation';
export * as v1GetLatestResponses from './v1GetLatestResponses.operation';
export * as v1GetScore from './v1GetScore.operation';
export * as v1GetSubscribers from './v1GetSubscribers.operation';
