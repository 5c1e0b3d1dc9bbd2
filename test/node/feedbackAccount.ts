/**
 * What the Feedback test files share: the simulator's demo data, account A's NPS and CSAT campaigns
 * and the NPS template's questions (read in `beforeAll`), requests and faults cleared before each test,
 * and short ways to run the node and to insert feedback.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode, type RunOptions } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

export interface FeedbackAccount {
	accountA: string;
	npsCampaign: string;
	csatCampaign: string;
	/** Questions of the NPS campaign's template. */
	questions: { main: IDataObject; openEnded: IDataObject; multiple: IDataObject; csat: IDataObject };
}

export const bodyOf = (request: { body: unknown }) => request.body as IDataObject;

/** Called once at the top of a test file; `account` is filled in before its tests run. */
export function useFeedbackAccount() {
	const sim = useSimulator();
	const service = serviceFor(sim);
	const account = {} as FeedbackAccount;

	async function get(path: string): Promise<IDataObject> {
		const response = await fetch(`${sim.baseUrl}${path}`, { headers: { 'X-Api-Key': service.apiKey } });
		return (await response.json()) as IDataObject;
	}

	beforeAll(async () => {
		account.accountA = sim.accounts[0].id;
		const campaigns = (await get('/api/v2/campaigns')).campaigns as IDataObject[];
		const named = (name: string) => campaigns.find((campaign) => campaign.name === name) as IDataObject;
		account.npsCampaign = String(named('NPS Relationship (email)').id);
		account.csatCampaign = String(named('CSAT Support Email').id);
		const template = (await get(`/api/v2/templates/${named('NPS Relationship (email)').templateId}`)).data as IDataObject;
		const all = template.surveyQuestions as IDataObject[];
		account.questions = {
			main: all.find((question) => question.isMain) as IDataObject,
			openEnded: all.find((question) => question.type === 'OPEN_ENDED') as IDataObject,
			multiple: all.find((question) => question.type === 'MULTIPLE_OPTIONS') as IDataObject,
			csat: all.find((question) => question.type === 'RATING' && !question.isMain) as IDataObject,
		};
	});

	beforeEach(() => {
		sim.clearRequests();
		sim.configure({ faults: [] });
	});

	return {
		sim,
		service,
		account,
		get,
		run: (operation: string, parameters: Record<string, unknown>, items: IDataObject[] = [{}], options: Partial<RunOptions> = {}) =>
			runNode({ service, parameters: { resource: 'feedback', operation, ...parameters }, items, ...options }),
		/** Feedback of `email` in the NPS campaign, score 9, one record per instant. */
		insertFeedback: (email: string, instants: string[], extra: IDataObject = {}) =>
			sim.insert(
				account.accountA,
				'feedback',
				instants.map((createdDate) => ({ email, createdDate, campaignId: account.npsCampaign, score: 9, ...extra })),
			),
	};
}
