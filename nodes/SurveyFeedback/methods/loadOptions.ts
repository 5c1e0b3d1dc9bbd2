import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ServiceRecord } from '../../shared/serviceRecord';

import { recordsOf } from '../../shared/paging';
import type { Transport } from '../../shared/transport';
import { recordOf } from '../helpers/lists/readRecords';
import { accountProperties, PROPERTY_SOURCE_HINT } from './accountProperties';

/** "Rating, NPS": how a question's kind reads in its option's description. */
function questionKind(question: ServiceRecord): string {
	const type = String(question.type ?? '')
		.toLowerCase()
		.split('_')
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
	return [type, question.metric ? String(question.metric).toUpperCase() : ''].filter(Boolean).join(', ');
}

/**
 * The dropdowns whose choices come from the account: each returns options for a field the user
 * can still set by expression when what they need is not listed.
 */
export function loadOptionsMethods(transport: Transport) {
	return {
		/**
		 * Feedback › Import's additional questions: the questions of the chosen campaign's template
		 * (the campaign's templateId from the campaign list, the questions from the template), the
		 * main question left out because Comment answers it.
		 */
		async getTemplateQuestions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
			const campaignId = this.getCurrentNodeParameter('campaign', { extractValue: true });
			if (typeof campaignId !== 'string' || !campaignId.trim() || campaignId.startsWith('=')) {
				throw new NodeOperationError(this.getNode(), 'Choose the campaign first: its template’s questions are listed here', {
					description: 'With a campaign set by expression, set the question UUID by expression too (Template › Get lists them).',
				});
			}
			const api = transport.for(this, 'Template questions');
			const campaigns = recordsOf(await api.request({ method: 'GET', path: '/api/v2/campaigns' }), 'campaigns');
			const campaign = campaigns.find((record) => String(record.id ?? record._id) === campaignId.trim());
			const templateId = campaign?.templateId ?? campaign?.surveyTemplateId;
			if (!campaign || !templateId) {
				throw new NodeOperationError(this.getNode(), `The campaign ${campaignId} ${campaign ? 'names no template' : 'is not in this account'}`);
			}
			const template = recordOf(await api.request({ method: 'GET', path: `/api/v2/templates/${encodeURIComponent(String(templateId))}` }));
			const questions = Array.isArray(template.surveyQuestions) ? (template.surveyQuestions as ServiceRecord[]) : [];
			return questions
				.filter((question) => question && typeof question.uuid === 'string' && question.isMain !== true)
				.map((question) => ({
					name: String(question.text ?? question.uuid),
					value: String(question.uuid),
					description: `${questionKind(question)} (${String(question.uuid)})`,
				}));
		},

		/** The custom property labels the account shows, for the property label of Define Below; the type named in each. */
		async getCustomPropertyLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
			const properties = await accountProperties(this, transport);
			return properties.map(({ label, name, type }) => ({
				name: label,
				value: label,
				description: `${type.charAt(0).toUpperCase()}${type.slice(1)}${name ? ` (${name})` : ''}; from ${PROPERTY_SOURCE_HINT}`,
			}));
		},
	};
}
