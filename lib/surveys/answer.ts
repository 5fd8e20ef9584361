import { and, eq, sql } from 'drizzle-orm';
import { staySurveys } from '@/db/schema';
import { contactDisplayName } from '@/lib/contacts/display';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { notify } from '@/lib/notifications/events';
import { isLowScore } from './score';
import { findSurvey, isEditable, type SurveyView } from './survey';
import { surveyAnswerSchema, surveyFieldErrors } from './validation';

/** Why an answer was refused, for the page to say in the guest's language. */
export type SurveyRefusal = 'invalid' | 'closed';

/**
 * A guest's answer to the survey of a stay: the one row per stay takes it, so a second answer
 * changes the first (within a week of it; then it stays). The row is locked while it is read and
 * written, so two answers sent at once are one after the other and the bell rings at most once.
 * The bell rings when the answer becomes a low one (0–6): a first 4, or an 8 changed to 4; a 5
 * changed to 3 has already rung.
 */
export async function answerSurvey(ctx: CampsiteCtx, input: { token: string; answer: unknown }, now = new Date()): Promise<SurveyView> {
  const parsed = surveyAnswerSchema.safeParse(input.answer);
  if (!parsed.success) throw new AppError('bad_request', 'Risposta non valida.', { code: 'invalid' satisfies SurveyRefusal, fieldErrors: surveyFieldErrors(parsed.error) });
  const before = await findSurvey(ctx, input.token, { lock: true });
  if (!isEditable(before, now)) throw new AppError('conflict', 'Il sondaggio non si può più modificare.', { code: 'closed' satisfies SurveyRefusal });
  const { score, wentWell, toImprove } = parsed.data;
  await ctx.db
    .update(staySurveys)
    .set({ score, wentWell, toImprove, answeredAt: sql`coalesce(${staySurveys.answeredAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(and(eq(staySurveys.campingId, ctx.campsiteId), eq(staySurveys.id, before.id)));
  if (isLowScore(score) && !isLowScore(before.answer?.score)) {
    await notify(ctx, {
      group: 'opinione',
      title: 'Ospite insoddisfatto',
      description: `${contactDisplayName(before)} ha dato ${score} su 10 al soggiorno${before.typologyName ? ` (${before.typologyName})` : ''}.`,
      quoteId: before.quoteId,
      contactId: before.contactId,
    });
  }
  return findSurvey(ctx, input.token);
}
