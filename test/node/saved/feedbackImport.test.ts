/**
 * Saved workflows send exactly what they sent: Feedback › Import as n8n saved it, on each version and
 * input mode (test/fixtures/saved/feedbackImport.json: each node's JSON as the editor writes it on save,
 * the default values left out, so that n8n fills them in when the workflow loads), run in n8n's engine on
 * a few items against the simulator, every request body the simulator received asserted whole. What is
 * pinned is what is sent today. The workflow runs on Berlin time, so that a date without a zone shows how
 * it is read.
 */
import { useSavedNodes } from './savedRuns';

const { run, received } = useSavedNodes('feedbackImport');

/** The workflow's time zone (its Settings › Timezone). */
const WORKFLOW_ZONE = { timezone: 'Europe/Berlin' };

const RESPONSES = [
	{
		email: 'imp.one@example.com',
		score: 9,
		comment: 'Fast and friendly',
		first: 'Ida',
		last: 'Import',
		title: 'CTO',
		phone: '+49 30 1234',
		tags: ['praise', 'support'],
		answeredAt: '2026-03-01 09:30',
		openedAt: '2026-02-28T12:00:00+01:00',
		why: 'The onboarding',
		csat: 4,
		plan: 'pro',
		seats: 12,
	},
	{ email: 'imp.two@example.com', score: '6', comment: '', tags: 'pricing', answeredAt: '2026-03-02T10:00:00Z', why: 'Price', csat: '2', plan: 'starter', seats: '3' },
];

const ITEM_JSON = [
	{
		rowId: 1,
		Email: 'imp.three@example.com',
		Score: 10,
		Comment: 'Great',
		firstName: 'Tia',
		jobTitle: 'CEO',
		Country: 'FR',
		customer_tags: ['vip'],
		tags: 'praise',
		responseDate: '2026-03-03 18:45',
		send_date: '2026-03-01',
		topics: [{ name: 'Support', sentiment: 'Positive' }, { name: 'Pricing', sentiment: 'negative' }],
		additional_questions: [
			{ uuid: '17554b4c-a592-4441-9dd0-a8b76a8401ef', type: 'OPEN_ENDED', answer: 'Docs' },
			{ uuid: 'bea5321b-8ede-4c17-8273-c9dcaa6aa785', type: 'rating', answer: '5', metric: 'CSAT' },
		],
		properties: { Plan: 'enterprise', Seats: 40 },
	},
	{
		rowId: 2,
		email: 'imp.four@example.com',
		score: '0',
		open_date: '2026-03-04T08:00:00-05:00',
		additionalQuestions: [{ uuid: '81febc3a-58cb-48d0-9143-54890c4a936a', type: 'MULTIPLE_OPTIONS', answer: ['6cbc3b8e-176c-46ba-aebc-04981a718dc0'] }],
		properties: [{ label: 'Group', value: 'control', type: 'text' }],
	},
];

const COLUMN_ROWS = [
	{
		email: 'imp.five@example.com',
		score: '8',
		comment: 'Solid',
		first: 'Five',
		tags: 'ux, bug',
		answeredAt: '2026-03-05 07:15',
		sentAt: '2026-03-04',
		topics: [{ name: 'UX', sentiment: 'positive' }],
		answers: [{ uuid: 'bea5321b-8ede-4c17-8273-c9dcaa6aa785', type: 'RATING', answer: 3, metric: 'csat' }],
		plan: 'growth',
		seats: '9',
	},
	{ email: 'imp.six@example.com', score: 2, answeredAt: '2026-03-06T23:30:00Z', plan: '', seats: 1 },
];

/** What ITEM_JSON is sent as, read by Map Automatically. */
const READ_RESPONSES = [
	{
		email: 'imp.three@example.com',
		score: 10,
		comment: 'Great',
		first_name: 'Tia',
		job_title: 'CEO',
		country: 'FR',
		tags: ['praise'],
		customer_tags: ['vip'],
		topics: [{ name: 'Support', sentiment: 'positive' }, { name: 'Pricing', sentiment: 'negative' }],
		properties: [{ label: 'Plan', value: 'enterprise', type: 'text' }, { label: 'Seats', value: 40, type: 'number' }],
		response_date: '2026-03-03T17:45:00Z',
		send_date: '2026-02-28T23:00:00Z',
		additional_questions: [
			{ uuid: '17554b4c-a592-4441-9dd0-a8b76a8401ef', type: 'OPEN_ENDED', answer: 'Docs' },
			{ uuid: 'bea5321b-8ede-4c17-8273-c9dcaa6aa785', type: 'RATING', answer: 5, metric: 'csat' },
		],
	},
	{
		email: 'imp.four@example.com',
		score: 0,
		properties: [{ label: 'Group', value: 'control', type: 'text' }],
		open_date: '2026-03-04T13:00:00Z',
		additional_questions: [{ uuid: '81febc3a-58cb-48d0-9143-54890c4a936a', type: 'MULTIPLE_OPTIONS', answer: ['6cbc3b8e-176c-46ba-aebc-04981a718dc0'] }],
	},
];

