/** Median, min and max of repeated measurements, and how the report prints them. */

export interface Spread {
	median: number;
	min: number;
	max: number;
	n: number;
}

export function spread(values: number[]): Spread | undefined {
	const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
	if (v.length === 0) return undefined;
	const mid = Math.floor(v.length / 2);
	const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
	return { median, min: v[0], max: v[v.length - 1], n: v.length };
}

/** Rounds to a sensible number of digits for a table. */
export function num(x: number, digits?: number): string {
	if (!Number.isFinite(x)) return '–';
	const d = digits ?? (Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : 2);
	return x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** "median (min–max)", or just the value when every run gave the same. */
export function fmtSpread(s: Spread | undefined, digits?: number, unit = ''): string {
	if (!s) return '–';
	if (s.min === s.max) return `${num(s.median, digits)}${unit}`;
	return `${num(s.median, digits)}${unit} (${num(s.min, digits)}–${num(s.max, digits)})`;
}

export function fmtValues(values: number[], digits?: number, unit = ''): string {
	return fmtSpread(spread(values), digits, unit);
}
