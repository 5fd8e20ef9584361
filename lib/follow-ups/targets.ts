import { and, eq } from 'drizzle-orm';
import { contacts, quotes, users } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import type { FollowUpSubject } from '@/lib/vocabulary/follow-ups';

/** The quote or contact a follow-up is about, in this campsite; another campsite's is not found. */
export async function resolveTarget(ctx: CampsiteCtx, subject: FollowUpSubject, targetId: string): Promise<{ quoteId: string | null; contactId: string }> {
  if (subject === 'contact') {
    const [contact] = await ctx.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.id, targetId), eq(contacts.campingId, ctx.campsiteId)));
    if (!contact) throw new AppError('not_found', 'Cliente non trovato.');
    return { quoteId: null, contactId: contact.id };
  }
  const [quote] = await ctx.db
    .select({ id: quotes.id, contactId: quotes.contactId })
    .from(quotes)
    .where(and(eq(quotes.id, targetId), eq(quotes.campingId, ctx.campsiteId)));
  if (!quote) throw new AppError('not_found', subject === 'request' ? 'Richiesta non trovata.' : 'Preventivo non trovato.');
  // The quote's guest too, so the follow-up shows in the contact's history.
  return { quoteId: quote.id, contactId: quote.contactId };
}

/** A staff member of this campsite (the operator is not one of its users); else refused beside the field. */
export async function campsiteUser(ctx: CampsiteCtx, userId: string, field = 'assigneeId'): Promise<{ id: string; name: string }> {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.campingId, ctx.campsiteId), eq(users.isOperator, false)));
  if (!user) throw new AppError('not_found', 'Utente non trovato in questo campeggio.', { field });
  return user;
}
