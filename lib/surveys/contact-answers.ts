import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { staySurveys } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';

export type ContactSurveyAnswer = {
  id: string;
  quoteId: string;
  score: number;
  wentWell: string;
  toImprove: string;
  answeredAt: Date;
  typologyName: string;
  arrival: string | null;
  departure: string | null;
};

/** A guest has a handful of stays: the newest answers are plenty for the contact's page. */
const CONTACT_ANSWERS_LIMIT = 20;

/** The survey answers of one guest, newest first («Opinione sul soggiorno» on the contact's page). */
export async function contactSurveyAnswers(ctx: CampsiteCtx, input: { contactId: string }): Promise<ContactSurveyAnswer[]> {
  const rows = await ctx.db
    .select({
      id: staySurveys.id,
      quoteId: staySurveys.quoteId,
      score: staySurveys.score,
      wentWell: staySurveys.wentWell,
      toImprove: staySurveys.toImprove,
      answeredAt: staySurveys.answeredAt,
      typologyName: staySurveys.typologyName,
      arrival: staySurveys.arrival,
      departure: staySurveys.departure,
    })
    .from(staySurveys)
    .where(and(eq(staySurveys.campingId, ctx.campsiteId), eq(staySurveys.contactId, input.contactId), isNotNull(staySurveys.answeredAt), isNotNull(staySurveys.score)))
    .orderBy(desc(staySurveys.answeredAt), desc(staySurveys.id))
    .limit(CONTACT_ANSWERS_LIMIT);
  return rows.map((row) => ({ ...row, score: Number(row.score), answeredAt: row.answeredAt as Date }));
}
