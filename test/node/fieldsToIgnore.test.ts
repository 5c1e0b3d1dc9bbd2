/**
 * Map Automatically's Fields to Ignore: where it is offered, the named fields (compared folded) kept
 * out of the write under every choice and listed in ignoredFields, a list from an expression. Run
 * in n8n's engine against the simulator; the bodies are asserted whole.
 */
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { byId } from '../helpers/parameters';
import { sendableCampaigns } from '../helpers/simulator';
import { CHOICES, contact, useExtraFieldRuns } from './extraFieldRuns';

const { sim, bodies, auto } = useExtraFieldRuns();
let emailCampaign: string;

beforeAll(async () => {
	({ email: emailCampaign } = await sendableCampaigns(sim));
});

describe('Fields to Ignore', () => {
	test('is offered with Map Automatically wherever Handling Extra Fields in Input is, empty by default', () => {
		const ignoreFields = (operation: string) =>
			new SurveyFeedback().description.properties.find((p) => p.name === 'ignoreFields' && p.displayOptions?.show?.operation?.includes(operation));
		for (const operation of ['upsert', 'import', 'send', 'v1CreateSubscribers']) {
			expect(ignoreFields(operation)).toMatchObject({ displayName: 'Fields to Ignore', type: 'string', default: '', displayOptions: { show: { inputMode: ['itemJson'] } } });
		}
		for (const operation of ['delete', 'unsubscribe', 'resubscribe']) expect(ignoreFields(operation)).toBeUndefined();
	});

	test.each(CHOICES)('with %s, the named fields (compared folded) are kept out of the write and listed in ignoredFields', async (choice) => {
		const item = contact(20, { updatedAt: '2025-12-01T00:00:00Z', company: 'Acme' });
		const { output, error } = await auto('customer', 'upsert', [item], choice, {
			ignoreFields: 'created_at, UpdatedAt,archived ,, Company' + (choice === 'customProperties' ? '' : ', plan, seats'),
		});
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([
			{
				subscribers: [
					{
						email: 'crm.contact20@example.com',
						first_name: 'Contact 20',
						...(choice === 'customProperties'
							? {
									properties: [
										{ label: 'plan', value: 'pro', type: 'text' },
										{ label: 'seats', value: 12, type: 'number' },
									],
								}
							: {}),
					},
				],
			},
		]);
		const ignored = ['createdAt', 'archived', ...(choice === 'customProperties' ? [] : ['plan', 'seats']), 'updatedAt', 'company'];
		expect(output[0].json).toEqual({ email: 'crm.contact20@example.com', ignoredFields: ignored, status: expect.any(String), id: expect.any(String) });
	});

	test('a field named in it is left out even when it looks like a field the operation reads', async () => {
		const { output, error } = await auto('customer', 'upsert', [{ email: 'ignored.typo@example.com', frist_name: 'Ada' }], 'error', { ignoreFields: 'frist_name' });
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/customers')).toEqual([{ subscribers: [{ email: 'ignored.typo@example.com' }] }]);
		expect(output[0].json).toMatchObject({ ignoredFields: ['frist_name'] });
	});

	test('a list from an expression works as well, and Survey › Send reads it too', async () => {
		const { output, error } = await auto('survey', 'send', [contact(21)], 'error', {
			campaign: byId(emailCampaign),
			ignoreFields: "={{ ['createdAt', 'archived', 'plan', 'seats'] }}",
		});
		expect(error).toBeUndefined();
		expect(bodies('/api/v2/survey')).toEqual([{ campaign: emailCampaign, subscribers: [{ email: 'crm.contact21@example.com', first_name: 'Contact 21' }] }]);
		expect(output[0].json).toMatchObject({ ignoredFields: ['createdAt', 'archived', 'plan', 'seats'] });
	});
});
