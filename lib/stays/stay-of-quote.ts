import { and, eq, inArray, sql } from 'drizzle-orm';
import { contacts, quoteCards, quotes, type PersonCount } from '@/db/schema';
import { resourceLabel } from '@/lib/booking-platform/resource-label';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import type { LabelNames } from '@/lib/i18n/label-names';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';

/**
 * A stay: a converted quote as it was booked. Its dates, accommodation and party are the accepted
 * offer's; a booking that named none counts its first offer (as lib/quotes/returning-guests.ts does).
 */
export type Stay = {
  quoteId: string;
  contactId: string;
  progress: QuoteProgress;
  /** The guest's language: the quote's, else the contact's. */
  languageId: number | null;
  arrival: string | null;
  departure: string | null;
  typologyName: string;
  typologyNames: LabelNames | undefined;
  people: PersonCount[];
  /** The pitch or unit the booking platform reported (quotes.resources), when it did. */
  pitches: string[];
};

const MAX_BATCH = 200;

/** The stays of `quoteIds` in this campsite (other campsites' ids are simply absent), by quote id. */
export async function staysOfQuotes(ctx: CampsiteCtx, quoteIds: readonly string[]): Promise<Map<string, Stay>> {
  const ids = [...new Set(quoteIds)].slice(0, MAX_BATCH);
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      quoteId: quotes.id,
      contactId: quotes.contactId,
      progress: quotes.progress,
      languageId: sql<number | null>`coalesce(${quotes.languageId}, ${contacts.languageId})`,
      resources: quotes.resources,
      arrival: quoteCards.arrival,
      departure: quoteCards.departure,
      typologyName: quoteCards.typologyName,
      guestLabels: quoteCards.guestLabels,
      people: quoteCards.people,
    })
    .from(quotes)
    .innerJoin(contacts, and(eq(contacts.id, quotes.contactId), eq(contacts.campingId, ctx.campsiteId)))
    .leftJoin(
      quoteCards,
      and(eq(quoteCards.quoteId, quotes.id), eq(quoteCards.campingId, ctx.campsiteId), eq(quoteCards.idx, sql`coalesce(${quotes.acceptedCardIdx}, 0)`)),
    )
    .where(and(eq(quotes.campingId, ctx.campsiteId), inArray(quotes.id, ids)));
  return new Map(
    rows.map((row) => [
      row.quoteId,
      {
        quoteId: row.quoteId,
        contactId: row.contactId,
        progress: row.progress,
        languageId: row.languageId === null ? null : Number(row.languageId),
        arrival: row.arrival,
        departure: row.departure,
        typologyName: row.typologyName ?? '',
        typologyNames: row.guestLabels?.typology,
        people: (row.people ?? []).filter((person) => person.count > 0),
        pitches: (row.resources ?? []).map(resourceLabel).flatMap((resource) => (resource ? [resource.label] : [])),
      },
    ]),
  );
}

/** One quote's stay, or null when the quote is not this campsite's. */
export async function stayOfQuote(ctx: CampsiteCtx, quoteId: string): Promise<Stay | null> {
  return (await staysOfQuotes(ctx, [quoteId])).get(quoteId) ?? null;
}
