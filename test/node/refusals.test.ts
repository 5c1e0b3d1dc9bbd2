/**
 * Every answer that says to slow down, whatever it looks like, slows the node down; and the
 * editor never waits on the rate limit. Through n8n's engine against the simulator, with the
 * pacer's own backoff (0.5 to 1 s after a first refusal), timed from the simulator's request log.
 */
import type { LoggedRequest } from '../../dev/simulator';
import { NGINX_LIMIT_REQ } from '../../dev/simulator/limitShapes';
import { AUTHENTICATION_METHODS } from '../../credentials/authentication';
import { CREDENTIAL_DEFAULTS } from '../../credentials/defaults';
import { SurveyFeedback } from '../../nodes/SurveyFeedback/SurveyFeedback.node';
import {
	AccountPacer,
	DEFAULT_TUNING,
	realClock,
	Transport,
	type Clock,
	type RateLimit,
	type Turn,
	type TurnOptions,
	type TurnOutcome,
} from '../../nodes/shared/transport';
import { EDITOR_PATIENCE_MS } from '../../nodes/shared/transport/transport';
import { listSearch, loadOptions, nodeOf } from '../helpers/engine';
import { runNode } from '../helpers/runNode';
import { sendableCampaigns, serviceFor, useSimulator } from '../helpers/simulator';

/** The pacer, watched: what the transport told it of each answer, and what it knows of the account. */
class WatchedPacer extends AccountPacer {
	readonly outcomes: TurnOutcome[] = [];
	private last: { account: string; ceiling?: RateLimit } | undefined;

	async turn(account: string, options: TurnOptions = {}): Promise<Turn | undefined> {
		this.last = { account, ceiling: options.ceiling };
		const turn = await super.turn(account, options);
		return (
			turn && {
				done: (outcome) => {
					this.outcomes.push(outcome);
					turn.done(outcome);
				},
			}
		);
	}

	knownNow() {
		return this.known(this.last!.account, this.last!.ceiling);
	}
}

/** Without jitter the first backoff after a refusal is its whole ceiling: 1 s. */
const FIRST_BACKOFF_MS = DEFAULT_TUNING.backoff.firstMs;
const noJitter: Clock = { ...realClock, random: () => 1 };

/** A transport as in production (the pacer's tuning, the retries' timing), with a watched pacer. */
function productionLike(clock: Clock = realClock) {
	const pacer = new WatchedPacer({ requests: CREDENTIAL_DEFAULTS.rateLimitRequests, windowMs: CREDENTIAL_DEFAULTS.rateLimitWindowSeconds * 1000 }, clock);
	const transport = new Transport({ pacer, clock, retry: { firstMs: 500, multiplier: 2, maxMs: 30_000 }, requestTimeoutMs: 60_000 });
	return { pacer, transport };
}

const PAGES = 6;
let armAfterPages = 0;
let pagesSeen = 0;
const sim = useSimulator({
	seed: { feedback: PAGES * 1000 },
	// Arms a single refusal after a given page, so that it comes amid successes.
	onRequest: (entry: LoggedRequest) => {
		if (entry.path !== '/api/v2/feedback' || entry.status !== 200) return;
		if (++pagesSeen === armAfterPages) sim.configure({ faults: [{ kind: 'html', status: 503, count: 1, match: { pathPrefix: '/api/v2/feedback' } }] });
	},
});
const service = serviceFor(sim);

beforeEach(() => {
	sim.configure({ faults: [], rateLimit: false });
	sim.clearRequests();
	armAfterPages = 0;
	pagesSeen = 0;
});

/** When the simulator had answered a request (its log's receipt plus its handling). */
const answeredAt = (request: LoggedRequest) => request.receivedMs + request.durationMs;

/** The requests received less than `ms` after a refused one was answered. */
function sentSoonAfterRefusals(requests: LoggedRequest[], ms: number): LoggedRequest[] {
	const refused = requests.filter((request) => request.status === 503 || request.status === 429);
	return requests.filter((request) => refused.some((refusal) => request.receivedMs >= answeredAt(refusal) && request.receivedMs < answeredAt(refusal) + ms));
}

