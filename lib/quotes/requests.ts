import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { contacts, quoteRequests, quotes } from "@/db/schema";
import { searchCondition } from "@/lib/contacts/search";
import type { CampsiteCtx, StaffCtx } from "@/lib/context/unit-of-work";
import { tableDateRange } from "@/lib/date-filter";
import {
  decodeCursor,
  DEFAULT_PAGE_SIZE,
  toPage,
  type Page,
} from "@/lib/pagination";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import { moveQuote } from "./transitions";

export type RequestListItem = {
  quoteId: string;
  progress: QuoteProgress;
  createdAt: Date;
  arrival: string | null;
  departure: string | null;
  message: string;
  contact: {
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
  };
};

/**
 * Requests from the public form, newest first; 'open' keeps those nobody has answered yet, and
 * `search` those whose guest matches every word (name, surname, e-mail or phone), as in the contacts list,
 * dateFrom/dateTo ('dd/mm/yyyy', both included) those that arrived on those days in Europe/Rome.
 */
export async function listRequests(
  ctx: CampsiteCtx,
  options: {
    scope: "open" | "all";
    cursor?: string | null;
    limit?: number;
    search?: string | null;
    dateFrom?: string | null;
    dateTo?: string | null;
  },
): Promise<Page<RequestListItem>> {
  const limit = options.limit ?? DEFAULT_PAGE_SIZE;
  const cursor = decodeCursor(options.cursor, 2);
  const range = tableDateRange(options.dateFrom, options.dateTo);
  const rows = await ctx.db
    .select({
      quoteId: quoteRequests.quoteId,
      progress: quotes.progress,
      createdAt: quoteRequests.createdAt,
      arrival: quoteRequests.arrival,
      departure: quoteRequests.departure,
      message: quoteRequests.message,
      contact: {
        id: contacts.id,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        email: contacts.email,
      },
      position: sql<string>`${quoteRequests.createdAt}::text`,
      requestId: quoteRequests.id,
    })
    .from(quoteRequests)
    .innerJoin(
      quotes,
      and(
        eq(quotes.id, quoteRequests.quoteId),
        eq(quotes.campingId, quoteRequests.campingId),
      ),
    )
    .innerJoin(
      contacts,
      and(
        eq(contacts.id, quoteRequests.contactId),
        eq(contacts.campingId, quoteRequests.campingId),
      ),
    )
    .where(
      and(
        eq(quoteRequests.campingId, ctx.campsiteId),
        options.scope === "open" ? eq(quotes.progress, "richiesta") : undefined,
        searchCondition(options.search),
        range
          ? and(
              gte(quoteRequests.createdAt, range.from),
              lt(quoteRequests.createdAt, range.to),
            )
          : undefined,
        cursor
          ? sql`(${quoteRequests.createdAt}, ${quoteRequests.id}) < (${String(cursor[0])}::timestamptz, ${String(cursor[1])})`
          : undefined,
      ),
    )
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(limit + 1);
  const page = toPage(rows, limit, (row) => [row.position, row.requestId]);
  return {
    ...page,
    items: page.items.map(
      ({ position: _position, requestId: _requestId, ...item }) => item,
    ),
  };
}

/** The refusal screen (and the drawer's refuse action): the quote is closed with the staff's reason. */
export async function refuseQuote(
  ctx: StaffCtx,
  quoteId: string,
  reason: string,
) {
  return moveQuote(ctx, {
    quoteId,
    to: "rifiutato",
    actor: "staff",
    userId: ctx.tenant.userId,
    note: reason,
    patch: { refusedAt: new Date(), refusalReason: reason },
  });
}
