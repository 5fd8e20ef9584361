import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { campsites, contacts, quoteCards, quotes } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { guestQuotePath } from '@/lib/vocabulary/quote-links';
import type { PlaceholderValues } from './placeholders';
import { stayPlaceholderValues } from './stay-values';

/**
 * The values of a template's placeholders for one guest (and one of their quotes) of the
 * campsite. The template preview and the mail sending both use it, so a preview shows exactly
 * what the guest will read. No React, no request: the caller hands in the site's origin.
 */

export type PlaceholderSubject = { contactId: string; quoteId?: string | null };

/** A calendar date (yyyy-mm-dd) as dd/mm/yyyy; noon UTC is that same day in Europe/Rome. */
function formatCalendarDate(value: string | null): string {
  return value ? formatDate(new Date(`${value}T12:00:00Z`)) : '';
}

/** The legacy product saved a nameless quote as "undefined": that is no name for a guest to read. */
const quoteName = (name: string) => (name === 'undefined' ? '' : name);

export async function placeholderValuesFor(ctx: CampsiteCtx, subject: PlaceholderSubject, origin: string): Promise<PlaceholderValues> {
  const { db, campsiteId } = ctx;
  const [contact] = await db
    .select({ firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.id, subject.contactId), eq(contacts.campingId, campsiteId)));
  if (!contact) throw new AppError('not_found', 'Cliente non trovato.');
  const [campsite] = await db.select({ name: campsites.name, contacts: campsites.contacts }).from(campsites).where(eq(campsites.id, campsiteId));
  if (!campsite) throw new AppError('not_found', 'Campeggio non trovato.');

  const values: PlaceholderValues = {
    nome: contact.firstName,
    cognome: contact.lastName,
    nomeCompleto: `${contact.firstName} ${contact.lastName}`.trim(),
    campeggio: campsite.name,
    telefonoCampeggio: campsite.contacts?.phone ?? '',
    emailCampeggio: campsite.contacts?.email ?? '',
    indirizzoCampeggio: campsite.contacts?.address ?? '',
  };
  if (!subject.quoteId) return values;

  // The quote must be this guest's, in this campsite: a link to somebody else's quote must never go out.
  const [quote] = await db
    .select({ id: quotes.id, name: quotes.name, validUntil: quotes.validUntil, acceptedCardIdx: quotes.acceptedCardIdx })
    .from(quotes)
    .where(and(eq(quotes.id, subject.quoteId), eq(quotes.campingId, campsiteId), eq(quotes.contactId, subject.contactId)));
  if (!quote) throw new AppError('not_found', 'Preventivo non trovato per questo cliente.');
  // The accepted offer's stay when there is one (a booked stay's mails), else the first offer's.
  const [firstCard] = await db
    .select({ arrival: quoteCards.arrival, departure: quoteCards.departure })
    .from(quoteCards)
    .where(and(eq(quoteCards.quoteId, quote.id), eq(quoteCards.campingId, campsiteId)))
    .orderBy(sql`${quoteCards.idx} is distinct from ${quote.acceptedCardIdx}::int`, asc(quoteCards.idx))
    .limit(1);

  return {
    ...values,
    ...(await stayPlaceholderValues(ctx, quote.id, origin)),
    linkPreventivo: `${origin.replace(/\/$/, '')}${guestQuotePath({ contactId: subject.contactId, quoteId: quote.id, campsiteId })}`,
    nomePreventivo: quoteName(quote.name),
    arrivo: formatCalendarDate(firstCard?.arrival ?? null),
    partenza: formatCalendarDate(firstCard?.departure ?? null),
    validita: quote.validUntil ? formatDate(quote.validUntil) : '',
  };
}

/** The guest's newest quote, which the preview uses so that links and dates show real values. */
export async function latestQuoteIdOf({ db, campsiteId }: CampsiteCtx, contactId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.campingId, campsiteId), eq(quotes.contactId, contactId)))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(1);
  return row?.id ?? null;
}
