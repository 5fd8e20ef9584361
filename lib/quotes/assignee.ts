import { and, eq } from 'drizzle-orm';
import { quotes } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { notify } from '@/lib/notifications/events';
import { z } from '@/lib/validation';
import { listAssignableUsers } from './assignable-users';

export const assignQuoteSchema = z.object({
  quoteId: z.string({ error: 'Preventivo non trovato.' }).trim().min(1, 'Preventivo non trovato.').max(100, 'Preventivo non trovato.'),
  /** Empty or null: in nobody's charge. */
  userId: z
    .string()
    .trim()
    .max(100, 'Utente non valido.')
    .nullish()
    .transform((value) => value || null),
});

const nameOf = (quote: { name: string }) => (quote.name && quote.name !== 'undefined' ? `«${quote.name}»` : 'senza nome');

/**
 * «In carico a»: puts a quote (or a request, a quote in progress 'richiesta') in a staff member's
 * charge, or in nobody's. The user must be one of this campsite's (else not found beside the field,
 * nothing changed). The change is in the audit log; the bell tells the new owner, unless he took
 * it himself. Returns whether anything changed.
 */
export async function assignQuote(ctx: StaffCtx, input: { quoteId: string; userId: string | null }): Promise<boolean> {
  const [quote] = await ctx.db
    .select({ id: quotes.id, name: quotes.name, contactId: quotes.contactId, progress: quotes.progress, assigneeId: quotes.assigneeId })
    .from(quotes)
    .where(and(eq(quotes.id, input.quoteId), eq(quotes.campingId, ctx.campsiteId)))
    .for('update');
  if (!quote) throw new AppError('not_found', 'Preventivo non trovato.');
  const people = await listAssignableUsers(ctx);
  const named = (id: string | null) => (id ? (people.find((user) => user.id === id)?.name ?? '') : '');
  if (input.userId && !people.some((user) => user.id === input.userId)) throw new AppError('not_found', 'Utente non trovato in questo campeggio.', { field: 'userId' });
  if (quote.assigneeId === input.userId) return false;
  await ctx.db
    .update(quotes)
    .set({ assigneeId: input.userId, updatedAt: new Date() })
    .where(and(eq(quotes.id, quote.id), eq(quotes.campingId, ctx.campsiteId)));
  await recordAudit(ctx, {
    campsiteId: ctx.campsiteId,
    action: 'quote.assign',
    entityId: quote.id,
    summary: input.userId ? `${nameOf(quote)} in carico a ${named(input.userId)}` : `${nameOf(quote)} non più in carico a nessuno`,
    before: { quote: nameOf(quote), assignee: named(quote.assigneeId) },
    after: { quote: nameOf(quote), assignee: named(input.userId) },
  });
  // Notifications are the campsite's (one bell for the whole staff): the new owner reads his name in it.
  if (input.userId && input.userId !== ctx.tenant.userId) {
    await notify(ctx, {
      group: quote.progress === 'richiesta' ? 'richiesta' : 'preventivo',
      title: quote.progress === 'richiesta' ? 'Richiesta assegnata' : 'Preventivo assegnato',
      description: `${named(ctx.tenant.userId) || ctx.tenant.email} ha messo ${quote.progress === 'richiesta' ? 'la richiesta' : 'il preventivo'} ${nameOf(quote)} in carico a ${named(input.userId)}.`,
      quoteId: quote.id,
      contactId: quote.contactId,
    });
  }
  return true;
}
