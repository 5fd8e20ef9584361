/** How a 0–10 "would you recommend us" answer counts in the net promoter score. */
export type ScoreCategory = 'detrattore' | 'passivo' | 'promotore';

export const SCORE_MIN = 0;
export const SCORE_MAX = 10;
/** 0–6: a detractor, and the staff hear of it (the bell's «Ospite insoddisfatto»). */
export const LOW_SCORE_MAX = 6;

export function scoreCategory(score: number): ScoreCategory {
  if (score <= LOW_SCORE_MAX) return 'detrattore';
  return score <= 8 ? 'passivo' : 'promotore';
}

export const isLowScore = (score: number | null | undefined): boolean => score !== null && score !== undefined && score <= LOW_SCORE_MAX;

export type NpsCounts = { answers: number; promoters: number; passives: number; detractors: number };

/** Percent promoters minus percent detractors, −100…100; null without answers. Unrounded: the page rounds. */
export function npsOf(counts: NpsCounts): number | null {
  return counts.answers ? (100 * (counts.promoters - counts.detractors)) / counts.answers : null;
}
