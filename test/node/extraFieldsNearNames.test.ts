/**
 * Map Automatically refuses a field named a letter or two off one the operation reads, under every
 * choice of Handling Extra Fields in Input, so that a typo is never sent as a custom property or
 * left out; ordinary CRM fields pass. Run in n8n's engine against the simulator, and the rule alone.
 */
import { resembledField } from '../../nodes/SurveyFeedback/helpers/bulk/extraFields';
import { byId } from '../helpers/parameters';
import { sendableCampaigns } from '../helpers/simulator';
import { CHOICES, useExtraFieldRuns } from './extraFieldRuns';

const { sim, bodies, auto } = useExtraFieldRuns();
let emailCampaign: string;
let npsCampaign: string;

beforeAll(async () => {
	({ email: emailCampaign, nps: npsCampaign } = await sendableCampaigns(sim));
});

describe('a field named like one the operation reads is refused under every choice', () => {
	const cases: Array<[string, string]> = [
		['frist_name', 'first_name'], // two letters swapped
		['Frist Name', 'first_name'], // the same, in a spreadsheet's spelling
		['lastNmae', 'last_name'],
		['emial', 'email'],
		['tag', 'tags'], // one letter dropped, on a short name
		['compnay', 'company'],
		['fist_nme', 'first_name'], // two edits on a name of 8 letters or more
		['unset_tag', 'unset_tags'],
		['propertes', 'properties'],
	];
	test.each(CHOICES.flatMap((choice) => cases.map(([name, like]) => [choice, name, like] as const)))('%s: %s looks like %s', async (choice, name, like) => {
		const { error, output } = await auto('customer', 'upsert', [{ email: 'near@example.com', [name]: 'Ada' }], choice);
		expect(error?.message).toBe(`Customer: Create or Update failed: Item JSON › ${name}: looks like ${like}, which this operation reads; rename it [item 0]`);
		expect(error?.description).toBe(
			`A field named a letter or two off one Map Automatically reads is refused whatever "Handling Extra Fields in Input" says, so that a typo is never sent as a custom property or left out. Rename it to ${like} if that is what it holds, give it a clearly different name (an Edit Fields node with "Include Other Input Fields" off, or Rename Keys), or add it to Fields to Ignore to leave it out.`,
		);
		expect(output).toEqual([]);
		expect(bodies('/api/v2/customers')).toEqual([]);
	});

	test('the fields Feedback › Import and Survey › Send read are guarded the same way', async () => {
		const imported = await auto('feedback', 'import', [{ email: 'near@example.com', score: 9, comments: 'great' }], 'customProperties', { campaign: byId(npsCampaign) });
		expect(imported.error?.message).toMatch(/^Feedback: Import failed: Item JSON › comments: looks like comment, which this operation reads; rename it \[item 0\]$/);
		const survey = await auto('survey', 'send', [{ email: 'near@example.com', compnay_name: 'Acme' }], 'ignoreIt', { campaign: byId(emailCampaign) });
		expect(survey.error?.message).toMatch(/^Survey: Send failed: Item JSON › compnay_name: looks like companyName, which this operation reads; rename it \[item 0\]$/);
		const v1 = await auto('legacy', 'v1CreateSubscribers', [{ email: 'near@example.com', firstName: 'A', lastName: 'B', company: 'C', emial: 'x' }], 'ignoreIt');
		expect(v1.error?.message).toBe('Legacy: V1: Create Subscribers failed: Item JSON › emial: looks like email, which this operation reads; rename it [item 0]');
		expect([...bodies('/api/v2/import'), ...bodies('/api/v2/survey')]).toEqual([]);
	});

	test('ordinary CRM fields pass: one edit on short names, two only from 8 letters', async () => {
		sim.configure({ unregisteredProperties: 'accept' }); // what is sent, whatever the labels
		const crm = {
			email: 'crm.fields@example.com',
			id: 'crm-10',
			createdAt: '2025-01-01T00:00:00Z',
			updatedAt: '2025-02-01T00:00:00Z',
			archived: false,
			plan: 'pro',
			region: 'EMEA',
			lifecycleStage: 'customer',
			owner: 'ann',
			name: 'Full Name',
			title: 'CTO',
			stage: 'won', // two edits from tags
			tasks: 3, // two edits from tags
			retail: true, // two edits from email
			detail: 'x', // two edits from email
			website: 'https://example.com',
		};
		const { error } = await auto('customer', 'upsert', [crm], 'customProperties');
		expect(error).toBeUndefined();
		const [body] = bodies('/api/v2/customers');
		expect(body).toEqual({
			subscribers: [
				{
					email: 'crm.fields@example.com',
					properties: Object.entries(crm)
						.filter(([name]) => !['email', 'id'].includes(name))
						.map(([label, value]) => ({ label, value, type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text' })),
				},
			],
		});
	});

	test.each<[string, string | undefined]>([
		['frist_name', 'first_name'],
		['FIRSTNAME', 'first_name'],
		['firstname', 'first_name'],
		['lastNmae', 'last_name'],
		['emails', 'email'],
		['email2', 'email'], // one edit: a second email needs another name
		['tagz', 'tags'],
		['createdAt', undefined],
		['updatedAt', undefined],
		['archived', undefined],
		['lifecycleStage', undefined],
		['region', undefined],
		['owner', undefined],
		['phone', undefined],
		['name', undefined],
		['stage', undefined],
		['tasks', undefined],
		['detail', undefined],
		['retail', undefined],
		['companySize', undefined],
		['lastSeen', undefined],
		['firstSeen', undefined],
	])('the rule: %s resembles %s among the customer fields', (name, like) => {
		const known = ['email', 'first_name', 'firstName', 'last_name', 'lastName', 'company', 'companyName', 'tags', 'unset_tags', 'unsetTags', 'unset_properties', 'unsetProperties', 'properties'];
		expect(resembledField(name, known)).toBe(like);
	});
});