describe('a 503 is a refusal, whatever it looks like', () => {
	test('nginx’s 503 page without headers amid successes: one decrease, at least the backoff before the next request, and the read completes', async () => {
		const { pacer, transport } = productionLike(noJitter);
		armAfterPages = 3;
		const { json, error } = await runNode({ service, transport, parameters: { resource: 'feedback', operation: 'getMany', returnAll: true } });
		expect(error).toBeUndefined();
		expect(json).toHaveLength(PAGES * 1000);

		const reads = sim.requests({ path: '/api/v2/feedback' });
		expect(reads.map((request) => request.status)).toEqual([200, 200, 200, 503, ...Array(PAGES - 3).fill(200)]);
		const [refused, next] = [reads[3], reads[4]];
		expect(refused.fault).toBe('html');
		// The pacer held the account back for its backoff (the timer may fire a millisecond early by the log's clock).
		expect(next.receivedMs - answeredAt(refused)).toBeGreaterThanOrEqual(FIRST_BACKOFF_MS - 5);
		// Told once to slow down: one cut of the rate, from what the service admitted before refusing.
		expect(pacer.outcomes.map((outcome) => outcome.rateLimited)).toEqual([false, false, false, true, ...Array(PAGES - 3).fill(false)]);
		expect(pacer.knownNow().admittedPerMinute).toEqual(expect.any(Number));
	});

	test.each([
		['an empty body', { kind: 503 } as const, 'HTTP 503'],
		['nginx’s HTML page', { kind: 'html', status: 503 } as const, 'HTTP 503 (an HTML page, often from a proxy)'],
	])('a write that must not repeat is sent once after a 503 with %s, says it may have acted, and slows the pacer', async (_, fault, said) => {
		const { pacer, transport } = productionLike();
		const { email: campaign } = await sendableCampaigns(sim);
		sim.configure({ faults: [{ ...fault, match: { method: 'POST', pathPrefix: '/api/v2/survey' } }] });
		const { error } = await runNode({
			service,
			transport,
			parameters: { resource: 'survey', operation: 'send', campaign: { __rl: true, mode: 'id', value: campaign }, email: 'refused@example.com' },
		});
		expect(sim.requests({ method: 'POST', path: '/api/v2/survey' })).toHaveLength(1);
		expect(error?.message).toContain(`the service answered ${said}, so`);
		expect(error?.message).toMatch(/may have been queued all the same/);
		expect(error?.description).toMatch(/sent once and not repeated.*also how a proxy in front of the service refuses requests over its rate limit/);
		expect(pacer.outcomes.filter((outcome) => outcome.rateLimited)).toHaveLength(1);
	});

	test('single reads behind nginx’s limit_req (2 a second, bursts of 10, nodelay: refusing with its 503 page and no header) complete, and nothing leaves within 0.5 s of a refusal', async () => {
		const { transport } = productionLike();
		sim.configure({ rateLimit: NGINX_LIMIT_REQ });
		const READS = 24;
		const { json, error } = await runNode({
			service,
			transport,
			parameters: { resource: 'account', operation: 'getStatus' },
			items: Array.from({ length: READS }, () => ({})),
		});
		expect(error).toBeUndefined();
		expect(json).toHaveLength(READS);
		const requests = sim.requests({ path: '/api/v2/ping' });
		expect(requests.filter((request) => request.status === 200)).toHaveLength(READS);
		// The burst is spent before the pacer hears of the limit: it is refused at least once.
		expect(requests.filter((request) => request.status === 503).length).toBeGreaterThan(0);
		expect(sentSoonAfterRefusals(requests, 500)).toEqual([]);
	});
});

