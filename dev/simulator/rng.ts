/** Small seeded PRNG (mulberry32): the seed data and fault sampling are identical run to run. */

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** FNV-1a, to derive independent streams from readable names ("A/customers"). */
export function hashString(s: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < s.length; i++) {
		h ^= s.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

export const rngFor = (name: string): Rng => mulberry32(hashString(name));

export const int = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

export function weighted<T>(rng: Rng, entries: ReadonlyArray<readonly [T, number]>): T {
	const total = entries.reduce((sum, [, w]) => sum + w, 0);
	let r = rng() * total;
	for (const [value, w] of entries) {
		r -= w;
		if (r < 0) return value;
	}
	return entries[entries.length - 1][0];
}

/** k distinct items, order of the source kept. */
export function sample<T>(rng: Rng, items: readonly T[], k: number): T[] {
	const chosen = new Set<number>();
	while (chosen.size < Math.min(k, items.length)) chosen.add(Math.floor(rng() * items.length));
	return [...chosen].sort((a, b) => a - b).map((i) => items[i]);
}
