/**
 * One poll at a time for each trigger (one workflow, one node) in this n8n instance, and never one
 * from a position older than the one a poll of it just handed n8n.
 *
 * n8n starts a poll on schedule whether or not the previous one has finished. Two polls of one
 * trigger would read the same saved position and emit the same records twice, so a poll that
 * starts while another of the same trigger is still running returns at once, reading and writing
 * nothing; the next scheduled poll after the running one goes on from where it ended.
 *
 * Which poll's result counts is n8n's to say where n8n says it. From n8n 2.37 on, n8n runs each
 * poll in a staging scope of its own (`__runPoll`): a poll of a superseded activation has its
 * result dropped by n8n itself, and under the durable poll cursors each poll reads and writes its
 * own copy of the position, committed with its own execution. There a poll over another static
 * data object is just another poll, and the running one keeps its result.
 *
 * Under the durable poll cursors n8n reads a poll's copy when it starts the poll's task, and it
 * may start several tasks of one trigger together (poll times due at once, the poll times missed
 * while n8n was down). A task whose poll begins after another one's ended may then hold the copy
 * from before that poll's records were committed: the very position that poll started from. Read
 * from it, the records would come again. So a poll that starts from the position the trigger's
 * last emitting poll started from, within STALE_COPY_MS of its end, returns at once; the next
 * poll reads the stored position. (Should n8n not have stored that poll's result, a later poll
 * reads the same position past that time and emits the records.)
 *
 * On n8n before 2.37, a poll of the same trigger over another static data object belongs to a
 * newer activation of the workflow (deactivated and activated again while the old poll ran),
 * whose position n8n read from its database. The old poll then finishes without writing its
 * position or emitting anything, so that the new activation's position stays the only one and its
 * next poll reads those records.
 */
export interface RunningPoll {
	/** False once a newer activation of the workflow tried to poll: the result must be dropped. */
	isCurrent(): boolean;
}

/** How long after an emitting poll ended a poll handed the position it started from is taken for one holding a stale copy. */
export const STALE_COPY_MS = 30_000;

/** Why a poll returned at once. */
export type Skipped = 'running' | 'stale';

export interface PollStart {
	/** See activationOf. */
	activation: object | undefined;
	/** The stored position the poll starts from, as text: equal texts are one position. */
	position: string;
}

interface Entry {
	activation: object | undefined;
	current: boolean;
}

/**
 * What tells an activation's polls apart, for `PollGuard.run`: undefined where n8n keeps track of
 * the current poll itself, else the static data object n8n builds anew for each activation.
 */
export function activationOf(ctx: object, staticData: object): object | undefined {
	return typeof (ctx as { __runPoll?: unknown }).__runPoll === 'function' ? undefined : staticData;
}

export class PollGuard {
	private readonly running = new Map<string, Entry>();
	/** Per trigger: the position its last emitting poll started from, and when that poll ended. */
	private readonly lastEmitted = new Map<string, { from: string; endedAt: number }>();

	/** `now`: the clock (epoch milliseconds); tests give a virtual one. */
	constructor(private readonly now: () => number = () => Date.now()) {}

	/**
	 * Runs `poll` unless a poll of the same trigger is running or `start.position` is a stale copy;
	 * then returns what `skip` returns, at once. A poll's result other than null is records handed
	 * to n8n. `start.activation` (see activationOf) marks the running poll superseded when it
	 * differs from the running poll's. The poll checks `isCurrent()` after its last request,
	 * before it writes anything.
	 */
	async run<T, S>(trigger: string, start: PollStart, poll: (run: RunningPoll) => Promise<T | null>, skip: (why: Skipped) => S): Promise<T | null | S> {
		const other = this.running.get(trigger);
		if (other) {
			if (start.activation !== undefined && other.activation !== undefined && other.activation !== start.activation) other.current = false;
			return skip('running');
		}
		const last = this.lastEmitted.get(trigger);
		if (last && last.from === start.position && this.now() - last.endedAt < STALE_COPY_MS) return skip('stale');
		const entry: Entry = { activation: start.activation, current: true };
		this.running.set(trigger, entry);
		try {
			const result = await poll({ isCurrent: () => entry.current });
			if (result !== null && entry.current) this.lastEmitted.set(trigger, { from: start.position, endedAt: this.now() });
			return result;
		} finally {
			if (this.running.get(trigger) === entry) this.running.delete(trigger);
		}
	}
}

/** The guard of this n8n instance: polls run on one instance only (the main, or the leader of several). */
export const sharedPollGuard = new PollGuard();
