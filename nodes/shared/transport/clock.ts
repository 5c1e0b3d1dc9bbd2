import { sleep } from 'n8n-workflow';

/** Time as the transport and the pacer see it; tests drive it without real waiting. */
export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
	/** A number in [0, 1), for jitter. */
	random(): number;
}

/** Real time: the clock of every transport outside tests. */
export const realClock: Clock = { now: () => Date.now(), sleep, random: () => Math.random() };

/**
 * Waits `ms` on the clock, or until `signal` aborts (the execution was stopped), whichever comes
 * first. n8n's `sleep` cannot be cancelled: after a Stop its timer runs out unheard. The listener
 * goes with the wait, so that the many waits of one execution do not pile listeners on its signal.
 */
export async function pause(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
	if (!signal) return await clock.sleep(ms);
	if (signal.aborted) return;
	let stop = () => {};
	const stopped = new Promise<void>((resolve) => (stop = resolve));
	signal.addEventListener('abort', stop, { once: true });
	try {
		await Promise.race([clock.sleep(ms), stopped]);
	} finally {
		signal.removeEventListener('abort', stop);
	}
}