describe('the editor never waits on the rate limit', () => {
	const credentials = () => ({ [AUTHENTICATION_METHODS.apiKeyHeader]: { apiKey: service.apiKey, baseUrl: sim.baseUrl } });
	const searchCampaigns = (transport: Transport) =>
		listSearch({
			node: nodeOf('surveyFeedback', { authentication: 'apiKeyHeader', resource: 'survey', operation: 'send' } as never),
			nodeType: new SurveyFeedback(transport),
			credentials: credentials(),
			path: 'campaign',
			method: 'searchCampaigns',
		});
	/** Feedback › Import's dropdown of the campaign's questions: it reads the campaigns first. */
	const templateQuestions = (transport: Transport) =>
		loadOptions({
			node: nodeOf('surveyFeedback', { authentication: 'apiKeyHeader', resource: 'feedback', operation: 'import', campaign: { __rl: true, mode: 'id', value: 'any' } } as never, { typeVersion: 3 }),
			nodeType: new SurveyFeedback(transport),
			credentials: credentials(),
			path: 'additionalQuestions.question[0].uuid',
			method: 'getTemplateQuestions',
		});
	const campaignReads = () => sim.requests({ path: '/api/v2/campaigns' });

	/** Resolves once the transport has told the pacer of a refusal (the simulator's log alone may be ahead of it). */
	async function firstRefusal(pacer: WatchedPacer): Promise<void> {
		while (!pacer.outcomes.some((outcome) => outcome.rateLimited)) await new Promise((resolve) => setTimeout(resolve, 20));
	}

	test('a list search while a running execution waits out the limit says so at once, sending nothing; the execution keeps its patience', async () => {
		// The service's Retry-After (8 s) is past the editor's patience, well within the execution's.
		sim.configure({ rateLimit: { shape: 'sliding', limit: 3, windowMs: 8000, retryAfter: true, headers: 'none' } });
		const { pacer, transport } = productionLike();
		const execution = runNode({ service, transport, parameters: { resource: 'account', operation: 'getStatus' }, items: [{}, {}, {}, {}] });
		await firstRefusal(pacer);

		const search = await searchCampaigns(transport).then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		// The Retry-After reaches past what the editor waits: the list fails at once, naming the wait and its end.
		expect(search?.message).toMatch(/^Campaign list failed: the service asked this account to wait [1-8] s, until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(UTC\) \[HTTP 429\]$/);
		expect(search?.description).toMatch(/the editor's lists wait 5 s at most, so the node does not wait/);
		expect(campaignReads()).toHaveLength(0);

		const { json, error } = await execution;
		expect(error).toBeUndefined();
		expect(json).toHaveLength(4);
		expect(EDITOR_PATIENCE_MS).toBeLessThan(CREDENTIAL_DEFAULTS.maxRateLimitWaitSeconds * 1000);
	});

	test.each([
		['a list search', searchCampaigns, 'Campaign list'],
		['a dropdown’s options', templateQuestions, 'Template questions'],
	])('%s the service refuses with a long Retry-After fails after that one request, naming the wait and its end', async (_, editorCall, label) => {
		sim.configure({ rateLimit: { shape: 'sliding', limit: 1, windowMs: 30_000, retryAfter: true, headers: 'none' } });
		// Another tool using the key takes the whole limit.
		await fetch(`${sim.baseUrl}/api/v2/ping`, { headers: { 'X-Api-Key': service.apiKey } });
		const { transport } = productionLike();
		await expect(editorCall(transport)).rejects.toThrow(new RegExp(`^${label} failed: the service asked this account to wait (29|30) s, until [-\\d]+ [:\\d]+ \\(UTC\\) \\[HTTP 429\\]$`));
		expect(campaignReads().map((request) => request.status)).toEqual([429]);
	});

	test('a list search behind a proxy that refuses every request with its 503 page gives up within the editor’s patience, never within 0.5 s of a refusal', async () => {
		sim.configure({ faults: [{ kind: 'html', status: 503, match: { pathPrefix: '/api/v2/campaigns' } }] });
		const { transport } = productionLike();
		await expect(searchCampaigns(transport)).rejects.toThrow(/^Campaign list failed: the service is rate limiting this account; try again in \d+ s \[HTTP 503\]$/);
		const reads = campaignReads();
		// Backoffs of 0.5 s at least, growing: a few tries in 5 s, where an execution would try for minutes.
		expect(reads.length).toBeGreaterThanOrEqual(2);
		expect(reads.length).toBeLessThanOrEqual(EDITOR_PATIENCE_MS / 500 + 1);
		expect(sentSoonAfterRefusals(reads, 500)).toEqual([]);
	});
});
