/** Email Suppression and Domain Suppression, run in n8n's own engine against the simulator. */
import type { IDataObject } from 'n8n-workflow';

import { pathOf } from '../helpers/engine';
import { expression, field } from '../helpers/parameters';
import { runNode, runNodeOn } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);

beforeEach(() => sim.reset());

const run = runNodeOn(service);


async function list(resource: 'emailSuppression' | 'domainSuppression'): Promise<IDataObject[]> {
	const { json, error } = await run({ resource, operation: 'getMany' });
	expect(error).toBeUndefined();
	return json;
}

describe('Email Suppression', () => {
	it('Get Many returns every suppressed email, manual and automatic, one item each', async () => {
		const { json, sent } = await run({ resource: 'emailSuppression', operation: 'getMany' });
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(pathOf(sent[0])).toBe('/api/v2/suppressions/emails');
		expect(json).toHaveLength(sim.state().accounts[0].counts.emailSuppressions);
		expect(new Set(json.map((row) => row.manual))).toEqual(new Set([true, false]));
		expect(json[0]).toEqual(expect.objectContaining({ id: expect.any(String), email: expect.any(String) }));
	});

	it('Add sends the email and the note, without op unless the customer is to be deleted', async () => {
		const { json, sent, error } = await run({
			resource: 'emailSuppression',
			operation: 'add',
			email: ' quiet@example.com ',
			note: 'Asked by phone',
		});
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('POST');
		expect(pathOf(sent[0])).toBe('/api/v2/suppressions/emails');
		expect(sent[0].body).toEqual({ email: 'quiet@example.com', note: 'Asked by phone' });
		expect(json).toEqual([expect.objectContaining({ suppression: expect.objectContaining({ email: 'quiet@example.com', manual: true }) })]);
		expect((await list('emailSuppression')).map((row) => row.email)).toContain('quiet@example.com');
	});

	it('Add with Also Delete Customer sends op=delete, and the customer is gone', async () => {
		sim.insert(sim.accounts[0].id, 'customers', [{ email: 'leaving@example.com', firstName: 'Lea' }]);
		const before = await run({ resource: 'customer', operation: 'getMany', filters: { email: 'leaving@example.com' } });
		expect(before.json).toHaveLength(1);

		const { json, sent } = await run({
			resource: 'emailSuppression',
			operation: 'add',
			email: 'leaving@example.com',
			deleteCustomer: true,
		});
		expect(sent[0].body).toEqual({ email: 'leaving@example.com', op: 'delete' });
		expect(json[0]).toEqual(expect.objectContaining({ contactDeleted: true }));

		const after = await run({ resource: 'customer', operation: 'getMany', filters: { email: 'leaving@example.com' } });
		expect(after.json).toHaveLength(0);
	});

	it('Add refuses a bad email before sending anything, naming the item', async () => {
		const { error, sent } = await run(
			{ resource: 'emailSuppression', operation: 'add', email: field('email') },
			{ items: [{ email: 'ok@example.com' }, { email: 'not-an-email' }] },
		);
		// Item 0 went out before item 1 was read; item 1 sent nothing.
		expect(error?.message).toContain('Email: "not-an-email" is not an email address [item 1]');
		expect(sent).toHaveLength(1);
	});

	it('Remove deletes a manual suppression by ID', async () => {
		const manual = (await list('emailSuppression')).find((row) => row.manual) as IDataObject;
		const { json, sent, error } = await run({ resource: 'emailSuppression', operation: 'remove', suppressionId: manual.id });
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('DELETE');
		expect(pathOf(sent[0])).toBe(`/api/v2/suppressions/emails/${manual.id}`);
		expect(sent[0].body).toBeUndefined();
		expect(json).toEqual([expect.objectContaining({ id: manual.id })]);
		expect((await list('emailSuppression')).map((row) => row.id)).not.toContain(manual.id);
	});

	it('Remove of an automatic suppression fails with a message that says only manual ones can be removed', async () => {
		const automatic = (await list('emailSuppression')).find((row) => !row.manual) as IDataObject;
		const { error, sent } = await run({ resource: 'emailSuppression', operation: 'remove', suppressionId: automatic.id });
		expect(sent).toHaveLength(1);
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toContain('the service rejected the request: Only manually added suppressions can be removed. [HTTP 400]');
		expect(error?.description).toMatch(/^Only suppressions added manually .* can be removed; the ones the service adds itself/);
		// Not retried: a 400 is final.
		expect(sim.requests({ method: 'DELETE' })).toHaveLength(1);
		expect((await list('emailSuppression')).map((row) => row.id)).toContain(automatic.id);
	});

	it('Remove with Continue On Fail: each item gets its own outcome, paired to it', async () => {
		const rows = await list('emailSuppression');
		const manual = rows.find((row) => row.manual) as IDataObject;
		const automatic = rows.find((row) => !row.manual) as IDataObject;
		const { output } = await run(
			{ resource: 'emailSuppression', operation: 'remove', suppressionId: field('id') },
			{ items: [{ id: automatic.id }, { id: manual.id }, { id: '6a0000000000000000000fff' }], continueOnFail: true },
		);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[0].json.error).toMatch(/Only manually added suppressions can be removed/);
		expect(output[1].json).toEqual(expect.objectContaining({ id: manual.id }));
		expect(output[2].json.error).toMatch(/no such record in this account/);
	});

	it('Remove refuses an empty ID before sending anything', async () => {
		const { error, sent } = await run({ resource: 'emailSuppression', operation: 'remove', suppressionId: expression('') });
		expect(error?.message).toContain('Suppression ID: is required [item 0]');
		expect(sent).toHaveLength(0);
	});

	it('a read-only key cannot add: the message asks for a write key', async () => {
		const { error } = await runNode({
			service: { ...service, apiKey: sim.accounts[0].readKey },
			parameters: { resource: 'emailSuppression', operation: 'add', email: 'x@example.com' },
		});
		expect(error?.message).toMatch(/write permission/);
	});
});

