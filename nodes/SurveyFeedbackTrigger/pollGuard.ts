/**
 * One poll at a time for each trigger (one workflow, one node) in this n8n instance.
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
 * On older n8n, a poll of the same trigger over another static data object belongs to a newer
 * activation of the workflow (deactivated and activated again while the old poll ran), whose
 * position n8n read from its database. The old poll then finishes without writing its position
 * or emitting anything, so that the new activation's position stays the only one and its next
 * poll reads those records.
 */
export interface RunningPoll {
	/** False once a newer activation of the workflow tried to poll: the result must be dropped. */
	isCurrent(): boolean;
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

	/**
	 * Runs `poll` unless a poll of the same trigger is running; then returns what `skip` returns,
	 * at once. `activation` (see activationOf) marks the running poll superseded when it differs
	 * from the running poll's. The poll checks `isCurrent()` after its last request, before it
	 * writes anything.
	 */
	async run<T, S>(trigger: string, activation: object | undefined, poll: (run: RunningPoll) => Promise<T>, skip: () => S): Promise<T | S> {
		const other = this.running.get(trigger);
		if (other) {
			if (activation !== undefined && other.activation !== undefined && other.activation !== activation) other.current = false;
			return skip();
		}
		const entry: Entry = { activation, current: true };
		this.running.set(trigger, entry);
		try {
			return await poll({ isCurrent: () => entry.current });
		} finally {
			if (this.running.get(trigger) === entry) this.running.delete(trigger);
		}
	}
}

/** The guard of this n8n instance: polls run on one instance only (the main, or the leader of several). */
export const sharedPollGuard = new PollGuard();
