/**
 * Every wait ends on time, or on Stop. Through n8n's engine in process (test/helpers/engine.ts)
 * against the simulator: the service's word past the credential's Max Rate Limit Wait fails the
 * request at once, and every other request of the account until then, without sending; and n8n's
 * Stop (n8n-core cancelling the run, which aborts the nodes' signal) ends a node waiting for its
 * turn in the pacer, for a Retry-After or between retries, after which nothing more is sent.
 *
 * The waits here are longer than a test may last (jest's 60 s): a wait that Stop did not end fails
 * the test by its timeout.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { AUTHENTICATION_METHODS } from '../../credentials/authentication';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import { SurveyFeedbackTrigger } from '../../nodes/SurveyFeedbackTrigger/SurveyFeedbackTrigger.node';
import { PollGuard } from '../../nodes/SurveyFeedbackTrigger/pollGuard';
import { AccountPacer, DEFAULT_TUNING, realClock, Transport, type Clock } from '../../nodes/shared/transport';
import { listSearch, nodeOf, pollOnce } from '../helpers/engine';
import { runNode } from '../helpers/runNode';
import { serviceFor, useSimulator } from '../helpers/simulator';

const sim = useSimulator();
const service = serviceFor(sim);

/** The waits of a minute or more that began, on the clock below. */
let longWaits = 0;

/**
 * Real time, without jitter, its timers not holding the test process open after the tests: a wait
 * that Stop ended leaves its timer behind, as n8n's `sleep` does. It counts the long waits, so that
 * a test stops the execution while one is under way.
 */
const clock: Clock = {
	...realClock,
	random: () => 1,
	sleep: (ms) => {
		if (ms >= 60_000) longWaits++;
		return new Promise((resolve) => setTimeout(resolve, ms).unref());
	},
};

/** A transport as in production (the pacer's tuning, the documented limit for credentials that state none), on that clock. */
function productionLike(retry = { firstMs: 500, multiplier: 2, maxMs: 30_000 }) {
	return new Transport({ pacer: new AccountPacer({ requests: 150, windowMs: 60_000 }, clock, DEFAULT_TUNING), clock, retry, requestTimeoutMs: 60_000 });
}

const pings = () => sim.requests({ path: '/api/v2/ping' });