describe('Domain Suppression', () => {
	it('Get Many returns every suppressed domain pattern, one item each', async () => {
		const { json, sent } = await run({ resource: 'domainSuppression', operation: 'getMany' });
		expect(sent).toHaveLength(1);
		expect(pathOf(sent[0])).toBe('/api/v2/suppressions/domains');
		expect(json).toHaveLength(sim.state().accounts[0].counts.domainSuppressions);
		expect(json.map((row) => row.pattern)).toContain('*.competitor.io');
	});

	it('Add sends pattern, category and note', async () => {
		const { json, sent, error } = await run({
			resource: 'domainSuppression',
			operation: 'add',
			pattern: '*.throwaway.example',
			category: 'disposable',
			note: 'Burner domains',
		});
		expect(error).toBeUndefined();
		expect(sent[0].method).toBe('POST');
		expect(pathOf(sent[0])).toBe('/api/v2/suppressions/domains');
		expect(sent[0].body).toEqual({ pattern: '*.throwaway.example', category: 'disposable', note: 'Burner domains' });
		expect(json).toEqual([
			expect.objectContaining({ suppression: expect.objectContaining({ pattern: '*.throwaway.example', category: 'disposable', manual: true }) }),
		]);
	});

	it('Add sends the default category other, and no empty note', async () => {
		const { sent, json } = await run({ resource: 'domainSuppression', operation: 'add', pattern: 'partner.example' });
		expect(sent[0].body).toEqual({ pattern: 'partner.example', category: 'other' });
		expect(json[0].suppression).toEqual(expect.objectContaining({ category: 'other' }));
	});

	it('Add passes the service’s message through for a pattern it refuses', async () => {
		const { error } = await run({ resource: 'domainSuppression', operation: 'add', pattern: 'not a domain' });
		expect(error?.message).toMatch(/pattern must be a domain name.*\[HTTP 400\]/);
	});

	it.each([
		[{ pattern: expression('') }, 'Domain Suppression: Add failed: Pattern: is required [item 0]'],
		[{ pattern: '' }, 'The \'Survey Feedback\' node has issues:\n- Parameter "Pattern" is required.'], // n8n's own check, before the node runs
		[{ pattern: 'x.example', category: 'spam' }, 'Domain Suppression: Add failed: Category: "spam" is not one of corporate, disposable, invalid, other [item 0]'],
	])('Add refuses %j before sending anything', async (parameters, message) => {
		const { error, sent } = await run({ resource: 'domainSuppression', operation: 'add', ...parameters });
		expect(error?.message).toBe(message);
		expect(sent).toHaveLength(0);
	});

	it('Remove deletes a manual pattern and refuses an automatic one with a clear message', async () => {
		const rows = await list('domainSuppression');
		const manual = rows.find((row) => row.manual) as IDataObject;
		const automatic = rows.find((row) => !row.manual) as IDataObject;

		const removed = await run({ resource: 'domainSuppression', operation: 'remove', suppressionId: manual.id });
		expect(removed.sent[0].method).toBe('DELETE');
		expect(pathOf(removed.sent[0])).toBe(`/api/v2/suppressions/domains/${manual.id}`);
		expect(removed.json).toEqual([expect.objectContaining({ id: manual.id })]);

		const refused = await run({ resource: 'domainSuppression', operation: 'remove', suppressionId: automatic.id });
		expect(refused.error?.message).toMatch(/Only manually added suppressions can be removed/);
		expect(refused.error?.description).toMatch(/^Only suppressions added manually/);

		const ids = (await list('domainSuppression')).map((row) => row.id);
		expect(ids).not.toContain(manual.id);
		expect(ids).toContain(automatic.id);
	});

	it('Remove of an unknown ID says there is no such record in this account', async () => {
		const { error } = await run({ resource: 'domainSuppression', operation: 'remove', suppressionId: '6a0000000000000000000fff' });
		expect(error?.message).toMatch(/no such record in this account/);
		expect(error?.httpCode).toBe('404');
	});
});
