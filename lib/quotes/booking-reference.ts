import { and, desc, eq } from "drizzle-orm";
import { contacts, quotes } from "@/db/schema";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";

/** A booking file of the platform (legacy annoPratica / numeroPratica), as a quote carries it once converted. */
export type BookingReference = { year: number; number: string };

/** What /clientMailCV/:annoPratica?/:numeroPratica? asked for: nothing, something unreadable, or a file. */
export type ParsedBookingReference =
  | { kind: "none" }
  | { kind: "invalid" }
  | { kind: "ok"; reference: BookingReference };

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).trim();
  } catch {
    return segment.trim();
  }
}

/** The URL's segments read without trusting them: a year of four digits, a number of letters, digits and dashes. */
export function parseBookingReference(
  segments: readonly string[] | undefined,
): ParsedBookingReference {
  const [rawYear, rawNumber, ...rest] = (segments ?? []).map(decoded);
  if (!rawYear) return { kind: "none" };
  if (
    rest.length > 0 ||
    !/^\d{4}$/.test(rawYear) ||
    !rawNumber ||
    !/^[A-Za-z0-9/-]{1,50}$/.test(rawNumber)
  )
    return { kind: "invalid" };
  return {
    kind: "ok",
    reference: { year: Number(rawYear), number: rawNumber },
  };
}

export type BookedQuote = {
  quoteId: string;
  quoteName: string;
  contactId: string;
  guestName: string;
  guestEmail: string | null;
};

/**
 * The campsite's quote with this booking file, or null: another campsite's quote with the same
 * year and number is never found. Should the platform have reused a number, the newest quote wins.
 */
export async function quoteByBookingReference(
  ctx: CampsiteCtx,
  { year, number }: BookingReference,
): Promise<BookedQuote | null> {
  const campsiteId = ctx.campsiteId;
  const [found] = await ctx.db
    .select({
      quoteId: quotes.id,
      quoteName: quotes.name,
      contactId: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
    })
    .from(quotes)
    .innerJoin(
      contacts,
      and(
        eq(contacts.id, quotes.contactId),
        eq(contacts.campingId, campsiteId),
      ),
    )
    .where(
      and(
        eq(quotes.campingId, campsiteId),
        eq(quotes.bookingYear, year),
        eq(quotes.bookingNumber, number),
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(1);
  if (!found) return null;
  const guestName = [found.firstName, found.lastName]
    .filter(Boolean)
    .join(" ")
    .trim();
  return {
    quoteId: found.quoteId,
    quoteName: found.quoteName,
    contactId: found.contactId,
    guestName,
    guestEmail: found.email || null,
  };
}
