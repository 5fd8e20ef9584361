import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { contacts, staySurveys } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { decodeCursor, exactTimestamp, toPage, type Page } from '@/lib/pagination';
import type { AnswerFilters } from './links';
import { LOW_SCORE_MAX } from './score';

export const ANSWERS_PAGE_SIZE = 25;

export type AnswerListRow = {
  id: string;
  contactId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  score: number;
  wentWell: string;
  toImprove: string;
  typologyName: string;
  season: number;
  arrival: string | null;
  departure: string | null;
  answeredAt: Date;
  position: string;
};

/**
 * The answered surveys behind a dashboard figure, newest answer first, one keyset page at a time:
 * `(answered_at, id) < cursor`, so a deep page costs what the first does.
 */
export async function listSurveyAnswers(ctx: CampsiteCtx, input: AnswerFilters & { cursor?: string | null; limit?: number }): Promise<Page<AnswerListRow>> {
  const limit = Math.min(Math.max(input.limit ?? ANSWERS_PAGE_SIZE, 1), 100);
  const after = decodeCursor(input.cursor, 2);
  const rows = await ctx.db
    .select({
      id: staySurveys.id,
      contactId: staySurveys.contactId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      score: staySurveys.score,
      wentWell: staySurveys.wentWell,
      toImprove: staySurveys.toImprove,
      typologyName: staySurveys.typologyName,
      season: staySurveys.season,
      arrival: staySurveys.arrival,
      departure: staySurveys.departure,
      answeredAt: staySurveys.answeredAt,
      position: exactTimestamp(staySurveys.answeredAt),
    })
    .from(staySurveys)
    .innerJoin(contacts, and(eq(contacts.id, staySurveys.contactId), eq(contacts.campingId, ctx.campsiteId)))
    .where(
      and(
        eq(staySurveys.campingId, ctx.campsiteId),
        isNotNull(staySurveys.score),
        isNotNull(staySurveys.answeredAt),
        input.season ? eq(staySurveys.season, input.season) : undefined,
        input.typology !== null ? eq(staySurveys.typologyName, input.typology) : undefined,
        input.lowOnly ? lte(staySurveys.score, LOW_SCORE_MAX) : undefined,
        after ? sql`(${staySurveys.answeredAt}, ${staySurveys.id}) < (${String(after[0])}::timestamptz, ${String(after[1])})` : undefined,
      ),
    )
    .orderBy(desc(staySurveys.answeredAt), desc(staySurveys.id))
    .limit(limit + 1);
  const items = rows.map((row) => ({ ...row, score: Number(row.score), answeredAt: row.answeredAt as Date }));
  return toPage(items, limit, (row) => [row.position, row.id]);
}

/** The list's filter choices: the seasons and accommodation types that have answers. */
export async function answerFilterOptions(ctx: CampsiteCtx): Promise<{ seasons: number[]; typologies: string[] }> {
  const answered = and(eq(staySurveys.campingId, ctx.campsiteId), isNotNull(staySurveys.score));
  const [seasons, typologies] = await Promise.all([
    ctx.db.selectDistinct({ season: staySurveys.season }).from(staySurveys).where(answered).orderBy(desc(staySurveys.season)).limit(50),
    ctx.db.selectDistinct({ name: staySurveys.typologyName }).from(staySurveys).where(answered).orderBy(staySurveys.typologyName).limit(200),
  ]);
  return { seasons: seasons.map((row) => row.season), typologies: typologies.map((row) => row.name) };
}
