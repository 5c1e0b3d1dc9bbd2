/**
 * Virtual time for code that waits through a Clock: `sleep` resolves when the test moves time on,
 * so a minute of pacing runs in milliseconds and in the same order every run.
 */
import type { Clock } from '../../nodes/shared/transport';

export class VirtualClock implements Clock {
	private time: number;
	private timers: Array<{ at: number; seq: number; wake: () => void }> = [];
	private seq = 0;
	private seed: number;

	constructor({ start = 1_700_000_000_000, seed = 7 } = {}) {
		this.time = start;
		this.seed = seed;
	}

	now(): number {
		return this.time;
	}

	/** A seeded generator, so jitter is the same every run. */
	random(): number {
		this.seed = (this.seed * 16807) % 2147483647;
		return (this.seed - 1) / 2147483646;
	}

	sleep(ms: number): Promise<void> {
		return new Promise((wake) => this.timers.push({ at: this.time + Math.max(0, ms), seq: this.seq++, wake }));
	}

	/** Lets every pending promise run (no I/O is involved, so a few turns of the event loop do it). */
	async settle(): Promise<void> {
		for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
	}

	/** Runs until `done` settles, moving time to each next timer whenever everything else waits. */
	async runUntil<T>(done: Promise<T>, { maxMs = 24 * 3_600_000 } = {}): Promise<T> {
		let finished = false;
		const result = done.finally(() => (finished = true));
		const limit = this.time + maxMs;
		for (;;) {
			await this.settle();
			if (finished) return result;
			if (this.timers.length === 0) throw new Error('virtual time stands still: nothing waits on a timer and the work is not done');
			this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
			const next = this.timers.shift()!;
			if (next.at > limit) throw new Error('virtual time ran past its limit');
			this.time = Math.max(this.time, next.at);
			next.wake();
		}
	}
}
