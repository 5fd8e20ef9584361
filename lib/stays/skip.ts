import { and, eq } from 'drizzle-orm';
import { stayMessages, users } from '@/db/schema';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { z } from '@/lib/validation';
import { STAY_MESSAGE_KINDS, type StayMessageStatus } from '@/lib/vocabulary/stay-messages';
import { dueDays } from './schedule';
import { stayOfQuote } from './stay-of-quote';
import { stayMailSettingsOf } from './upcoming';

export const skipStayMailSchema = z.object({
  quoteId: z.string().trim().min(1, 'Soggiorno mancante.').max(64),
  kind: z.enum(STAY_MESSAGE_KINDS, 'Tipo di invio non valido.'),
});

export type SkipOutcome = { status: StayMessageStatus; created: boolean };

const notFound = () => new AppError('not_found', 'Soggiorno non trovato.');

/**
 * A staff member skips one automatic mail of a stay: a ledger row 'skipped' with who and why, so
 * the job never sends it. The ledger's unique (quote, kind) makes a second skip, or a skip racing
 * the job, a no-op that answers what the ledger holds.
 */
export async function skipStayMail(ctx: StaffCtx, input: z.input<typeof skipStayMailSchema>): Promise<SkipOutcome> {
  const { quoteId, kind } = skipStayMailSchema.parse(input);
  const stay = await stayOfQuote(ctx, quoteId);
  if (!stay || stay.progress !== 'convertito') throw notFound();
  const dueOn = dueDays(stay, await stayMailSettingsOf(ctx))[kind];
  if (!dueOn) throw new AppError('bad_request', 'Questo invio automatico è spento nelle impostazioni, o il soggiorno non ha le date: non c’è niente da saltare.');
  const [user] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.tenant.userId));
  const [created] = await ctx.db
    .insert(stayMessages)
    .values({ campingId: ctx.campsiteId, quoteId, kind, status: 'skipped', dueOn, reason: `Saltato da ${user?.name || ctx.tenant.email}`, actorUserId: ctx.tenant.userId })
    .onConflictDoNothing({ target: [stayMessages.quoteId, stayMessages.kind] })
    .returning({ status: stayMessages.status });
  if (created) return { status: created.status, created: true };
  const [existing] = await ctx.db
    .select({ status: stayMessages.status })
    .from(stayMessages)
    .where(and(eq(stayMessages.campingId, ctx.campsiteId), eq(stayMessages.quoteId, quoteId), eq(stayMessages.kind, kind)));
  if (!existing) throw notFound();
  return { status: existing.status, created: false };
}