/** Resolves once `done` holds. */
async function until(done: () => boolean): Promise<void> {
	while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(() => {
	sim.configure({ faults: [], rateLimit: false });
	sim.clearRequests();
	longWaits = 0;
});

describe('the service asks the account to wait an hour, past Max Rate Limit Wait (120 s)', () => {
	const HOUR = 3_600_000;

	test('the first node (set to continue) fails at once, and the next node of the same execution fails the same way, sending nothing; so do a poll of the trigger and a list in the editor', async () => {
		// Another tool using the key took the hour's only slot: the node's request gets a 429 with Retry-After: 3600.
		sim.configure({ rateLimit: { shape: 'sliding', limit: 1, windowMs: HOUR, retryAfter: true, headers: 'none' } });
		await fetch(`${sim.baseUrl}/api/v2/ping`, { headers: { 'X-Api-Key': service.apiKey } });
		const transport = productionLike();
		const { json, after } = await runNode({
			service,
			transport,
			timezone: 'Europe/Berlin',
			continueOnFail: true,
			parameters: { resource: 'account', operation: 'getStatus' },
			after: [{ resource: 'feedback', operation: 'getMany', returnAll: false, limit: 5 }],
		});

		const first = String(json[0].error);
		const asked = /^Account: Get Status failed: the service asked this account to wait (3599|3600) s, until (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \(Europe\/Berlin\) \[HTTP 429\]$/.exec(first);
		expect(asked).not.toBeNull();
		const until = DateTime.fromFormat(asked![2], 'yyyy-MM-dd HH:mm:ss', { zone: 'Europe/Berlin' }).toMillis();
		expect(Math.abs(until - (Date.now() + HOUR))).toBeLessThan(5_000);
		// The next node: the same words, and none of its requests left.
		expect(after[0]?.error?.message).toBe(first.replace('Account: Get Status', 'Feedback: Get Many'));
		expect(after[0]?.error?.description).toMatch(/was not sent: the credential's Max Rate Limit Wait is 120 s, so the node does not wait, and every request of this account from this n8n fails the same way until then/);
		expect(pings().map((request) => request.status)).toEqual([200, 429]);
		expect(sim.requests({ path: '/api/v2/feedback' })).toHaveLength(0);

		// A poll of the trigger and a list in the editor, in the same n8n process, on the same account.
		const credentials = { [AUTHENTICATION_METHODS.apiKeyHeader]: { apiKey: service.apiKey, baseUrl: sim.baseUrl } };
		const poll = await pollOnce({
			node: nodeOf('surveyFeedbackTrigger', { authentication: 'apiKeyHeader', event: 'newFeedback' }),
			nodeType: new SurveyFeedbackTrigger(transport, new PollGuard()),
			credentials,
			staticData: {},
			timezone: 'Europe/Berlin',
		});
		expect(poll.error?.message).toMatch(/^Trigger: New Feedback failed.*: the service asked this account to wait (3599|3600) s, until .* \(Europe\/Berlin\) \[HTTP 429\]$/);
		const search = await listSearch({
			node: nodeOf('surveyFeedback', { authentication: 'apiKeyHeader', resource: 'survey', operation: 'send' } as never),
			nodeType: new SurveyFeedback(transport),
			credentials,
			path: 'campaign',
			method: 'searchCampaigns',
		}).catch((error: Error) => error);
		expect((search as Error).message).toMatch(/^Campaign list failed: the service asked this account to wait (3599|3600) s, until .* \(UTC\) \[HTTP 429\]$/);
		expect((search as Error & { description: string }).description).toMatch(/the editor's lists wait 5 s at most/);
		expect(sim.requests({ path: '/api/v2/feedback' })).toHaveLength(0);
		expect(sim.requests({ path: '/api/v2/campaigns' })).toHaveLength(0);
	});
});

describe('Stop ends every wait, and nothing more is sent', () => {
	/** Runs Account › Get Status for two items with these credential fields, and stops the execution once it waits a minute or more. */
	async function stoppedWhileWaiting(credential: IDataObject, transport = productionLike()) {
		const stop = new AbortController();
		const run = runNode({ service, transport, credential, stop: stop.signal, parameters: { resource: 'account', operation: 'getStatus' }, items: [{}, {}] });
		await until(() => longWaits > 0);
		stop.abort();
		const result = await run;
		return { ...result, pings: pings() };
	}

	test('waiting for its turn in the pacer (the credential\'s Rate Limit: 1 per 100 s)', async () => {
		const { error, pings } = await stoppedWhileWaiting({ rateLimitRequests: 1, rateLimitWindow: 100, maxRateLimitWait: 200 });
		expect(pings.map((request) => request.status)).toEqual([200]);
		expect(error?.message).toBe('Account: Get Status failed: the execution was stopped');
	});

	test('waiting out a Retry-After of 100 s', async () => {
		sim.configure({ rateLimit: { shape: 'sliding', limit: 1, windowMs: 100_000, retryAfter: true, headers: 'none' } });
		const { error, pings } = await stoppedWhileWaiting({ maxRateLimitWait: 200 });
		expect(pings.map((request) => request.status)).toEqual([200, 429]);
		expect(error?.message).toBe('Account: Get Status failed: the execution was stopped');
	});

	test('between retries after a server error (a backoff of 100 s)', async () => {
		sim.configure({ faults: [{ kind: 500, match: { pathPrefix: '/api/v2/ping' } }] });
		const transport = productionLike({ firstMs: 100_000, multiplier: 1, maxMs: 100_000 });
		const { error, pings } = await stoppedWhileWaiting({ maxRetryWait: 200, maxRateLimitWait: 200 }, transport);
		expect(pings.map((request) => request.status)).toEqual([500]);
		expect(error?.message).toBe('Account: Get Status failed: the execution was stopped');
	});
});
