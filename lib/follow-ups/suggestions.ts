import { and, eq, sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import { followUps, quotes } from '@/db/schema';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import type { FollowUpSuggestion } from '@/lib/vocabulary/follow-ups';
import { getFollowUpRules } from './rules';

/** The dashboard shows a handful; the rest come as these are accepted or dismissed. */
export const SUGGESTION_LIMIT = 20;

export type Suggestion = { quoteId: string; contactId: string; suggestion: FollowUpSuggestion; label: string; since: Date };

const DAY = 86_400_000;

/**
 * The follow-ups the CRM suggests now, computed at read time (a GET never writes): each kind reads
 * its quotes through (camping_id, progress) or the questions' (camping_id, quote_id) index, skips
 * the quotes whose suggestion of that kind was already accepted or dismissed (one row, unique), and
 * stops at the limit. Only the quotes in my charge or in nobody's: a colleague's are his to follow.
 */
export async function suggestedFollowUps(ctx: StaffCtx, now = new Date(), limit = SUGGESTION_LIMIT): Promise<Suggestion[]> {
  const rules = await getFollowUpRules(ctx, ctx.campsiteId);
  const at = now.toISOString();
  const notOpenedBefore = new Date(now.getTime() - rules.notOpenedDays * DAY).toISOString();
  const notAnsweredBefore = new Date(now.getTime() - rules.notAnsweredDays * DAY).toISOString();
  const validityBy = new Date(now.getTime() + rules.validityEndingDays * DAY).toISOString();
  const campsiteId = ctx.campsiteId;
  const me = ctx.tenant.userId;
  type Row = { quote_id: string; contact_id: string; suggestion: FollowUpSuggestion; name: string; first_name: string; last_name: string; email: string | null; since: string | Date };
  const rows = resultRows<Row>(await ctx.db.execute(sql`
    with candidates as (
      (select q.id, 'non_aperto' as suggestion, q.sent_at as since from quotes q
        where q.camping_id = ${campsiteId} and q.progress = 'inviato' and q.read_at is null
          and q.sent_at <= ${notOpenedBefore}::timestamptz and (q.valid_until is null or q.valid_until > ${at}::timestamptz)
          and (q.assignee_id is null or q.assignee_id = ${me})
        order by q.sent_at limit ${limit})
      union all
      (select q.id, 'senza_risposta', q.read_at from quotes q
        where q.camping_id = ${campsiteId} and q.progress = 'letto' and q.read_at <= ${notAnsweredBefore}::timestamptz
          and (q.valid_until is null or q.valid_until > ${at}::timestamptz)
          and (q.assignee_id is null or q.assignee_id = ${me})
          and not exists (select 1 from quote_questions g where g.camping_id = ${campsiteId} and g.quote_id = q.id and g.author = 'guest' and g.created_at >= q.read_at)
        order by q.read_at limit ${limit})
      union all
      (select q.id, 'validita_in_scadenza', q.valid_until from quotes q
        where q.camping_id = ${campsiteId} and q.progress in ('inviato', 'letto')
          and q.valid_until > ${at}::timestamptz and q.valid_until <= ${validityBy}::timestamptz
          and (q.assignee_id is null or q.assignee_id = ${me})
        order by q.valid_until limit ${limit})
      union all
      (select distinct on (g.quote_id) g.quote_id, 'domanda_senza_risposta', g.created_at from quote_questions g
        join quotes q on q.id = g.quote_id and q.camping_id = ${campsiteId}
        where g.camping_id = ${campsiteId} and g.author = 'guest' and g.question_id is null
          and (q.assignee_id is null or q.assignee_id = ${me})
          and not exists (select 1 from quote_questions a where a.camping_id = ${campsiteId} and a.question_id = g.id)
        order by g.quote_id, g.created_at limit ${limit})
    )
    select c.id as quote_id, q.contact_id, c.suggestion, q.name, k.first_name, k.last_name, k.email, c.since
      from candidates c
      join quotes q on q.id = c.id and q.camping_id = ${campsiteId}
      join contacts k on k.id = q.contact_id and k.camping_id = ${campsiteId}
      where not exists (select 1 from follow_ups f where f.camping_id = ${campsiteId} and f.quote_id = c.id and f.suggestion = c.suggestion)
      order by c.since, c.id
      limit ${limit}`));
  return rows.map((row) => {
    const guest = [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.email || 'Cliente';
    return {
      quoteId: row.quote_id,
      contactId: row.contact_id,
      suggestion: row.suggestion,
      label: row.name && row.name !== 'undefined' ? `«${row.name}» · ${guest}` : guest,
      since: new Date(row.since),
    };
  });
}

/**
 * Accepts (a follow-up due now, for the quote's assignee or me) or dismisses a suggestion: one row
 * either way, and the unique (quote_id, suggestion) makes a second click, or a colleague's at the
 * same moment, a no-op. Returns whether this call wrote it.
 */
export async function settleSuggestion(ctx: StaffCtx, input: { quoteId: string; suggestion: FollowUpSuggestion; accept: boolean }, now = new Date()): Promise<boolean> {
  const [quote] = await ctx.db
    .select({ id: quotes.id, contactId: quotes.contactId, progress: quotes.progress, assigneeId: quotes.assigneeId })
    .from(quotes)
    .where(and(eq(quotes.id, input.quoteId), eq(quotes.campingId, ctx.campsiteId)));
  if (!quote) throw new AppError('not_found', 'Preventivo non trovato.');
  const inserted = await ctx.db
    .insert(followUps)
    .values({
      campingId: ctx.campsiteId,
      subject: quote.progress === 'richiesta' ? 'request' : 'quote',
      quoteId: quote.id,
      contactId: quote.contactId,
      assigneeId: quote.assigneeId ?? ctx.tenant.userId,
      createdById: ctx.tenant.userId,
      dueAt: now,
      suggestion: input.suggestion,
      dismissedAt: input.accept ? null : now,
    })
    .onConflictDoNothing()
    .returning({ id: followUps.id });
  return inserted.length > 0;
}
