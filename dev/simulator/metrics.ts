/**
 * Score math per metric. Every metric uses the same three buckets so one client parser fits all:
 *   nps  0-10: promoters 9-10, passives 7-8, detractors 0-6; score = %promoters - %detractors (rounded
 *        percentages first, as in the live example: 62 - 23 = 39)
 *   csat 1-5:  4-5 / 3 / 1-2; score = % of 4-5
 *   ces  1-7:  5-7 / 4 / 1-3; score = average, 2 decimals
 *   star 1-5:  4-5 / 3 / 1-2; score = average, 2 decimals
 */
import type { Metric } from './types';

export const SCORE_RANGE: Record<Metric, [number, number]> = {
	nps: [0, 10],
	csat: [1, 5],
	ces: [1, 7],
	star: [1, 5],
};

/** Ranges checked for RATING answers in import additional_questions; other metrics: any number. */
export const ANSWER_RANGE: Record<string, [number, number]> = {
	...SCORE_RANGE,
	thumbs: [0, 1],
	xsat: [1, 5],
	pmf: [1, 3],
};

export type Category = 'promoter' | 'passive' | 'detractor';

const BOUNDS: Record<Metric, { promoter: number; passive: number }> = {
	nps: { promoter: 9, passive: 7 },
	csat: { promoter: 4, passive: 3 },
	ces: { promoter: 5, passive: 4 },
	star: { promoter: 4, passive: 3 },
};

export function category(metric: Metric, score: number): Category {
	const b = BOUNDS[metric];
	return score >= b.promoter ? 'promoter' : score >= b.passive ? 'passive' : 'detractor';
}

export interface Summary {
	score: number;
	average: number;
	promoters: number;
	passives: number;
	detractors: number;
	promotersCount: number;
	passivesCount: number;
	detractorsCount: number;
	totalResponses: number;
}

const pct = (n: number, total: number): number => (total === 0 ? 0 : Math.round((100 * n) / total));
const round2 = (n: number): number => Math.round(n * 100) / 100;

export function summarize(metric: Metric, scores: Iterable<number>): Summary {
	let p = 0;
	let pa = 0;
	let d = 0;
	let sum = 0;
	for (const s of scores) {
		sum += s;
		const c = category(metric, s);
		if (c === 'promoter') p++;
		else if (c === 'passive') pa++;
		else d++;
	}
	const total = p + pa + d;
	const average = total === 0 ? 0 : round2(sum / total);
	const promoters = pct(p, total);
	const detractors = pct(d, total);
	const score =
		metric === 'nps' ? promoters - detractors : metric === 'csat' ? promoters : average;
	return {
		score,
		average,
		promoters,
		passives: pct(pa, total),
		detractors,
		promotersCount: p,
		passivesCount: pa,
		detractorsCount: d,
		totalResponses: total,
	};
}

/** The score object: the legacy table exactly for nps; `{ <metric>, average, ... }` for the others. */
export function scoreObject(metric: Metric, s: Summary): Record<string, number> {
	const buckets = {
		promoters: s.promoters,
		passives: s.passives,
		detractors: s.detractors,
		promotersCount: s.promotersCount,
		passivesCount: s.passivesCount,
		detractorsCount: s.detractorsCount,
		totalResponses: s.totalResponses,
	};
	return metric === 'nps' ? { nps: s.score, ...buckets } : { [metric]: s.score, average: s.average, ...buckets };
}
