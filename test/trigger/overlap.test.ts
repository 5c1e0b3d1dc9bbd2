/**
 * Polls slower than their interval. n8n starts a poll on schedule whether or not the previous one
 * has finished; the trigger lets one poll of a trigger run at a time.
 * - The guard alone, on virtual time: ticks every 10 s over a poll of 35 s, a poll that fails, a
 *   newer activation of the workflow while an old poll runs, where n8n tells the current poll
 *   itself and where it does not.
 * - The trigger through n8n's engine against the simulator: a poll held part-way while others
 *   start, one that fails meanwhile, Fetch Test Event during a poll, a reactivation during a poll
 *   (n8n 2.41 drops the old poll's result itself; before 2.37 the trigger does). Under the durable
 *   poll cursors: test/trigger/durableCursors.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../helpers/simulator';
import { PollGuard, STALE_COPY_MS } from '../../nodes/SurveyFeedbackTrigger/pollGuard';
import { VirtualClock } from '../../dev/pacing/virtualClock';
import { heldPoll, TriggerDriver, type Host, type PollResult } from './driver';

const TICK_MS = 10_000;

describe('the poll guard, on virtual time', () => {
	/** Ticks every 10 s from 0 to `until`, each starting `pollOf(tick)` under the guard, as n8n's schedule does. */
	async function schedule(options: { until: number; pollOf: (at: number) => { ms: number; fails?: boolean; activation?: object | null } }) {
		const clock = new VirtualClock({ start: 0 });
		const guard = new PollGuard(() => clock.now());
		const shared = {};
		const log: Array<{ at: number; outcome: 'ran' | 'skipped' | 'failed' | 'dropped'; endedAt: number }> = [];
		const ticks: Array<Promise<void>> = [];
		for (let at = 0; at <= options.until; at += TICK_MS) {
			ticks.push(
				clock.sleep(at).then(async () => {
					const { ms, fails, activation = shared } = options.pollOf(at);
					try {
						const outcome = (await guard.run(
							'workflow/node',
							// Each poll from another position: these tests are about overlapping polls.
							{ activation: activation ?? undefined, position: `as of ${at}` },
							async (run) => {
								await clock.sleep(ms);
								if (fails) throw new Error('the service failed');
								return run.isCurrent() ? ('ran' as const) : ('dropped' as const);
							},
							() => 'skipped' as const,
						)) as 'ran' | 'dropped' | 'skipped';
						log.push({ at, outcome, endedAt: clock.now() });
					} catch {
						log.push({ at, outcome: 'failed', endedAt: clock.now() });
					}
				}),
			);
		}
		await clock.runUntil(Promise.all(ticks));
		return log.sort((a, b) => a.at - b.at);
	}

	it('a poll of 35 s: the three ticks during it are skipped at once, the next tick runs', async () => {
		const log = await schedule({ until: 60_000, pollOf: (at) => ({ ms: at === 0 ? 35_000 : 1_000 }) });
		expect(log.map(({ at, outcome }) => [at / 1000, outcome])).toEqual([
			[0, 'ran'],
			[10, 'skipped'],
			[20, 'skipped'],
			[30, 'skipped'],
			[40, 'ran'],
			[50, 'ran'],
			[60, 'ran'],
		]);
		// A skipped tick returns at once: it waits for nothing.
		expect(log.filter((entry) => entry.outcome === 'skipped').every((entry) => entry.endedAt === entry.at)).toBe(true);
		expect(log[0].endedAt).toBe(35_000);
	});

	it('a poll that fails frees the trigger: the next tick runs', async () => {
		const log = await schedule({ until: 30_000, pollOf: (at) => ({ ms: at === 0 ? 15_000 : 1_000, fails: at === 0 }) });
		expect(log.map(({ at, outcome }) => [at / 1000, outcome])).toEqual([
			[0, 'failed'],
			[10, 'skipped'],
			[20, 'ran'],
			[30, 'ran'],
		]);
	});

	it('polls shorter than the interval all run', async () => {
		const log = await schedule({ until: 50_000, pollOf: () => ({ ms: 9_999 }) });
		expect(log.every((entry) => entry.outcome === 'ran')).toBe(true);
		expect(log).toHaveLength(6);
	});

	it('n8n before 2.37: a newer activation during a poll (other static data) waits its turn, the old poll drops its result', async () => {
		const reactivated = {};
		const log = await schedule({
			until: 40_000,
			pollOf: (at) => (at === 0 ? { ms: 25_000 } : { ms: 1_000, activation: reactivated }),
		});
		expect(log.map(({ at, outcome }) => [at / 1000, outcome])).toEqual([
			[0, 'dropped'],
			[10, 'skipped'],
			[20, 'skipped'],
			[30, 'ran'],
			[40, 'ran'],
		]);
	});

	it('a poll handed the position the last emitting poll started from is skipped shortly after it, and runs later', async () => {
		const clock = new VirtualClock({ start: 0 });
		const guard = new PollGuard(() => clock.now());
		const poll = (position: string, result: string | null) =>
			guard.run('workflow/node', { activation: undefined, position }, async () => result, (why) => why);
		expect(await poll('K0', 'records')).toBe('records');
		// n8n read this copy before the first poll's result was stored.
		expect(await poll('K0', 'records again')).toBe('stale');
		expect(await poll('K1', null)).toBeNull();
		await clock.runUntil(clock.sleep(STALE_COPY_MS));
		// Still K0 after that long: n8n did not store the first poll's result; the records are read again.
		expect(await poll('K0', 'records')).toBe('records');
		// A poll that emitted nothing moves nothing for the guard.
		await clock.runUntil(clock.sleep(STALE_COPY_MS));
		expect(await poll('K2', null)).toBeNull();
		expect(await poll('K2', 'records')).toBe('records');
	});

	it('where n8n tells the current poll itself (2.37 and later), polls over other copies are skipped and the running one keeps its result', async () => {
		const log = await schedule({ until: 40_000, pollOf: (at) => ({ ms: at === 0 ? 25_000 : 1_000, activation: null }) });
		expect(log.map(({ at, outcome }) => [at / 1000, outcome])).toEqual([
			[0, 'ran'],
			[10, 'skipped'],
			[20, 'skipped'],
			[30, 'ran'],
			[40, 'ran'],
		]);
	});
});