describe('Feedback › Import, saved, in a workflow on Berlin time', () => {
	test('version 1, Define Below: dates read on Berlin time, topics with their sentiment (Neutral left at its default), an answer of each question type, custom properties, every import option', async () => {
		const { error } = await run('v1 Define Below', RESPONSES, WORKFLOW_ZONE);
		expect(error).toBeUndefined();
		expect(received('/api/v2/import')).toEqual([
			{
				campaign_id: '6aca00000000000000000001',
				feedback: [
					{
						email: 'imp.one@example.com',
						score: 9,
						comment: 'Fast and friendly',
						first_name: 'Ida',
						last_name: 'Import',
						company: 'Engines Ltd',
						job_title: 'CTO',
						phone: '+49 30 1234',
						country: 'DE',
						state: 'BE',
						city: 'Berlin',
						tags: ['praise', 'support'],
						customer_tags: ['vip', 'beta'],
						topics: [
							{ name: 'Pricing', sentiment: 'negative' },
							{ name: 'Support', sentiment: 'neutral' },
							{ name: 'Onboarding', sentiment: 'positive' },
						],
						properties: [{ label: 'Plan', value: 'pro', type: 'text' }, { label: 'Seats', value: 12, type: 'number' }],
						response_date: '2026-03-01T08:30:00Z',
						send_date: '2026-02-28T07:00:00Z',
						open_date: '2026-02-28T11:00:00Z',
						additional_questions: [
							{ uuid: '17554b4c-a592-4441-9dd0-a8b76a8401ef', type: 'OPEN_ENDED', answer: 'The onboarding' },
							{ uuid: 'bea5321b-8ede-4c17-8273-c9dcaa6aa785', type: 'RATING', answer: 4, metric: 'csat' },
							{
								uuid: '81febc3a-58cb-48d0-9143-54890c4a936a',
								type: 'MULTIPLE_OPTIONS',
								answer: ['6cbc3b8e-176c-46ba-aebc-04981a718dc0', '20c79d80-d4c0-4f82-a90c-aba0d04426b9'],
							},
						],
					},
					{
						email: 'imp.two@example.com',
						score: 6,
						company: 'Engines Ltd',
						country: 'DE',
						state: 'BE',
						city: 'Berlin',
						tags: ['pricing'],
						customer_tags: ['vip', 'beta'],
						topics: [
							{ name: 'Pricing', sentiment: 'negative' },
							{ name: 'Support', sentiment: 'neutral' },
							{ name: 'Onboarding', sentiment: 'positive' },
						],
						properties: [{ label: 'Plan', value: 'starter', type: 'text' }, { label: 'Seats', value: '3', type: 'number' }],
						response_date: '2026-03-02T10:00:00Z',
						send_date: '2026-02-28T07:00:00Z',
						additional_questions: [
							{ uuid: '17554b4c-a592-4441-9dd0-a8b76a8401ef', type: 'OPEN_ENDED', answer: 'Price' },
							{ uuid: 'bea5321b-8ede-4c17-8273-c9dcaa6aa785', type: 'RATING', answer: 2, metric: 'csat' },
							{
								uuid: '81febc3a-58cb-48d0-9143-54890c4a936a',
								type: 'MULTIPLE_OPTIONS',
								answer: ['6cbc3b8e-176c-46ba-aebc-04981a718dc0', '20c79d80-d4c0-4f82-a90c-aba0d04426b9'],
							},
						],
					},
				],
				options: {
					create_customers: true,
					update_existing_customers: true,
					skip_duplicates: false,
					duplicate_check_window: 7,
					default_send_date: '2026-02-27T09:00:00Z',
				},
			},
		]);
	});

	test('version 2, Map Automatically: names in any spelling, topics and answers as lists, a date without a time at midnight in Berlin, properties as an object and as a list', async () => {
		const { error } = await run('v2 Map Automatically', ITEM_JSON, WORKFLOW_ZONE);
		expect(error).toBeUndefined();
		expect(received('/api/v2/import')).toEqual([{ campaign_id: '6aca00000000000000000001', feedback: READ_RESPONSES, options: { skip_duplicates: false } }]);
	});

	test('version 3, Map Each Column Manually: date columns read on Berlin time, topics and answers from expressions, property columns then Other Custom Properties, import options', async () => {
		const { error } = await run('v3 Map Each Column Manually', COLUMN_ROWS, WORKFLOW_ZONE);
		expect(error).toBeUndefined();
		expect(received('/api/v2/import')).toEqual([
			{
				campaign_id: '6aca00000000000000000001',
				feedback: [
					{
						email: 'imp.five@example.com',
						score: 8,
						comment: 'Solid',
						first_name: 'Five',
						country: 'DE',
						tags: ['ux', 'bug'],
						customer_tags: ['vip', 'beta'],
						topics: [{ name: 'UX', sentiment: 'positive' }],
						properties: [
							{ label: 'Plan', value: 'growth', type: 'text' },
							{ label: 'Seats', value: 9, type: 'number' },
							{ label: 'Group', value: 'pilot', type: 'text' },
						],
						response_date: '2026-03-05T06:15:00Z',
						send_date: '2026-03-03T23:00:00Z',
						additional_questions: [{ uuid: 'bea5321b-8ede-4c17-8273-c9dcaa6aa785', type: 'RATING', answer: 3, metric: 'csat' }],
					},
					{
						email: 'imp.six@example.com',
						score: 2,
						country: 'DE',
						customer_tags: ['vip', 'beta'],
						properties: [{ label: 'Seats', value: 1, type: 'number' }, { label: 'Group', value: 'pilot', type: 'text' }],
						response_date: '2026-03-06T23:30:00Z',
					},
				],
				options: { skip_duplicates: false, duplicate_check_window: 7, default_send_date: '2026-02-27T09:00:00Z' },
			},
		]);
	});

	test("version 3, Map Automatically: version 2's items send the same responses", async () => {
		const { error } = await run('v3 Map Automatically', ITEM_JSON, WORKFLOW_ZONE);
		expect(error).toBeUndefined();
		expect(received('/api/v2/import')).toEqual([{ campaign_id: '6aca00000000000000000001', feedback: READ_RESPONSES, options: { update_existing_customers: true, skip_duplicates: false } }]);
	});
});
