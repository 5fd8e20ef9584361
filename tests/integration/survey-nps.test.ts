import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { staySurveys } from '@/db/schema';
import { listSurveyAnswers } from '@/lib/surveys/answers-list';
import { npsPanel } from '@/lib/surveys/nps';
import { answerSurvey } from '@/lib/surveys/answer';
import { ctxFor, guestCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';
import { makeStaySurvey } from '../helpers/surveys';

let db: Database;
let campsiteId: string;
let otherCampsiteId: string;

type Answer = { season: number; typology: string; score: number | null };
// Two seasons, two accommodation types, an unanswered survey; the other campsite's answers must not count.
const ANSWERS: Answer[] = [
  ...[10, 9, 9, 7, 3, 6, 10].map((score) => ({ season: 2026, typology: 'Piazzola', score })),
  ...[8, 2, 10].map((score) => ({ season: 2026, typology: 'Mobile home', score })),
  { season: 2026, typology: 'Piazzola', score: null },
  ...[9, 5, 5, 8].map((score) => ({ season: 2025, typology: 'Piazzola', score })),
  ...[10, 10].map((score) => ({ season: 2025, typology: 'Mobile home', score })),
];
const OTHER: Answer[] = [0, 0, 0, 10].map((score) => ({ season: 2026, typology: 'Piazzola', score }));

async function insert(campsite: string, answers: Answer[]) {
  let day = 1;
  for (const { season, typology, score } of answers) {
    const arrival = `${season}-07-${String(day).padStart(2, '0')}`;
    const departure = `${season}-07-${String(day + 5).padStart(2, '0')}`;
    day += 1;
    const { token } = await makeStaySurvey(db, campsite, { typologyName: typology, arrival, departure });
    if (score !== null) await answerSurvey(guestCtxFor(db, campsite), { token, answer: { score, wentWell: `commento ${score}` } });
  }
}

/** The net promoter score from the raw answers, computed here with nothing of the product's. */
function expected(season: number, typology?: string) {
  const scores = ANSWERS.filter((a) => a.season === season && (!typology || a.typology === typology) && a.score !== null).map((a) => a.score as number);
  const promoters = scores.filter((s) => s >= 9).length;
  const detractors = scores.filter((s) => s <= 6).length;
  return { answers: scores.length, promoters, detractors, nps: scores.length ? ((promoters - detractors) / scores.length) * 100 : null };
}

beforeAll(async () => {
  db = await useTestDatabase();
  campsiteId = (await makeCampsite(db)).id;
  otherCampsiteId = (await makeCampsite(db)).id;
  await insert(campsiteId, ANSWERS);
  await insert(otherCampsiteId, OTHER);
});

describe('the dashboard\u2019s net promoter score', () => {
  it('equals the score computed from the raw answers, per season and accommodation, against the previous season', async () => {
    const panel = await npsPanel(ctxFor(db, { campsiteId }));
    expect(panel).not.toBeNull();
    if (!panel) return;
    expect(panel.season).toBe(2026);
    expect(panel.seasons).toEqual([2026, 2025]);
    const check = (line: typeof panel.overall, typology?: string) => {
      const now = expected(2026, typology);
      const before = expected(2025, typology);
      expect(line.current).toMatchObject({ answers: now.answers, promoters: now.promoters, detractors: now.detractors });
      expect(line.current.nps).toBeCloseTo(now.nps ?? NaN, 9);
      expect(line.previous.nps).toBeCloseTo(before.nps ?? NaN, 9);
      expect(line.delta).toBeCloseTo((now.nps ?? 0) - (before.nps ?? 0), 9);
    };
    check(panel.overall);
    expect(panel.byTypology.map((line) => line.typologyName)).toEqual(['Mobile home', 'Piazzola']);
    for (const line of panel.byTypology) check(line, line.typologyName ?? undefined);

    const last = await npsPanel(ctxFor(db, { campsiteId }), { season: 2025 });
    expect(last?.overall.current.nps).toBeCloseTo(expected(2025).nps ?? NaN, 9);
    expect(last?.overall.previous.answers).toBe(0);
    expect(last?.overall.delta).toBeNull();
  });

  it('is empty for a campsite without answers', async () => {
    expect(await npsPanel(ctxFor(db, { campsiteId: (await makeCampsite(db)).id }))).toBeNull();
  });

  it('opens the comments behind each figure: the same answers, paged, and the low ones alone', async () => {
    const panel = await npsPanel(ctxFor(db, { campsiteId }));
    const line = panel!.byTypology.find((candidate) => candidate.typologyName === 'Piazzola')!;
    const url = new URL(line.commentsHref, 'http://crm.test');
    expect(url.pathname).toBe('/dashboard/opinioni');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await listSurveyAnswers(ctxFor(db, { campsiteId }), { season: 2026, typology: 'Piazzola', lowOnly: false, cursor, limit: 2 });
      seen.push(...page.items.map((item) => item.score));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(ANSWERS.filter((a) => a.season === 2026 && a.typology === 'Piazzola' && a.score !== null).map((a) => a.score).sort());
    const low = await listSurveyAnswers(ctxFor(db, { campsiteId }), { season: null, typology: null, lowOnly: true });
    expect(low.items.map((item) => item.score).sort()).toEqual(ANSWERS.filter((a) => a.score !== null && a.score <= 6).map((a) => a.score).sort());
    expect(low.items.every((item) => item.wentWell.startsWith('commento'))).toBe(true);
    const stored = await db.select({ id: staySurveys.id }).from(staySurveys).where(eq(staySurveys.campingId, otherCampsiteId));
    expect(low.items.some((item) => stored.some((other) => other.id === item.id))).toBe(false);
  });
});
