import { and, desc, eq } from 'drizzle-orm';
import { contacts, quotes } from '@/db/schema';
import { contactDisplayName } from '@/lib/contacts/display';
import { queryContacts } from '@/lib/contacts/search';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';

export type GuestChoice = { id: string; name: string; email: string | null };
export type QuoteChoice = { id: string; name: string };

const MAX_CHOICES = 10;

/** The campsite's guests matching a name or an address, for linking a conversation by hand. */
export async function searchGuests(ctx: CampsiteCtx, search: string): Promise<GuestChoice[]> {
  const found = await queryContacts(ctx, { search });
  return found.slice(0, MAX_CHOICES).map((contact) => ({ id: contact.id, name: contactDisplayName(contact), email: contact.email }));
}

/** A guest's quotes of this campsite, newest first: the ones a conversation may be linked to. */
export async function guestQuotes(ctx: CampsiteCtx, contactId: string): Promise<QuoteChoice[]> {
  return ctx.db
    .select({ id: quotes.id, name: quotes.name })
    .from(quotes)
    .where(and(eq(quotes.campingId, ctx.campsiteId), eq(quotes.contactId, contactId)))
    .orderBy(desc(quotes.createdAt))
    .limit(30);
}

/**
 * What a new mail is about (?cliente=, ?preventivo=): the guest and the quote, if they are this
 * campsite's; the quote's own guest when only the quote is given. Anything else is ignored.
 */
export async function composeContext(ctx: CampsiteCtx, ids: { contactId: string | null; quoteId: string | null }) {
  const { db, campsiteId } = ctx;
  const [quote] = ids.quoteId
    ? await db
        .select({ id: quotes.id, name: quotes.name, contactId: quotes.contactId })
        .from(quotes)
        .where(and(eq(quotes.id, ids.quoteId), eq(quotes.campingId, campsiteId)))
    : [];
  const contactId = ids.contactId ?? quote?.contactId ?? null;
  const [guest] = contactId
    ? await db
        .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.id, contactId), eq(contacts.campingId, campsiteId)))
    : [];
  return {
    guest: guest ? { id: guest.id, name: contactDisplayName(guest), email: guest.email } : null,
    quote: quote && guest && quote.contactId === guest.id ? { id: quote.id, name: quote.name } : null,
  };
}
