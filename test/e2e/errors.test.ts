/**
 * Proves, in a real n8n against the simulator, how the node fails, for three failures: a
 * read-only key on a write (HTTP 403), a record that does not exist (HTTP 404, a well-formed
 * customer ID nobody has), bad input (an invalid email, refused before anything is sent), and a
 * row of a bulk request that the service itself refused (an import score off the NPS scale):
 *
 * - with Continue On Fail (`onError: continueRegularOutput`) every input item still gets one
 *   output item, paired to it: failed ones carry the node's message, the others their result;
 * - with the error output (`onError: continueErrorOutput`) the failed items arrive on output 1,
 *   paired to their inputs, the others on output 0, and each branch runs with its own items;
 * - with neither, the execution fails with the node's message (for bad input no request left
 *   n8n; for a refused row the message names the item, its reason and the items accepted).
 *
 * And an expression that fails for the first item of a bulk write (version 3.1's column mapper)
 * fails that item alone: n8n's own expression engine, not the test's in-process one.
 *
 * n8n before 2.36 keeps the failed items on output 0 even with the error output (see
 * ERROR_OUTPUT_TAKES_DETAILS); there the error-output tests check that instead.
 */
import { n8nAtLeast, nodeError, nodesThatRan, outputEntries, outputItems, type ExecuteResult } from '../../dev/n8n/harness';
import { ACCOUNT_A, describeRun, n8nInstance, pairedIndexes, simClient, type LoggedRequest } from './support';
import { BAD_INPUT_EMAILS, ERRORS_ID, FAIL_403_ID, FAIL_404_ID, FAIL_INPUT_ID, FAIL_ROWS_ID, FIRST_FAILS_EMAILS, IMPORT_ROWS, READ_ONLY_EMAILS } from './workflows';

const sim = simClient();
const n8n = n8nInstance();

const WRITE_PERMISSION = 'Customer: Create or Update failed: this operation needs an API key with write permission [HTTP 403]';
const NOT_FOUND = 'Customer: Get failed: no such record in this account [HTTP 404]';
const BAD_EMAIL = 'Customer: Create or Update failed: Email: "not-an-email" is not an email address [item 1]';
const ROW_REASON = 'refused by the service: score must be an integer from 0 to 10 (campaign metric NPS)';
const ROW_FAILED = `Feedback: Import failed: ${ROW_REASON}`;

const customerPosts = (log: LoggedRequest[]) => log.filter((r) => r.method === 'POST' && r.path === '/api/v2/customers');
/** The details of a failed item: the service's row, the error's description and HTTP status. */
const itemErrors = (res: ExecuteResult, node: string, output = 0) => outputItems(res, node, output).map((item) => item.details);

/**
 * n8n 2.36 and later send an item whose JSON holds `error` and `details` to the error output.
 * Older n8n sends only items whose JSON is `error` (and `message`) alone: there the node's failed
 * items stay on output 0, in their inputs' places, with the same `error` and `details`.
 */
const ERROR_OUTPUT_TAKES_DETAILS = n8nAtLeast(n8n.runtime, '2.36.0');
function expectAllOnOutputZero(res: ExecuteResult, node: string, errors: Array<string | undefined>): void {
	expect(outputEntries(res, node, 1)).toEqual([]);
	expect(pairedIndexes(res, node, 0)).toEqual(errors.map((_, index) => index));
	expect(outputItems(res, node, 0).map((item) => item.error)).toEqual(errors);
	for (const [index, error] of errors.entries()) {
		if (error) expect(itemErrors(res, node)[index]).toEqual(expect.any(Object));
	}
}