describe('the trigger, polled by n8n’s engine, while a poll of it runs', () => {
	const T0 = Date.parse('2026-03-15T12:00:00.000Z');
	const sim = useSimulator({ seed: 'empty', now: () => new Date(T0) });
	const account = () => sim.accounts[0];
	const iso = (time: number) => new Date(time).toISOString();
	const insert = (records: IDataObject[]) => sim.insert(account().id, 'feedback', records);
	const burst = (count: number, label: string, from: number) =>
		Array.from({ length: count }, (_, i) => ({ email: `${label}${i}@example.com`, createdDate: iso(from + i) }));
	const emails = (result: PollResult) => result.items.map((item) => item.email);
	const driver = (host?: Host) => new TriggerDriver({ sim, apiKey: account().writeKey, parameters: { event: 'newFeedback' }, host });

	beforeEach(() => {
		sim.reset('empty');
		sim.configure({ faults: [] });
	});

	it('polls started during a long poll return null at once, send nothing and keep the state; every record comes once, in order', async () => {
		const trigger = driver();
		insert([{ email: 'old@example.com', createdDate: iso(T0) }]);
		await trigger.poll();
		const before = structuredClone(trigger.state);
		const first = burst(2500, 'first', T0 + 1);
		insert(first);

		const long = await heldPoll(trigger);
		const during = [await trigger.poll(), await trigger.poll(), await trigger.poll()];
		for (const skipped of during) {
			expect(skipped.returnedNull).toBe(true);
			expect(skipped.sent).toEqual([]);
			expect(skipped.error).toBeUndefined();
		}
		expect(trigger.state).toEqual(before);
		const later = burst(500, 'later', T0 + 10_000);
		insert(later);
		long.release();
		const result = await long.result;
		expect(result.error).toBeUndefined();

		const next = await trigger.poll();
		const emitted = [...emails(result), ...emails(next)];
		expect(emitted).toEqual([...first, ...later].map((record) => record.email));
		expect((await trigger.poll()).returnedNull).toBe(true);
	});

	it('a poll that fails while others start: they are skipped, it keeps the state, the next poll emits everything once', async () => {
		const trigger = driver();
		await trigger.poll();
		const records = burst(1500, 'failing', T0 + 1);
		insert(records);

		const failing = await heldPoll(trigger);
		sim.configure({ faults: [{ kind: 500, count: 10, match: { pathPrefix: '/api/v2/feedback' } }] });
		expect((await trigger.poll()).returnedNull).toBe(true);
		failing.release();
		const failed = await failing.result;
		expect(failed.error?.message).toContain('Trigger: New Feedback failed');
		expect(failed.error?.message).toContain('HTTP 500');
		expect(trigger.state).toEqual(expect.objectContaining({ watermark: null, idsAtWatermark: [] }));
		sim.configure({ faults: [] });

		const next = await trigger.poll();
		expect(next.error).toBeUndefined();
		expect(emails(next)).toEqual(records.map((record) => record.email));
	});

	it('Fetch Test Event works while a poll runs, and leaves the state alone', async () => {
		const trigger = driver();
		await trigger.poll();
		const records = burst(3, 'sample', T0 + 1);
		insert(records);

		const long = await heldPoll(trigger);
		const manual = await trigger.poll({ mode: 'manual' });
		expect(manual.error).toBeUndefined();
		expect(manual.items.map((item) => item.email)).toEqual([records[2].email]);
		long.release();
		expect(emails(await long.result)).toEqual(records.map((record) => record.email));
	});

	it.each(['n8n 2.41', 'before 2.37'] as const)(
		'%s: deactivated and activated again during a poll, the old poll’s result is dropped, the new activation emits each record once',
		async (host) => {
			const trigger = driver(host);
			await trigger.poll();
			const stored = structuredClone(trigger.state);
			const records = burst(1200, 'reactivated', T0 + 1);
			insert(records);

			const old = await heldPoll(trigger);
			trigger.reactivate();
			// The new activation's first poll meets the old one still running.
			expect((await trigger.poll({ activation: true })).returnedNull).toBe(true);
			old.release();
			const dropped = await old.result;
			expect(dropped.error).toBeUndefined();
			expect(dropped.returnedNull).toBe(true);
			expect(trigger.state).toEqual(stored);

			if (host === 'n8n 2.41') {
				// The trigger cannot tell that n8n dropped the old poll's result: for a while it takes
				// the new activation's position, the one the old poll started from, for a stale copy.
				const stale = await trigger.poll();
				expect(stale.returnedNull).toBe(true);
				expect(stale.logged.map(({ message }) => message)).toEqual([expect.stringContaining('was handed the position the previous check started from')]);
				trigger.later(STALE_COPY_MS);
			}
			const next = await trigger.poll();
			expect(emails(next)).toEqual(records.map((record) => record.email));
			expect((await trigger.poll()).returnedNull).toBe(true);
		},
	);
});
