/** A numeric command-line option of the bench's own tools (`--runs 3`), or the fallback when it is absent. */
export function numberOption(name: string, fallback: number): number {
	const at = process.argv.indexOf(name);
	return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

/** A list of numbers given as one option (`--workers 2,4`), or the fallback when it is absent. */
export function numberListOption(name: string, fallback: number[]): number[] {
	const at = process.argv.indexOf(name);
	return at >= 0 ? process.argv[at + 1].split(',').map(Number) : fallback;
}
