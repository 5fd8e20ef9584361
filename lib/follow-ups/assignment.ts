import { and, eq, isNull, sql } from 'drizzle-orm';
import { followUps, quotes, users } from '@/db/schema';
import type { StaffCtx } from '@/lib/context/unit-of-work';

const ORIGIN = 'assegnato';

/**
 * The campsite's bell is everybody's: a quote put in a colleague's charge is also a to-do of his
 * own, due at once, so his counter, his tab title and his «Da fare oggi» tell him. One such
 * follow-up per quote (the unique (quote_id, suggestion)), moved to each new owner and opened
 * again; taking the quote oneself or giving it to nobody closes the one still open.
 */
export async function handOverAssignment(ctx: StaffCtx, input: { quoteId: string; userId: string | null }, now = new Date()): Promise<void> {
  if (!input.userId || input.userId === ctx.tenant.userId) {
    await ctx.db
      .update(followUps)
      .set({ dismissedAt: now, updatedAt: now })
      .where(
        and(
          eq(followUps.campingId, ctx.campsiteId),
          eq(followUps.quoteId, input.quoteId),
          eq(followUps.suggestion, ORIGIN),
          isNull(followUps.doneAt),
          isNull(followUps.dismissedAt),
        ),
      );
    return;
  }
  const [quote] = await ctx.db
    .select({ id: quotes.id, contactId: quotes.contactId, progress: quotes.progress })
    .from(quotes)
    .where(and(eq(quotes.id, input.quoteId), eq(quotes.campingId, ctx.campsiteId)));
  if (!quote) return;
  const [me] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, ctx.tenant.userId), eq(users.campingId, ctx.campsiteId)));
  const values = {
    subject: quote.progress === 'richiesta' ? ('request' as const) : ('quote' as const),
    contactId: quote.contactId,
    assigneeId: input.userId,
    createdById: ctx.tenant.userId,
    dueAt: now,
    note: `Assegnato a te da ${me?.name || ctx.tenant.email}.`,
    doneAt: null,
    doneById: null,
    dismissedAt: null,
    updatedAt: now,
  };
  await ctx.db
    .insert(followUps)
    .values({ campingId: ctx.campsiteId, quoteId: quote.id, suggestion: ORIGIN, ...values })
    .onConflictDoUpdate({
      target: [followUps.quoteId, followUps.suggestion],
      targetWhere: sql`${followUps.suggestion} is not null`,
      set: values,
      setWhere: eq(followUps.campingId, ctx.campsiteId),
    });
}
