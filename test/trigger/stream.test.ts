/**
 * The exactly-once promise under a simulated stream, once per event: thousands of records
 * inserted in random bursts between polls (seeded, so every run is the same), several sharing
 * one instant, some at the instant of the poll before, bursts larger than a page, records
 * inserted while a poll walks its pages, faults injected part-way through polls (5xx and dropped
 * connections past the retries, HTML and broken JSON, a 429 longer than the credential's
 * wait) and ones the retries ride out; for the outbox, across the account's midnight in two
 * time zones. It asserts that every inserted record that matches the filters was emitted
 * exactly once, in the order the records happened, that no other record was, that a failed
 * poll left the state as it was, that the state stayed small, and that idle polls cost one
 * request each.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { campaignsOf, useSimulator } from '../helpers/simulator';
import { mulberry32, type Rng } from '../../dev/simulator/rng';
import { byId } from '../helpers/parameters';
import { TriggerDriver, type RequestHook } from './driver';

type Kind = 'customers' | 'feedback' | 'outbox';

interface Inserted {
	email: string;
	time: number;
	order: number;
	matches: boolean;
}

interface StreamSpec {
	kind: Kind;
	accountIndex: number;
	/** The start of the data clock. */
	clockStart: string;
	parameters: (campaigns: IDataObject[]) => Record<string, unknown>;
	/** A record to insert at `time`, and whether it passes the trigger's filters. */
	record: (rng: Rng, email: string, time: number, campaigns: IDataObject[]) => { record: IDataObject; matches: boolean };
	/** Extra clock jumps, and polls placed just before the account's midnight (the outbox). */
	midnight?: boolean;
	seed: number;
}

const POLLS = 150;
const FAULTS = ['500', '502', '503', 'drop', 'html', 'badjson', '429', 'recovering'] as const;