describe('errors with Continue On Fail and with the error output', () => {
	let res: ExecuteResult;
	let log: LoggedRequest[];

	beforeAll(async () => {
		const mark = await sim.mark();
		res = await n8n.execute(ERRORS_ID);
		log = await sim.requests({ after: mark });
	});

	it('the execution succeeds: every failure was handled by the node settings', () => {
		expect(describeRun(res)).toMatch(/^status success/);
	});

	describe('a read-only key on a write (403)', () => {
		it('Continue On Fail: one error item per input item, paired, saying the key needs write permission', () => {
			expect(outputItems(res, '403 CoF')).toEqual([expect.objectContaining({ error: WRITE_PERMISSION }), expect.objectContaining({ error: WRITE_PERMISSION })]);
			expect(pairedIndexes(res, '403 CoF')).toEqual([0, 1]);
			for (const error of itemErrors(res, '403 CoF')) expect(error.description).toMatch(/the credential's key is read-only/);
			const readKeyPosts = customerPosts(log).filter((r) => r.status === 403);
			expect(readKeyPosts).toHaveLength(2);
			expect(readKeyPosts[0].body.subscribers.map((s: { email: string }) => s.email)).toEqual(READ_ONLY_EMAILS);
		});

		it('error output: both items on output 1, paired; nothing on output 0', () => {
			if (!ERROR_OUTPUT_TAKES_DETAILS) return expectAllOnOutputZero(res, '403 ErrOut', [WRITE_PERMISSION, WRITE_PERMISSION]);
			expect(outputEntries(res, '403 ErrOut', 0)).toEqual([]);
			expect(pairedIndexes(res, '403 ErrOut', 1)).toEqual([0, 1]);
			for (const item of outputItems(res, '403 ErrOut', 1)) expect(item.error).toBe(WRITE_PERMISSION);
			expect(outputItems(res, '403 error branch')).toHaveLength(2);
			expect(nodesThatRan(res)).not.toContain('403 success branch');
		});
	});

	describe('a missing record (404)', () => {
		it('Continue On Fail: the found customer and an error item for the missing one, each paired', () => {
			const [known] = outputItems(res, 'A known customer');
			const items = outputItems(res, '404 CoF');
			expect(pairedIndexes(res, '404 CoF')).toEqual([0, 1]);
			expect(items[0].id).toBe(known.id);
			expect(items[1]).toMatchObject({ error: NOT_FOUND });
			expect(itemErrors(res, '404 CoF')[1].description).toMatch(/may not exist, may have been deleted, or may belong to another account/);
		});

		it('with the key in the query string, the key is in no error and no output', () => {
			expect(outputItems(res, '404 CoF (query key)')).toEqual([expect.objectContaining({ error: NOT_FOUND })]);
			expect(itemErrors(res, '404 CoF (query key)')[0].description).toMatch(/GET \/api\/v2\/customers\/6ac1ffffffffffffffffffff/);
			const queried = log.filter((r) => r.auth === 'query' && r.path === '/api/v2/customers/6ac1ffffffffffffffffffff');
			expect(queried.map((r) => r.status)).toEqual([404]);
			for (const secret of [ACCOUNT_A.writeKey, ACCOUNT_A.readKey]) expect(res.stdout + res.stderr).not.toContain(secret);
		});

		it('error output: the found customer on output 0, the missing one on output 1', () => {
			if (!ERROR_OUTPUT_TAKES_DETAILS) return expectAllOnOutputZero(res, '404 ErrOut', [undefined, NOT_FOUND]);
			const [known] = outputItems(res, 'A known customer');
			expect(outputItems(res, '404 ErrOut', 0).map((c) => c.id)).toEqual([known.id]);
			expect(pairedIndexes(res, '404 ErrOut', 0)).toEqual([0]);
			expect(pairedIndexes(res, '404 ErrOut', 1)).toEqual([1]);
			expect(outputItems(res, '404 ErrOut', 1)[0].error).toBe(NOT_FOUND);
			expect(outputItems(res, '404 success branch')).toHaveLength(1);
			expect(outputItems(res, '404 error branch')).toHaveLength(1);
		});
	});

	describe('bad input (an invalid email)', () => {
		it('Continue On Fail: the bad item fails alone, before sending; the others are upserted', () => {
			const items = outputItems(res, 'Bad input CoF');
			expect(pairedIndexes(res, 'Bad input CoF')).toEqual([0, 1, 2]);
			expect(items[0]).toMatchObject({ email: BAD_INPUT_EMAILS[0], status: expect.stringMatching(/^(created|updated)$/) });
			expect(items[1]).toMatchObject({ error: BAD_EMAIL });
			expect(items[2]).toMatchObject({ email: BAD_INPUT_EMAILS[2], status: expect.stringMatching(/^(created|updated)$/) });
		});

		it('error output: the valid items on output 0, the bad one on output 1, each paired', () => {
			if (!ERROR_OUTPUT_TAKES_DETAILS) return expectAllOnOutputZero(res, 'Bad input ErrOut', [undefined, BAD_EMAIL, undefined]);
			expect(pairedIndexes(res, 'Bad input ErrOut', 0)).toEqual([0, 2]);
			expect(outputItems(res, 'Bad input ErrOut', 0).map((row) => row.email)).toEqual([BAD_INPUT_EMAILS[0], BAD_INPUT_EMAILS[2]]);
			expect(pairedIndexes(res, 'Bad input ErrOut', 1)).toEqual([1]);
			expect(outputItems(res, 'Bad input ErrOut', 1)[0].error).toBe(BAD_EMAIL);
			expect(outputItems(res, 'Bad input success branch')).toHaveLength(2);
			expect(outputItems(res, 'Bad input error branch')).toHaveLength(1);
		});

		it('the invalid email never reached the service', () => {
			const ofThisNode = (r: LoggedRequest) => r.body.subscribers.some((s: { email: string }) => BAD_INPUT_EMAILS.includes(s.email));
			const accepted = customerPosts(log).filter((r) => r.status === 200 && ofThisNode(r));
			expect(accepted).toHaveLength(2);
			for (const post of accepted) {
				expect(post.body.subscribers.map((s: { email: string }) => s.email)).toEqual([BAD_INPUT_EMAILS[0], BAD_INPUT_EMAILS[2]]);
			}
		});
	});

	describe('an expression that fails for the first item of a bulk write', () => {
		it('Continue On Fail: that item is its own error, paired; the others are upserted in one request', () => {
			const items = outputItems(res, 'First item fails CoF');
			expect(pairedIndexes(res, 'First item fails CoF')).toEqual([0, 1, 2]);
			expect(items[0].error).toMatch(/Referenced node doesn't exist/);
			for (const index of [1, 2]) expect(items[index]).toMatchObject({ email: FIRST_FAILS_EMAILS[index], status: expect.stringMatching(/^(created|updated)$/) });
			const posts = customerPosts(log).filter((r) => r.body.subscribers.some((s: { email: string }) => FIRST_FAILS_EMAILS.includes(s.email)));
			expect(posts.map((r) => r.body.subscribers.map((s: { email: string }) => s.email))).toEqual([FIRST_FAILS_EMAILS.slice(1)]);
		});
	});

	describe('a row the service refused (a bulk import with a score off the scale)', () => {
		it('error output: the refused row on output 1, paired; the accepted row on output 0', () => {
			if (!ERROR_OUTPUT_TAKES_DETAILS) return expectAllOnOutputZero(res, 'Import ErrOut', [undefined, ROW_FAILED]);
			expect(pairedIndexes(res, 'Import ErrOut', 0)).toEqual([0]);
			expect(outputItems(res, 'Import ErrOut', 0)[0]).toMatchObject({ email: IMPORT_ROWS[0].email, status: 'imported' });
			expect(pairedIndexes(res, 'Import ErrOut', 1)).toEqual([1]);
			expect(outputItems(res, 'Import ErrOut', 1)[0].error).toBe(ROW_FAILED);
			expect(itemErrors(res, 'Import ErrOut', 1)[0].description).toMatch(/did not accept item 1/);
			// Both rows went out in one request: the service judged them.
			const imports = log.filter((r) => r.method === 'POST' && r.path === '/api/v2/import');
			expect(imports.map((r) => r.body.feedback.map((f: { email: string }) => f.email))).toEqual([IMPORT_ROWS.map((row) => row.email)]);
		});
	});
});

describe('errors without Continue On Fail or an error output: the execution fails with the node message', () => {
	it('a read-only key on a write', async () => {
		const res = await n8n.execute(FAIL_403_ID);
		expect(res.status).toBe('error');
		expect(res.data.data.resultData.lastNodeExecuted).toBe('Upsert with read key');
		expect(nodeError(res).message).toBe(WRITE_PERMISSION);
		expect(nodeError(res, 'Upsert with read key').description).toMatch(/read-only\. Create a key with write permission/);
		for (const secret of [ACCOUNT_A.readKey, ACCOUNT_A.writeKey]) expect(res.stdout + res.stderr).not.toContain(secret);
	});

	it('a missing record', async () => {
		const res = await n8n.execute(FAIL_404_ID);
		expect(res.status).toBe('error');
		expect(nodeError(res).message).toBe(NOT_FOUND);
		expect(nodeError(res, 'Get missing customer').description).toMatch(/^GET \/api\/v2\/customers\/6ac1ffffffffffffffffffff: it may not exist/);
	});

	it('a row the service refused: the message names the item and its reason, and what was accepted', async () => {
		const res = await n8n.execute(FAIL_ROWS_ID);
		expect(res.status).toBe('error');
		expect(nodeError(res).message).toBe('Feedback: Import failed for 1 of 2 items');
		const { description } = nodeError(res, 'Import');
		expect(description).toContain(`item 1: ${ROW_REASON}`);
		expect(description).toContain('The service had already accepted item 0: a rerun should leave them out.');
	});

	it('bad input, refused before anything is sent', async () => {
		const mark = await sim.mark();
		const res = await n8n.execute(FAIL_INPUT_ID);
		expect(res.status).toBe('error');
		expect(nodeError(res).message).toBe(BAD_EMAIL);
		expect(customerPosts(await sim.requests({ after: mark }))).toEqual([]);
	});
});
