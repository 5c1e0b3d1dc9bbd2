/**
 * What examples/crm-custom-properties.json sends for a CRM contact: its fields, the registered
 * properties as columns (with their types), then its other fields. Asserted in n8n's engine
 * (test/node/columnMapperExamples.test.ts) and in a real n8n (test/e2e/examples.test.ts).
 */
export function crmSubscriber(c: Record<string, any>) {
	return {
		email: c.email,
		first_name: c.firstName,
		last_name: c.lastName,
		company: c.companyName,
		properties: [
			{ label: 'Plan', value: c.plan, type: 'text' },
			{ label: 'Seats', value: c.seats, type: 'number' },
			{ label: 'Country', value: c.country, type: 'text' },
			...(c.referralCode ? [{ label: 'referralCode', value: c.referralCode, type: 'text' }] : []),
		],
	};
}