/** A step to a moment up to `within` ms before the account's next local midnight, or (sometimes) some hours ahead. */
function towardsMidnight(rng: Rng, clock: number, timezone: string, within: number, hours = true): number {
	if (hours && rng() < 0.3) return int(rng, 3_600_000, 20 * 3_600_000);
	const midnight = DateTime.fromMillis(clock, { zone: timezone }).plus({ days: 1 }).startOf('day').toMillis();
	return Math.max(1, midnight - clock - int(rng, 1, within));
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

let clock = 0;
const sim = useSimulator({ seed: 'empty', now: () => new Date(clock) });

async function runStream(spec: StreamSpec) {
	sim.reset('empty');
	clock = Date.parse(spec.clockStart);
	const rng = mulberry32(spec.seed);
	const account = sim.accounts[spec.accountIndex];
	const campaigns = await campaignsOf(sim, spec.accountIndex);
	const timeField = spec.kind === 'outbox' ? 'surveyCreatedDate' : 'createdDate';
	const inserted: Inserted[] = [];
	let activated = false;
	let dirty = false;
	let serial = 0;
	const perInstant = new Map<number, number>();

	/** Inserts `count` records at the current clock instant (one tie group). */
	const insertGroup = (count: number) => {
		const records: IDataObject[] = [];
		for (let i = 0; i < count; i++) {
			const email = `${spec.kind}${++serial}@stream.test`;
			const { record, matches } = spec.record(rng, email, clock, campaigns);
			records.push({ ...record, email, [timeField]: new Date(clock).toISOString() });
			if (activated) inserted.push({ email, time: clock, order: inserted.length, matches });
		}
		sim.insert(account.id, spec.kind, records);
		perInstant.set(clock, (perInstant.get(clock) ?? 0) + count);
		dirty = true;
	};

	/** A burst: tie groups at instants that move forward by nothing, a millisecond, seconds or hours. */
	const burst = (size: number, firstStep?: number) => {
		let remaining = size;
		let first = true;
		while (remaining > 0) {
			const roll = rng();
			let step: number;
			if (first && firstStep !== undefined) step = firstStep;
			else if (roll < 0.3) step = 0;
			else if (roll < 0.55) step = int(rng, 1, 3);
			else if (roll < 0.92) step = int(rng, 4, 2500);
			else step = spec.midnight ? towardsMidnight(rng, clock, account.timezone, 60_000) : int(rng, 60_000, 7_200_000);
			first = false;
			clock += step;
			const group = Math.min(remaining, int(rng, 1, 6));
			insertGroup(group);
			remaining -= group;
		}
	};

	// History before activation, with a tie group at the newest instant: none of it may be emitted.
	burst(150);
	insertGroup(4);
	const driver = new TriggerDriver({
		sim,
		apiKey: account.writeKey,
		parameters: spec.parameters(campaigns),
		// A window of 1 s, so that polls after the limit is lifted do not wait for a minute's slots, and a
		// Max Rate Limit Wait longer than it: after a 429 the transport paces the account's next requests
		// within that window, and fails at once a request that could not leave within the wait.
		credential: { maxRateLimitWait: 1.5, rateLimitWindow: 1 },
	});
	const activation = await driver.poll();
	expect(activation.error).toBeUndefined();
	expect(activation.returnedNull).toBe(true);
	activated = true;
	dirty = false;

	const emitted: string[] = [];
	const stats = { polls: 0, failed: 0, idleChecked: 0, concurrent: 0, maxRequests: 0, maxStateBytes: 0, maxIds: 0, midnightCrossings: 0 };
	const runPoll = async (allowTrouble: boolean) => {
		const idle = !dirty;
		dirty = false;
		const concurrentAt = allowTrouble && rng() < 0.45 ? int(rng, 0, 2) : undefined;
		const faultAt = allowTrouble && rng() < 0.4 ? int(rng, 0, 2) : undefined;
		const fault = faultAt === undefined ? undefined : pick(rng, FAULTS);
		const hook: RequestHook = async (index) => {
			if (index === concurrentAt) {
				stats.concurrent++;
				burst(int(rng, 1, 250), rng() < 0.4 ? 0 : undefined);
			}
			if (index !== faultAt || !fault) return;
			if (fault === '429') {
				sim.configure({ rateLimit: { limit: 1, windowMs: 600_000 } });
				await fetch(`${sim.baseUrl}/api/v2/ping`, { headers: { 'X-Api-Key': account.writeKey } });
			} else if (fault === 'recovering') {
				sim.configure({ faults: [{ kind: 500, count: 2 }] });
			} else if (fault === 'html' || fault === 'badjson') {
				sim.configure({ faults: [{ kind: fault, count: 4 }] });
			} else {
				sim.configure({ faults: [{ kind: fault === 'drop' ? 'drop' : (Number(fault) as 500 | 502 | 503), count: 4 }] });
			}
		};
		const before = structuredClone(driver.state);
		const result = await driver.poll({ beforeRequest: hook });
		sim.configure({ faults: [], rateLimit: false });
		stats.polls++;
		if (result.error) {
			stats.failed++;
			dirty = true;
			expect(driver.state).toEqual(before);
			expect(fault).toBeDefined();
			return result;
		}
		const fresh = result.items.map((item) => String(item.email));
		if (before.watermark) {
			// Polls whose new records lie on another day (in the account's zone) than the watermark.
			const day = (time: string) => DateTime.fromISO(time, { zone: account.timezone }).toISODate();
			const watermarkDay = day(String(before.watermark));
			if (result.items.some((item) => day(String(item[timeField])) !== watermarkDay)) stats.midnightCrossings++;
		}
		emitted.push(...fresh);
		if (idle && concurrentAt === undefined && faultAt === undefined) {
			stats.idleChecked++;
			expect(result.returnedNull).toBe(true);
			expect(result.sent).toHaveLength(1);
		}
		if (fault === undefined) stats.maxRequests = Math.max(stats.maxRequests, result.sent.length);
		stats.maxStateBytes = Math.max(stats.maxStateBytes, JSON.stringify(driver.state).length);
		stats.maxIds = Math.max(stats.maxIds, (driver.state.idsAtWatermark as string[]).length);
		return result;
	};

	for (let poll = 0; poll < POLLS; poll++) {
		if (spec.midnight && rng() < 0.3) {
			// Poll just before the account's midnight; the next burst goes past it.
			clock += towardsMidnight(rng, clock, account.timezone, 3000, false);
			insertGroup(int(rng, 1, 4));
		}
		const roll = rng();
		if (roll < 0.25) {
			// Nothing new: an idle poll (one request, unless the poll before left records behind).
			await runPoll(false);
			continue;
		}
		if (roll < 0.33) burst(int(rng, 2000, 4000));
		// Often continue at the instant of the poll before.
		else burst(int(rng, 1, 60), rng() < 0.35 ? 0 : undefined);
		await runPoll(true);
	}
	// Drain: quiet polls until one finds nothing.
	for (let poll = 0; poll < 5; poll++) {
		const result = await runPoll(false);
		if (result.returnedNull) break;
	}
	expect(dirty).toBe(false);

	const expected = inserted
		.filter((record) => record.matches)
		.sort((a, b) => a.time - b.time || a.order - b.order)
		.map((record) => record.email);
	// Exactly once, in order, and nothing else.
	expect(new Set(emitted).size).toBe(emitted.length);
	expect(emitted).toEqual(expected);

	// The stream exercised what it claims to.
	expect(inserted.length).toBeGreaterThan(5000);
	expect(stats.failed).toBeGreaterThan(5);
	expect(stats.concurrent).toBeGreaterThan(5);
	expect(stats.idleChecked).toBeGreaterThan(5);
	expect(stats.maxRequests).toBeGreaterThan(2);
	// The state holds one timestamp and the IDs at it: bounded by the largest tie group, not by history.
	const largestTieGroup = Math.max(...perInstant.values());
	expect(stats.maxIds).toBeLessThanOrEqual(largestTieGroup);
	expect(stats.maxStateBytes).toBeLessThan(200 + 30 * largestTieGroup);
	return { stats, expected: expected.length, inserted: inserted.length };
}

const TIMEOUT = 240_000;

test(
	'New Feedback: a campaign and the detractor range, over a stream with faults and concurrent inserts',
	async () => {
		const { expected } = await runStream({
			kind: 'feedback',
			accountIndex: 0,
			clockStart: '2026-03-15T12:00:00.000Z',
			seed: 101,
			parameters: (campaigns) => ({
				event: 'newFeedback',
				campaign: byId(String(campaigns.find((entry) => entry.metric === 'NPS' && entry.channel === 'email')?.id)),
				score: 'detractors',
			}),
			record: (rng, _email, _time, campaigns) => {
				const nps = campaigns.filter((entry) => entry.metric === 'NPS' && entry.isActive);
				const campaign = rng() < 0.6 ? nps[0] : nps[1 + Math.floor(rng() * (nps.length - 1))];
				const score = Math.floor(rng() * 11);
				return { record: { campaignId: campaign.id, score }, matches: campaign === nps[0] && score <= 6 };
			},
		});
		expect(expected).toBeGreaterThan(1500);
	},
	TIMEOUT,
);

test(
	'New Customer: attribute filters matched any, over a stream with faults and concurrent inserts',
	async () => {
		const { expected } = await runStream({
			kind: 'customers',
			accountIndex: 1,
			clockStart: '2026-03-15T12:00:00.000Z',
			seed: 202,
			parameters: () => ({
				event: 'newCustomer',
				attributeFilters: {
					filter: [
						{ name: 'plan', op: 'equal', value: 'growth' },
						{ name: 'region', op: 'equal', value: 'emea' },
					],
				},
				match: 'any',
			}),
			record: (rng) => {
				const plan = pick(rng, ['free', 'growth', 'enterprise']);
				const region = pick(rng, ['emea', 'amer', 'apac']);
				return {
					record: { properties: [{ label: 'plan', value: plan }, { label: 'region', value: region }] },
					matches: plan === 'growth' || region === 'emea',
				};
			},
		});
		expect(expected).toBeGreaterThan(2500);
	},
	TIMEOUT,
);

test.each([
	['account A (America/New_York)', 0, '2026-03-15T03:30:00.000Z', 303],
	['account B (Europe/Berlin)', 1, '2026-03-15T22:30:00.000Z', 404],
])(
	'New Sent Survey: channel and sent-by filters, across midnight in %s, with faults and concurrent inserts',
	async (_name, accountIndex, clockStart, seed) => {
		const { stats, expected } = await runStream({
			kind: 'outbox',
			accountIndex,
			clockStart,
			seed,
			midnight: true,
			parameters: () => ({ event: 'newOutboxRecord', channel: 'email', sentBy: 'campaign' }),
			record: (rng) => {
				const channel = rng() < 0.7 ? 'email' : pick(rng, ['link', 'inapp']);
				const sentBy = rng() < 0.75 ? 'campaign' : pick(rng, ['reminder', 'manual']);
				// Some rows carry no surveyId, as the live service sometimes sends them.
				return { record: { channel, sentBy, omitSurveyId: rng() < 0.1 }, matches: channel === 'email' && sentBy === 'campaign' };
			},
		});
		expect(expected).toBeGreaterThan(2500);
		expect(stats.midnightCrossings).toBeGreaterThan(3);
	},
	TIMEOUT,
);
