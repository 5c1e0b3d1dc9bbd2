/** Templates and campaigns (and their deprecated /nps/ aliases); the removed survey endpoint. */
import { ApiError, notFound, ok, SUCCESS, type ApiResult } from '../http';
import type { Handler, Route } from '../router';
import { campaignView, secondShape, templateView } from '../views';

/** Records at the top level, next to message and code, as the live service answers. */
const topLevel = (key: string, items: unknown[]): ApiResult => ({
	status: 200,
	body: { message: SUCCESS, code: 200, [key]: items },
});

/** Templates at the top level as the live service answers, or under `data` as another client read them. */
const listTemplates: Handler = ({ store }) => {
	const templates = store.templates.map((t) => templateView(t, false));
	return secondShape(store) ? ok(templates) : topLevel('templates', templates);
};
const listCampaigns: Handler = ({ store }) => topLevel('campaigns', store.campaigns.map(campaignView));

export const catalogRoutes: Route[] = [
	{ method: 'GET', path: '/api/v2/templates', handler: listTemplates },
	{
		method: 'GET',
		path: '/api/v2/templates/:id',
		handler: ({ store, params }) => {
			const t = store.template(params.id);
			if (!t) throw notFound();
			return ok(templateView(t, true));
		},
	},
	{ method: 'GET', path: '/api/v2/campaigns', handler: listCampaigns },
	{ method: 'GET', path: '/api/v2/nps/templates', handler: listTemplates },
	{ method: 'GET', path: '/api/v2/nps/campaigns', handler: listCampaigns },
	{
		method: 'POST',
		path: '/api/v2/nps/customers/survey',
		write: false, // removed: every key, read or write, gets the same 410
		handler: () => {
			throw new ApiError(410, 'This endpoint was removed. Use POST /api/v2/survey instead.');
		},
	},
];
