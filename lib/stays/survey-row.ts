import { and, eq, sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import { staySurveys } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { newSecret } from '@/lib/ids';

export type StaySurveyLink = { token: string; path: string };

type StayRow = { contact_id: string; language_id: number | null; arrival: string | null; departure: string | null; typology_name: string; created_year: number };

/** The survey's public address: the campsite in the path walls the guest's page, the token finds the row. */
export const surveyPath = (campsiteId: string, token: string) => `/sondaggio/${encodeURIComponent(campsiteId)}/${encodeURIComponent(token)}`;

/**
 * The survey of a stay (a converted quote), made once: a second call returns the first row's
 * link, so the sending job may retry. The stay is the accepted offer's (the first offer when none
 * is marked, as lib/quotes/returning-guests.ts reads it); the season is the arrival's year.
 */
export async function createStaySurvey(ctx: CampsiteCtx, input: { quoteId: string }): Promise<StaySurveyLink> {
  const [stay] = resultRows<StayRow>(
    await ctx.db.execute(sql`
      select q.contact_id, coalesce(q.language_id, ct.language_id) as language_id, c.arrival::text as arrival, c.departure::text as departure,
        coalesce(c.typology_name, '') as typology_name, extract(year from q.created_at at time zone 'Europe/Rome')::int as created_year
      from quotes q
      join contacts ct on ct.id = q.contact_id and ct.camping_id = ${ctx.campsiteId}
      left join quote_cards c on c.quote_id = q.id and c.camping_id = ${ctx.campsiteId} and c.idx = coalesce(q.accepted_card_idx, 0)
      where q.id = ${input.quoteId} and q.camping_id = ${ctx.campsiteId}`),
  );
  if (!stay) throw new AppError('not_found', 'Preventivo non trovato.');
  const [made] = await ctx.db
    .insert(staySurveys)
    .values({
      campingId: ctx.campsiteId,
      token: newSecret(),
      quoteId: input.quoteId,
      contactId: stay.contact_id,
      languageId: stay.language_id,
      season: stay.arrival ? Number(stay.arrival.slice(0, 4)) : stay.created_year,
      typologyName: stay.typology_name,
      arrival: stay.arrival,
      departure: stay.departure,
    })
    .onConflictDoNothing({ target: staySurveys.quoteId })
    .returning({ token: staySurveys.token });
  const token =
    made?.token ??
    (await ctx.db.select({ token: staySurveys.token }).from(staySurveys).where(and(eq(staySurveys.campingId, ctx.campsiteId), eq(staySurveys.quoteId, input.quoteId))))[0]?.token;
  if (!token) throw new AppError('not_found', 'Preventivo non trovato.');
  return { token, path: surveyPath(ctx.campsiteId, token) };
}
