import { and, eq } from 'drizzle-orm';
import { staySurveys } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { newSecret } from '@/lib/ids';
import { surveyPath } from '@/lib/vocabulary/stay-links';
import { stayOfQuote } from './stay-of-quote';

/**
 * The survey of a converted quote's stay, made once (stay_surveys.quote_id is unique): called in
 * the transaction that queues the post-stay mail, so the mail carries the link of a row that
 * exists. A second call returns the row already there.
 */
export async function createStaySurvey(ctx: CampsiteCtx, input: { quoteId: string }): Promise<{ token: string; path: string }> {
  const stay = await stayOfQuote(ctx, input.quoteId);
  if (!stay) throw new AppError('not_found', 'Preventivo non trovato.');
  const arrival = stay.arrival ?? stay.departure;
  await ctx.db
    .insert(staySurveys)
    .values({
      campingId: ctx.campsiteId,
      token: newSecret(),
      quoteId: stay.quoteId,
      contactId: stay.contactId,
      languageId: stay.languageId,
      // The season is the arrival's year; a stay without dates counts in this year.
      season: arrival ? Number(arrival.slice(0, 4)) : new Date().getUTCFullYear(),
      typologyName: stay.typologyName,
      arrival: stay.arrival,
      departure: stay.departure,
    })
    .onConflictDoNothing({ target: staySurveys.quoteId });
  const [row] = await ctx.db
    .select({ token: staySurveys.token })
    .from(staySurveys)
    .where(and(eq(staySurveys.quoteId, stay.quoteId), eq(staySurveys.campingId, ctx.campsiteId)));
  return { token: row.token, path: surveyPath({ campsiteId: ctx.campsiteId, token: row.token }) };
}
